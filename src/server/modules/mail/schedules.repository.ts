import { sql } from 'drizzle-orm';
import type { OutboxMessage, OutboxQuery } from '../../../shared/mail-api.js';
import type { Database } from '../../db/client.js';
import { OUTBOX_KINDS_TO_PRIVATE_ADDRESS } from '../../db/schema.js';

/**
 * Start dates and mail settings of people (db/schema.ts `member_schedules`), and the outbox as the admin area reads it
 * (docs/product.md#due-dates-and-reminders).
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const isoOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(String(v)).toISOString();

/**
 * Changes some of a person's settings (creating their row when needed).
 * @param db the database
 * @param email the person's address, lower case
 * @param change the settings to change: `startOn` (YYYY-MM-DD, null: the first sign-in counts), `remindersPaused`,
 *   `unsubscribed` (true: now), `digestOff`
 * @param now the clock
 */
export async function updateSchedule(
  db: Database,
  email: string,
  change: { startOn?: string | null; remindersPaused?: boolean; unsubscribed?: boolean; digestOff?: boolean },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const startOn = change.startOn === undefined ? sql`member_schedules.start_on` : sql`${change.startOn}::date`;
  const paused =
    change.remindersPaused === undefined ? sql`member_schedules.reminders_paused` : sql`${change.remindersPaused}`;
  const unsub =
    change.unsubscribed === undefined
      ? sql`member_schedules.unsubscribed_at`
      : change.unsubscribed
        ? sql`coalesce(member_schedules.unsubscribed_at, ${at}::timestamptz)`
        : sql`null::timestamptz`;
  const digestOff = change.digestOff === undefined ? sql`member_schedules.digest_off` : sql`${change.digestOff}`;
  await db.execute(sql`
    insert into member_schedules (email, start_on, reminders_paused, unsubscribed_at, digest_off, updated_at)
    values (${email}, ${change.startOn ?? null}::date, ${change.remindersPaused ?? false},
      ${change.unsubscribed === true ? at : null}::timestamptz, ${change.digestOff ?? false}, ${at}::timestamptz)
    on conflict (email) do update set start_on = ${startOn}, reminders_paused = ${paused}, unsubscribed_at = ${unsub},
      digest_off = ${digestOff}, updated_at = ${at}::timestamptz`);
  if (change.remindersPaused === true || change.unsubscribed === true) {
    await cancelPendingReminders(
      db,
      email,
      change.unsubscribed === true ? 'unsubscribed' : 'reminders paused by an admin',
    );
  }
}

/**
 * Cancels a person's reminders not yet sent (a claimed one in flight is left to the sender, which checks again).
 * @param db the database
 * @param email the person
 * @param reason shown in the outbox
 * @returns how many were cancelled
 */
export async function cancelPendingReminders(db: Database, email: string, reason: string): Promise<number> {
  const result = await db.execute(sql`
    update mail_outbox set status = 'cancelled', cancel_reason = ${reason}
    where recipient = ${email} and kind = 'reminder' and status = 'pending'
    returning id`);
  return rowsOf(result).length;
}

/**
 * A person's settings.
 * @returns the row's values, or defaults when there is none
 */
export async function getSchedule(
  db: Database,
  email: string,
): Promise<{ startOn: string | null; remindersPaused: boolean; unsubscribedAt: string | null; digestOff: boolean }> {
  const [row] = rowsOf(
    await db.execute(sql`
      select start_on::text as start_on, reminders_paused, unsubscribed_at, digest_off
      from member_schedules where email = ${email}`),
  );
  return {
    startOn: typeof row?.start_on === 'string' ? row.start_on : null,
    remindersPaused: row?.reminders_paused === true,
    unsubscribedAt: isoOrNull(row?.unsubscribed_at),
    digestOff: row?.digest_off === true,
  };
}

/**
 * The start day that counts for a person: the one set, else the day of their first sign-in in the time zone.
 * @returns YYYY-MM-DD, or null (never signed in, none set)
 */
