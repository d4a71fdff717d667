import {
  digestSettingsSchema,
  memberMailResponseSchema,
  outboxMessageDetailSchema,
  outboxResponseSchema,
  type DigestSettings,
  type MemberMailBody,
} from '@shared/mail-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * The admin console's side of reminders and digests (docs/product.md#due-dates-and-reminders): a member's start date,
 * pause and messages; the outbox; the admin's own digest.
 */

/** GET /api/admin/members/:email/mail. @throws ApiError */
export const getMemberMail = (email: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.adminMemberMail(email), memberMailResponseSchema, { signal });

/** A member's dates, reminder settings and messages. */
export function useMemberMail(email: string) {
  return useQuery({ queryKey: [...adminKeys.all, 'member-mail', email], queryFn: ({ signal }) => getMemberMail(email, signal) });
}

/** PUT /api/admin/members/:email/mail: a new start date (null: the first sign-in counts) or pause. @throws ApiError */
export function useUpdateMemberMail(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberMailBody) => apiRequest(apiPaths.adminMemberMail(email), memberMailResponseSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /api/admin/outbox: the latest messages and whether SMTP is configured. */
export function useOutbox() {
  return useQuery({
    queryKey: [...adminKeys.all, 'outbox'],
    queryFn: ({ signal }) => apiRequest(apiPaths.adminOutbox, outboxResponseSchema, { signal }),
  });
}

/** GET /api/admin/outbox/:id: one message with its text; idle while `id` is null. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...adminKeys.all, 'outbox', id],
    queryFn: ({ signal }) => apiRequest(apiPaths.adminOutboxMessage(id ?? ''), outboxMessageDetailSchema, { signal }),
    enabled: id !== null,
  });
}

/** GET/PUT /api/admin/digest: the signed-in admin's weekly digest on or off. */
export function useDigestSettings() {
  return useQuery({
    queryKey: [...adminKeys.all, 'digest'],
    queryFn: ({ signal }) => apiRequest(apiPaths.adminDigest, digestSettingsSchema, { signal }),
  });
}

/** Turns the signed-in admin's weekly digest on or off. */
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettings) => apiRequest(apiPaths.adminDigest, digestSettingsSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/digest: the digest now, to the signed-in admin. */
export function useSendDigestNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.adminDigest, z.object({ id: z.string() }), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
