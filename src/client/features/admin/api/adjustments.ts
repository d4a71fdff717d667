import type { PostAdjustmentBody } from '@shared/adjustments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/members/:email/adjustments — adds an extra step or skips a step for one member
 * (docs/product.md#per-person-adjustments). @returns the new adjustment's id @throws ApiError
 */
export async function addAdjustment({ email, body }: { email: string; body: PostAdjustmentBody }) {
  return apiRequest(apiPaths.adminMemberAdjustments(email), z.object({ id: z.string() }), { method: 'POST', body });
}

/** DELETE /api/admin/members/:email/adjustments/:id — undoes one. @throws ApiError */
export async function undoAdjustment({ email, id }: { email: string; id: string }) {
  return apiRequest(apiPaths.adminMemberAdjustment(email, id), z.object({ removed: z.literal(true) }), {
    method: 'DELETE',
  });
}

/** Adds or undoes an adjustment; refreshes every admin query (the member's steps and percentage change). */
export function useAdjustments() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    add: useMutation({ mutationFn: addAdjustment, onSuccess }),
    undo: useMutation({ mutationFn: undoAdjustment, onSuccess }),
  };
}
