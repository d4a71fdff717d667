import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { connect, Socket } from 'node:net';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { dueLabel } from '../../../shared/due-label.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import {
  adjustedStepRows,
  adjustmentRule,
  listStepAdjustments,
  refreshAdminMembers,
  roleStepRows,
} from '../member-overview/index.js';
import { addDays, dayIn, daysFrom, isSendingHour, stepDueOn } from '../../calendar.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import {
  renderDigest,
  renderReminder,
  renderTeamTasks,
  renderWelcome,
  type DigestPerson,
  type RenderedMail,
} from './render.js';
import { unsubscribeUrl } from './unsubscribe.js';
import { appointmentInvitation, type CalendarInvitation } from './appointment-invitation.js';
import { teamTasksOfRole } from '../../../shared/team-tasks.js';

/**
 * Sending (docs/decisions/025-reminders-and-outbox.md, docs/reliability.md#e-mail): claims due outbox messages with
 * `for update skip locked` and a lease (MAIL_CLAIM_SECONDS), renders each from what is still due, renews the claim and
 * counts the attempt, sends it over SMTP within time limits shorter than the claim (or, without SMTP_URL, keeps it in
 * the outbox only), then records the outcome only if the claim is still this process's (its token): a process whose
 * claim was lost logs it and changes nothing. A process killed after sending and before recording leaves its claim to
 * lapse: the message is sent again by another process (at most that one duplicated), never skipped. SMTP failures
 * retry with backoff, then end 'failed' after MAX_ATTEMPTS attempts, shown in the admin area.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** How many times a message is tried before it is 'failed'. */
export const MAX_ATTEMPTS = 5;

/** One message handed to the transport. */
export interface OutgoingMail extends RenderedMail {
  from: string;
  to: string;
  messageId: string;
  headers: Record<string, string>;
  /** The Date header: when the app sent it (its clock). */
  date: Date;
  /** A calendar invitation (a text/calendar part), for a team task that is a meeting (docs/product.md#appointments). */
  icalEvent?: CalendarInvitation;
}

/** Where messages go: SMTP (nodemailer), or nowhere (the outbox keeps them). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The time limits of one SMTP send, in milliseconds, all derived from the claim (MAIL_CLAIM_SECONDS). */
export interface SmtpTimeLimits {
  /** The whole send, from connecting to the relay's answer: three quarters of the claim, the rest left for recording it. */
  sendMs: number;
  /** Connecting (TCP and TLS): a quarter of the claim, at most 30 s. */
  connectionTimeout: number;
  /** The relay's greeting once connected: a quarter of the claim, at most 30 s. */
  greetingTimeout: number;
  /** Silence on the connection, e.g. waiting for the relay to accept the message: half the claim. */
  socketTimeout: number;
}

/**
 * The SMTP time limits for a claim (docs/reliability.md#e-mail): every send ends, delivered or failed, before its claim
 * runs out, so no other process can take the message while it may still be leaving. nodemailer's own limits bound each
 * wait (connecting, the greeting, each answer); the whole send is bounded on top, since several answers each just
 * within the silence limit could add up to more than the claim.
 * @param claimSeconds MAIL_CLAIM_SECONDS (at least 5)
 * @returns the limits in milliseconds
 */
export function smtpTimeLimits(claimSeconds: number): SmtpTimeLimits {
  const claimMs = claimSeconds * 1000;
  return {
    sendMs: claimMs * 0.75,
    connectionTimeout: Math.min(30_000, claimMs / 4),
    greetingTimeout: Math.min(30_000, claimMs / 4),
    socketTimeout: claimMs / 2,
  };
}

/**
 * What of nodemailer's SMTPPool the cut-off reaches (not its public API, so checked at run time): the pool's
 * connections, each with the message it is sending (`queueEntry.messageId`, the Message-ID without its brackets) and
 * its SMTP connection's socket.
 */
interface PoolInternals {
  _connections?: { queueEntry?: { messageId?: unknown } | false; connection?: { _socket?: unknown } | false }[];
}

