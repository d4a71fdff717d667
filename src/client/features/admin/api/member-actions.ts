import { removeMemberResultSchema, signOutResultSchema } from '@shared/admin-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/members/:email/sign-out — ends every session of the person, on every app process.
 * @returns `{ sessionsEnded }` @throws ApiError
 */
export async function signOutEverywhere(email: string) {
  return apiRequest(apiPaths.adminMemberSignOut(email), signOutResultSchema, { method: 'POST' });
}

/**
 * DELETE /api/admin/members/:email — removes the member record (the person falls back to the default role) and ends
 * their sessions. @returns `{ removed, sessionsEnded }` @throws ApiError (404 when there is no record)
 */
export async function removeMemberRecord(email: string) {
  return apiRequest(apiPaths.adminMember(email), removeMemberResultSchema, { method: 'DELETE' });
}

/** Signs a member out everywhere; refreshes the admin queries (the audit log gains an entry). */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Removes a member record; refreshes every admin query. */
export function useRemoveMemberRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMemberRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
