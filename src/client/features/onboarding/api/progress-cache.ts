import type { ItemProgress, OnboardingResponse } from '@shared/api';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cached onboarding's progress, changed by the progress writes (DESIGN.md §3 "Progress": the UI updates at once
 * and rolls back if the write fails). Every write shares {@link PROGRESS_MUTATION_SCOPE}, so requests reach the server
 * in the order the person made them, while each change still shows at once.
 */

/** Key and scope of every progress write: one queue, in order. */
export const PROGRESS_MUTATION_KEY = ['progress'] as const;
export const PROGRESS_MUTATION_SCOPE = { id: 'progress' };

type Completed = OnboardingResponse['progress']['completed'];
type Progress = OnboardingResponse['progress'];

/** Applies `update` to the cached progress of the member's own onboarding (no-op before it has loaded). */
export function updateCachedProgress(queryClient: QueryClient, update: (progress: Progress) => Progress): void {
  queryClient.setQueryData<OnboardingResponse>(queryKeys.onboarding, (data) =>
    data ? { ...data, progress: update(data.progress) } : data,
  );
}

/** The cached progress of the member's own onboarding, if loaded. */
export function cachedProgress(queryClient: QueryClient): Progress | undefined {
  return queryClient.getQueryData<OnboardingResponse>(queryKeys.onboarding)?.progress;
}

/** `progress` with the step's completion set to `entry` (null = not completed). */
export function withStepCompletion(progress: Progress, stepId: string, entry: Completed[number] | null): Progress {
  const others = progress.completed.filter((c) => c.stepId !== stepId);
  return { ...progress, completed: entry ? [...others, entry] : others };
}

/** `progress` with one item's tick set to `entry` (null = not ticked). */
export function withItem(progress: Progress, stepId: string, itemId: string, entry: ItemProgress | null): Progress {
  const others = progress.items.filter((i) => !(i.stepId === stepId && i.itemId === itemId));
  return { ...progress, items: entry ? [...others, entry] : others };
}

/** `progress` with every tick of the step removed (resetting a step resets its items, SPEC §4). */
export function withoutItemsOfStep(progress: Progress, stepId: string): Progress {
  return { ...progress, items: progress.items.filter((i) => i.stepId !== stepId) };
}

/**
 * Whether another write of the same step is still waiting or running. Then the server's answer to this one is
 * already out of date, and the later answer will set the state.
 */
export function laterWritesPending(queryClient: QueryClient, stepId: string): boolean {
  const pending = queryClient.getMutationCache().findAll({ mutationKey: PROGRESS_MUTATION_KEY, status: 'pending' });
  const stepOf = (variables: unknown) => {
    const v = variables as { stepId?: string; step?: { id: string } } | undefined;
    return v?.stepId ?? v?.step?.id;
  };
  return pending.filter((m) => stepOf(m.state.variables) === stepId).length > 1;
}
