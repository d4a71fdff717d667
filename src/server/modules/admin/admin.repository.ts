import { sql, type SQL } from 'drizzle-orm';
import type { MemberOverview, MembersQuery, MemberSortColumn } from '../../../shared/admin-api.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { roleStepRows, roleTextMap } from './role-steps.js';

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

/** The title of the first step of `alias`'s role that its person has not completed (SPEC §4 current step). */
const currentStepOf = (alias: string): SQL => sql`(
  select rs.title from rs where rs.role_key = ${sql.raw(alias)}.role_key and not exists (
    select 1 from step_progress sp where sp.user_id = ${sql.raw(alias)}.user_id and sp.step_id = rs.step_id)
  order by rs.ordinal limit 1)`;

/**
 * The common table expressions every members query starts with: `rs` (role steps), `rm` (role text → key),
 * `people` (users ⟗ member records) and `scored` (each person with role key, step counts, percent and last activity).
 * `withCurrentStep` adds `current_step_title` to `scored` (needed to sort by it); otherwise only the page's rows look
 * it up.
 */
async function scoredCte(db: Database, ctx: MembersContext, withCurrentStep: boolean): Promise<SQL> {
  const texts = rowsOf(await db.execute(sql`select role as role_text from members union select role from users`)).map(
    (r) => String(r.role_text),
  );
  const steps = roleStepRows(ctx.catalog).map((s) => ({
    role_key: s.roleKey,
    step_id: s.stepId,
    ordinal: s.ordinal,
    title: s.title,
  }));
  const map = roleTextMap(ctx.catalog, texts).map((m) => ({ role_text: m.roleText, role_key: m.roleKey }));
  return sql`
    with rs as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
        as x(role_key text, step_id text, ordinal int, title text)
    ),
    rm as (
      select * from jsonb_to_recordset(${JSON.stringify(map)}::jsonb) as x(role_text text, role_key text)
    ),
    admins as (select jsonb_array_elements_text(${JSON.stringify(ctx.adminEmails)}::jsonb) as email),
    totals as (select role_key, count(*)::int as total from rs group by role_key),
    people as (
      select coalesce(m.email, u.email) as email,
        u.id as user_id,
        coalesce(u.name, '') as name,
        coalesce(m.role, u.role) as role_text,
        coalesce(m.department, u.department) as department,
        (coalesce(m.is_admin, false) or coalesce(m.email, u.email) in (select email from admins)) as is_admin,
        u.last_sign_in_at,
        (u.id is null) as invited
      from users u full outer join members m on m.email = u.email
    ),
    done as (
      select sp.user_id, rs.role_key, count(*)::int as done
      from step_progress sp join rs on rs.step_id = sp.step_id
      group by sp.user_id, rs.role_key
    ),
    last_progress as (
      select user_id, max(completed_at) as last_progress_at from step_progress group by user_id
    ),
    base as (
      select p.*, coalesce(rm.role_key, 'volunteer') as role_key
      from people p left join rm on rm.role_text = p.role_text
    ),
    scored as (
      select b.*,
        coalesce(t.total, 0) as total_steps,
        coalesce(d.done, 0) as completed_steps,
        case when coalesce(t.total, 0) = 0 then 0
          else round(coalesce(d.done, 0) * 100.0 / t.total)::int end as percent,
        lp.last_progress_at
        ${withCurrentStep ? sql`, ${currentStepOf('b')} as current_step_title` : sql``}
      from base b
        left join totals t on t.role_key = b.role_key
        left join done d on d.user_id = b.user_id and d.role_key = b.role_key
        left join last_progress lp on lp.user_id = b.user_id
    )`;
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
  const sortsByStep = query.sort === 'currentStep';
  const cte = await scoredCte(db, ctx, sortsByStep);
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf(
    await db.execute(sql`${cte},
      page as (
        select *, count(*) over () ::int as total_count from scored where ${whereOf(query)}
        order by ${orderOf(query)} limit ${query.pageSize} offset ${offset}
      )
      select page.* ${sortsByStep ? sql`` : sql`, ${currentStepOf('page')} as current_step_title`}
      from page order by ${orderOf(query)}`),
  );
  let total = rows.length > 0 ? Number(rows[0]?.total_count) : 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = rowsOf(await db.execute(sql`${cte} select count(*)::int as n from scored where ${whereOf(query)}`));
    total = Number(count?.n ?? 0);
  }
  return { items: rows.map((r) => toOverview(r, ctx.catalog)), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Every member matching the filters, in the table's order (the CSV export).
 * @returns the rows, with current steps
 */
export async function listAllMemberOverviews(db: Database, ctx: MembersContext, filter: MembersFilter): Promise<MemberOverview[]> {
  const cte = await scoredCte(db, ctx, true);
  const rows = rowsOf(await db.execute(sql`${cte} select * from scored where ${whereOf(filter)} order by ${orderOf(filter)}`));
  return rows.map((r) => toOverview(r, ctx.catalog));
}

/**
 * The members-table row of one e-mail address.
 * @param email lower case
 * @returns the row, or undefined when the address is neither a user nor a member record
 */
export async function getMemberOverview(db: Database, ctx: MembersContext, email: string): Promise<MemberOverview | undefined> {
  const cte = await scoredCte(db, ctx, true);
  const [row] = rowsOf(await db.execute(sql`${cte} select * from scored where email = ${email}`));
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
