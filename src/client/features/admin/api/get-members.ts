import { membersPageSchema } from '@shared/admin-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/members?… — one page of the members table. @param query from `membersApiQuery` @throws ApiError */
export async function getMembers({ query, signal }: { query: URLSearchParams; signal?: AbortSignal }) {
  return apiRequest(`${apiPaths.adminMembers}?${query.toString()}`, membersPageSchema, { signal });
}

export function getMembersQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: adminKeys.members(query.toString()),
    queryFn: ({ signal }) => getMembers({ query, signal }),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** One page of the members table. */
export function useMembers(query: URLSearchParams) {
  return useQuery(getMembersQueryOptions(query));
}
