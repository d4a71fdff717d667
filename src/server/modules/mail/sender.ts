import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { refreshAdminMembers } from '../member-overview/index.js';
import { isSendingHour } from '../../calendar.js';
import type { OutgoingMail } from './smtp-transport.js';
import { type Claimed, OUTBOX_MESSAGE_KINDS, type SendDeps, type SendResult, clockOf, rowsOf } from './send-deps.js';
import { buildDigest, buildReminder, buildTeamTasks, buildWelcome } from './message-builders.js';
import { buildPreboardingMessage } from './preboarding-mails.js';
import { buildWorkspacePassword } from './workspace-password-mail.js';

/**
 * Sending (docs/decisions/025-reminders-and-outbox.md, docs/reliability.md#e-mail): claims due outbox messages with
 * `for update skip locked` and a lease (MAIL_CLAIM_SECONDS), renders each from what is still due, renews the claim and
 * counts the attempt, sends it over SMTP within time limits shorter than the claim (or, without SMTP_URL, keeps it in
 * the outbox only), then records the outcome only if the claim is still this process's (its token): a process whose
 * claim was lost logs it and changes nothing. A process killed after sending and before recording leaves its claim to
 * lapse: the message is sent again by another process (at most that one duplicated), never skipped. SMTP failures
 * retry with backoff, then end 'failed' after MAX_ATTEMPTS attempts, shown in the admin area.
 */

export {
  type MailTransport,
  type OutgoingMail,
  type SmtpTimeLimits,
  outboxOnlyTransport,
  smtpTimeLimits,
  smtpTransport,
} from './smtp-transport.js';
export type { SendDeps, SendResult } from './send-deps.js';

/** How many times a message is tried before it is 'failed'. */
export const MAX_ATTEMPTS = 5;

/** Claims up to `limit` due messages for this process (a lease of MAIL_CLAIM_SECONDS under a fresh token). */
async function claim(deps: SendDeps, limit: number): Promise<Claimed[]> {
  const token = randomUUID();
  const at = clockOf(deps);
  const now = at.toISOString();
  const until = new Date(at.getTime() + deps.config.mail.claimSeconds * 1000).toISOString();
  const sendingHour = isSendingHour(deps.now, deps.config.organisationTimeZone);
  // A claim that lapsed during the last attempt (its process stopped while sending): no attempt beyond the limit.
  await deps.db.execute(sql`
    update mail_outbox set status = 'failed', claimed_until = null, plan = plan - 'sealed',
      last_error = ${`The app stopped while sending attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}; the message may or may not have left.`}
    where status = 'sending' and claimed_until <= ${now}::timestamptz and attempts >= ${MAX_ATTEMPTS}`);
  const rows = rowsOf(
    await deps.db.execute(sql`
      update mail_outbox o set status = 'sending', claimed_until = ${until}::timestamptz, claim_token = ${token}::uuid
      where o.id in (
        select id from mail_outbox
        where ((status = 'pending' and next_attempt_at <= ${now}::timestamptz)
            or (status = 'sending' and claimed_until <= ${now}::timestamptz))
          and attempts < ${MAX_ATTEMPTS}
          and (kind in ('digest', 'preboarding-link') or ${sendingHour})
        order by next_attempt_at, seq
        limit ${limit}
        for update skip locked
      )
      returning o.id, o.kind, o.recipient, o.plan`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: OUTBOX_MESSAGE_KINDS.find((kind) => kind === r.kind) ?? 'reminder',
    recipient: String(r.recipient),
    plan: (r.plan ?? {}) as Record<string, unknown>,
    token,
  }));
}

/**
 * Sends every message due now, up to MAIL_CONCURRENCY at once (docs/reliability.md#e-mail): it claims only as many as
 * it has free connections, so each message it claims starts at once and is sent within its claim; the rest stay
 * unclaimed for other processes. When a send ends, the next message is claimed, until none is left.
 * @param deps database, content, clock, configuration (`mail.concurrency`), public origin and transport
 * @returns how many were sent, cancelled (nothing due any more, paused, unsubscribed, left), put back for a retry, and
 *   given up ('failed')
 * @throws the first database error of a send, once the other sends in flight have ended (nothing more is claimed)
 */
