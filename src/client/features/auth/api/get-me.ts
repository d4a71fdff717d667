import type { User } from '@shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest, isApiError } from '@/lib/api-client';
import { meResponseDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import { readCachedUser, writeCachedUser } from '../utils/user-cache';

/** GET /api/me. @returns the signed-in user, or null when there is no session (401). @throws ApiError otherwise */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    const { user } = await apiRequest(apiPaths.me, meResponseDecoder, { signal });
    writeCachedUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      writeCachedUser(null);
      return null;
    }
    throw error;
  }
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe({ signal }),
    // The cached profile paints at once; `initialDataUpdatedAt: 0` makes it stale so the server is always asked.
    initialData: () => readCachedUser() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
