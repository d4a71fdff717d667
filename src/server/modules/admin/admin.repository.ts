import { sql, type SQL } from 'drizzle-orm';
import type { MemberOverview, MembersQuery, MemberSortColumn } from '../../../shared/admin-api.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { refreshMemberProgress } from './member-progress.js';
import { roleFigures, roleTextMap } from './role-steps.js';

/**
 * Reads of the admin console's members table (DESIGN.md §3 "Admin console"; docs/decisions/007-admin-members-query.md).
 * A "member" is everyone the organisation knows: each user who signed in, and each member record (an invitation when
 * its person never signed in). Role, percent complete and current step are computed in SQL against the catalog's
 * per-role step list, so that filtering, sorting and paging stay on the server with 10,000 members.
 */

/** The filters and order of the members table (the CSV export takes the same ones without paging). */
export type MembersFilter = Omit<MembersQuery, 'page' | 'pageSize'>;

/** What the members queries need besides the database. */
export interface MembersContext {
  catalog: RoleCatalog;
  /** Lower-case ADMIN_EMAILS: they count as admins whatever their member record says. */
  adminEmails: readonly string[];
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

const SORT_SQL: Record<MemberSortColumn, SQL> = {
  name: sql`lower(name)`,
  email: sql`email`,
  role: sql`role_key`,
  department: sql`lower(department)`,
  percent: sql`percent`,
  currentStep: sql`lower(current_step_title)`,
  lastSignIn: sql`last_sign_in_at`,
  lastProgress: sql`last_progress_at`,
};

/**
 * The distinct role texts of member records and users. A loose index scan (one probe of `members_role_idx` and
 * `users_role_idx` per distinct text) instead of reading both tables: a handful of probes at any number of members.
 */
async function storedRoleTexts(db: Database): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      with recursive mr(role) as (
        (select role from members order by role limit 1)
        union all
        select (select m.role from members m where m.role > mr.role order by m.role limit 1) from mr where mr.role is not null
      ),
      ur(role) as (
        (select role from users order by role limit 1)
        union all
        select (select u.role from users u where u.role > ur.role order by u.role limit 1) from ur where ur.role is not null
      )
      select role as role_text from mr where role is not null
      union
      select role from ur where role is not null`),
  );
  return rows.map((r) => String(r.role_text));
}

/**
 * Brings the stored progress figures up to date (member-progress.ts) and returns the common table expressions every
 * members query starts with: `rm` (role text → key), `roles` (key → step count and first step), `admins`
 * (ADMIN_EMAILS), `people` (users ⟗ member records: e-mail address, user id, name, role key, department, admin and
 * invitation flags, last sign-in) and `scored` (`people` with {@link withFigures}).
 */
async function membersCtes(db: Database, ctx: MembersContext): Promise<SQL> {
  const map = roleTextMap(ctx.catalog, await storedRoleTexts(db)).map((m) => ({ role_text: m.roleText, role_key: m.roleKey }));
  const roleMap = sql`select * from jsonb_to_recordset(${JSON.stringify(map)}::jsonb) as x(role_text text, role_key text)`;
  await refreshMemberProgress(db, ctx, roleMap);
  const roles = roleFigures(ctx.catalog).map((r) => ({
    role_key: r.roleKey,
    total_steps: r.totalSteps,
    first_step_title: r.firstStepTitle,
  }));
  return sql`
    with rm as (${roleMap}),
    roles as (
      select * from jsonb_to_recordset(${JSON.stringify(roles)}::jsonb) as x(role_key text, total_steps int, first_step_title text)
    ),
    admins as (select jsonb_array_elements_text(${JSON.stringify(ctx.adminEmails)}::jsonb) as email),
    people as (
      select coalesce(m.email, u.email) as email,
        u.id as user_id,
        coalesce(u.name, '') as name,
        coalesce(rm.role_key, 'volunteer') as role_key,
        coalesce(m.department, u.department) as department,
        (coalesce(m.is_admin, false) or coalesce(m.email, u.email) in (select email from admins)) as is_admin,
        u.last_sign_in_at,
        (u.id is null) as invited
      from users u
        full outer join members m on m.email = u.email
        left join rm on rm.role_text = coalesce(m.role, u.role)
    ),
    scored as (${withFigures(sql`people`)})`;
}

/**
 * `source` (rows of `people`) with the progress columns: total and completed steps, percent, current step title and
 * last progress, from the role's figures and the stored figures of admin_member_progress.
 */
function withFigures(source: SQL): SQL {
  return sql`
    select p.*,
      coalesce(r.total_steps, 0) as total_steps,
      coalesce(f.completed_steps, 0) as completed_steps,
      case when coalesce(r.total_steps, 0) = 0 then 0
        else round(coalesce(f.completed_steps, 0) * 100.0 / r.total_steps)::int end as percent,
      -- Without stored figures (an invitation, or a user who arrived after the refresh): nothing completed yet.
      case when f.user_id is null then r.first_step_title else f.current_step_title end as current_step_title,
      f.last_progress_at
    from ${source} p
      left join roles r on r.role_key = p.role_key
      left join admin_member_progress f on f.user_id = p.user_id`;
}

/** Whether filtering or sorting needs every member's progress figures, not just the page's. */
function needsFigures(filter: MembersFilter): boolean {
  return filter.complete !== undefined || filter.sort === 'percent' || filter.sort === 'currentStep' || filter.sort === 'lastProgress';
}

/** The WHERE clause of the filters (on `scored`'s columns). */
function whereOf(filter: MembersFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = likePattern(filter.search);
    conditions.push(sql`(lower(name) like ${pattern} or email like ${pattern})`);
  }
  if (filter.role !== undefined && filter.role !== '') conditions.push(sql`role_key = ${filter.role.toLowerCase()}`);
  if (filter.department !== undefined && filter.department !== '') {
    conditions.push(sql`lower(department) = ${filter.department.toLowerCase()}`);
  }
  if (filter.complete === 'true') conditions.push(sql`(total_steps > 0 and completed_steps >= total_steps)`);
  if (filter.complete === 'false') conditions.push(sql`not (total_steps > 0 and completed_steps >= total_steps)`);
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
    currentStepTitle: row.current_step_title === null || row.current_step_title === undefined ? null : String(row.current_step_title),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    lastProgressAt: isoOrNull(row.last_progress_at),
    isAdmin: row.is_admin === true,
    invited: row.invited === true,
  };
}

/**
 * One page of the members table.
 * @param db the database
 * @param ctx the catalog (role steps, display names) and ADMIN_EMAILS
 * @param query filters, order, page (from 1) and page size
 * @returns the page's rows, the number of members matching the filters, and the page and size asked for
 */
export async function listMemberOverviews(
  db: Database,
  ctx: MembersContext,
  query: MembersQuery,
): Promise<{ items: MemberOverview[]; total: number; page: number; pageSize: number }> {
  const ctes = await membersCtes(db, ctx);
  const offset = (query.page - 1) * query.pageSize;
  const order = orderOf(query);
  const slice = sql`select * from matching order by ${order} limit ${query.pageSize} offset ${offset}`;
  // Sorted by a column of `people` without the completion filter, only the page's rows need their figures.
  const late = !needsFigures(query);
  const page = late ? withFigures(sql`(${slice})`) : slice;
  // One row even when the page is empty (past the last page, or nothing matches), so the total always comes back.
  const rows = rowsOf(
    await db.execute(sql`${ctes},
      matching as (select * from ${late ? sql`people` : sql`scored`} where ${whereOf(query)})
      select c.total_count, page.*
      from (select count(*)::int as total_count from matching) c
        left join lateral (${page}) page on true
      order by ${order}`),
  );
  const total = Number(rows[0]?.total_count ?? 0);
  const items = rows.filter((r) => r.email !== null && r.email !== undefined).map((r) => toOverview(r, ctx.catalog));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * Every member matching the filters, in the table's order (the CSV export).
 * @returns the rows, with current steps
 */
export async function listAllMemberOverviews(db: Database, ctx: MembersContext, filter: MembersFilter): Promise<MemberOverview[]> {
  const ctes = await membersCtes(db, ctx);
  const rows = rowsOf(await db.execute(sql`${ctes} select * from scored where ${whereOf(filter)} order by ${orderOf(filter)}`));
  return rows.map((r) => toOverview(r, ctx.catalog));
}

/**
 * The members-table row of one e-mail address.
 * @param email lower case
 * @returns the row, or undefined when the address is neither a user nor a member record
 */
export async function getMemberOverview(db: Database, ctx: MembersContext, email: string): Promise<MemberOverview | undefined> {
  const ctes = await membersCtes(db, ctx);
  const [row] = rowsOf(await db.execute(sql`${ctes} select * from scored where email = ${email}`));
  return row === undefined ? undefined : toOverview(row, ctx.catalog);
}

/**
 * The distinct departments of members and users, for the department filter.
 * @returns department names, sorted
 */
export async function listDepartments(db: Database): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select distinct coalesce(m.department, u.department) as department
      from users u full outer join members m on m.email = u.email order by 1`),
  );
  return rows.map((r) => String(r.department));
}
