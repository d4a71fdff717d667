import { adminSecretsSchema, revealSecretSchema } from '@shared/admin-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** The shared passwords (GET /api/admin/secrets): set or not, when and by whom; never a value. */
export function useSharedPasswords() {
  return useQuery({
    queryKey: [...adminKeys.all, 'secrets'],
    queryFn: ({ signal }) => apiRequest(apiPaths.adminSecrets, adminSecretsSchema, { signal }),
  });
}

/** Sets or rotates one shared password (PUT /api/admin/secrets/:name); refreshes the admin queries. */
export function useSetSharedPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) =>
      apiRequest(apiPaths.adminSecret(name), adminSecretsSchema, { method: 'PUT', body: { value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Reveals one shared password to the admin (POST …/reveal; the server audits it). @throws ApiError */
export async function revealSharedPassword(name: string) {
  return apiRequest(apiPaths.adminSecretReveal(name), revealSecretSchema, { method: 'POST' });
}
