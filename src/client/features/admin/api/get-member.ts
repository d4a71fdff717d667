import { memberDetailSchema } from '@shared/admin-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/members/:email — a member's page: their row, role text and steps. @throws ApiError (404 unknown) */
export async function getMember({ email, signal }: { email: string; signal?: AbortSignal }) {
  return apiRequest(apiPaths.adminMember(email), memberDetailSchema, { signal });
}

export function getMemberQueryOptions(email: string) {
  return queryOptions({ queryKey: adminKeys.member(email), queryFn: ({ signal }) => getMember({ email, signal }) });
}

/** A member's page. */
export function useMember(email: string) {
  return useQuery(getMemberQueryOptions(email));
}
