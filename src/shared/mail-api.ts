import { z } from 'zod';

/**
 * The API contract of start dates, due dates, reminders and digests (docs/product.md#due-dates-and-reminders).
 */

/** A calendar day, YYYY-MM-DD. */
export const calendarDaySchema = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });

/** GET /api/onboarding/due — the signed-in member's start day and the due date of each step that has one. */
export const memberDueResponseSchema = z.object({
  /** Today in the organisation's time zone. */
  today: calendarDaySchema,
  timeZone: z.string(),
  /** The start date: set by an admin, else the day of the first sign-in. */
  startOn: calendarDaySchema,
  /** Steps of the member's role with a due date, in step order; `daysLate` < 0 while still to come. */
  steps: z.array(z.object({ stepId: z.string(), dueOn: calendarDaySchema, daysLate: z.number().int() })),
  /**
   * Whether the member does an onboarding (docs/product.md#who-starts-an-onboarding): false for someone who signed in
   * with an admin role to look around (then `steps` is empty: nothing is due) until they start their own.
   */
  onboarding: z.boolean().default(true),
});
export type MemberDueResponse = z.infer<typeof memberDueResponseSchema>;

/** POST /api/onboarding/start — the signed-in person's own onboarding started on purpose. */
export const ownOnboardingStartSchema = z.object({
  /** 'started', or 'already' when they were onboarding already (nothing changed). */
  result: z.enum(['started', 'already']),
  /** Their start date (YYYY-MM-DD). */
  startOn: calendarDaySchema,
});
export type OwnOnboardingStartResponse = z.infer<typeof ownOnboardingStartSchema>;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/**
 * Reminders, digests, the welcome an invited person gets (docs/product.md#due-dates-and-reminders), and the messages to
 * a member's private address: those before their first day (docs/product.md#pre-boarding) and a new Google account's
 * temporary password (docs/product.md#google-workspace-accounts), shown by the member's Workspace address, never the
 * private one.
 */
export const OUTBOX_KINDS = ['reminder', 'digest', 'welcome', 'preboarding', 'workspace-password'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
/** The largest page of the outbox. */
export const OUTBOX_MAX_PAGE_SIZE = 200;

/** One message of the outbox, without its bodies. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(OUTBOX_KINDS),
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** 'smtp' (left by SMTP), 'outbox' (no SMTP_URL: kept here only), null until sent. */
  transport: z.enum(['smtp', 'outbox']).nullable(),
  subject: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * GET /api/admin/outbox — one page of the messages that match, newest first, how many match in all, and whether SMTP
 * is configured.
 */
export const outboxResponseSchema = z.object({
  smtpConfigured: z.boolean(),
  messages: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/**
 * GET /api/admin/outbox query: `status`, `kind` (reminder or digest), `recipient` (part of the address, any case), and
 * the page (from 1) and page size (at most OUTBOX_MAX_PAGE_SIZE).
 */
export const outboxQuerySchema = z
  .object({
    status: z.enum(OUTBOX_STATUSES, { error: `must be one of ${OUTBOX_STATUSES.join(', ')}` }).optional(),
    kind: z.enum(OUTBOX_KINDS, { error: `must be one of ${OUTBOX_KINDS.join(', ')}` }).optional(),
    recipient: z.string().trim().toLowerCase().max(320).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(OUTBOX_MAX_PAGE_SIZE).default(50),
  })
  .strict();
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
/** The query as a client writes it: everything optional. */
export type OutboxQueryInput = z.input<typeof outboxQuerySchema>;

/**
 * POST /api/admin/digest — the digest asked for now is queued (it is sent in the background, and the outbox shows it
 * leave): the message as the outbox holds it.
 */
export const digestNowResponseSchema = z.object({ message: outboxMessageSchema });
export type DigestNowResponse = z.infer<typeof digestNowResponseSchema>;

/** GET /api/admin/outbox/:id — one message with its bodies (as sent, or as it would have been). */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

/** GET /api/admin/members/:email/mail — a member's dates, reminder settings and every message sent to them. */
export const memberMailResponseSchema = z.object({
  /** The start date an admin set; null when the first sign-in counts. */
  startOnSet: calendarDaySchema.nullable(),
  /** The start date that counts: set, else the day of the first sign-in; null for an invited person. */
  startOn: calendarDaySchema.nullable(),
  remindersPaused: z.boolean(),
  unsubscribedAt: z.string().nullable(),
  messages: z.array(outboxMessageSchema),
});
export type MemberMailResponse = z.infer<typeof memberMailResponseSchema>;

/** PUT /api/admin/members/:email/mail — change the start date (null: the first sign-in counts) or pause reminders. */
export const memberMailBodySchema = z
  .object({
    startOn: calendarDaySchema.nullable().optional(),
    remindersPaused: z.boolean().optional(),
  })
  .strict();
export type MemberMailBody = z.infer<typeof memberMailBodySchema>;

/** GET/PUT /api/admin/digest — whether the signed-in admin gets the weekly digest. */
export const digestSettingsSchema = z.object({ digestOn: z.boolean() }).strict();
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
