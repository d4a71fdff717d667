import { memberFormAnswersSchema } from '@shared/answers-api';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * GET /api/admin/members/:email/answers — the latest sending of each form of a member, sensitive answers included.
 * Every call is written to the audit log (docs/product.md#form-steps). @throws ApiError
 */
export async function getMemberAnswers({ email, signal }: { email: string; signal?: AbortSignal }) {
  return apiRequest(apiPaths.adminMemberAnswers(email), memberFormAnswersSchema, { signal });
}

/**
 * A member's form answers for their admin page, asked for only once `enabled` (the reader pressed 'Show answers'):
 * opening the page reads and audits nothing.
 */
export function useMemberAnswers(email: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.member(email), 'answers'] as const,
    queryFn: ({ signal }) => getMemberAnswers({ email, signal }),
    enabled,
    staleTime: Infinity,
  });
}
