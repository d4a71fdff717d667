import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toasts';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { stepProgressDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import {
  PROGRESS_MUTATION_KEY,
  PROGRESS_MUTATION_SCOPE,
  type StepWrite,
  applyStepWrite,
  cachedProgress,
  laterWritesPending,
  retryDelay,
  retryWhileUnavailable,
  updateCachedProgress,
  withStepCompletion,
  withoutItemsOfStep,
} from './progress-cache';

export type SetStepProgressInput = StepWrite;

/**
 * PUT /api/progress/steps/:stepId — sets (never toggles) one step's completion; un-completing also unticks the step's
 * checklist items and acknowledgments. @throws ApiError
 */
export async function setStepProgress({ stepId, completed }: SetStepProgressInput) {
  return apiRequest(apiPaths.stepProgress(stepId), stepProgressDecoder, { method: 'PUT', body: { completed } });
}

/**
 * Completes or resets a step optimistically (docs/product.md#progress-rules): the cached onboarding changes at once; if
 * the server refuses, only this step (and its ticks) goes back to how it was (other changes made meanwhile stay) and a
 * toast says why. While the server is unavailable (503, no connection; docs/architecture.md#database-unavailable) the
 * change stays and the write is sent again with backoff until it is saved (ProgressSaveNotice tells the member).
 */
export function useSetStepProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PROGRESS_MUTATION_KEY,
    scope: PROGRESS_MUTATION_SCOPE,
    mutationFn: setStepProgress,
    retry: retryWhileUnavailable,
    retryDelay,
    onMutate: async ({ stepId, completed }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.onboarding, exact: true });
      const progress = cachedProgress(queryClient);
      const before = {
        completion: progress?.completed.find((c) => c.stepId === stepId) ?? null,
        items: progress?.items.filter((i) => i.stepId === stepId) ?? [],
      };
      updateCachedProgress(queryClient, (p) => applyStepWrite(p, { stepId, completed }, new Date().toISOString()));
      return { before };
    },
    onError: (error, { stepId }, context) => {
      updateCachedProgress(queryClient, (p) => {
        const restored = withStepCompletion(withoutItemsOfStep(p, stepId), stepId, context?.before.completion ?? null);
        return { ...restored, items: [...restored.items, ...(context?.before.items ?? [])] };
      });
      toast.error('Could not save your progress', { description: error.message });
    },
    onSuccess: (saved) => {
      if (laterWritesPending(queryClient, saved.stepId)) return;
      updateCachedProgress(queryClient, (p) =>
        withStepCompletion(
          p,
          saved.stepId,
          saved.completed ? { stepId: saved.stepId, completedAt: saved.completedAt ?? new Date().toISOString() } : null,
        ),
      );
    },
  });
}
