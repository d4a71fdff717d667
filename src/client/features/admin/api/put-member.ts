import { memberDetailSchema, type PutMemberBody } from '@shared/admin-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export interface PutMemberInput extends PutMemberBody {
  email: string;
}

/**
 * PUT /api/admin/members/:email — stores a member record: assigns role and department, marks admin, or invites an
 * address before its first sign-in. @throws ApiError (400 names the valid roles)
 */
export async function putMember({ email, ...body }: PutMemberInput) {
  return apiRequest(apiPaths.adminMember(email), memberDetailSchema, { method: 'PUT', body });
}

/** Saves a member record and refreshes every admin query. */
export function usePutMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMember,
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminKeys.member(detail.member.email), detail);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
