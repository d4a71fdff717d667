import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { onboardingResponseDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import { withPendingProgressWrites } from './progress-cache';

/**
 * GET /api/onboarding — the member's resolved role configuration, scopes, steps and progress; with `previewRole`, the
 * steps of that role instead (a role preview, read-only). @throws ApiError
 */
export async function getOnboarding({ signal, previewRole }: { signal?: AbortSignal; previewRole?: string } = {}) {
  const path = previewRole === undefined ? apiPaths.onboarding : `${apiPaths.onboarding}?previewRole=${encodeURIComponent(previewRole)}`;
  return apiRequest(path, onboardingResponseDecoder, { signal });
}

/**
 * The query of the member's own onboarding (`queryKeys.onboarding`), the one progress writes update. A refetch keeps
 * the member's writes that are not saved yet (docs/architecture.md#database-unavailable: the server may be unavailable
 * for a while).
 */
export function getOnboardingQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.onboarding,
    queryFn: async ({ signal, client }) => withPendingProgressWrites(client, await getOnboarding({ signal })),
    meta: {
      // docs/product.md#error-page: destructive toast, then the Error page.
      errorToast: {
        title: 'Role Configuration Error',
        description: 'Failed to load your onboarding steps. Please contact support.',
      },
    },
  });
}

/** The query of a role preview: its own key under `queryKeys.onboarding`, so it never mixes with real progress. */
export function getPreviewOnboardingQueryOptions(previewRole: string) {
  return queryOptions({
    queryKey: [...queryKeys.onboarding, 'preview', previewRole] as const,
    queryFn: ({ signal }) => getOnboarding({ signal, previewRole }),
  });
}

/** The member's own onboarding. */
export function useOnboarding() {
  return useQuery(getOnboardingQueryOptions());
}

/** A role preview's onboarding; idle when `previewRole` is undefined. */
export function usePreviewOnboarding(previewRole: string | undefined) {
  return useQuery({ ...getPreviewOnboardingQueryOptions(previewRole ?? ''), enabled: previewRole !== undefined });
}
