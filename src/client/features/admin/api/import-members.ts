import { importResultSchema } from '@shared/admin-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** POST /api/admin/import/preview — checks a CSV file; writes nothing. @returns rows with their errors @throws ApiError */
export async function previewMembersImport(csv: string) {
  return apiRequest(apiPaths.adminImportPreview, importResultSchema, { method: 'POST', body: { csv } });
}

/** POST /api/admin/import — applies every row in one transaction, or none (400 with the row errors). @throws ApiError */
export async function importMembers(csv: string) {
  return apiRequest(apiPaths.adminImport, importResultSchema, { method: 'POST', body: { csv } });
}

export function usePreviewMembersImport() {
  return useMutation({ mutationFn: previewMembersImport });
}

/** Applies an import and refreshes every admin query. */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
