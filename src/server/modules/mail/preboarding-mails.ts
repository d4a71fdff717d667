import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { PreboardingMail } from '../../../shared/content-schema.js';
import { dateInWords } from '../../../shared/read-day.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { inheritedRoles, RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import { addDays, dayIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { issueLink, preboardingDoneStepIds, preboardingPerson, whyNoPreboarding } from '../preboarding/index.js';
import { renderPreboardingMail, renderPreboardingNewLink, renderPreboardingWelcome } from './preboarding-render.js';
import type { RenderedMail } from './render.js';
import type { BuiltWithSecret } from './send-deps.js';
import { unsubscribeUrl } from './unsubscribe.js';

/**
 * Messages to a newcomer's private address before their first day (docs/product.md#pre-boarding), through the outbox
 * with its exactly-once rules (a unique `dedupe_key` per message): the welcome with the pre-boarding link (kind
 * 'preboarding', once per invitation and private address), the content's timed messages 'N days before the start
 * date' (kind 'preboarding', once per member, message and start date; quiet hours and the unsubscribe link as
 * reminders have), and a new link the person asked for (kind 'preboarding-link', sent at any hour). Each carries a
 * new single-use link, made when the message leaves; the outbox keeps the message without it.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** What the outbox keeps of a message in place of its link: the token is never stored. */
export const LINK_NOT_KEPT = '[the single-use link is not kept]';

/** The timed messages of a role: its own, then those of the roles it inherits (each id once). */
export function preboardingMailsOf(catalog: RoleCatalog, roleText: string): PreboardingMail[] {
  let key;
  try {
    key = resolveMemberRole(catalog, roleText).role.key;
  } catch (error) {
    if (error instanceof RoleConfigurationError) return [];
    throw error;
  }
  const seen = new Set<string>();
  const mails: PreboardingMail[] = [];
  for (const role of [key, ...inheritedRoles(catalog, key)]) {
    for (const mail of catalog.get(role)?.preboardingMails ?? []) {
      if (seen.has(mail.id)) continue;
      seen.add(mail.id);
      mails.push(mail);
    }
  }
  return mails;
}

/**
 * Plans the pre-boarding messages due now: the welcome of every invited person with a private address, a start date
 * after today and no Google sign-in yet, and each timed message whose day ('daysBefore' days before the start date) is
 * today, unless the person unsubscribed, an admin paused their reminders, or the step it names (`unlessDone`) was done
 * before the first day. Safe with several processes (unique keys).
 * @param deps database, content, clock and time zone
 * @returns how many messages were planned
 */
