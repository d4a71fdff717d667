import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequestNoContent } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { writeCachedUser } from '../utils/user-cache';

/** POST /api/auth/logout — ends the session (204). @throws ApiError */
export async function logout(): Promise<void> {
  await apiRequestNoContent(apiPaths.logout, { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      writeCachedUser(null);
      queryClient.removeQueries({ queryKey: queryKeys.onboarding });
      queryClient.setQueryData(queryKeys.me, null);
    },
  });
}
