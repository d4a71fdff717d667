import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest, isApiError, type ApiError } from '@/lib/api-client';
import { onboardingResponseDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import { withPendingProgressWrites } from './progress-cache';

/**
 * GET /api/onboarding — the member's resolved role configuration, scopes, steps and progress; with `previewRole`, the
 * steps of that role instead (a role preview, read-only). @throws ApiError
 */
export async function getOnboarding({ signal, previewRole }: { signal?: AbortSignal; previewRole?: string } = {}) {
  const path =
    previewRole === undefined
      ? apiPaths.onboarding
      : `${apiPaths.onboarding}?previewRole=${encodeURIComponent(previewRole)}`;
  return apiRequest(path, onboardingResponseDecoder, { signal });
}

/** HTTP status of GET /api/onboarding when the member's role configuration is missing (src/shared/api.ts). */
export const ROLE_CONFIGURATION_CONFLICT = 409;

/**
 * Whether a failed onboarding load is the missing role configuration of docs/product.md#error-page: the server's 409,
 * or any answer that names the role. An outage (503), a server error or a lost connection is not.
 */
export function isRoleConfigurationFailure(error: Error): error is ApiError {
  return isApiError(error) && (error.role !== undefined || error.status === ROLE_CONFIGURATION_CONFLICT);
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
      // docs/product.md#error-page: destructive toast, then the Error page — only when the role configuration is
      // missing. Any other failure (the server unavailable, a lost connection) has the Error page alone, which says
      // what happened: the toast's "Please contact support" would be untrue.
      errorToast: {
        title: 'Role Configuration Error',
        description: 'Failed to load your onboarding steps. Please contact support.',
        when: isRoleConfigurationFailure,
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
