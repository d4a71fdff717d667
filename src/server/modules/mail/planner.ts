import { sql, type SQL } from 'drizzle-orm';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { EXTRA_STEP_ORDINAL_BASE, refreshAdminMembers, roleStepRows } from '../member-overview/index.js';
import { dayIn, digestWeek, isSendingHour, MATERIAL_CHANGE_GRACE_DAYS } from '../../calendar.js';

/**
 * Planning (docs/product.md#due-dates-and-reminders, docs/decisions/025-reminders-and-outbox.md): which messages are
 * due now, written to the outbox once. Safe with several processes on one database: a message's `dedupe_key` is unique
 * (a member's reminder of a local day, an admin's digest of a week), so a second planner's insert finds the first's
 * row and does nothing; the reminder occasions it carries are recorded in the same statement.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * A former person's address (`ada+former-1a2b3c4d@…`, modules/auth/users.repository.ts `formerAddressOf`): never
 * written to, since plus addressing would deliver it to the person who holds the address now
 * (docs/decisions/035-a-person-is-their-user-id.md).
 */
const FORMER_ADDRESS_PATTERN = '\\+former-[0-9a-f]{8}@';

/**
 * Days after a person's first sign-in, and after their welcome message left, in which they get no reminder
 * (docs/product.md#due-dates-and-reminders): someone who has just arrived is not told at once that steps are due soon
 * or overdue.
 */
export const FIRST_DAYS_WITHOUT_REMINDERS = 3;

/**
 * The end of a day's plan (member reminders, team-task mails), after a `due` CTE of one row per recipient and item:
 * one outbox message per recipient with the day's items in its plan, once per recipient and day (its `dedupe_key`:
 * a second planner's insert does nothing), and each item recorded with that message in `record.table` (so the same
 * occasion is not planned again).
 * @param plan `kind` of the message (also its `dedupe_key`'s start); `recipient`, the column of `due` that holds the
 *   address; `today` (YYYY-MM-DD) and `at` (ISO time) of the plan; `list`, the plan's key of the items, `item` the
 *   SQL of one item from a `due` row `d`, `order` their order; `record`, the table of the recorded items and its
 *   columns, each named as in `due`
 * @returns the SQL of the two CTEs and the closing select, which answers `planned` (the messages planned)
 */