export async function effectiveStartOn(db: Database, email: string, timeZone: string): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(
        (select start_on from member_schedules where email = ${email}),
        (select (created_at at time zone ${timeZone})::date from users where email = ${email})
      )::text as start_on`),
  );
  return typeof row?.start_on === 'string' ? row.start_on : null;
}

const messageOf = (r: Row): OutboxMessage => ({
  id: String(r.id),
  kind:
    r.kind === 'digest' || r.kind === 'welcome' || r.kind === 'workspace-password'
      ? r.kind
      : r.kind === 'preboarding' || r.kind === 'preboarding-link'
        ? 'preboarding'
        : 'reminder',
  // A message to a private address names the member instead: reading that address is audited on the member page.
  recipient: typeof r.member === 'string' ? `${r.member} (private address)` : String(r.recipient),
  status: String(r.status) as OutboxMessage['status'],
  transport: r.transport === 'smtp' || r.transport === 'outbox' ? r.transport : null,
  subject: typeof r.subject === 'string' ? r.subject : null,
  attempts: Number(r.attempts),
  createdAt: isoOrNull(r.created_at) ?? '',
  sentAt: isoOrNull(r.sent_at),
  nextAttemptAt: isoOrNull(r.next_attempt_at) ?? '',
  lastError: typeof r.last_error === 'string' ? r.last_error : null,
  cancelReason: typeof r.cancel_reason === 'string' ? r.cancel_reason : null,
});

/** Whether a message went to a member's private address (then `plan.member` names the member). */
const TO_PRIVATE_ADDRESS = sql`kind in (${sql.join(
  OUTBOX_KINDS_TO_PRIVATE_ADDRESS.map((kind) => sql`${kind}`),
  sql`, `,
)})`;

const MESSAGE_COLUMNS = sql`id, kind, recipient, status, transport, subject, attempts, created_at, sent_at, next_attempt_at,
  last_error, cancel_reason, case when ${TO_PRIVATE_ADDRESS} then plan->>'member' end as member`;

/**
 * The latest outbox messages to one address, newest first (a member's page).
 * @param recipient the address, lower case
 * @param limit at most this many
 */
export async function listOutbox(db: Database, recipient: string, limit = 200): Promise<OutboxMessage[]> {
  const rows = rowsOf(
    await db.execute(
      sql`select ${MESSAGE_COLUMNS} from mail_outbox
        where recipient = ${recipient} or (${TO_PRIVATE_ADDRESS} and plan->>'member' = ${recipient})
        order by seq desc limit ${limit}`,
    ),
  );
  return rows.map(messageOf);
}

/**
 * One page of the outbox (docs/product.md#due-dates-and-reminders), newest first, and how many messages match.
 * @param query status, kind, part of the recipient's address (any case), page (from 1) and page size
 */
export async function pageOutbox(
  db: Database,
  query: OutboxQuery,
): Promise<{ messages: OutboxMessage[]; total: number }> {
  const conditions = [sql`true`];
  if (query.status !== undefined) conditions.push(sql`status = ${query.status}`);
  if (query.kind === 'preboarding') conditions.push(sql`kind in ('preboarding', 'preboarding-link')`);
  else if (query.kind !== undefined) conditions.push(sql`kind = ${query.kind}`);
  if (query.recipient !== undefined && query.recipient !== '') {
    const pattern = `%${query.recipient.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    // A private address is not searched: the member's address stands for it.
    conditions.push(
      sql`lower(case when ${TO_PRIVATE_ADDRESS} then plan->>'member' else recipient end) like ${pattern}`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [count] = rowsOf(await db.execute(sql`select count(*)::int as n from mail_outbox where ${where}`));
  const rows = rowsOf(
    await db.execute(sql`
      select ${MESSAGE_COLUMNS} from mail_outbox where ${where}
      order by seq desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return { messages: rows.map(messageOf), total: Number(count?.n ?? 0) };
}

/**
 * One outbox message with its bodies.
 * @returns it, or undefined
 */
export async function getOutboxMessage(
  db: Database,
  id: string,
): Promise<(OutboxMessage & { text: string | null; html: string | null }) | undefined> {
  if (!/^[0-9a-f-]{36}$/u.test(id)) return undefined;
  const [row] = rowsOf(
    await db.execute(sql`select ${MESSAGE_COLUMNS}, text_body, html_body from mail_outbox where id = ${id}`),
  );
  if (row === undefined) return undefined;
  return {
    ...messageOf(row),
    text: typeof row.text_body === 'string' ? row.text_body : null,
    html: typeof row.html_body === 'string' ? row.html_body : null,
  };
}
