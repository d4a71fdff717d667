import { sql, type SQL } from 'drizzle-orm';
import type { TeamTaskView } from '../../../shared/team-tasks-api.js';
import type { Database } from '../../db/client.js';

/** Reading team tasks (docs/product.md#team-tasks) for "My tasks" and the member page. */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const isoOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(String(v)).toISOString();
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A person's name, or their address when the name is empty or unknown. */
const nameOrEmail = (name: unknown, email: string): string => {
  const text = textOrNull(name)?.trim() ?? '';
  return text === '' ? email : text;
};

const WHO = ['lead', 'buddy', 'admins', 'members'] as const;
const STATUS = ['open', 'done', 'closed'] as const;

function viewOf(r: Row, today: string): TeamTaskView {
  const assignees = (r.assignees as string[] | null) ?? [];
  const who = WHO.find((w) => w === r.who) ?? 'members';
  const status = STATUS.find((s) => s === r.status) ?? 'open';
  const dueOn = String(r.due_on);
  return {
    id: String(r.id),
    taskId: String(r.task_id),
    // An invited person who has not signed in has no name yet: their address stands for it.
    newcomer: { email: String(r.newcomer_email), name: nameOrEmail(r.name, String(r.newcomer_email)) },
    title: String(r.title),
    description: String(r.description),
    who,
    assignees,
    unassigned: who !== 'admins' && assignees.length === 0,
    appointment: r.appointment === true,
    dueOn,
    status,
    overdue: status === 'open' && dueOn < today,
    doneAt: isoOrNull(r.done_at),
    doneBy: textOrNull(r.done_by),
    note: textOrNull(r.note),
    closedReason: textOrNull(r.closed_reason),
  };
}

async function listWhere(db: Database, where: SQL, today: string): Promise<TeamTaskView[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select t.id, t.task_id, t.newcomer_email, am.name, t.title, t.description, t.who, t.assignees, t.appointment,
        t.due_on::text as due_on, t.status, t.done_at, t.done_by, t.note, t.closed_reason
      from team_tasks t left join admin_members am on am.email = t.newcomer_email
      where ${where}
      order by (t.status = 'open' and t.due_on < ${today}::date) desc, (t.status = 'open') desc, t.due_on, t.newcomer_email,
        t.title`),
  );
  return rows.map((r) => viewOf(r, today));
}

/**
 * The tasks a person does (docs/product.md#team-tasks, "My tasks"): those naming them, and for an admin also the
 * admins' tasks and every task nobody can do; open and done, not closed. Overdue first, then open by due date.
 * @param db the database
 * @param who the person's lower-case address and whether they are an admin
 * @param today YYYY-MM-DD in the organisation's time zone
 */
export async function listMyTeamTasks(
  db: Database,
  who: { email: string; isAdmin: boolean },
  today: string,
): Promise<TeamTaskView[]> {
  const mine = sql`${who.email} = any(t.assignees)`;
  const adminsToo = who.isAdmin ? sql` or t.who = 'admins' or cardinality(t.assignees) = 0` : sql``;
  return listWhere(db, sql`t.status <> 'closed' and (${mine}${adminsToo})`, today);
}

/**
 * Whether a person has any team task to do (the header's "My tasks" link).
 * @param who lower-case address and admin flag
 */
export async function hasTeamTasks(db: Database, who: { email: string; isAdmin: boolean }): Promise<boolean> {
  const adminsToo = who.isAdmin ? sql` or t.who = 'admins' or cardinality(t.assignees) = 0` : sql``;
  const [row] = rowsOf(
    await db.execute(
      sql`select exists (select 1 from team_tasks t where t.status <> 'closed' and (${who.email} = any(t.assignees)${adminsToo})) as has`,
    ),
  );
  return row?.has === true;
}

/**
 * Every team task of one newcomer (their member page), closed ones too.
 * @param newcomer lower-case address
 * @param today YYYY-MM-DD
 */
export async function listNewcomerTeamTasks(db: Database, newcomer: string, today: string): Promise<TeamTaskView[]> {
  return listWhere(db, sql`t.newcomer_email = ${newcomer}`, today);
}

/**
 * One task's newcomer and people, for the permission check of a change.
 * @returns undefined when there is no such task
 */
export async function getTeamTaskAccess(
  db: Database,
  id: string,
): Promise<{ newcomer: string; department: string | null; buddy: string | null; assignees: string[] } | undefined> {
  const [row] = rowsOf(
    await db.execute(sql`
      select t.newcomer_email, coalesce(m.department, am.department) as department, m.buddy, t.assignees
      from team_tasks t left join members m on m.email = t.newcomer_email
        left join admin_members am on am.email = t.newcomer_email
      where t.id = ${id}`),
  );
  if (row === undefined) return undefined;
  return {
    newcomer: String(row.newcomer_email),
    department: textOrNull(row.department),
    buddy: textOrNull(row.buddy),
    assignees: (row.assignees as string[] | null) ?? [],
  };
}

/**
 * A newcomer's department and buddy, for the permission check of their task list.
 * @returns undefined when the address is neither a member record nor a person who signed in
 */
export async function getNewcomerAccess(
  db: Database,
  newcomer: string,
): Promise<{ department: string; buddy: string | null } | undefined> {
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(m.department, am.department) as department, m.buddy
      from (select ${newcomer}::text as email) x left join members m on m.email = x.email
        left join admin_members am on am.email = x.email
      where m.email is not null or am.email is not null`),
  );
  if (row === undefined) return undefined;
  return { department: String(row.department ?? ''), buddy: textOrNull(row.buddy) };
}

/** How many buddies {@link suggestBuddies} suggests at most. */
export const BUDDY_SUGGESTIONS = 5;

/**
 * Members who would make a good buddy for a newcomer (docs/product.md#team-tasks): in the newcomer's department, with
 * a member record, not left, not the newcomer, their own onboarding finished (every step of their role completed);
 * fewest current buddies first, then by name. Reads the admin members table as it is (the caller refreshes it).
 * @param db the database
 * @param newcomer lower-case address
 * @returns at most {@link BUDDY_SUGGESTIONS} members `{ email, name, buddies }`
 */
export async function suggestBuddies(
  db: Database,
  newcomer: string,
): Promise<{ email: string; name: string; buddies: number }[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select am.email, am.name,
        (select count(*) from members x where x.buddy = am.email and x.left_at is null)::int as buddies
      from admin_members am join members m on m.email = am.email
      where am.department_key = (select n.department_key from admin_members n where n.email = ${newcomer})
        and am.email <> ${newcomer} and m.left_at is null
        and am.total_steps > 0 and am.completed_steps >= am.total_steps
      order by buddies, am.name_key, am.email
      limit ${BUDDY_SUGGESTIONS}`),
  );
  return rows.map((r) => ({
    email: String(r.email),
    name: nameOrEmail(r.name, String(r.email)),
    buddies: Number(r.buddies),
  }));
}

/**
 * How many open team tasks each task of the content has (docs/product.md#team-tasks), for the publish dialog's "this
 * changes N open tasks": one grouped count over the open tasks (index team_tasks_open_due_idx).
 * @param db the database
 * @returns `{ roleKey, taskId, open }` for every task with at least one open, by role key then task id
 */
export async function countOpenTeamTasks(db: Database): Promise<{ roleKey: string; taskId: string; open: number }[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select role_key, task_id, count(*)::int as open from team_tasks where status = 'open'
      group by role_key, task_id order by role_key, task_id`),
  );
  return rows.map((r) => ({ roleKey: String(r.role_key), taskId: String(r.task_id), open: Number(r.open) }));
}
