import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnOnboardingStartResponse } from '@shared/mail-api';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { toast } from '@/lib/toasts';
import { objectDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';

const ownOnboardingStartDecoder = objectDecoder<OwnOnboardingStartResponse>(
  (v) => (v.result === 'started' || v.result === 'already') && typeof v.startOn === 'string',
);

/**
 * POST /api/onboarding/start — starts the signed-in person's own onboarding, when they signed in with an admin role to
 * look around (docs/product.md#who-starts-an-onboarding). @throws ApiError
 */
export function startOwnOnboarding(): Promise<OwnOnboardingStartResponse> {
  return apiRequest(apiPaths.onboardingStart, ownOnboardingStartDecoder, { method: 'POST' });
}

/**
 * Starts one's own onboarding: a toast says so with the start date (the notice that asked goes away), then the due
 * dates and steps are read again.
 */
export function useStartOwnOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOwnOnboarding,
    onSuccess: ({ startOn }) => {
      toast.success('Your onboarding has started', {
        description: `Your start date is ${formatDay(startOn)}: your steps now show when they are due.`,
      });
      return queryClient.invalidateQueries({ queryKey: queryKeys.onboarding });
    },
  });
}
