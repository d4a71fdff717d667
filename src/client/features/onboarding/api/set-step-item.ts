import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toasts';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { stepItemProgressDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import {
  type ItemWrite,
  PROGRESS_MUTATION_KEY,
  PROGRESS_MUTATION_SCOPE,
  applyItemWrite,
  cachedProgress,
  laterWritesPending,
  retryDelay,
  retryWhileUnavailable,
  updateCachedProgress,
  withItem,
  withStepCompletion,
} from './progress-cache';

export type SetStepItemInput = ItemWrite;

/**
 * PUT /api/progress/steps/:stepId/items/:itemId — ticks or unticks one checklist item or acknowledgment (never a
 * toggle). The answer carries the step's completion as the server decided it. @throws ApiError
 */
export async function setStepItem({ stepId, itemId, done }: { stepId: string; itemId: string; done: boolean }) {
  return apiRequest(apiPaths.stepItem(stepId, itemId), stepItemProgressDecoder, { method: 'PUT', body: { done } });
}

/**
 * Ticks or unticks an item optimistically (docs/product.md#progress-rules: the last tick
 * completes the step, unticking any item un-completes it): the tick and the step's completion change at once, the
 * server's answer then sets both; if the server refuses, the item and the step go back and a toast says why. While the
 * server is unavailable (503, no connection; docs/architecture.md#database-unavailable) the tick stays and the write is
 * sent again with backoff until it is saved (ProgressSaveNotice tells the member).
 */
export function useSetStepItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PROGRESS_MUTATION_KEY,
    scope: PROGRESS_MUTATION_SCOPE,
    mutationFn: ({ step, itemId, done }: SetStepItemInput) => setStepItem({ stepId: step.id, itemId, done }),
    retry: retryWhileUnavailable,
    retryDelay,
    onMutate: async ({ step, itemId, done }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.onboarding, exact: true });
      const progress = cachedProgress(queryClient);
      const before = {
        item: progress?.items.find((i) => i.stepId === step.id && i.itemId === itemId) ?? null,
        completion: progress?.completed.find((c) => c.stepId === step.id) ?? null,
      };
      updateCachedProgress(queryClient, (p) => applyItemWrite(p, { step, itemId, done }, new Date().toISOString()));
      return { before };
    },
    onError: (error, { step, itemId }, context) => {
      updateCachedProgress(queryClient, (p) =>
        withStepCompletion(
          withItem(p, step.id, itemId, context?.before.item ?? null),
          step.id,
          context?.before.completion ?? null,
        ),
      );
      toast.error('Could not save your progress', { description: error.message });
    },
    onSuccess: (saved) => {
      if (laterWritesPending(queryClient, saved.stepId)) return;
      updateCachedProgress(queryClient, (p) => {
        const item =
          saved.done && saved.doneAt ? { stepId: saved.stepId, itemId: saved.itemId, doneAt: saved.doneAt } : null;
        const completion =
          saved.step.completed && saved.step.completedAt
            ? { stepId: saved.stepId, completedAt: saved.step.completedAt }
            : null;
        return withStepCompletion(withItem(p, saved.stepId, saved.itemId, item), saved.stepId, completion);
      });
    },
  });
}