export async function planPreboardingMails(deps: {
  db: Database;
  catalog: RoleCatalog;
  now: Date;
  timeZone: string;
}): Promise<number> {
  const today = dayIn(deps.now, deps.timeZone);
  const at = deps.now.toISOString();
  const people = rowsOf(
    await deps.db.execute(sql`
      select m.email, m.private_email, m.role, ms.start_on::text as start_on,
        (extract(epoch from m.created_at) * 1000)::bigint::text as invited,
        ms.unsubscribed_at is not null or coalesce(ms.reminders_paused, false) as quiet
      from members m
        join member_schedules ms on ms.email = m.email
      where m.private_email is not null and m.left_at is null and ms.start_on > ${today}::date
        and not exists (select 1 from users u where u.email = m.email and u.subject is not null)`),
  );
  const planned: { kind: string; recipient: string; key: string; plan: Record<string, unknown> }[] = [];
  for (const person of people) {
    const email = String(person.email);
    const recipient = String(person.private_email);
    const startOn = String(person.start_on);
    planned.push({
      kind: 'preboarding',
      recipient,
      key: `preboarding-welcome:${email}:${recipient}:${String(person.invited)}`,
      plan: { member: email, mail: 'welcome' },
    });
    if (person.quiet === true) continue;
    const mails = preboardingMailsOf(deps.catalog, String(person.role)).filter(
      (m) => addDays(startOn, -m.daysBefore) === today,
    );
    if (mails.length === 0) continue;
    const done = await preboardingDoneStepIds(deps.db, email);
    for (const mail of mails) {
      if (mail.unlessDone !== undefined && done.has(mail.unlessDone)) continue;
      planned.push({
        kind: 'preboarding',
        recipient,
        key: `preboarding-mail:${email}:${mail.id}:${startOn}`,
        plan: { member: email, mail: mail.id, startOn },
      });
    }
  }
  if (planned.length === 0) return 0;
  const result = await deps.db.execute(sql`
    insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
    select x.kind, x.recipient, x.key, x.plan, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(planned)}::jsonb) as x(kind text, recipient text, key text, plan jsonb)
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * Plans a message with a new pre-boarding link to each member's private address (asked for on the page of a used or
 * old link), to leave with the next send at any hour.
 * @param db the database or the request's transaction
 * @param emails the members' addresses (lower case; each may pre-board now)
 * @param now the clock
 * @returns how many were planned
 */
export async function planPreboardingLinkMails(db: Database, emails: readonly string[], now: Date): Promise<number> {
  if (emails.length === 0) return 0;
  const at = now.toISOString();
  const rows = emails.map((email) => ({ email, key: `preboarding-link:${email}:${randomUUID()}` }));
  const result = await db.execute(sql`
    insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
    select 'preboarding-link', m.private_email, x.key, jsonb_build_object('member', m.email),
      ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(email text, key text)
      join members m on m.email = x.email and m.private_email is not null
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * Builds a pre-boarding message when it leaves: checks that the person may still pre-board and that the recipient is
 * still their private address (and, for a timed message, that it still applies), then makes a new single-use link.
 * @param deps database, content, clock, settings and the app's public origin
 * @param message the outbox row's id, kind, recipient and plan
 */
export async function buildPreboardingMessage(
  deps: {
    db: Database;
    catalog: RoleCatalog;
    now: Date;
    config: Pick<Config, 'organisationTimeZone' | 'organisationLocale' | 'orgName' | 'supportEmail' | 'sessionSecret'>;
    origin: string;
  },
  message: { id: string; kind: 'preboarding' | 'preboarding-link'; recipient: string; plan: Record<string, unknown> },
): Promise<BuiltWithSecret> {
  const zone = deps.config.organisationTimeZone;
  const email = typeof message.plan.member === 'string' ? message.plan.member : '';
  const person = await preboardingPerson(deps.db, email);
  const why = whyNoPreboarding(person, deps.now, zone);
  if (why !== null || person === undefined) return { cancel: `no pre-boarding now (${why ?? 'no-member'})` };
  if (person.privateEmail !== message.recipient) return { cancel: 'the private address changed' };
  if (person.startOn === null || person.privateEmail === null) return { cancel: 'no start date' };
  let timed: PreboardingMail | undefined;
  if (message.kind === 'preboarding' && message.plan.mail !== 'welcome') {
    if (message.plan.startOn !== person.startOn) return { cancel: 'the start date moved' };
    timed = preboardingMailsOf(deps.catalog, person.role).find((m) => m.id === message.plan.mail);
    if (timed === undefined) return { cancel: 'the message is no longer in the content' };
    const [schedule] = rowsOf(
      await deps.db.execute(sql`
        select unsubscribed_at is not null as unsubscribed, reminders_paused from member_schedules where email = ${email}`),
    );
    if (schedule?.unsubscribed === true) return { cancel: 'unsubscribed' };
    if (schedule?.reminders_paused === true) return { cancel: 'reminders paused by an admin' };
    if (timed.unlessDone !== undefined && (await preboardingDoneStepIds(deps.db, email)).has(timed.unlessDone))
      return { cancel: 'done before the first day' };
  } else if (message.kind === 'preboarding' && person.startOn <= dayIn(deps.now, zone)) {
    return { cancel: 'the start date has come' };
  }
  const link = await issueLink(
    deps.db,
    { sessionSecret: deps.config.sessionSecret, now: deps.now, zone },
    { ...person, privateEmail: person.privateEmail, startOn: person.startOn },
    message.id,
  );
  const render = (linkUrl: string): RenderedMail => {
    const common = {
      linkUrl,
      startDay: dateInWords(person.startOn ?? '', deps.config.organisationLocale),
      orgName: deps.config.orgName,
      supportEmail: deps.config.supportEmail,
    };
    if (message.kind === 'preboarding-link') return renderPreboardingNewLink(common);
    if (timed === undefined) {
      let roleLabel = person.role;
      try {
        roleLabel = resolveMemberRole(deps.catalog, person.role).role.displayName;
      } catch (error) {
        if (!(error instanceof RoleConfigurationError)) throw error;
      }
      return renderPreboardingWelcome({ ...common, roleLabel });
    }
    return renderPreboardingMail({
      ...common,
      subject: timed.subject,
      paragraphs: timed.paragraphs,
      unsubscribeUrl: unsubscribeUrl(deps.origin, deps.config.sessionSecret, email),
    });
  };
  const url = (token: string) => `${deps.origin}/preboarding/open?token=${token}`;
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (timed !== undefined) {
    const unsubscribe = unsubscribeUrl(deps.origin, deps.config.sessionSecret, email);
    headers['List-Unsubscribe'] = `<${unsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { mail: render(url(link.token)), stored: render(url(LINK_NOT_KEPT)), headers };
}
