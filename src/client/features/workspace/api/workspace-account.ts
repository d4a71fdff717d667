import {
  appliedGroupsSchema,
  type ApplyGroupsBody,
  type CreateAccountBody,
  createdAccountSchema,
  groupMappingSchema,
  groupsCheckSchema,
  groupsPreviewSchema,
  orgUnitMappingSchema,
  workspaceAccountViewSchema,
  workspaceJobSchema,
} from '@shared/workspace-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import type { Decoder } from '@/lib/decoders';

/** Query keys of the Workspace account; the admin console's writes invalidate `['admin']`, which holds them. */
export const workspaceKeys = {
  account: (email: string) => ['admin', 'workspace-account', email] as const,
  groups: (email: string) => ['admin', 'workspace-groups', email] as const,
  orgUnits: ['admin', 'workspace', 'org-units'] as const,
  groupRules: ['admin', 'workspace', 'groups'] as const,
  groupsCheck: ['admin', 'workspace', 'groups-check'] as const,
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

/**
 * GET /api/admin/members/:email/workspace-groups — the groups the member's account is to be added to and removed from
 * (docs/product.md#google-workspace-groups); only asked for when `enabled`.
 */
export function useWorkspaceGroups(email: string, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.groups(email),
    queryFn: () => apiRequest(apiPaths.adminMemberWorkspaceGroups(email), groupsPreviewSchema),
    enabled,
    retry: false,
  });
}

/** POST /api/admin/members/:email/workspace-groups — applies the changes shown. */
export function useApplyWorkspaceGroups(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyGroupsBody) =>
      apiRequest(apiPaths.adminMemberWorkspaceGroups(email), appliedGroupsSchema, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.groups(email) }),
  });
}

/**
 * GET of a set of Workspace rules (where new accounts go, which groups members belong in).
 * @param queryKey its query key ({@link workspaceKeys})
 * @param path its address
 * @param decoder the shape of its answer
 */
function useRules<T>(queryKey: readonly unknown[], path: string, decoder: Decoder<T>) {
  return useQuery({ queryKey, queryFn: () => apiRequest(path, decoder) });
}

/**
 * PUT of a set of Workspace rules: replaces them, then refreshes the admin console's queries (members' proposals
 * follow the rules).
 * @param path its address
 * @param decoder the shape of the rules, sent and answered
 */
function useSaveRules<T>(path: string, decoder: Decoder<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, decoder, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /api/admin/workspace/org-units — where new accounts go. */
export function useOrgUnitRules() {
  return useRules(workspaceKeys.orgUnits, apiPaths.adminWorkspaceOrgUnits, orgUnitMappingSchema);
}

/** PUT /api/admin/workspace/org-units — replaces the rules. */
export function useSaveOrgUnitRules() {
  return useSaveRules(apiPaths.adminWorkspaceOrgUnits, orgUnitMappingSchema);
}

/** GET /api/admin/workspace/groups — which groups each role and department belongs in. */
export function useGroupRules() {
  return useRules(workspaceKeys.groupRules, apiPaths.adminWorkspaceGroups, groupMappingSchema);
}

/** PUT /api/admin/workspace/groups — replaces the rules. */
export function useSaveGroupRules() {
  return useSaveRules(apiPaths.adminWorkspaceGroups, groupMappingSchema);
}

/** GET /api/admin/workspace/groups-check — the latest nightly check of the groups, or null. */
export function useGroupsCheck() {
  return useQuery({
    queryKey: workspaceKeys.groupsCheck,
    queryFn: () => apiRequest(apiPaths.adminWorkspaceGroupsCheck, groupsCheckSchema.nullable()),
  });
}
