import { sql } from 'drizzle-orm';
import { isAppointment } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { teamTasksOfRole } from '../../../shared/team-tasks.js';
import { addDays, dayIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { refreshAdminMembers } from '../member-overview/index.js';
import type { MemberWriteActor } from '../members/index.js';

/**
 * Team tasks follow the newcomers (docs/product.md#team-tasks): {@link syncTeamTasks} makes the `team_tasks` table
 * say what the content, the start dates, the buddies and the leads say, for every task not yet done.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The reason an open task is closed when its newcomer left. */
export const NEWCOMER_LEFT_REASON = 'The newcomer left.';
/**
 * The reason an open task is closed when its person does no onboarding (docs/product.md#who-starts-an-onboarding):
 * someone who signed in with an admin role to look around.
 */
export const NOT_ONBOARDING_REASON = 'They are not doing an onboarding.';
/** The reason an open task is closed when the newcomer's role no longer has it. */
export const TASK_REMOVED_REASON = 'The task is no longer in the content for this newcomer.';

/**
 * Days before today a newcomer's start day may lie for their tasks to be created (docs/product.md#team-tasks): people
 * who started long before team tasks were added to their role are not newcomers, and get no tasks about their first
 * days. Tasks already created keep following their newcomer.
 */
export const TEAM_TASKS_FOR_STARTS_WITHIN_DAYS = 30;

/** A former person's address (modules/mail planner): never a newcomer. */
const FORMER_ADDRESS = /\+former-[0-9a-f]{8}@/u;

/** What {@link syncTeamTasks} needs. */
export interface SyncDeps {
  db: Database;
  catalog: RoleCatalog;
  timeZone: string;
  now: Date;
}

/**
 * Brings the team tasks of some newcomers (or of everyone) in line with their role's `teamTasks`, start day, buddy
 * and department leads: a task is created once per newcomer and task id (the unique key; a second process's insert
 * finds the first's row), an open one follows a moved start date, a changed buddy or lead, and a published change of
 * its title, description, who or due days; a newcomer who left has their open tasks closed; a task their role no
 * longer has is closed. A done task is never changed. A task is never due before the day it was made: one made late
 * (the newcomer was invited the day before they start, or after) is due that day. The start day is the one an admin
 * set, else the day of the first sign-in in `timeZone` (docs/product.md#due-dates-and-reminders); nobody without one
 * gets tasks, nor anyone who does no onboarding (docs/product.md#who-starts-an-onboarding), and nobody whose start day
 * lies more than {@link TEAM_TASKS_FOR_STARTS_WITHIN_DAYS} days back gets new ones.
 * @param deps database, published content, time zone, clock
 * @param emails lower-case addresses of the newcomers to bring in line; undefined: everyone
 * @returns how many tasks were created or changed, and how many closed
 */
export async function syncTeamTasks(
  deps: SyncDeps,
  emails?: readonly string[],
): Promise<{ written: number; closed: number }> {
  const { db, catalog, timeZone, now } = deps;
  if (emails !== undefined && emails.length === 0) return { written: 0, closed: 0 };
  await refreshAdminMembers(db, catalog, timeZone);
  const only =
    emails === undefined
      ? sql`true`
      : sql`am.email in (select jsonb_array_elements_text(${JSON.stringify(emails.map((e) => e.toLowerCase()))}::jsonb))`;
  const people = rowsOf(
    await db.execute(sql`
      select am.email, am.role_key, am.department,
        coalesce(am.start_on, (am.first_sign_in_at at time zone ${timeZone})::date)::text as start_on,
        m.buddy, (m.left_at is not null) as left, am.onboarding,
        (b.email is not null and b.left_at is null) as buddy_here
      from admin_members am
      left join members m on m.email = am.email
      left join members b on b.email = m.buddy
      where ${only}`),
  );
  const leads = rowsOf(
    await db.execute(sql`select email, lead_of from members where cardinality(lead_of) > 0 and left_at is null`),
  ).map((r) => ({
    email: String(r.email),
    departments: new Set((r.lead_of as string[]).map((d) => d.trim().toLowerCase())),
  }));
  const earliestNewStart = addDays(dayIn(now, timeZone), -TEAM_TASKS_FOR_STARTS_WITHIN_DAYS);
  const tasksOfRole = new Map<string, ReturnType<typeof teamTasksOfRole>>();
  const desired: Record<string, unknown>[] = [];
  const synced: string[] = [];
  for (const p of people) {
    const email = String(p.email);
    if (FORMER_ADDRESS.test(email)) continue;
    synced.push(email);
    if (p.left === true || p.onboarding === false || typeof p.start_on !== 'string') continue;
    const roleKey = String(p.role_key);
    let tasks = tasksOfRole.get(roleKey);
    if (tasks === undefined) {
      tasks = teamTasksOfRole(catalog, roleKey);
      tasksOfRole.set(roleKey, tasks);
    }
    if (tasks.length === 0) continue;
    const department = String(p.department).trim().toLowerCase();
    const leadsHere = leads.filter((l) => l.departments.has(department) && l.email !== email).map((l) => l.email);
    const buddy = typeof p.buddy === 'string' && p.buddy_here === true ? [p.buddy] : [];
    for (const task of tasks) {
      const who = typeof task.who === 'string' ? task.who : 'members';
      const assignees =
        typeof task.who === 'object'
          ? [...new Set(task.who.members.map((e) => e.toLowerCase()))].filter((e) => e !== email)
          : task.who === 'lead'
            ? leadsHere
            : task.who === 'buddy'
              ? buddy
              : [];
      desired.push({
        newcomer_email: email,
        task_id: task.id,
        role_key: task.roleKey,
        title: task.title,
        description: task.description,
        who,
        assignees,
        appointment: isAppointment(task.appointment),
        due_on: addDays(p.start_on, task.dueAfterDays),
        recent: p.start_on >= earliestNewStart,
      });
    }
  }
  const at = now.toISOString();
  const today = dayIn(now, timeZone);
  let written = 0;
  if (desired.length > 0) {
    const result = await db.execute(sql`
      insert into team_tasks (newcomer_email, task_id, role_key, title, description, who, assignees, appointment,
        due_on, created_at, updated_at)
      select x.newcomer_email, x.task_id, x.role_key, x.title, x.description, x.who,
        array(select jsonb_array_elements_text(x.assignees)), x.appointment,
        -- A task made late is due the day it was made, never before (docs/product.md#team-tasks, "Made late").
        greatest(x.due_on, coalesce(
          (select (t.created_at at time zone ${timeZone})::date from team_tasks t
            where t.newcomer_email = x.newcomer_email and t.task_id = x.task_id),
          ${today}::date)),
        ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(desired)}::jsonb) as x(newcomer_email text, task_id text,
        role_key text, title text, description text, who text, assignees jsonb, appointment boolean, due_on date,
        recent boolean)
      left join team_tasks t on t.newcomer_email = x.newcomer_email and t.task_id = x.task_id
      -- Only what is new or changed reaches the insert (one hash join, not a conflict check per task): a steady sync of
      -- 10,000 members writes nothing and took 2-3.5 s of conflict checks on the embedded database.
      where (t.id is null and x.recent)
        or (t.id is not null and t.status <> 'done' and (t.status = 'closed' or t.role_key <> x.role_key
          or t.title <> x.title or t.description <> x.description or t.who <> x.who
          or t.assignees <> array(select jsonb_array_elements_text(x.assignees))
          or t.appointment <> x.appointment or t.due_on <> x.due_on))
      on conflict (newcomer_email, task_id) do update set
        role_key = excluded.role_key, title = excluded.title, description = excluded.description, who = excluded.who,
        assignees = excluded.assignees, appointment = excluded.appointment, due_on = excluded.due_on,
        status = 'open', closed_reason = null, updated_at = excluded.updated_at
      where team_tasks.status <> 'done' and (team_tasks.status = 'closed' or team_tasks.role_key <> excluded.role_key
        or team_tasks.title <> excluded.title or team_tasks.description <> excluded.description
        or team_tasks.who <> excluded.who or team_tasks.assignees <> excluded.assignees
        or team_tasks.appointment <> excluded.appointment or team_tasks.due_on <> excluded.due_on)
      returning id`);
    written = rowsOf(result).length;
  }
  let closed = 0;
  if (synced.length > 0) {
    const keep = desired.map((d) => ({ newcomer_email: d.newcomer_email, task_id: d.task_id }));
    // The tasks kept are a set the open tasks are matched against (a hash anti-join): comparing each open task with
    // every kept one took 20-35 s for 10,000 members, on the embedded database's one connection.
    const result = await db.execute(sql`
      with keep as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(keep)}::jsonb) as k(newcomer_email text, task_id text)
      )
      update team_tasks t set status = 'closed', updated_at = ${at}::timestamptz,
        closed_reason = case when exists (select 1 from members m where m.email = t.newcomer_email and m.left_at is not null)
          then ${NEWCOMER_LEFT_REASON}
          when exists (select 1 from admin_members am where am.email = t.newcomer_email and not am.onboarding)
          then ${NOT_ONBOARDING_REASON} else ${TASK_REMOVED_REASON} end
      where t.status = 'open'
        and t.newcomer_email in (select jsonb_array_elements_text(${JSON.stringify(synced)}::jsonb))
        and not exists (select 1 from keep k where k.newcomer_email = t.newcomer_email and k.task_id = t.task_id)
      returning t.id`);
    closed = rowsOf(result).length;
  }
  return { written, closed };
}

/** Why {@link setTeamTaskDone} changed nothing. */
export type TaskDoneRefusal = 'not-found' | 'closed';

/**
 * Marks a team task done (with an optional note) or open again, audited as `team-task-done`. Who may is the
 * caller's to check (modules/team-tasks/team-tasks.routes.ts).
 * @param db the database
 * @param id the task's UUID
 * @param change `{ done, note }` (note: '' or undefined keeps none)
 * @param actor who does it
 * @param at when
 * @returns true, or the refusal
 */
export async function setTeamTaskDone(
  db: Database,
  id: string,
  change: { done: boolean; note?: string | undefined },
  actor: MemberWriteActor,
  at: Date,
): Promise<true | TaskDoneRefusal> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf(
      await tx.execute(sql`select newcomer_email, task_id, status from team_tasks where id = ${id} for update`),
    );
    if (row === undefined) return 'not-found' as const;
    if (row.status === 'closed') return 'closed' as const;
    const note = change.note === undefined || change.note === '' ? null : change.note;
    await tx.execute(sql`
      update team_tasks set status = ${change.done ? 'done' : 'open'},
        done_at = ${change.done ? at.toISOString() : null}::timestamptz,
        done_by = ${change.done ? actor.actorEmail : null}, note = ${change.done ? note : null},
        updated_at = ${at.toISOString()}::timestamptz
      where id = ${id}`);
    await recordAudit(tx, {
      kind: 'team-task-done',
      outcome: 'ok',
      ...actor,
      subject: String(row.newcomer_email),
      reason: change.done ? 'done' : 'reopened',
      details: { taskId: row.task_id, note },
      at,
    });
    return true as const;
  });
}

