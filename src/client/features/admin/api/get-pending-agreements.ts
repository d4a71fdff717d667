import { pendingAgreementsResponseSchema } from '@shared/acknowledgments-api';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * Who must read and agree to a step again (GET /api/admin/acknowledgments/pending), optionally for one step
 * (docs/product.md#admin-area).
 * @param stepId a step id, or '' for every step
 */
export function usePendingAgreements(stepId: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'pending-agreements', stepId],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminPendingAgreements(stepId), pendingAgreementsResponseSchema, { signal }),
  });
}
