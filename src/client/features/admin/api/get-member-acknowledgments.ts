import { memberAcknowledgmentsResponseSchema } from '@shared/acknowledgments-api';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * GET /api/admin/members/:email/acknowledgments — every acknowledgment record of a person, newest first, and the steps
 * they must agree to again. @throws ApiError
 */
export async function getMemberAcknowledgments({ email, signal }: { email: string; signal?: AbortSignal }) {
  return apiRequest(apiPaths.adminMemberAcknowledgments(email), memberAcknowledgmentsResponseSchema, { signal });
}

/** A person's acknowledgment record for the admin's member page. */
export function useMemberAcknowledgments(email: string) {
  return useQuery({
    queryKey: [...adminKeys.member(email), 'acknowledgments'] as const,
    queryFn: ({ signal }) => getMemberAcknowledgments({ email, signal }),
  });
}