/**
 * Marks a newcomer's open team task done with a note, when they have it (e.g. the app created their Google account:
 * docs/product.md#google-workspace-accounts), audited as `team-task-done`; a task already done, closed or absent is
 * left as it is.
 * @param tx the caller's transaction
 * @param task the newcomer's address (lower case) and the task's id in the content
 * @param note what was done, shown with the task
 * @param actor who did it
 * @param at when
 * @returns whether a task was marked done
 */
export async function markTeamTaskDone(
  tx: Database,
  task: { newcomerEmail: string; taskId: string },
  note: string,
  actor: MemberWriteActor,
  at: Date,
): Promise<boolean> {
  const marked = rowsOf(
    await tx.execute(sql`
      update team_tasks set status = 'done', done_at = ${at.toISOString()}::timestamptz, done_by = ${actor.actorEmail},
        note = ${note}, updated_at = ${at.toISOString()}::timestamptz
      where newcomer_email = ${task.newcomerEmail} and task_id = ${task.taskId} and status = 'open'
      returning id`),
  );
  if (marked.length === 0) return false;
  await recordAudit(tx, {
    kind: 'team-task-done',
    outcome: 'ok',
    ...actor,
    subject: task.newcomerEmail,
    reason: 'done',
    details: { taskId: task.taskId, note },
    at,
  });
  return true;
}
