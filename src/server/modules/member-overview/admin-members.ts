import { sql } from 'drizzle-orm';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { MATERIAL_CHANGE_GRACE_DAYS } from '../../calendar.js';
import { EXTRA_STEP_ORDINAL_BASE } from './adjustments.repository.js';
import { catalogFingerprint, roleStepRows, roleTextMap } from './role-steps.js';

/**
 * Keeps `admin_members` (db/schema.ts) up to date: the members table's rows, one per person, with resolved role,
 * step counts, percent, current step and last activity (docs/decisions/010-admin-members-table.md).
 * Migration 0004's triggers name a person in `admin_members_pending` on every write to their user, member record or
 * step progress; `admin_members_state` holds the fingerprint of the content the rows were computed with. Rows are
 * computed here, in SQL, from the role lookup of docs/product.md#role-lookup and the resolution of
 * docs/product.md#scopes-and-steps done in TypeScript, and the person's adjustments
 * (docs/product.md#per-person-adjustments: skipped steps left out, extra steps added) (docs/decisions/007-admin-members-query.md): the lookup's answers
 * and the roles' steps come in as JSON.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Recomputes the rows of everyone named in `admin_members_pending` (everyone, after a content change) and removes the
 * rows of people who are gone; returns at once when nobody is pending (the usual case: one small query).
 *
 * Safe with several servers on one database: the statement locks the pending entries it works on, so a write that
 * comes meanwhile waits, then names the person again (recomputed next time); entries another transaction is writing
 * are skipped rather than waited for (they are about to change again), so two refreshes, or a refresh and an import,
 * never deadlock. A person whose role text appeared after the role texts were read stays pending until next time.
 * @param db the database
 * @param catalog the running content's role configurations
 * @param timeZone the organisation's IANA time zone (TIME_ZONE): the start day of a member with no start date set is
 *   the local day of their first sign-in
 * @returns the number of people recomputed or removed
 */