/**
 * The socket of the pool's connection that is sending a message, if it can be found.
 * @param pool nodemailer's SMTPPool
 * @param messageId the message's Message-ID, with or without its angle brackets
 */
function socketSending(pool: SMTPPool, messageId: string): Socket | undefined {
  const id = messageId.replace(/[<>\s]/g, '');
  const connections = (pool as unknown as PoolInternals)._connections;
  if (!Array.isArray(connections)) return undefined;
  const resource = connections.find((c) => c.queueEntry !== false && c.queueEntry?.messageId === id);
  const socket = resource?.connection === false ? undefined : resource?.connection?._socket;
  return socket instanceof Socket ? socket : undefined;
}

/**
 * nodemailer's pooled SMTP transport: up to `concurrency` connections (`maxConnections`), each sending one message at
 * a time and reused for the next (`maxMessages` 100, then a fresh one), within the time limits of `smtpTimeLimits`
 * (nodemailer's `createTransport({ url, ...options })` keeps only what the URL says, so the limits are given to its
 * SMTPPool directly). The sender never has more than `concurrency` sends in flight, so a message never waits in the
 * pool's queue for a connection: its time limit runs while it is being sent. The whole send is cut off at its limit:
 * the socket of the connection sending it is destroyed (the relay never sees the end of the message, and the send
 * fails); should that connection not be found (another nodemailer), every connection of the pool is cut instead and
 * the other sends in flight fail too (they are tried again under new claims; none is sent twice). The pool never sends
 * a message again by itself when its connection closes (`maxRequeues: 0`): the outbox does, under a new claim. docs/reliability.md#e-mail.
 * @param url SMTP_URL, e.g. smtp://smtp-relay.gmail.com:587 (smtps:// for TLS from the start)
 * @param claimSeconds MAIL_CLAIM_SECONDS
 * @param concurrency MAIL_CONCURRENCY: connections, and so messages in flight, at most (1 to 50)
 */
