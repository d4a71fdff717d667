import { backupSchema, backupsOverviewSchema } from '@shared/backups-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Where the backups API lives (the server's modules/backups). */
export const backupPaths = {
  list: '/api/admin/backups',
  file: (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`,
};

const backupsKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups — the backups and the schedule, or what to use on PostgreSQL. @throws ApiError */
export async function getBackups({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(backupPaths.list, backupsOverviewSchema, { signal });
}

/** POST /api/admin/backups — takes a backup now. @returns the new backup @throws ApiError */
export async function createBackup() {
  return apiRequest(backupPaths.list, backupSchema, { method: 'POST' });
}

/** The backups overview. */
export function useBackups() {
  return useQuery(queryOptions({ queryKey: backupsKey, queryFn: ({ signal }) => getBackups({ signal }) }));
}

/** Takes a backup, then refreshes the list (and the audit log, which records it). */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
