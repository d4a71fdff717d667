import { markRotatedResultSchema, memberDetailSchema, revealedSecretsSchema, type LeaveBody } from '@shared/admin-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** POST /api/admin/members/:email/leave — marks a member as having left. @returns the member's page @throws ApiError */
export async function markLeft({ email, ...body }: LeaveBody & { email: string }) {
  return apiRequest(apiPaths.adminMemberLeave(email), memberDetailSchema, { method: 'POST', body });
}

/** DELETE /api/admin/members/:email/leave — undoes it. @returns the member's page @throws ApiError */
export async function undoLeft(email: string) {
  return apiRequest(apiPaths.adminMemberLeave(email), memberDetailSchema, { method: 'DELETE' });
}

/** POST /api/admin/secrets/:name/rotated — records that a shared password was changed. @throws ApiError */
export async function markRotated(name: string) {
  return apiRequest(apiPaths.adminSecretRotated(name), markRotatedResultSchema, { method: 'POST' });
}

/** The shared passwords a member revealed (GET /api/admin/members/:email/revealed-secrets). */
export function useRevealedSecrets(email: string) {
  return useQuery({
    queryKey: adminKeys.revealedSecrets(email),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminMemberRevealedSecrets(email), revealedSecretsSchema, { signal }),
  });
}

/** Marks a member as having left, or undoes it; refreshes every admin query. */
export function useLeave() {
  const queryClient = useQueryClient();
  const onSuccess = async (detail: { member: { email: string } }) => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    return detail;
  };
  return {
    mark: useMutation({ mutationFn: markLeft, onSuccess }),
    undo: useMutation({ mutationFn: undoLeft, onSuccess }),
  };
}

/** Marks a shared password rotated; refreshes every admin query. */
export function useMarkRotated() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRotated,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
