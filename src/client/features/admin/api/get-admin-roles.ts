import { adminRolesSchema } from '@shared/admin-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { filterOptions, type SelectOption } from '../components/fields';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/roles — the roles an admin may assign and the known departments. @throws ApiError */
export async function getAdminRoles({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.adminRoles, adminRolesSchema, { signal });
}

export function getAdminRolesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.roles, queryFn: ({ signal }) => getAdminRoles({ signal }) });
}

/** The assignable roles (for the role select and filter) and departments. */
export function useAdminRoles() {
  return useQuery(getAdminRolesQueryOptions());
}

/**
 * The choices of the role and department filters (the members table, insights): "All roles" then every assignable
 * role by its name, "All departments" then every known department; '' stands for "all".
 */
export function useFilterChoices(): { role: SelectOption[]; department: SelectOption[] } {
  const roles = useAdminRoles();
  return {
    role: [
      { value: '', label: 'All roles' },
      ...(roles.data?.roles ?? []).map((r) => ({ value: r.key, label: r.displayName })),
    ],
    department: filterOptions('All departments', roles.data?.departments ?? []),
  };
}
