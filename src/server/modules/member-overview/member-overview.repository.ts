import { sql, type SQL } from 'drizzle-orm';
import type { MemberOverview, MembersQuery, MemberSortColumn } from '../../../shared/admin-api.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { memberStartsSql, wholeDaysSql } from './member-start.js';
import { refreshAdminMembers } from './admin-members.js';
import { stalledSql } from './stalled.js';

/** STALLED_AFTER_DAYS unless the caller says otherwise. */
const STALLED_AFTER_DAYS = 7;

/**
 * Reads of the admin console's members table (docs/product.md#admin-area; docs/decisions/007-admin-members-query.md).
 * A "member" is everyone the organisation knows: each user who signed in, and each member record (an invitation when
 * its person never signed in). Rows come from `admin_members`, which keeps each person's resolved role, percent
 * complete and current step (admin-members.ts, docs/decisions/010-admin-members-table.md), so that filtering,
 * sorting and paging stay on the server and read one table with 10,000 members.
 */

/** The filters and order of the members table (the CSV export takes the same ones without paging). */
export type MembersFilter = Omit<MembersQuery, 'page' | 'pageSize'>;

/** What the members queries need besides the database. */
export interface MembersContext {
  catalog: RoleCatalog;
  /** Lower-case ADMIN_EMAILS: they count as admins whatever their member record says. */
  adminEmails: readonly string[];
  /**
   * The departments the reader may see (modules/permissions `readableDepartments`): 'all', or lower-case names.
   * Absent = all (tools and tests).
   */
  departments?: 'all' | readonly string[];
  /**
   * The moment, the organisation's time zone and STALLED_AFTER_DAYS, for start dates, overdue steps and stalled members
   * (docs/product.md#due-dates-and-reminders). Absent: now, Europe/London, 7.
   */
  now?: Date;
  timeZone?: string;
  stalledAfterDays?: number;
}

type Row = Record<string, unknown>;

/** The rows of a raw query: both drivers (node-postgres and PGlite) answer `{ rows }`. */
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** Escapes LIKE's wildcards so that a search for '50%' finds '50%'. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/** The sort keys: stored lower-case copies where the table sorts without regard to case. */
const SORT_SQL: Record<MemberSortColumn, SQL> = {
  name: sql`name_key`,
  email: sql`email`,
  role: sql`role_key`,
  department: sql`department_key`,
  percent: sql`percent`,
  currentStep: sql`current_step_key`,
  lastSignIn: sql`last_sign_in_at`,
  lastProgress: sql`last_progress_at`,
  startOn: sql`start_day`,
  overdue: sql`overdue_steps`,
};

/**
 * Brings `admin_members` up to date (admin-members.ts) and returns the common table expressions every members query
 * starts with: `admins` (ADMIN_EMAILS) and `scored` (the rows of `admin_members`).
 */
async function membersCtes(db: Database, ctx: MembersContext): Promise<SQL> {
  const zone = ctx.timeZone ?? 'Europe/London';
  await refreshAdminMembers(db, ctx.catalog, zone);
  const now = ctx.now ?? new Date();
  const clock = { now, timeZone: zone, stalledAfterDays: ctx.stalledAfterDays ?? STALLED_AFTER_DAYS };
  // Overdue steps from the start day and the open steps' dueAfterDays (db/schema.ts admin_members): nothing to
  // recompute as days pass. Stalled: the one definition (stalled.ts). Someone who left, or who does no onboarding
  // (docs/product.md#who-starts-an-onboarding), has neither (docs/product.md#admin-area).
  return sql`
    with admins as (select jsonb_array_elements_text(${JSON.stringify(ctx.adminEmails)}::jsonb) as email),
    dated as (
      select am.*, coalesce(am.start_on, (am.first_sign_in_at at time zone ${zone})::date) as start_day,
        (${now.toISOString()}::timestamptz at time zone ${zone})::date as today,
        (select m.left_at from members m where m.email = am.email) as left_at
      from admin_members am
    ),
    scored as (
      select d.*,
        case when d.left_at is not null or not d.onboarding or d.start_day is null or cardinality(d.open_due_after_days) = 0
          or d.start_day + d.open_due_after_days[1] >= d.today then 0
          else (select count(*) from unnest(d.open_due_after_days) x where d.start_day + x < d.today)::int end
          as overdue_steps,
        ${stalledSql('d', sql`d.left_at is not null`, clock)} as is_stalled
      from dated d
    )`;
}

/**
 * The output columns of a members row (`row` aliases `scored`), just those {@link toOverview} reads (fewer columns,
 * less to decode: the CSV export has 10,000 rows); ADMIN_EMAILS count as admins too.
 */
