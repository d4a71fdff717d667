import type { DevLoginBody } from '@shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { meResponseDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';
import { writeCachedUser } from '../utils/user-cache';

/** POST /api/auth/dev-login — the simulated development sign-in (SPEC §4). @throws ApiError (403 when it is off) */
export async function devLogin(body: DevLoginBody = {}) {
  const { user } = await apiRequest(apiPaths.devLogin, meResponseDecoder, { method: 'POST', body });
  return user;
}

export function useDevLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devLogin,
    onSuccess: (user) => {
      writeCachedUser(user);
      queryClient.removeQueries({ queryKey: queryKeys.onboarding });
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
