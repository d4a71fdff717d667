import type { PreboardingFormState, PreboardingPage } from '@shared/preboarding-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { isRecord, objectDecoder } from '@/lib/decoders';

/**
 * The pre-boarding page's requests (docs/product.md#pre-boarding), under the pre-boarding session's own cookie. The
 * server checks every answer with the shared schemas (src/shared/preboarding-api.ts); the client only the shape it
 * relies on (docs/architecture.md#client-bundle).
 */

const pageKey = ['preboarding'] as const;
const formKey = (stepId: string) => ['preboarding', 'form', stepId] as const;

const pageDecoder = objectDecoder<PreboardingPage>(
  (v) => typeof v.startOn === 'string' && Array.isArray(v.steps) && isRecord(v.firstDay) && isRecord(v.people),
);
const formDecoder = objectDecoder<PreboardingFormState>(
  (v) => typeof v.stepId === 'string' && (v.sentAt === null || typeof v.sentAt === 'string'),
);
const stepDecoder = objectDecoder<{ stepId: string; doneAt: string | null }>((v) => typeof v.stepId === 'string');

/** GET /api/preboarding: the page. A 401 means the session ended (the page then says how to get a new link). */
export function usePreboardingPage() {
  return useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.preboarding, pageDecoder, { signal }),
    retry: false,
  });
}

/** PUT /api/preboarding/steps/:stepId `{ done }`, then the page again. @throws ApiError */
export function useMarkPreboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, done }: { stepId: string; done: boolean }) =>
      apiRequest(apiPaths.preboardingStep(stepId), stepDecoder, { method: 'PUT', body: { done } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageKey }),
  });
}

/** GET /api/preboarding/steps/:stepId/form: the draft and when it was sent (never the sent answers). */
export function usePreboardingForm(stepId: string) {
  return useQuery({
    queryKey: formKey(stepId),
    queryFn: ({ signal }) => apiRequest(apiPaths.preboardingForm(stepId), formDecoder, { signal }),
    retry: false,
  });
}

/** Saves the draft (`send` false) or sends the form; a sending marks the step done. @throws ApiError */
export function useSavePreboardingForm(stepId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, send }: { answers: Record<string, unknown>; send: boolean }) =>
      apiRequest(send ? apiPaths.preboardingForm(stepId) : apiPaths.preboardingFormDraft(stepId), formDecoder, {
        method: send ? 'POST' : 'PUT',
        body: { answers },
      }),
    onSuccess: async (state) => {
      queryClient.setQueryData(formKey(stepId), state);
      if (state.sentAt !== null) await queryClient.invalidateQueries({ queryKey: pageKey });
    },
  });
}

/** POST /api/preboarding/sign-out: ends this pre-boarding session on this device. @throws ApiError */
export function useEndPreboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        apiPaths.preboardingSignOut,
        objectDecoder<{ ended: true }>((v) => v.ended === true),
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.removeQueries({ queryKey: pageKey }),
  });
}