function columnsOf(row: string): SQL {
  const r = sql.raw(row);
  return sql`${r}.email, ${r}.name, ${r}.role_key, ${r}.department, ${r}.percent, ${r}.completed_steps, ${r}.total_steps,
    ${r}.current_step_title, ${r}.last_sign_in_at, ${r}.last_progress_at, ${r}.invited, ${r}.start_day::text as start_day,
    ${r}.overdue_steps, ${r}.is_stalled, ${r}.onboarding, to_char(${r}.left_at at time zone 'UTC', 'YYYY-MM-DD') as left_on,
    (${r}.member_is_admin or ${r}.email in (select email from admins)) as is_admin`;
}

/**
 * The WHERE clause of the filters and of the departments the reader may see (on `scored`'s columns); start months and
 * active weeks are local to `zone` (the organisation's time zone), as the insights charts' are.
 */
function whereOf(
  filter: MembersFilter,
  departments: MembersContext['departments'] = 'all',
  zone = 'Europe/London',
): SQL {
  const conditions: SQL[] = [sql`true`];
  if (departments !== 'all') {
    conditions.push(
      departments.length === 0
        ? sql`false`
        : sql`department_key in (${sql.join(
            departments.map((d) => sql`${d}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = likePattern(filter.search);
    conditions.push(sql`(name_key like ${pattern} or email like ${pattern})`);
  }
  if (filter.role !== undefined && filter.role !== '') conditions.push(sql`role_key = ${filter.role.toLowerCase()}`);
  if (filter.department !== undefined && filter.department !== '') {
    conditions.push(sql`department_key = ${filter.department.toLowerCase()}`);
  }
  if (filter.complete === 'true') conditions.push(sql`(total_steps > 0 and completed_steps >= total_steps)`);
  if (filter.complete === 'false') conditions.push(sql`not (total_steps > 0 and completed_steps >= total_steps)`);
  if (filter.currentStep !== undefined && filter.currentStep !== '') {
    conditions.push(sql`current_step_key = ${filter.currentStep.toLowerCase()}`);
  }
  if (filter.completedStep !== undefined && filter.completedStep !== '') {
    conditions.push(
      sql`exists (select 1 from step_progress sp where sp.user_id = scored.user_id and sp.step_id = ${filter.completedStep})`,
    );
  }
  if (filter.started !== undefined && filter.started !== '') {
    conditions.push(sql`exists (select 1 from (${memberStartsSql()}) s
      where s.user_id = scored.user_id and to_char(s.started_at at time zone ${zone}, 'YYYY-MM') = ${filter.started})`);
  }
  if (filter.completeDaysMin !== undefined || filter.completeDaysMax !== undefined) {
    const days = wholeDaysSql(sql`s.started_at`, sql`scored.last_progress_at`);
    conditions.push(sql`(total_steps > 0 and completed_steps >= total_steps and exists (select 1 from (${memberStartsSql()}) s
      where s.user_id = scored.user_id and ${days} >= ${filter.completeDaysMin ?? 0}
        and ${days} <= ${filter.completeDaysMax ?? 2_147_483_647}))`);
  }
  if (filter.activeWeek !== undefined && filter.activeWeek !== '') {
    conditions.push(sql`exists (select 1 from step_progress sp where sp.user_id = scored.user_id
      and sp.completed_at >= (${filter.activeWeek}::timestamp at time zone ${zone})
      and sp.completed_at < (${filter.activeWeek}::timestamp + interval '7 days') at time zone ${zone})`);
  }
  if (filter.startFrom !== undefined && filter.startFrom !== '')
    conditions.push(sql`start_day >= ${filter.startFrom}::date`);
  if (filter.startTo !== undefined && filter.startTo !== '') conditions.push(sql`start_day <= ${filter.startTo}::date`);
  if (filter.overdue === 'true') conditions.push(sql`overdue_steps > 0`);
  if (filter.overdue === 'false') conditions.push(sql`overdue_steps = 0`);
  if (filter.stalled === 'true') conditions.push(sql`is_stalled`);
  if (filter.stalled === 'false') conditions.push(sql`not is_stalled`);
  if (filter.left === 'true') conditions.push(sql`left_at is not null`);
  if (filter.left === 'false') conditions.push(sql`left_at is null`);
  return sql.join(conditions, sql` and `);
}

/** ORDER BY: the column, nulls last whatever the direction, then the e-mail address so pages never overlap. */
function orderOf(filter: MembersFilter): SQL {
  const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  return sql`${SORT_SQL[filter.sort]} ${dir} nulls last, email asc`;
}

function toOverview(row: Row, catalog: RoleCatalog): MemberOverview {
  const roleKey = String(row.role_key);
  const config = catalog.get(roleKey);
  return {
    email: String(row.email),
    name: String(row.name ?? ''),
    role: roleKey,
    roleLabel: config?.displayName ?? formatRoleLabel(roleKey),
    department: String(row.department ?? ''),
    percent: Number(row.percent),
    completedSteps: Number(row.completed_steps),
    totalSteps: Number(row.total_steps),
    currentStepTitle:
      row.current_step_title === null || row.current_step_title === undefined ? null : String(row.current_step_title),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    lastProgressAt: isoOrNull(row.last_progress_at),
    isAdmin: row.is_admin === true,
    invited: row.invited === true,
    startOn: typeof row.start_day === 'string' ? row.start_day : null,
    overdueSteps: Number(row.overdue_steps ?? 0),
    stalled: row.is_stalled === true,
    onboarding: row.onboarding !== false,
    leftOn: typeof row.left_on === 'string' ? row.left_on : null,
  };
}

/**
 * One page of the members table.
 * @param db the database
 * @param ctx the catalog (role steps, display names) and ADMIN_EMAILS
 * @param query filters, order, page (from 1) and page size
 * @returns the page's rows, the number of members matching the filters, the page and size asked for, and
 *   STALLED_AFTER_DAYS (for the page's explanation of "Stalled")
 */
export async function listMemberOverviews(
  db: Database,
  ctx: MembersContext,
  query: MembersQuery,
): Promise<{ items: MemberOverview[]; total: number; page: number; pageSize: number; stalledAfterDays: number }> {
  const ctes = await membersCtes(db, ctx);
  const offset = (query.page - 1) * query.pageSize;
  const order = orderOf(query);
  // One row even when the page is empty (past the last page, or nothing matches), so the total always comes back.
  const rows = rowsOf(
    await db.execute(sql`${ctes},
      matching as (select * from scored where ${whereOf(query, ctx.departments, ctx.timeZone)})
      select c.total_count, ${columnsOf('page')}
      from (select count(*)::int as total_count from matching) c
        left join lateral (select * from matching order by ${order} limit ${query.pageSize} offset ${offset}) page on true
      order by ${order}`),
  );
  const total = Number(rows[0]?.total_count ?? 0);
  const items = rows.filter((r) => r.email !== null && r.email !== undefined).map((r) => toOverview(r, ctx.catalog));
  const stalledAfterDays = ctx.stalledAfterDays ?? STALLED_AFTER_DAYS;
  return { items, total, page: query.page, pageSize: query.pageSize, stalledAfterDays };
}

/**
 * Every member matching the filters, in the table's order (the CSV export).
 * @returns the rows, with current steps
 */
export async function listAllMemberOverviews(
  db: Database,
  ctx: MembersContext,
  filter: MembersFilter,
): Promise<MemberOverview[]> {
  const ctes = await membersCtes(db, ctx);
  const rows = rowsOf(
    await db.execute(
      sql`${ctes} select ${columnsOf('scored')} from scored where ${whereOf(filter, ctx.departments, ctx.timeZone)} order by ${orderOf(filter)}`,
    ),
  );
  return rows.map((r) => toOverview(r, ctx.catalog));
}

/**
 * The members-table row of one e-mail address.
 * @param email lower case
 * @returns the row, or undefined when the address is neither a user nor a member record, or is outside the
 *   departments of `ctx.departments`
 */
export async function getMemberOverview(
  db: Database,
  ctx: MembersContext,
  email: string,
): Promise<MemberOverview | undefined> {
  const ctes = await membersCtes(db, ctx);
  const scope = whereOf({ sort: 'email', dir: 'asc' }, ctx.departments);
  const [row] = rowsOf(
    await db.execute(sql`${ctes} select ${columnsOf('scored')} from scored where email = ${email} and ${scope}`),
  );
  return row === undefined ? undefined : toOverview(row, ctx.catalog);
}

/**
 * The distinct departments of members and users, for the department filter.
 * @param departments the departments the reader may see ('all', or lower-case names)
 * @returns department names, sorted
 */
export async function listDepartments(
  db: Database,
  departments: MembersContext['departments'] = 'all',
): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select distinct coalesce(m.department, u.department) as department
      from users u full outer join members m on m.email = u.email order by 1`),
  );
  const names = rows.map((r) => String(r.department));
  return departments === 'all' ? names : names.filter((d) => departments.includes(d.trim().toLowerCase()));
}
