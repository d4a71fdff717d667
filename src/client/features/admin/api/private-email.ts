import { privateEmailSchema, type PutPrivateEmailBody } from '@shared/private-email';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * A member's private e-mail address on their page (docs/product.md#private-e-mail-address). Each read is written to the
 * audit log, so it is read only when the admin or lead asks to see it, and never again in the background: its query
 * key is outside `adminKeys.all` (which every admin write refreshes) and never goes stale.
 */
const privateEmailKey = (email: string) => ['private-email', email] as const;

/** GET /api/admin/members/:email/private-email (audited). @throws ApiError (403 a lead of another department) */
export const getPrivateEmail = (email: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.adminMemberPrivateEmail(email), privateEmailSchema, { signal });

/** The private address, read once `shown` is true. */
export function usePrivateEmail(email: string, shown: boolean) {
  return useQuery({
    queryKey: privateEmailKey(email),
    queryFn: ({ signal }) => getPrivateEmail(email, signal),
    enabled: shown,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** PUT /api/admin/members/:email/private-email: sets, changes (`privateEmail`) or removes (null) it. @throws ApiError */
export function useSetPrivateEmail(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPrivateEmailBody) =>
      apiRequest(apiPaths.adminMemberPrivateEmail(email), privateEmailSchema, { method: 'PUT', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(privateEmailKey(email), answer);
      await queryClient.invalidateQueries({ queryKey: adminKeys.member(email) });
    },
  });
}
