import { backupSchema, backupsOverviewSchema, restoreResultSchema } from '@shared/backups-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Where the backups API lives (the server's modules/backups). */
export const backupPaths = {
  list: '/api/admin/backups',
  file: (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`,
  restore: (name: string) => `/api/admin/backups/${encodeURIComponent(name)}/restore`,
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

/**
 * POST /api/admin/backups/:name/restore — restores a backup into the running app, after a safety backup.
 * @param input.name the backup's file name; input.confirmation the backup's date as the admin typed it
 * @returns the restored and the safety backup, and a message @throws ApiError (400 when the date typed is wrong)
 */
export async function restoreBackup(input: { name: string; confirmation: string }) {
  return apiRequest(backupPaths.restore(input.name), restoreResultSchema, {
    method: 'POST',
    body: { confirmation: input.confirmation },
  });
}

/** Restores a backup, then reloads everything: every part of the app may show other data now. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
