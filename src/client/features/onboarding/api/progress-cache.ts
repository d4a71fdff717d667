import type { ItemProgress } from '@shared/api';
import type { Onboarding } from '@shared/onboarding-join';
import type { Step } from '@shared/content-schema';
import { areStepItemsDone } from '@shared/step-items';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cached onboarding's progress, changed by the progress writes (docs/product.md#progress-rules: the UI updates at
 * once and rolls back if the write fails). Every write shares {@link PROGRESS_MUTATION_SCOPE}, so requests reach the
 * server in the order the person made them, while each change still shows at once.
 */

/** Key and scope of every progress write: one queue, in order. */
export const PROGRESS_MUTATION_KEY = ['progress'] as const;
export const PROGRESS_MUTATION_SCOPE = { id: 'progress' };

type Completed = Onboarding['progress']['completed'];
type Progress = Onboarding['progress'];

/** Applies `update` to the cached progress of the member's own onboarding (no-op before it has loaded). */
export function updateCachedProgress(queryClient: QueryClient, update: (progress: Progress) => Progress): void {
  queryClient.setQueryData<Onboarding>(queryKeys.onboarding, (data) =>
    data ? { ...data, progress: update(data.progress) } : data,
  );
}

/** The cached progress of the member's own onboarding, if loaded. */
export function cachedProgress(queryClient: QueryClient): Progress | undefined {
  return queryClient.getQueryData<Onboarding>(queryKeys.onboarding)?.progress;
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

/**
 * `progress` with every tick of the step removed (resetting a step resets its items, docs/product.md#progress-rules).
 */
export function withoutItemsOfStep(progress: Progress, stepId: string): Progress {
  return { ...progress, items: progress.items.filter((i) => i.stepId !== stepId) };
}

/** A step write as the member made it (PUT /api/progress/steps/:stepId). */
export interface StepWrite {
  stepId: string;
  completed: boolean;
}

/** An item write as the member made it (PUT /api/progress/steps/:stepId/items/:itemId). */
export interface ItemWrite {
  /** The step (its items decide whether it is complete once this one changes). */
  step: Pick<Step, 'id' | 'isChecklistStep' | 'isAcknowledgmentStep' | 'content'>;
  itemId: string;
  done: boolean;
}

/**
 * `progress` with a step completed or reset as the member asked: resetting also unticks the step's items
 * (docs/product.md#progress-rules).
 * @param at ISO time of the change
 */
export function applyStepWrite(progress: Progress, { stepId, completed }: StepWrite, at: string): Progress {
  const next = withStepCompletion(progress, stepId, completed ? { stepId, completedAt: at } : null);
  return completed ? next : withoutItemsOfStep(next, stepId);
}

/**
 * `progress` with an item ticked or unticked as the member asked, and the step's completion following its items
 * (docs/product.md#progress-rules: the last tick completes a checklist step, unticking any item un-completes it).
 * @param at ISO time of the change
 */
export function applyItemWrite(progress: Progress, { step, itemId, done }: ItemWrite, at: string): Progress {
  const next = withItem(progress, step.id, itemId, done ? { stepId: step.id, itemId, doneAt: at } : null);
  if (!done) return withStepCompletion(next, step.id, null);
  const ticked = new Set(next.items.filter((i) => i.stepId === step.id).map((i) => i.itemId));
  if (!areStepItemsDone(step, ticked)) return next;
  // Keep the first completion time when the step was already complete.
  if (next.completed.some((c) => c.stepId === step.id)) return next;
  return withStepCompletion(next, step.id, { stepId: step.id, completedAt: at });
}

/**
 * Whether a failed progress write should wait and be sent again (docs/architecture.md#database-unavailable): the server
 * answered 503 (it cannot reach its database) or could not be reached at all (status 0). Any other answer is final.
 * @returns 'database' (503), 'network' (no answer) or null
 */
export function unsavedReason(error: unknown): 'database' | 'network' | null {
  if (!isApiError(error)) return null;
  if (error.status === 503) return 'database';
  if (error.status === 0) return 'network';
  return null;
}

/** Retry policy of every progress write: again and again while the server is unavailable, never otherwise. */
export function retryWhileUnavailable(_failureCount: number, error: Error): boolean {
  return unsavedReason(error) !== null;
}

/** Longest wait between two tries of an unsaved write (ms). */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Backoff between tries of an unsaved write: 1 s, 2 s, 4 s, … up to {@link MAX_RETRY_DELAY_MS}.
 * @param failureCount as TanStack Query counts retries: 0 before the second try, 1 before the third, …
 * @returns milliseconds to wait
 */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failureCount), MAX_RETRY_DELAY_MS);
}

/**
 * The onboarding answer with the member's progress writes that are not saved yet laid over it, in the order they were
 * made. A refetch (window focus, a later invalidation) then never takes back a change the server has not stored yet;
 * every write sets a state (never toggles), so laying it over an answer that already has it changes nothing.
 * @param data the server's answer (GET /api/onboarding)
 */
export function withPendingProgressWrites(queryClient: QueryClient, data: Onboarding): Onboarding {
  const pending = queryClient
    .getMutationCache()
    .findAll({ mutationKey: PROGRESS_MUTATION_KEY, status: 'pending' })
    .sort((a, b) => a.mutationId - b.mutationId);
  if (pending.length === 0) return data;
  let progress = data.progress;
  for (const mutation of pending) {
    const at = new Date(mutation.state.submittedAt || Date.now()).toISOString();
    const write = mutation.state.variables as Partial<StepWrite & ItemWrite> | undefined;
    if (write?.stepId !== undefined && write.completed !== undefined) {
      progress = applyStepWrite(progress, { stepId: write.stepId, completed: write.completed }, at);
    } else if (write?.step !== undefined && write.itemId !== undefined && write.done !== undefined) {
      progress = applyItemWrite(progress, { step: write.step, itemId: write.itemId, done: write.done }, at);
    }
  }
  return { ...data, progress };
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
