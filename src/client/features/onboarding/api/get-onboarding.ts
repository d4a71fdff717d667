import { joinOnboarding, type Onboarding } from '@shared/onboarding-join';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest, isApiError, type ApiError } from '@/lib/api-client';
import { onboardingResponseDecoder, roleContentDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import { withPendingProgressWrites } from './progress-cache';

/**
 * GET /api/onboarding — the member's own onboarding: their role, progress and people, and the address of their role's
 * content; with `previewRole`, that role's instead (a role preview, read-only). @throws ApiError
 */
export async function getOnboardingAnswer({
  signal,
  previewRole,
}: { signal?: AbortSignal; previewRole?: string } = {}) {
  const path =
    previewRole === undefined
      ? apiPaths.onboarding
      : `${apiPaths.onboarding}?previewRole=${encodeURIComponent(previewRole)}`;
  return apiRequest(path, onboardingResponseDecoder, { signal });
}

/**
 * The query of a role's content (GET /api/content/roles/:roleKey/:version, docs/architecture.md#role-content), by its
 * address: an address always means the same content, so once loaded it is never asked for again while it is kept.
 * @param path the address an onboarding answer names (`content`)
 */
export function getRoleContentQueryOptions(path: string) {
  return queryOptions({
    queryKey: ['role-content', path] as const,
    queryFn: ({ signal }) => apiRequest(path, roleContentDecoder, { signal }),
    staleTime: Infinity,
  });
}

/** The status of GET /api/content/roles/:roleKey/:version when the content changed after the onboarding answer named it. */
const CONTENT_CHANGED = 404;

/**
 * The member's onboarding as the dashboard shows it: GET /api/onboarding, then the role content it names (from the query
 * cache when it is there: the same address for every read while the content does not change), joined
 * (shared/onboarding-join.ts). When the content changed between the two answers (a publish in the studio), the
 * onboarding is asked for once more, for the new address. @throws ApiError
 */
export async function getOnboarding(
  client: QueryClient,
  { signal, previewRole }: { signal?: AbortSignal; previewRole?: string } = {},
): Promise<Onboarding> {
  const answer = await getOnboardingAnswer({ signal, previewRole });
  try {
    return joinOnboarding(answer, await client.fetchQuery(getRoleContentQueryOptions(answer.content)));
  } catch (error) {
    if (!isApiError(error) || error.status !== CONTENT_CHANGED) throw error;
    const again = await getOnboardingAnswer({ signal, previewRole });
    return joinOnboarding(again, await client.fetchQuery(getRoleContentQueryOptions(again.content)));
  }
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
    queryFn: async ({ signal, client }) => withPendingProgressWrites(client, await getOnboarding(client, { signal })),
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
    queryFn: ({ signal, client }) => getOnboarding(client, { signal, previewRole }),
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
