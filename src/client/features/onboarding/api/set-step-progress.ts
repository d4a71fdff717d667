import { type OnboardingResponse, stepProgressSchema } from '@shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SetStepProgressInput {
  stepId: string;
  completed: boolean;
}

/** PUT /api/progress/steps/:stepId — sets (never toggles) one step's completion. @throws ApiError */
export async function setStepProgress({ stepId, completed }: SetStepProgressInput) {
  return apiRequest(apiPaths.stepProgress(stepId), stepProgressSchema, { method: 'PUT', body: { completed } });
}

type Completed = OnboardingResponse['progress']['completed'];

function withStep(completed: Completed, stepId: string, entry: Completed[number] | null): Completed {
  const others = completed.filter((c) => c.stepId !== stepId);
  return entry ? [...others, entry] : others;
}

function updateCompleted(data: OnboardingResponse | undefined, update: (c: Completed) => Completed) {
  return data && { ...data, progress: { ...data.progress, completed: update(data.progress.completed) } };
}

/**
 * Completes or resets a step optimistically (DESIGN.md §3 "Progress"): the cached onboarding changes at once; if the
 * server refuses, only this step goes back to how it was (other changes made meanwhile stay) and a toast says why.
 */
export function useSetStepProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStepProgress,
    onMutate: async ({ stepId, completed }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.onboarding });
      const before = queryClient
        .getQueryData<OnboardingResponse>(queryKeys.onboarding)
        ?.progress.completed.find((c) => c.stepId === stepId);
      queryClient.setQueryData<OnboardingResponse>(queryKeys.onboarding, (data) =>
        updateCompleted(data, (c) => withStep(c, stepId, completed ? { stepId, completedAt: new Date().toISOString() } : null)),
      );
      return { before: before ?? null };
    },
    onError: (error, { stepId }, context) => {
      queryClient.setQueryData<OnboardingResponse>(queryKeys.onboarding, (data) =>
        updateCompleted(data, (c) => withStep(c, stepId, context?.before ?? null)),
      );
      toast.error('Could not save your progress', { description: error.message });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<OnboardingResponse>(queryKeys.onboarding, (data) =>
        updateCompleted(data, (c) =>
          withStep(c, saved.stepId, saved.completed ? { stepId: saved.stepId, completedAt: saved.completedAt ?? new Date().toISOString() } : null),
        ),
      );
    },
  });
}