export async function refreshAdminMembers(db: Database, catalog: RoleCatalog, timeZone: string): Promise<number> {
  // The rows depend on the time zone too (start days from first sign-ins): a new TIME_ZONE recomputes them.
  const fingerprint = `${catalogFingerprint(catalog)}|${timeZone}`;
  const [state] = rowsOf(
    await db.execute(sql`select (select catalog from admin_members_state where id = 1) as catalog,
      exists (select 1 from admin_members_pending) as pending`),
  );
  if (state?.catalog !== fingerprint) {
    // New content (or never computed, or a table was truncated): everyone is pending.
    await db.execute(sql`
      with marked as (
        insert into admin_members_pending (email)
        select email from users union select email from members union select email from admin_members
        on conflict (email) do update set changes = admin_members_pending.changes + 1
        returning email
      )
      insert into admin_members_state (id, catalog) values (1, ${fingerprint})
      on conflict (id) do update set catalog = excluded.catalog`);
  } else if (state.pending !== true) {
    return 0;
  }
  const texts = rowsOf(
    await db.execute(sql`
      select distinct coalesce((select m.role from members m where m.email = p.email), u.role) as role_text
      from admin_members_pending p left join lateral (select role from users u where u.email = p.email limit 1) u on true`),
  );
  const map = roleTextMap(
    catalog,
    texts.flatMap((r) => (typeof r.role_text === 'string' ? [r.role_text] : [])),
  ).map((m) => ({ role_text: m.roleText, role_key: m.roleKey }));
  const steps = roleStepRows(catalog).map((s) => ({
    role_key: s.roleKey,
    step_id: s.stepId,
    ordinal: s.ordinal,
    title: s.title,
    due_after_days: s.dueAfterDays,
    version_date: s.versionDate,
  }));
  const result = await db.execute(sql`
    with rs as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as x(role_key text, step_id text, ordinal int, title text, due_after_days int, version_date date)
    ),
    rm as (select * from jsonb_to_recordset(${JSON.stringify(map)}::jsonb) as x(role_text text, role_key text)),
    stale as (select email, changes from admin_members_pending for update skip locked),
    absent as (
      select st.email from stale st
      where not exists (select 1 from users u where u.email = st.email)
        and not exists (select 1 from members m where m.email = st.email)
    ),
    gone as (delete from admin_members a using absent ab where a.email = ab.email returning a.email),
    who as (
      select st.email, u.id as user_id, coalesce(u.name, '') as name, rm.role_key,
        coalesce(m.department, u.department) as department, coalesce(m.is_admin, false) as member_is_admin,
        u.last_sign_in_at, u.created_at as first_sign_in_at, ms.start_on, coalesce(u.onboarding, true) as onboarding,
        coalesce(ms.start_on, (u.created_at at time zone ${timeZone})::date) as start_day
      -- Lateral lookups by address (the limit keeps the planner from turning them into joins of whole tables): a
      -- few people are pending almost always. An inner join with rm: a role text the lookup has not seen leaves the
      -- person pending for the next refresh.
      from stale st
        left join lateral (select * from users u where u.email = st.email limit 1) u on true
        left join lateral (select * from members m where m.email = st.email limit 1) m on true
        left join lateral (select start_on from member_schedules ms where ms.email = st.email limit 1) ms on true
        join rm on rm.role_text = coalesce(m.role, u.role)
    ),
    figures as (
      -- One row per step of the person's role, with its progress row if any: completed = rows with progress; the
      -- current step = the first, by ordinal, without.
      select w.email, count(sp.user_id)::int as completed_steps, count(rs.step_id)::int as total_steps,
        (array_agg(rs.title order by rs.ordinal) filter (where rs.step_id is not null and sp.user_id is null))[1]
          as current_step_title,
        coalesce(array_agg(rs.effective_days order by rs.effective_days)
          filter (where rs.effective_days is not null and sp.user_id is null), '{}'::int[]) as open_due_after_days
      from who w
        left join lateral (
          -- calendar.ts stepDueOn: days from the start day to the due day; after a material change, members who
          -- started before it have a grace period.
          select rs.*, case when rs.version_date > w.start_day
            then greatest(rs.due_after_days, rs.version_date + ${MATERIAL_CHANGE_GRACE_DAYS}::int - w.start_day)
            else rs.due_after_days end as effective_days
          from rs where rs.role_key = w.role_key
            -- docs/product.md#per-person-adjustments: a step skipped for the person is not one of theirs...
            and not exists (
              select 1 from member_step_adjustments a
              where a.email = w.email and a.kind = 'skip' and a.step_id = rs.step_id
            )
          union all
          -- ...and their extra steps come after the role's (adjustments.repository.ts adjustedStepRows).
          select w.role_key, a.step_id,
            (${EXTRA_STEP_ORDINAL_BASE}::int + row_number() over (order by a.seq))::int,
            a.title, a.due_after_days, null::date, a.due_after_days
          from member_step_adjustments a where a.email = w.email and a.kind = 'extra'
        ) rs on true
        left join step_progress sp on sp.user_id = w.user_id and sp.step_id = rs.step_id
      group by w.email
    ),
    computed as (
      select w.*, f.completed_steps, f.current_step_title, f.open_due_after_days, l.last_progress_at, f.total_steps
      from who w
        join figures f on f.email = w.email
        -- The last completion of any step, of the role or not (what "last progress" has always meant).
        left join lateral (
          select max(sp.completed_at) as last_progress_at from step_progress sp where sp.user_id = w.user_id
        ) l on true
    ),
    written as (
      insert into admin_members (email, user_id, name, name_key, role_key, department, department_key, member_is_admin,
        last_sign_in_at, invited, total_steps, completed_steps, percent, current_step_title, current_step_key,
        last_progress_at, start_on, first_sign_in_at, open_due_after_days, onboarding)
      select c.email, c.user_id, c.name, lower(c.name), c.role_key, c.department, lower(c.department), c.member_is_admin,
        c.last_sign_in_at, c.user_id is null, c.total_steps, c.completed_steps,
        case when c.total_steps = 0 then 0 else round(c.completed_steps * 100.0 / c.total_steps)::int end,
        c.current_step_title, lower(c.current_step_title), c.last_progress_at, c.start_on, c.first_sign_in_at,
        c.open_due_after_days, c.onboarding
      from computed c
      on conflict (email) do update set
        user_id = excluded.user_id,
        name = excluded.name,
        name_key = excluded.name_key,
        role_key = excluded.role_key,
        department = excluded.department,
        department_key = excluded.department_key,
        member_is_admin = excluded.member_is_admin,
        last_sign_in_at = excluded.last_sign_in_at,
        invited = excluded.invited,
        total_steps = excluded.total_steps,
        completed_steps = excluded.completed_steps,
        percent = excluded.percent,
        current_step_title = excluded.current_step_title,
        current_step_key = excluded.current_step_key,
        last_progress_at = excluded.last_progress_at,
        start_on = excluded.start_on,
        first_sign_in_at = excluded.first_sign_in_at,
        open_due_after_days = excluded.open_due_after_days,
        onboarding = excluded.onboarding
      returning email
    ),
    done as (
      delete from admin_members_pending p using stale st
      where p.email = st.email and p.changes = st.changes
        and (st.email in (select email from written) or st.email in (select email from absent))
      returning p.email
    )
    -- (Data-modifying expressions run whether read or not: gone needs no reader.)
    select count(*)::int as n from done`);
  const recomputed = Number(rowsOf(result)[0]?.n ?? 0);
  if (recomputed >= VACUUM_AFTER) await vacuum(db);
  return recomputed;
}

/** After recomputing this many people (a bulk import or seed, new content), the two tables are vacuumed. */
const VACUUM_AFTER = 1000;

/**
 * Reclaims the dead rows a bulk refresh leaves (every pending entry deleted, every row rewritten) and refreshes the
 * planner's statistics. The embedded database never vacuums by itself: without this, each later check of
 * `admin_members_pending` would read every page the bulk filled. VACUUM cannot run inside a transaction; called in
 * one, it is skipped (the tables are only slower to read).
 */
async function vacuum(db: Database): Promise<void> {
  try {
    await db.execute(sql`vacuum (analyze) admin_members_pending, admin_members`);
  } catch (error) {
    if ((error as { code?: unknown }).code !== '25001') throw error;
  }
}
