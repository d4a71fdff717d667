import { formStateSchema, formSubmitAnswerSchema, quizStateSchema, quizTryAnswerSchema } from '@shared/answers-api';
import type { StepProgress } from '@shared/api';
import { fileAnswerSchema, type QuizTry } from '@shared/step-answers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { sendOnce } from '@/lib/send-once';
import { updateCachedProgress, withStepCompletion } from './progress-cache';

/**
 * Form and quiz steps (docs/product.md#form-steps, docs/product.md#quiz-steps). Loaded with their widgets' chunk only
 * (lazy-widgets.tsx), so the zod schemas that parse these answers never weigh on the dashboard's first load.
 */

const formKey = (stepId: string) => ['step-form', stepId] as const;
const quizKey = (stepId: string) => ['step-quiz', stepId] as const;

/** The step's completion as the server decided it, into the dashboard's progress. */
function useApplyCompletion() {
  const queryClient = useQueryClient();
  return (step: StepProgress) =>
    updateCachedProgress(queryClient, (p) =>
      withStepCompletion(
        p,
        step.stepId,
        step.completed && step.completedAt ? { stepId: step.stepId, completedAt: step.completedAt } : null,
      ),
    );
}

/** GET /api/steps/:stepId/form — the member's draft and latest sending; not asked in a role preview. */
export function useFormState(stepId: string, enabled: boolean) {
  return useQuery({
    queryKey: formKey(stepId),
    queryFn: () => apiRequest(apiPaths.stepForm(stepId), formStateSchema),
    enabled,
  });
}

/**
 * PUT …/form/draft (`send: false`) or POST …/form (`send: true`, with an Idempotency-Key: lib/send-once.ts); a sending
 * completes the step. @throws ApiError
 */
export function useSaveForm(stepId: string) {
  const queryClient = useQueryClient();
  const applyCompletion = useApplyCompletion();
  return useMutation({
    mutationFn: async ({ answers, send }: { answers: Record<string, unknown>; send: boolean }) => {
      if (!send) {
        return apiRequest(apiPaths.stepFormDraft(stepId), formStateSchema, { method: 'PUT', body: { answers } });
      }
      const sent = await sendOnce(`form:${stepId}`, { answers }, (idempotencyKey) =>
        apiRequest(apiPaths.stepForm(stepId), formSubmitAnswerSchema, {
          method: 'POST',
          body: { answers },
          idempotencyKey,
        }),
      );
      applyCompletion(sent.step);
      return sent;
    },
    onSuccess: (state) => queryClient.setQueryData(formKey(stepId), state),
  });
}

/**
 * POST /api/steps/:stepId/form/files/:fieldId — sends a chosen file to a file question; the server checks its type by
 * its bytes and its size, and answers the file's answer to save with the draft or sending. @throws ApiError with the
 * server's message (what to change) when refused
 */
export function useUploadFormFile(stepId: string) {
  return useMutation({
    mutationFn: ({ fieldId, file }: { fieldId: string; file: File }) =>
      apiRequest(apiPaths.stepFormUpload(stepId, fieldId, file.name), fileAnswerSchema, {
        method: 'POST',
        file: { type: file.type === '' ? 'application/octet-stream' : file.type, data: file },
      }),
  });
}

/** GET /api/steps/:stepId/quiz — the member's tries; not asked in a role preview. */
export function useQuizState(stepId: string, enabled: boolean) {
  return useQuery({
    queryKey: quizKey(stepId),
    queryFn: () => apiRequest(apiPaths.stepQuiz(stepId), quizStateSchema),
    enabled,
  });
}

/**
 * POST /api/steps/:stepId/quiz — one try (with an Idempotency-Key: lib/send-once.ts), scored by the server; a pass
 * completes the step. @throws ApiError
 */
export function useTryQuiz(stepId: string) {
  const queryClient = useQueryClient();
  const applyCompletion = useApplyCompletion();
  return useMutation({
    mutationFn: (answers: QuizTry) =>
      sendOnce(`quiz:${stepId}`, { answers }, (idempotencyKey) =>
        apiRequest(apiPaths.stepQuiz(stepId), quizTryAnswerSchema, {
          method: 'POST',
          body: { answers },
          idempotencyKey,
        }),
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(quizKey(stepId), result);
      applyCompletion(result.step);
    },
  });
}
