import {
  type CreateAccountBody,
  createdAccountSchema,
  workspaceAccountViewSchema,
  workspaceJobSchema,
} from '@shared/workspace-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the Workspace account; the admin console's writes invalidate `['admin']`, which holds them. */
export const workspaceKeys = {
  account: (email: string) => ['admin', 'workspace-account', email] as const,
};

/**
 * GET /api/admin/members/:email/workspace-account — whether the app may create the member's Google Workspace account,
 * the account it made, or a proposal (docs/product.md#google-workspace-accounts).
 */
export function useWorkspaceAccount(email: string) {
  return useQuery({
    queryKey: workspaceKeys.account(email),
    queryFn: () => apiRequest(apiPaths.adminMemberWorkspaceAccount(email), workspaceAccountViewSchema),
  });
}

/**
 * POST /api/admin/members/:email/workspace-account — creates the account (once); the answer carries the temporary
 * password when it is shown to the admin. Refreshes the admin console's queries (the team task is done).
 */
export function useCreateWorkspaceAccount(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) =>
      apiRequest(apiPaths.adminMemberWorkspaceAccount(email), createdAccountSchema, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['team-tasks'] }),
      ]),
  });
}

/** PUT /api/admin/members/:email/workspace-suspension — suspends the account at the start of `dueOn`. */
export function useScheduleSuspension(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dueOn: string) =>
      apiRequest(apiPaths.adminMemberWorkspaceSuspension(email), workspaceJobSchema, {
        method: 'PUT',
        body: { dueOn },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.account(email) }),
  });
}

/** DELETE /api/admin/members/:email/workspace-suspension — cancels the pending suspension. */
export function useCancelSuspension(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.adminMemberWorkspaceSuspension(email), z.object({ cancelled: z.boolean() }), {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.account(email) }),
  });
}