export function smtpTransport(url: string, claimSeconds: number, concurrency: number): MailTransport {
  const limits = smtpTimeLimits(claimSeconds);
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  /** Every socket the pool's connections use (opened here, in `getSocket`), until it closes. */
  const sockets = new Set<Socket>();
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    url,
    maxConnections: concurrency,
    maxMessages: 100,
    // A message whose connection closed while sending fails (the outbox tries it again under a new claim); the pool
    // must not send it again by itself, after the sender has given up on it.
    maxRequeues: 0,
    connectionTimeout: limits.connectionTimeout,
    greetingTimeout: limits.greetingTimeout,
    socketTimeout: limits.socketTimeout,
    getSocket(to, callback) {
      const host = to.host ?? 'localhost';
      const port = to.port ?? (to.secure === true ? 465 : 587);
      const connecting = connect({ host, port });
      sockets.add(connecting);
      connecting.once('close', () => sockets.delete(connecting));
      let connected = false;
      const timer = setTimeout(
        () =>
          connecting.destroy(
            new Error(`Could not connect to ${host}:${port} within ${seconds(limits.connectionTimeout)}`),
          ),
        limits.connectionTimeout,
      );
      // Stays attached: nodemailer adds its own handlers once it has the socket; an error before that ends the send.
      connecting.on('error', (error) => {
        clearTimeout(timer);
        if (!connected) callback(error, undefined);
      });
      connecting.once('connect', () => {
        connected = true;
        clearTimeout(timer);
        callback(null, { connection: connecting });
      });
    },
  };
  const open = () => new SMTPPool(options);
  let pool = open();
  let mailer = nodemailer.createTransport(pool);
  return {
    kind: 'smtp',
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const cutOff = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`The SMTP server did not take the message within ${seconds(limits.sendMs)}`);
          const socket = socketSending(pool, mail.messageId);
          if (socket !== undefined) socket.destroy(error);
          else {
            // Not found: every connection is cut (nodemailer's close() would let busy ones finish their message),
            // and a fresh pool takes the next messages, so nothing queued in the old one leaves later.
            for (const each of sockets) each.destroy(error);
            mailer.close();
            pool = open();
            mailer = nodemailer.createTransport(pool);
          }
          reject(error);
        }, limits.sendMs);
      });
      try {
        await Promise.race([
          mailer.sendMail({
            from: mail.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            messageId: mail.messageId,
            headers: mail.headers,
            date: mail.date,
            ...(mail.icalEvent === undefined ? {} : { icalEvent: mail.icalEvent }),
          }),
          cutOff,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => mailer.close(),
  };
}

/** Without SMTP_URL: nothing leaves the machine; the message is recorded as kept in the outbox. */
export const outboxOnlyTransport: MailTransport = {
  kind: 'outbox',
  send: async () => undefined,
  close: () => undefined,
};

/** What sending needs. */
export interface SendDeps {
  db: Database;
  /** Where a lost claim is reported (default: nowhere). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  catalog: RoleCatalog;
  now: Date;
  config: Pick<Config, 'organisationTimeZone' | 'orgName' | 'supportEmail' | 'sessionSecret' | 'adminEmails' | 'mail'>;
  /** The app's public origin, for links. */
  origin: string;
  transport: MailTransport;
  /**
   * The running clock for claims (a run may last longer than a claim); default: `now` throughout (tests that move the
   * clock themselves).
   */
  clock?: () => Date;
}

/** What one run did. */
export interface SendResult {
  sent: number;
  cancelled: number;
  retried: number;
  failed: number;
  /** Sent or tried, but the claim had passed to another process meanwhile: the outcome was logged, not recorded. */
  lost: number;
}

interface Claimed {
  id: string;
  kind: 'reminder' | 'digest' | 'welcome' | 'team-tasks';
  recipient: string;
  plan: Record<string, unknown>;
  /** This claim's token: the message is still ours while the row holds it. */
  token: string;
}

const clockOf = (deps: SendDeps): Date => deps.clock?.() ?? deps.now;

/** Claims up to `limit` due messages for this process (a lease of MAIL_CLAIM_SECONDS under a fresh token). */
async function claim(deps: SendDeps, limit: number): Promise<Claimed[]> {
  const token = randomUUID();
  const at = clockOf(deps);
  const now = at.toISOString();
  const until = new Date(at.getTime() + deps.config.mail.claimSeconds * 1000).toISOString();
  const sendingHour = isSendingHour(deps.now, deps.config.organisationTimeZone);
  // A claim that lapsed during the last attempt (its process stopped while sending): no attempt beyond the limit.
  await deps.db.execute(sql`
    update mail_outbox set status = 'failed', claimed_until = null,
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
          and (kind = 'digest' or ${sendingHour})
        order by next_attempt_at, seq
        limit ${limit}
        for update skip locked
      )
      returning o.id, o.kind, o.recipient, o.plan`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind === 'digest' || r.kind === 'welcome' || r.kind === 'team-tasks' ? r.kind : 'reminder',
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
 * Records what became of a message, if the claim is still ours (status 'sending' under our token).
 * @returns false when the claim was lost: another process has the message now, so nothing is changed and it is logged
 */
async function record(deps: SendDeps, message: Claimed, outcome: string, changes: SQL): Promise<boolean> {
  const rows = rowsOf(
    await deps.db.execute(sql`
      update mail_outbox set ${changes}, claimed_until = null
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
    ...(built.icalEvent === undefined ? {} : { icalEvent: built.icalEvent }),
  };
  const bodies = sql`subject = ${outgoing.subject}, text_body = ${outgoing.text}, html_body = ${outgoing.html}`;
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

type Built =
  { mail: RenderedMail; headers: Record<string, string>; icalEvent?: CalendarInvitation } | { cancel: string };

interface PlannedStep {
  stepId: string;
  dueOn: string;
}

/** A member's current standing for their reminder, or why there is none. */
async function buildReminder(deps: SendDeps, message: Claimed): Promise<Built> {
  const zone = deps.config.organisationTimeZone;
  const [person] = rowsOf(
    await deps.db.execute(sql`
      select am.name, am.user_id, am.role_key,
        coalesce(am.start_on, (am.first_sign_in_at at time zone ${zone})::date)::text as start_on,
        (select m.left_at from members m where m.email = am.email) as left_at,
        ms.reminders_paused, ms.unsubscribed_at
      from admin_members am left join member_schedules ms on ms.email = am.email
      where am.email = ${message.recipient}`),
  );
  if (person === undefined) return { cancel: 'no such member any more' };
  if (person.left_at !== null && person.left_at !== undefined) return { cancel: 'left the organisation' };
  if (person.unsubscribed_at !== null && person.unsubscribed_at !== undefined) return { cancel: 'unsubscribed' };
  if (person.reminders_paused === true) return { cancel: 'reminders paused by an admin' };
  if (typeof person.start_on !== 'string') return { cancel: 'no start date' };
  const completed = new Set(
    person.user_id === null
      ? []
      : rowsOf(
          await deps.db.execute(sql`select step_id from step_progress where user_id = ${String(person.user_id)}`),
        ).map((r) => String(r.step_id)),
  );
  const today = dayIn(deps.now, zone);
  // docs/product.md#per-person-adjustments: the person's own steps (skips left out, extra steps in).
  const adjustments = (await listStepAdjustments(deps.db, message.recipient)).map(adjustmentRule);
  const open = adjustedStepRows(
    roleStepRows(deps.catalog).filter((s) => s.roleKey === person.role_key),
    adjustments,
  )
    .filter((s) => s.dueAfterDays !== null && !completed.has(s.stepId))
    .map((s) => {
      const dueOn = stepDueOn(String(person.start_on), s.dueAfterDays ?? 0, s.versionDate);
      return { ...s, dueOn, late: daysFrom(dueOn, today) };
    });
  const planned = ((message.plan.steps ?? []) as PlannedStep[]).filter((p) =>
    open.some((s) => s.stepId === p.stepId && s.dueOn === p.dueOn),
  );
  if (planned.length === 0) return { cancel: 'nothing due any more' };
  const shown = open.filter((s) => s.late >= -3);
  const unsubscribe = unsubscribeUrl(deps.origin, deps.config.sessionSecret, message.recipient);
  const mail = renderReminder({
    name: String(person.name ?? ''),
    steps: shown.map((s) => ({
      title: s.title,
      dueLabel: dueLabel(s.dueOn, s.late),
      overdue: s.late > 0,
      url: `${deps.origin}/dashboard?step=${encodeURIComponent(s.stepId)}`,
    })),
    dashboardUrl: `${deps.origin}/dashboard`,
    unsubscribeUrl: unsubscribe,
    orgName: deps.config.orgName,
    supportEmail: deps.config.supportEmail,
  });
  return {
    mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}

interface PlannedTask {
  taskId: string;
  dueOn: string;
  occasion?: 'due' | 'overdue';
}

/**
 * A person's team-task e-mail (docs/product.md#team-tasks): the planned tasks still open, still theirs and still due
 * that day, or why there is none (done meanwhile, moved, they left).
 */
async function buildTeamTasks(deps: SendDeps, message: Claimed): Promise<Built> {
  const zone = deps.config.organisationTimeZone;
  const [who] = rowsOf(
    await deps.db.execute(sql`
      select (select m.left_at from members m where m.email = x.email) as left_at,
        (select u.name from users u where u.email = x.email limit 1) as name
      from (select ${message.recipient}::text as email) x`),
  );
  if (who?.left_at !== null && who?.left_at !== undefined) return { cancel: 'left the organisation' };
  const planned = (message.plan.tasks ?? []) as PlannedTask[];
  const ids = planned.map((p) => p.taskId).filter((id) => /^[0-9a-f-]{36}$/u.test(id));
  if (ids.length === 0) return { cancel: 'nothing due any more' };
  const rows = rowsOf(
    await deps.db.execute(sql`
      select t.id, t.title, t.description, t.task_id, t.role_key, t.due_on::text as due_on,
        coalesce(nullif(am.name, ''), t.newcomer_email) as newcomer
      from team_tasks t left join admin_members am on am.email = t.newcomer_email
      where t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and t.status = 'open' and ${message.recipient} = any(t.assignees)
      order by t.due_on, t.title`),
  );
  const today = dayIn(deps.now, zone);
  const tasks = rows
    .filter((r) => planned.some((p) => p.taskId === String(r.id) && p.dueOn === String(r.due_on)))
    .map((r) => {
      const late = daysFrom(String(r.due_on), today);
      return {
        title: String(r.title),
        newcomer: String(r.newcomer),
        dueLabel: dueLabel(String(r.due_on), late),
        overdue: late > 0,
      };
    });
  if (tasks.length === 0) return { cancel: 'nothing due any more' };
  const icalEvent = invitationOf(deps, message, planned, rows);
  const mail = renderTeamTasks({
    name: String(who?.name ?? ''),
    tasks,
    tasksUrl: `${deps.origin}/tasks`,
    orgName: deps.config.orgName,
  });
  return { mail, headers: { 'Auto-Submitted': 'auto-generated' }, ...(icalEvent ? { icalEvent } : {}) };
}

/**
 * The calendar invitation of a team-task e-mail (docs/product.md#appointments): for the first task of the message that
 * is mailed on its due day and whose content gives the meeting a time (`appointment: { time, durationMinutes }` of
 * the published role configuration); none otherwise (an overdue reminder, or `appointment: true` without a time). One
 * per message: a message carries one calendar part.
 */
function invitationOf(
  deps: SendDeps,
  message: Claimed,
  planned: readonly PlannedTask[],
  rows: readonly Record<string, unknown>[],
): CalendarInvitation | undefined {
  for (const r of rows) {
    const dueOn = String(r.due_on);
    const plan = planned.find((p) => p.taskId === String(r.id) && p.dueOn === dueOn);
    if (plan?.occasion !== 'due') continue;
    const task = teamTasksOfRole(deps.catalog, String(r.role_key)).find((t) => t.id === String(r.task_id));
    const appointment = task?.appointment;
    if (typeof appointment !== 'object') continue;
    const invitation = appointmentInvitation({
      taskId: String(r.id),
      title: String(r.title),
      description: String(r.description ?? ''),
      newcomer: String(r.newcomer),
      dueOn,
      time: appointment.time,
      durationMinutes: appointment.durationMinutes,
      timeZone: deps.config.organisationTimeZone,
      organizer: deps.config.mail.from,
      attendee: message.recipient,
      host: new URL(deps.origin).hostname,
    });
    if (invitation) return invitation;
  }
  return undefined;
}

/** An invited person's welcome, or why there is none (they left, their invitation was removed, they signed in). */
async function buildWelcome(deps: SendDeps, message: Claimed): Promise<Built> {
  const [person] = rowsOf(
    await deps.db.execute(sql`
      select am.name, am.role_key, am.department, m.left_at, m.email as member_email,
        exists (select 1 from users u where u.email = ${message.recipient}) as signed_in
      from (select ${message.recipient}::text as email) x
        left join members m on m.email = x.email
        left join admin_members am on am.email = x.email`),
  );
  if (person?.member_email === null || person?.member_email === undefined) return { cancel: 'invitation removed' };
  if (person.left_at !== null && person.left_at !== undefined) return { cancel: 'left the organisation' };
  if (person.signed_in === true) return { cancel: 'signed in already' };
  const roleKey = String(person.role_key ?? '');
  const mail = renderWelcome({
    name: String(person.name ?? ''),
    roleLabel: deps.catalog.get(roleKey)?.displayName ?? formatRoleLabel(roleKey),
    department: String(person.department ?? ''),
    signInUrl: `${deps.origin}/login`,
    orgName: deps.config.orgName,
    supportEmail: deps.config.supportEmail,
  });
  return { mail, headers: { 'Auto-Submitted': 'auto-generated' } };
}

/** An admin's or lead's digest, limited to what they may read, or why there is none. */
async function buildDigest(deps: SendDeps, message: Claimed): Promise<Built> {
  const zone = deps.config.organisationTimeZone;
  const [who] = rowsOf(
    await deps.db.execute(sql`
      select m.is_admin, m.lead_of, m.left_at, ms.digest_off
      from (select ${message.recipient}::text as email) x
        left join members m on m.email = x.email
        left join member_schedules ms on ms.email = x.email`),
  );
  if (who?.left_at !== null && who?.left_at !== undefined) return { cancel: 'left the organisation' };
  if (who?.digest_off === true && message.plan.onDemand !== true) return { cancel: 'digest turned off' };
  const isAdmin = deps.config.adminEmails.includes(message.recipient) || who?.is_admin === true;
  const leads = Array.isArray(who?.lead_of)
    ? (who.lead_of as unknown[]).map((d) => String(d).trim().toLowerCase()).filter((d) => d !== '')
    : [];
  if (!isAdmin && leads.length === 0) return { cancel: 'no longer an admin or department lead' };
  const today = dayIn(deps.now, zone);
  const weekAgo = new Date(deps.now.getTime() - 7 * 86_400_000).toISOString();
  const stalledBefore = new Date(deps.now.getTime() - deps.config.mail.stalledAfterDays * 86_400_000).toISOString();
  const departments = isAdmin
    ? sql`true`
    : sql`am.department_key in (${sql.join(
        leads.map((d) => sql`${d}`),
        sql`, `,
      )})`;
  const rows = rowsOf(
    await deps.db.execute(sql`
      with people as (
        select am.*, coalesce(am.start_on, (am.first_sign_in_at at time zone ${zone})::date) as started_on
        from admin_members am
        where ${departments}
          and not exists (select 1 from members m where m.email = am.email and m.left_at is not null)
      )
      select p.email, p.name, p.department, p.percent, p.total_steps, p.completed_steps,
        (p.started_on between ${addDays(today, -6)}::date and ${today}::date) as started,
        (p.total_steps > 0 and p.completed_steps = p.total_steps and p.last_progress_at >= ${weekAgo}::timestamptz) as finished,
        (p.completed_steps < p.total_steps and p.started_on is not null
          and coalesce(p.last_progress_at, p.started_on::timestamptz) < ${stalledBefore}::timestamptz) as stalled,
        (select count(*) from unnest(p.open_due_after_days) d where p.started_on + d < ${today}::date)::int as overdue
      from people p
      order by p.name_key, p.email`),
  );
  const person = (r: Row, detail: string): DigestPerson => ({
    name: String(r.name ?? ''),
    email: String(r.email),
    detail,
    url: `${deps.origin}/admin/members/${encodeURIComponent(String(r.email))}`,
  });
  const progress = (r: Row) =>
    `${String(r.department)} · ${Number(r.completed_steps)} of ${Number(r.total_steps)} steps`;
  const mail = renderDigest({
    sections: {
      started: rows.filter((r) => r.started === true).map((r) => person(r, progress(r))),
      finished: rows.filter((r) => r.finished === true).map((r) => person(r, String(r.department))),
      stalled: rows.filter((r) => r.stalled === true).map((r) => person(r, progress(r))),
      overdue: rows
        .filter((r) => Number(r.overdue) > 0)
        .map((r) => person(r, `${Number(r.overdue)} ${Number(r.overdue) === 1 ? 'step' : 'steps'} overdue`)),
    },
    scope: isAdmin
      ? 'all departments'
      : (Array.isArray(who?.lead_of) ? (who.lead_of as unknown[]).map(String) : []).join(', '),
    adminUrl: `${deps.origin}/admin`,
    settingsUrl: `${deps.origin}/admin?tab=mail`,
    orgName: deps.config.orgName,
  });
  return { mail, headers: { 'Auto-Submitted': 'auto-generated' } };
}