function planPerRecipient(plan: {
  kind: 'reminder' | 'team-tasks';
  recipient: 'email' | 'recipient';
  today: string;
  at: string;
  list: 'steps' | 'tasks';
  item: SQL;
  order: SQL;
  record: { table: 'mail_reminder_steps' | 'team_task_mails'; columns: readonly string[] };
}): SQL {
  const recipient = sql.identifier(plan.recipient);
  const columns = sql.join(
    plan.record.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const fromDue = sql.join(
    plan.record.columns.map((c) => sql`d.${sql.identifier(c)}`),
    sql`, `,
  );
  return sql`
    planned as (
      insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
      select ${sql.raw(`'${plan.kind}'`)}, d.${recipient}, ${sql.raw(`'${plan.kind}:'`)} || d.${recipient} || ':' || ${plan.today},
        jsonb_build_object('day', ${plan.today}::text, ${sql.raw(`'${plan.list}'`)}, jsonb_agg(${plan.item} order by ${plan.order})),
        ${plan.at}::timestamptz, ${plan.at}::timestamptz
      from due d group by d.${recipient}
      on conflict (dedupe_key) do nothing
      returning id, recipient
    ),
    recorded as (
      insert into ${sql.identifier(plan.record.table)} (${columns}, outbox_id)
      select ${fromDue}, p.id from due d join planned p on p.recipient = d.${recipient}
      on conflict do nothing
      returning 1
    )
    select (select count(*) from planned)::int as planned, (select count(*) from recorded)::int as recorded`;
}

/** What planning needs: the database, the running content, the clock and the organisation's time zone. */
export interface PlanDeps {
  db: Database;
  catalog: RoleCatalog;
  now: Date;
  timeZone: string;
}

/**
 * The day's member reminders: for every current member (not left, not paused, not unsubscribed) with a start day, each
 * step not completed whose reminder occasion ({@link reminderOccasion} in calendar.ts, the same rule in SQL) is due
 * today and not yet recorded; one outbox message per member with all of them. Nothing between 21:00 and 08:00 local
 * time; nothing while the person's welcome has not left, nor within {@link FIRST_DAYS_WITHOUT_REMINDERS} days of it
 * leaving or of their first sign-in. Runs every few minutes; a member's second run of the day finds the day's message and plans nothing more (a
 * step that falls due later that day waits for the next day).
 * @param deps database, content, clock, time zone
 * @returns the number of messages planned
 */
export async function planReminders(deps: PlanDeps): Promise<number> {
  if (!isSendingHour(deps.now, deps.timeZone)) return 0;
  await refreshAdminMembers(deps.db, deps.catalog, deps.timeZone);
  const today = dayIn(deps.now, deps.timeZone);
  const steps = roleStepRows(deps.catalog)
    .filter((s) => s.dueAfterDays !== null)
    .map((s) => ({
      role_key: s.roleKey,
      step_id: s.stepId,
      ordinal: s.ordinal,
      due_after_days: s.dueAfterDays,
      version_date: s.versionDate,
    }));
  const graceStart = new Date(deps.now.getTime() - FIRST_DAYS_WITHOUT_REMINDERS * 86_400_000).toISOString();
  const result = await deps.db.execute(sql`
    with rs as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
        as x(role_key text, step_id text, ordinal int, due_after_days int, version_date date)
    ),
    people as (
      select am.email, am.user_id, am.role_key,
        coalesce(am.start_on, (am.first_sign_in_at at time zone ${deps.timeZone})::date) as start_on
      from admin_members am
      where (am.start_on is not null or am.first_sign_in_at is not null)
        -- docs/product.md#who-starts-an-onboarding: someone only looking around has nothing due.
        and am.onboarding
        and cardinality(am.open_due_after_days) > 0
        -- The earliest open step's first reminder (3 days before) has come.
        and coalesce(am.start_on, (am.first_sign_in_at at time zone ${deps.timeZone})::date)
          + am.open_due_after_days[1] - 3 <= ${today}::date
        and not exists (select 1 from members m where m.email = am.email and m.left_at is not null)
        and am.email !~ ${FORMER_ADDRESS_PATTERN}
        -- The first days after arriving (the first sign-in, the welcome) are quiet; the welcome always comes first.
        and (am.first_sign_in_at is null or am.first_sign_in_at <= ${graceStart}::timestamptz)
        and not exists (
          select 1 from mail_outbox w
          where w.recipient = am.email and w.kind = 'welcome'
            and (w.status in ('pending', 'sending') or w.sent_at > ${graceStart}::timestamptz)
        )
        and not exists (
          select 1 from member_schedules ms
          where ms.email = am.email and (ms.reminders_paused or ms.unsubscribed_at is not null)
        )
    ),
    open_due as (
      -- calendar.ts stepDueOn: after a material change, members who started before it have a grace period.
      select p.email, rs.step_id, rs.ordinal,
        case when rs.version_date > p.start_on
          then greatest(p.start_on + rs.due_after_days, rs.version_date + ${MATERIAL_CHANGE_GRACE_DAYS}::int)
          else p.start_on + rs.due_after_days end as due_on
      from people p join rs on rs.role_key = p.role_key
      where not exists (select 1 from step_progress sp where sp.user_id = p.user_id and sp.step_id = rs.step_id)
        -- docs/product.md#per-person-adjustments: a step skipped for the person is not reminded of...
        and not exists (
          select 1 from member_step_adjustments a
          where a.email = p.email and a.kind = 'skip' and a.step_id = rs.step_id
        )
      union all
      -- ...and their extra steps with a due date are.
      select p.email, a.step_id,
        (${EXTRA_STEP_ORDINAL_BASE}::int + row_number() over (partition by a.email order by a.seq))::int,
        p.start_on + a.due_after_days
      from people p join member_step_adjustments a on a.email = p.email
      where a.kind = 'extra' and a.due_after_days is not null
        and not exists (select 1 from step_progress sp where sp.user_id = p.user_id and sp.step_id = a.step_id)
    ),
    open_steps as (select o.*, ${today}::date - o.due_on as late from open_due o),
    occasions as (
      -- calendar.ts reminderOccasion: 0 from 3 days before; then 1 + (late - 1) / 7 from a day after, at most 5, each
      -- for a week.
      select o.*, case when o.late < 1 then 0 else least(5, 1 + (o.late - 1) / 7) end as occasion
      from open_steps o where o.late >= -3
    ),
    due as (
      select o.email, o.step_id, o.ordinal, o.due_on, o.occasion from occasions o
      where (o.late < 1 or o.late - (1 + 7 * (o.occasion - 1)) < 7)
        and not exists (
          select 1 from mail_reminder_steps r
          where r.email = o.email and r.step_id = o.step_id and r.due_on = o.due_on and r.occasion = o.occasion
        )
    ),
    ${planPerRecipient({
      kind: 'reminder',
      recipient: 'email',
      today,
      at: deps.now.toISOString(),
      list: 'steps',
      item: sql`jsonb_build_object('stepId', d.step_id, 'dueOn', d.due_on::text, 'occasion', d.occasion)`,
      order: sql`d.ordinal`,
      record: { table: 'mail_reminder_steps', columns: ['email', 'step_id', 'due_on', 'occasion'] },
    })}`);
  return Number(rowsOf(result)[0]?.planned ?? 0);
}

/**
 * The people who get a digest: admins (a member record marked admin, or ADMIN_EMAILS) and department leads, who have
 * not left and have not turned their digest off.
 * @param db the database
 * @param adminEmails lower-case ADMIN_EMAILS
 * @returns their lower-case addresses
 */
export async function digestRecipients(db: Database, adminEmails: readonly string[]): Promise<string[]> {
  const list =
    adminEmails.length === 0
      ? sql`(null)`
      : sql`(${sql.join(
          adminEmails.map((e) => sql`${e}`),
          sql`, `,
        )})`;
  const rows = rowsOf(
    await db.execute(sql`
      with who as (
        select email from members where is_admin or cardinality(lead_of) > 0
        union select email from users where email in ${list}
        union select email from members where email in ${list}
      )
      select w.email from who w
      where not exists (select 1 from members m where m.email = w.email and m.left_at is not null)
        and w.email !~ ${FORMER_ADDRESS_PATTERN}
        and not exists (select 1 from member_schedules ms where ms.email = w.email and ms.digest_off)
      order by w.email`),
  );
  return rows.map((r) => String(r.email));
}

/**
 * The weekly digest: from Monday 08:00 local time, one message per recipient ({@link digestRecipients}) per ISO week.
 * @param deps database, content, clock, time zone, and ADMIN_EMAILS
 * @returns the number of digests planned
 */
export async function planWeeklyDigests(deps: PlanDeps & { adminEmails: readonly string[] }): Promise<number> {
  const { week, due } = digestWeek(deps.now, deps.timeZone);
  if (!due || !isSendingHour(deps.now, deps.timeZone)) return 0;
  const recipients = await digestRecipients(deps.db, deps.adminEmails);
  return planDigests(deps.db, recipients, { week }, (email) => `digest:${email}:${week}`, deps.now);
}

/**
 * An on-demand digest for one admin (the admin area's "Send me the digest now").
 * @param db the database
 * @param email the admin's address
 * @param now the clock
 * @returns the outbox id of the message
 */
export async function planDigestNow(db: Database, email: string, now: Date): Promise<string> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
      values ('digest', ${email}, 'digest:' || ${email} || ':now:' || gen_random_uuid()::text,
        ${JSON.stringify({ onDemand: true })}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning id`),
  );
  return String(rows[0]?.id);
}

async function planDigests(
  db: Database,
  recipients: string[],
  plan: Record<string, unknown>,
  key: (email: string) => string,
  now: Date,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const rows = recipients.map((email) => ({ recipient: email, dedupe_key: key(email) }));
  const result = await db.execute(sql`
    insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
    select 'digest', x.recipient, x.dedupe_key, ${JSON.stringify(plan)}::jsonb, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(recipient text, dedupe_key text)
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * The welcome of an invited person (docs/product.md#admin-area): one message with a link to sign in, planned once per
 * address (a second invitation of the same address plans nothing) and only for someone who never signed in. It leaves
 * with the next send, outside quiet hours as reminders do; their reminders wait until it has left.
 * @param db the database (the invitation's transaction)
 * @param emails lower-case addresses just invited
 * @param now the clock
 * @returns how many welcomes were planned
 */
export async function planWelcomes(db: Database, emails: readonly string[], now: Date): Promise<number> {
  if (emails.length === 0) return 0;
  const at = now.toISOString();
  const result = await db.execute(sql`
    insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
    select 'welcome', x.email, 'welcome:' || x.email, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) as x(email)
    where not exists (select 1 from users u where u.email = x.email)
      and x.email !~ ${FORMER_ADDRESS_PATTERN}
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * The day's team-task e-mails (docs/product.md#team-tasks): for every open team task due today or overdue, one e-mail
 * to each person who does it (its `assignees`; admins' tasks, which list none, are not mailed), once per task, person,
 * due date and occasion ('due' on the due day, 'overdue' after it), recorded in `team_task_mails` with the outbox message
 * that carries it. One message per person per local day with all of theirs. Nothing between 21:00 and 08:00 local
 * time; nobody who left, nor a former person's address, nor an address outside the organisation's domain (a team task
 * names its newcomer: docs/security.md#access-is-an-invariant). A task moved to a new due date is mailed again for it.
 * A task due the day it was made (made late) is marked `urgent` in the plan: its mail says so.
 * Safe with several processes: the day's message has a unique `dedupe_key`.
 * @param deps database, content, clock, time zone, and the organisation's domain (ALLOWED_DOMAIN, lower case)
 * @returns the number of messages planned
 */
export async function planTeamTaskMails(deps: PlanDeps & { organisationDomain: string }): Promise<number> {
  if (!isSendingHour(deps.now, deps.timeZone)) return 0;
  const today = dayIn(deps.now, deps.timeZone);
  const at = deps.now.toISOString();
  const result = await deps.db.execute(sql`
    with open_tasks as (
      select t.id as task_id, r.recipient, t.due_on,
        case when t.due_on < ${today}::date then 'overdue' else 'due' end as occasion,
        -- Made late (docs/product.md#team-tasks): due the day it was made, with no notice; its mail says it is urgent.
        (t.due_on = (t.created_at at time zone ${deps.timeZone})::date) as urgent
      from team_tasks t cross join lateral unnest(t.assignees) as r(recipient)
      where t.status = 'open' and t.due_on <= ${today}::date
    ),
    due as (
      select o.* from open_tasks o
      where o.recipient !~ ${FORMER_ADDRESS_PATTERN}
        and lower(split_part(o.recipient, '@', 2)) = ${deps.organisationDomain.toLowerCase()}
        and not exists (select 1 from members m where m.email = o.recipient and m.left_at is not null)
        and not exists (
          select 1 from team_task_mails x
          where x.task_id = o.task_id and x.recipient = o.recipient and x.due_on = o.due_on and x.occasion = o.occasion
        )
    ),
    ${planPerRecipient({
      kind: 'team-tasks',
      recipient: 'recipient',
      today,
      at,
      list: 'tasks',
      item: sql`jsonb_build_object('taskId', d.task_id, 'dueOn', d.due_on::text, 'occasion', d.occasion, 'urgent', d.urgent)`,
      order: sql`d.due_on, d.task_id`,
      record: { table: 'team_task_mails', columns: ['task_id', 'recipient', 'due_on', 'occasion'] },
    })}`);
  return Number(rowsOf(result)[0]?.planned ?? 0);
}