export async function sendDueMessages(deps: SendDeps): Promise<SendResult> {
  const result: SendResult = { sent: 0, cancelled: 0, retried: 0, failed: 0, lost: 0 };
  await refreshAdminMembers(deps.db, deps.catalog, deps.config.organisationTimeZone);
  const concurrency = Math.max(1, deps.config.mail.concurrency);
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let drained = false;
  for (;;) {
    const free = concurrency - inFlight.size;
    if (free > 0 && !drained && failure === undefined) {
      const batch = await claim(deps, free);
      if (batch.length === 0) drained = true;
      for (const message of batch) {
        const sending: Promise<void> = sendOne(deps, message)
          .then((outcome) => {
            if (outcome !== 'skipped') result[outcome] += 1;
          })
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      if (batch.length > 0) continue;
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  if (failure !== undefined) throw failure.error;
  return result;
}

/**
 * Starts an attempt: renews the claim of one message just before it is sent (a batch's later messages wait on the
 * earlier ones' sending) and counts the attempt.
 * @returns the attempt's number (1 for the first), or undefined when the claim ran out and another process took the
 *   message, or when it has had its MAX_ATTEMPTS attempts
 */
async function startAttempt(deps: SendDeps, message: Claimed): Promise<number | undefined> {
  const until = new Date(clockOf(deps).getTime() + deps.config.mail.claimSeconds * 1000);
  const [row] = rowsOf(
    await deps.db.execute(sql`
      update mail_outbox set claimed_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where id = ${message.id} and status = 'sending' and claim_token = ${message.token}::uuid and attempts < ${MAX_ATTEMPTS}
      returning attempts`),
  );
  return row === undefined ? undefined : Number(row.attempts);
}

/**
 * Records what became of a message, if the claim is still ours (status 'sending' under our token). Once a message is
 * sent, given up or cancelled, a sealed secret of its plan (a temporary password, workspace-password-mail.ts) is
 * dropped: it is kept only while it may still be sent.
 * @returns false when the claim was lost: another process has the message now, so nothing is changed and it is logged
 */
async function record(deps: SendDeps, message: Claimed, outcome: string, changes: SQL): Promise<boolean> {
  const rows = rowsOf(
    await deps.db.execute(sql`
      update mail_outbox set ${changes}, claimed_until = null,
        plan = case when ${outcome} = 'retry' then plan else plan - 'sealed' end
      where id = ${message.id} and status = 'sending' and claim_token = ${message.token}::uuid
      returning id`),
  );
  if (rows.length === 1) return true;
  deps.log?.warn(
    { messageId: message.id, recipient: message.recipient, outcome },
    'mail: the claim on this message was lost while it was being sent; its outcome is not recorded (another process has it)',
  );
  return false;
}

async function sendOne(deps: SendDeps, message: Claimed): Promise<keyof SendResult | 'skipped'> {
  const built =
    message.kind === 'reminder'
      ? await buildReminder(deps, message)
      : message.kind === 'welcome'
        ? await buildWelcome(deps, message)
        : message.kind === 'team-tasks'
          ? await buildTeamTasks(deps, message)
          : message.kind === 'preboarding' || message.kind === 'preboarding-link'
            ? await buildPreboardingMessage(deps, { ...message, kind: message.kind })
            : message.kind === 'workspace-password'
              ? await buildWorkspacePassword(deps, message)
              : await buildDigest(deps, message);
  if ('cancel' in built) {
    const done = await record(deps, message, 'cancelled', sql`status = 'cancelled', cancel_reason = ${built.cancel}`);
    return done ? 'cancelled' : 'skipped';
  }
  const attempt = await startAttempt(deps, message);
  if (attempt === undefined) return 'skipped';
  const host = new URL(deps.origin).hostname;
  const outgoing: OutgoingMail = {
    ...built.mail,
    from: deps.config.mail.from,
    to: message.recipient,
    messageId: `<${message.id}@${host}>`,
    headers: built.headers,
    date: deps.now,
    ...('icalEvent' in built && built.icalEvent !== undefined ? { icalEvent: built.icalEvent } : {}),
  };
  // What the outbox keeps: a message with a secret (a single-use link, a temporary password) keeps a copy without it
  // (docs/security.md#pre-boarding, docs/decisions/074-groups-follow-the-role.md).
  const kept = 'stored' in built ? built.stored : outgoing;
  const bodies = sql`subject = ${kept.subject}, text_body = ${kept.text}, html_body = ${kept.html}`;
  try {
    await deps.transport.send(outgoing);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (attempt >= MAX_ATTEMPTS) {
      const done = await record(deps, message, 'failed', sql`status = 'failed', last_error = ${reason}, ${bodies}`);
      return done ? 'failed' : 'lost';
    }
    const waitMs = deps.config.mail.retrySeconds * 1000 * 2 ** (attempt - 1);
    const retryAt = new Date(clockOf(deps).getTime() + waitMs);
    const done = await record(
      deps,
      message,
      'retry',
      sql`status = 'pending', last_error = ${reason}, next_attempt_at = ${retryAt.toISOString()}::timestamptz`,
    );
    return done ? 'retried' : 'lost';
  }
  const done = await record(
    deps,
    message,
    'sent',
    sql`status = 'sent', transport = ${deps.transport.kind}, sent_at = ${clockOf(deps).toISOString()}::timestamptz,
      ${bodies}, last_error = null`,
  );
  return done ? 'sent' : 'lost';
}
