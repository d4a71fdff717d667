import { departmentsSchema } from '@shared/departments-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * GET /api/admin/departments — the departments list with member and lead counts, and the departments records name
 * that are not in it (docs/product.md#departments). @throws ApiError
 */
export async function getDepartments({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.adminDepartments, departmentsSchema, { signal });
}

export function getDepartmentsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.departments, queryFn: ({ signal }) => getDepartments({ signal }) });
}

/** The departments list (admins only). */
export function useDepartments(enabled = true) {
  return useQuery({ ...getDepartmentsQueryOptions(), enabled });
}

/** A change of the departments list, as the API takes it. */
export type DepartmentChange =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; current: string; name: string }
  | { kind: 'retire'; current: string; retired: boolean }
  | { kind: 'move'; from: string; to: string };

/**
 * POST /api/admin/departments, PATCH /api/admin/departments/:name or POST /api/admin/departments/move.
 * @returns the list after the change @throws ApiError with the server's reason (409 a name in use, 400 …)
 */
export async function changeDepartments(change: DepartmentChange) {
  switch (change.kind) {
    case 'add':
      return apiRequest(apiPaths.adminDepartments, departmentsSchema, { method: 'POST', body: { name: change.name } });
    case 'rename':
      return apiRequest(apiPaths.adminDepartment(change.current), departmentsSchema, {
        method: 'PATCH',
        body: { name: change.name },
      });
    case 'retire':
      return apiRequest(apiPaths.adminDepartment(change.current), departmentsSchema, {
        method: 'PATCH',
        body: { retired: change.retired },
      });
    case 'move':
      return apiRequest(apiPaths.adminDepartmentsMove, departmentsSchema, {
        method: 'POST',
        body: { from: change.from, to: change.to },
      });
  }
}

/** Changes the departments list; refreshes every admin query (members' departments may have changed). */
export function useChangeDepartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDepartments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
