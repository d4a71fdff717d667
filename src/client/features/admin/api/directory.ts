import { directoryFindingsSchema, memberDirectoryStateSchema } from '@shared/workspace-directory-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** Query keys of the directory's findings: under `adminKeys.all`, so every admin write (a 'Mark as left') refreshes them. */
const directoryKeys = {
  findings: [...adminKeys.all, 'directory'] as const,
  member: (email: string) => [...adminKeys.all, 'directory', email] as const,
};

/**
 * GET /api/admin/workspace/directory — what the periodic directory read found: members whose Google account is
 * suspended or deleted, accounts that are not members yet (docs/product.md#who-left-in-google-workspace).
 */
export function useDirectoryFindings() {
  return useQuery({
    queryKey: directoryKeys.findings,
    queryFn: ({ signal }) => apiRequest(apiPaths.adminWorkspaceDirectory, directoryFindingsSchema, { signal }),
  });
}

/** POST /api/admin/workspace/directory/read — reads the directory now; the answer replaces the findings. */
export function useReadDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.adminWorkspaceDirectoryRead, directoryFindingsSchema, { method: 'POST' }),
    onSuccess: (findings) => queryClient.setQueryData(directoryKeys.findings, findings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: directoryKeys.findings }),
  });
}

/** GET /api/admin/members/:email/directory — whether the last read found the member's Google account gone. */
export function useMemberDirectoryState(email: string) {
  return useQuery({
    queryKey: directoryKeys.member(email),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminMemberDirectory(email), memberDirectoryStateSchema, { signal }),
  });
}
