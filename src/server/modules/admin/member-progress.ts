import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { MembersContext } from './admin.repository.js';
import { catalogFingerprint, roleStepRows } from './role-steps.js';

/**
 * Keeps `admin_member_progress` (db/schema.ts) up to date: each user's completed steps of their resolved role, the
 * title of the first step not completed and the last completion (docs/decisions/010-admin-members-summary.md).
 * Migration 0004's triggers add 1 to a row's `changes` on every write that can change those figures (step progress,
 * member record, role, address); a row is up to date when `counted_changes` = `changes` and `catalog` is the running
 * catalog's fingerprint. Figures are computed here, in SQL, because the role of a member is resolved by the role lookup
 * of SPEC §5 and §6 in TypeScript (docs/decisions/007): the lookup's answers come in as JSON.
 */

/**
 * Recomputes every row that is out of date, in one statement, and returns how many it recomputed.
 *
 * Safe with several servers on one database: the statement locks the rows it recomputes, so a write that comes while it
 * runs waits and then adds 1 to `changes` again (the row is recomputed next time); rows another transaction is writing
 * are skipped rather than waited for (they are about to change again), so two refreshes, or a refresh and an import,
 * never deadlock.
 * @param db the database
 * @param ctx the catalog
 * @param roleMap the `rm` common table expression's body: rows `(role_text, role_key)` of every stored role text
 * @returns the number of rows recomputed (0 almost always; every user after a content change or a bulk import)
 */
export async function refreshMemberProgress(db: Database, ctx: MembersContext, roleMap: SQL): Promise<number> {
  const steps = roleStepRows(ctx.catalog).map((s) => ({ role_key: s.roleKey, step_id: s.stepId, ordinal: s.ordinal, title: s.title }));
  const catalog = catalogFingerprint(ctx.catalog);
  // Almost always nothing is out of date: a cheap check spares planning the statement below.
  const check = (await db.execute(
    sql`select exists (select 1 from admin_member_progress where changes <> counted_changes or catalog <> ${catalog}) as pending`,
  )) as unknown as { rows: { pending: boolean }[] };
  if (check.rows[0]?.pending !== true) return 0;
  const result = await db.execute(sql`
    with rs as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as x(role_key text, step_id text, ordinal int, title text)
    ),
    rm as (${roleMap}),
    stale as (
      select user_id, changes from admin_member_progress where changes <> counted_changes or catalog <> ${catalog}
      for update skip locked
    ),
    who as (
      select st.user_id, st.changes, coalesce(rm.role_key, 'volunteer') as role_key
      from stale st
        join users u on u.id = st.user_id
        left join members m on m.email = u.email
        left join rm on rm.role_text = coalesce(m.role, u.role)
    ),
    figures as (
      -- One row per step of the user's role, with its progress row if any: completed = rows with progress; the current
      -- step = the first, by ordinal, without.
      select w.user_id, w.changes, count(sp.user_id)::int as completed_steps,
        (array_agg(rs.title order by rs.ordinal) filter (where rs.step_id is not null and sp.user_id is null))[1]
          as current_step_title
      from who w
        left join rs on rs.role_key = w.role_key
        left join step_progress sp on sp.user_id = w.user_id and sp.step_id = rs.step_id
      group by w.user_id, w.changes
    ),
    latest as (
      -- The last completion of any step, of the role or not (what "last progress" has always meant).
      select sp.user_id, max(sp.completed_at) as last_progress_at
      from step_progress sp where sp.user_id in (select user_id from who) group by sp.user_id
    )
    update admin_member_progress a set
      completed_steps = f.completed_steps,
      current_step_title = f.current_step_title,
      last_progress_at = l.last_progress_at,
      catalog = ${catalog},
      counted_changes = f.changes
    from figures f left join latest l on l.user_id = f.user_id
    where a.user_id = f.user_id`);
  return (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ?? (result as { rowCount?: number | null }).rowCount ?? 0;
}
