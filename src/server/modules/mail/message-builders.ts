import { sql } from 'drizzle-orm';
import { DEFAULT_DATE_SETTINGS, formatDay } from '../../../shared/dates.js';
import { dueLabel } from '../../../shared/due-label.js';
import {
  adjustedStepRows,
  adjustmentRule,
  listStepAdjustments,
  roleStepRows,
  stalledSql,
} from '../member-overview/index.js';
import { addDays, dayIn, daysFrom, stepDueOn } from '../../calendar.js';
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
import { type Claimed, type Row, type SendDeps, rowsOf } from './send-deps.js';

/** Each outbox message rebuilt from what is still due when it is sent: a reminder, team tasks, a welcome, a digest (docs/product.md#due-dates-and-reminders). */

type Built =
  { mail: RenderedMail; headers: Record<string, string>; icalEvent?: CalendarInvitation } | { cancel: string };

interface PlannedStep {
  stepId: string;
  dueOn: string;
}

/** A member's current standing for their reminder, or why there is none. */
export async function buildReminder(deps: SendDeps, message: Claimed): Promise<Built> {
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
  /** Due the day it was made (made late, docs/product.md#team-tasks): the mail says it is urgent. */
  urgent?: boolean;
}

/**
 * A person's team-task e-mail (docs/product.md#team-tasks): the planned tasks still open, still theirs and still due
 * that day, or why there is none (done meanwhile, moved, they left).
 */
export async function buildTeamTasks(deps: SendDeps, message: Claimed): Promise<Built> {
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
      const plan = planned.find((p) => p.taskId === String(r.id) && p.dueOn === String(r.due_on));
      return {
        title: String(r.title),
        newcomer: String(r.newcomer),
        dueLabel: dueLabel(String(r.due_on), late),
        overdue: late > 0,
        urgent: plan?.urgent === true && late === 0,
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
export async function buildWelcome(deps: SendDeps, message: Claimed): Promise<Built> {
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
export async function buildDigest(deps: SendDeps, message: Claimed): Promise<Built> {
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
  const clock = { now: deps.now, timeZone: zone, stalledAfterDays: deps.config.mail.stalledAfterDays };
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
          -- docs/product.md#who-starts-an-onboarding: someone only looking around is no newcomer.
          and am.onboarding
      )
      select p.email, p.name, p.department, p.percent, p.total_steps, p.completed_steps,
        (p.started_on between ${addDays(today, -6)}::date and ${today}::date) as started,
        (p.total_steps > 0 and p.completed_steps = p.total_steps and p.last_progress_at >= ${weekAgo}::timestamptz) as finished,
        -- Stalled: the one definition of the members table and Insights (member-overview/stalled.ts).
        ${stalledSql('p', sql`false`, clock)} as stalled,
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
  // docs/product.md#google-workspace-accounts: a Workspace change that failed stays in every admin digest until an
  // admin tries it again or does it by hand (the member's latest job of each kind is no longer 'failed').
  const workspace = isAdmin
    ? rowsOf(
        await deps.db.execute(sql`
          select j.member_email as email, j.kind, j.outcome, j.due_on::text as due_on, am.name
          from (
            select distinct on (member_email, kind) member_email, kind, status, outcome, due_on
            from workspace_jobs order by member_email, kind, created_at desc, id desc
          ) j left join admin_members am on am.email = j.member_email
          where j.status = 'failed'
          order by j.due_on, j.member_email`),
      ).map((r) =>
        person(
          r,
          `Google account not suspended (due ${formatDay(String(r.due_on), { ...DEFAULT_DATE_SETTINGS, timeZone: zone })}): ${String(r.outcome ?? '')}`,
        ),
      )
    : [];
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
    workspace,
    scope: isAdmin
      ? 'all departments'
      : (Array.isArray(who?.lead_of) ? (who.lead_of as unknown[]).map(String) : []).join(', '),
    adminUrl: `${deps.origin}/admin`,
    settingsUrl: `${deps.origin}/admin?tab=mail`,
    orgName: deps.config.orgName,
  });
  return { mail, headers: { 'Auto-Submitted': 'auto-generated' } };
}
