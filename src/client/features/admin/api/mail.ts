import {
  digestNowResponseSchema,
  digestSettingsSchema,
  memberMailResponseSchema,
  outboxMessageDetailSchema,
  outboxResponseSchema,
  type DigestSettings,
  type MemberMailBody,
  type OutboxQueryInput,
  type OutboxResponse,
} from '@shared/mail-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  return useQuery({
    queryKey: [...adminKeys.all, 'member-mail', email],
    queryFn: ({ signal }) => getMemberMail(email, signal),
  });
}

/** PUT /api/admin/members/:email/mail: a new start date (null: the first sign-in counts) or pause. @throws ApiError */
export function useUpdateMemberMail(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberMailBody) =>
      apiRequest(apiPaths.adminMemberMail(email), memberMailResponseSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** How often the outbox is read again while a message on the page is waiting or being sent (its progress). */
const OUTBOX_PROGRESS_MS = 2_000;

const outboxQueryString = (query: OutboxQueryInput) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

/** Whether the message `id` is still on its way on this page (waiting for its first attempt, or being sent). */
const onItsWay = (data: OutboxResponse | undefined, id: string | null) =>
  id !== null &&
  data?.messages.some(
    (m) => m.id === id && (m.status === 'sending' || (m.status === 'pending' && m.attempts === 0)),
  ) === true;

/**
 * GET /api/admin/outbox?status&kind&recipient&page&pageSize: one page of messages, newest first, how many match, and
 * whether SMTP is configured.
 * @param follow a message whose progress is shown: the page is read again every 2 s while it is on its way
 */
export function useOutbox(query: OutboxQueryInput, follow: string | null = null) {
  const search = outboxQueryString(query);
  return useQuery({
    queryKey: [...adminKeys.all, 'outbox', 'page', search],
    queryFn: ({ signal }) => apiRequest(`${apiPaths.adminOutbox}?${search}`, outboxResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (onItsWay(q.state.data, follow) ? OUTBOX_PROGRESS_MS : false),
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
    mutationFn: (body: DigestSettings) =>
      apiRequest(apiPaths.adminDigest, digestSettingsSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/digest: the digest now, to the signed-in admin: queued at once, sent in the background. */
export function useSendDigestNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.adminDigest, digestNowResponseSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
