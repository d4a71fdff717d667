import { onboardingResponseSchema } from '@shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/onboarding — the member's resolved role configuration, scopes, steps and progress. @throws ApiError */
export async function getOnboarding({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.onboarding, onboardingResponseSchema, { signal });
}

export function getOnboardingQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.onboarding,
    queryFn: ({ signal }) => getOnboarding({ signal }),
    meta: {
      // SPEC §5 "Missing role configuration": destructive toast, then the Error page.
      errorToast: {
        title: 'Role Configuration Error',
        description: 'Failed to load your onboarding steps. Please contact support.',
      },
    },
  });
}

export function useOnboarding() {
  return useQuery(getOnboardingQueryOptions());
}
