import { sql } from 'drizzle-orm';
import {
  ACTIVITY_WEEKS,
  COHORT_DAYS,
  COMPLETION_BUCKETS,
  type Activity,
  type Cohorts,
  type Funnel,
  type FunnelStep,
  type InsightsQuery,
  type RoleCompletion,
  type TimeToComplete,
} from '../../../shared/insights-api.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import { weekStartsIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { roleStepRows, wholeDaysSql } from '../member-overview/index.js';
import {
  type InsightsContext,
  isUnfiltered,
  nowSql,
  num,
  oneDecimal,
  populationCtes,
  rowsOf,
  stalledAfterDaysOf,
} from './insights-sql.js';

/**
 * The insights charts, each one SQL query over the derived members table `admin_members` (one row per person with
 * resolved role, department, step counts, current step and last progress; docs/decisions/010-admin-members-table.md)
 * joined to each person's start (member-overview/member-start.ts). Only people who signed in count: an invitation has no start.
 * A member is complete when every step of their role is done, and completed at their last step completion.
 */

export type { InsightsContext } from './insights-sql.js';
export { quizzes, teamTasks } from './quiz-task-insights.js';

/**
 * The funnel of one role (docs/product.md#admin-area): the chosen role, or — with none chosen — the role with the most
 * members matching the filters (a funnel of several roles' steps together would mix steps nobody shares). For each of
 * its steps in order: how many of its members have it, completed it and are on it now (their first step not
 * completed), how long those on it have waited (since their last step completion, else their start), and the step
 * most people stopped at. Also each role's members and complete members, the "all roles" view. A member does not have
 * a step skipped for them (docs/product.md#per-person-adjustments).
 * @param db the database
 * @param ctx catalog, clock and the viewer's departments
 * @param query role, department and start month filters
 * @returns the role shown (null when nobody matches), its members and complete members, its steps in order, the
 *   called-out step, and every role's completion (most members first)
 */
export async function funnel(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<Funnel> {
  const ctes = await populationCtes(db, ctx, query);
  const roleRows = rowsOf(
    await db.execute(sql`${ctes}
    select role_key, count(*)::int as members, (count(*) filter (where is_complete))::int as complete,
      (count(*) filter (where is_stalled))::int as stalled
    from pop group by role_key`),
  );
  const stalledOf = new Map(roleRows.map((r) => [String(r.role_key), num(r.stalled)]));
  const roles = roleRows
    .map((r) => roleCompletion(ctx, String(r.role_key), num(r.members), num(r.complete)))
    .sort((a, b) => b.members - a.members || a.role.localeCompare(b.role));
  const chosen = query.role === undefined || query.role === '' ? undefined : query.role.toLowerCase();
  const shown =
    chosen === undefined ? roles[0] : (roles.find((r) => r.role === chosen) ?? roleCompletion(ctx, chosen, 0, 0));
  if (shown === undefined || shown.members === 0) {
    const role = { role: shown?.role ?? null, roleLabel: shown?.roleLabel ?? null };
    const stalledAfterDays = stalledAfterDaysOf(ctx);
    return { ...role, members: 0, complete: 0, stalled: 0, stalledAfterDays, steps: [], calledOut: null, roles };
  }
  const steps = roleStepRows(ctx.catalog)
    .filter((s) => s.roleKey === shown.role)
    .map((s) => ({
      role_key: s.roleKey,
      step_id: s.stepId,
      ordinal: s.ordinal,
      title: s.title,
    }));
  const rows = rowsOf(
    await db.execute(sql`${ctes},
    fpop as (select * from pop where role_key = ${shown.role}),
    rs as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as x(role_key text, step_id text, ordinal int, title text)
    ),
    -- The current step is stored by title: its step is the role's first with that title.
    firsts as (select distinct on (role_key, title) role_key, title, step_id from rs order by role_key, title, ordinal),
    -- Who has each step: members per role × the role's steps (no per-member rows).
    role_counts as (select role_key, count(*)::int as n from fpop group by role_key),
    per_step as (
      select rs.step_id, min(rs.ordinal) as ordinal, min(rs.title) as title, sum(rc.n)::int as eligible
      from rs join role_counts rc on rc.role_key = rs.role_key
      group by rs.step_id
    ),
    -- Who completed it: the members' progress rows counted per (step, role) first — about as many groups as the
    -- catalog has role steps — then kept where the step is one of the role's (a step of another role does not count).
    per_pair as (
      select sp.step_id, p.role_key, count(*)::int as n
      from step_progress sp join fpop p on p.user_id = sp.user_id
      where not exists (
        select 1 from member_step_adjustments a where a.email = p.email and a.kind = 'skip' and a.step_id = sp.step_id
      )
      group by sp.step_id, p.role_key
    ),
    -- docs/product.md#per-person-adjustments: a step skipped for someone is not one of theirs (not eligible).
    skips as (
      select a.step_id, count(*)::int as n
      from member_step_adjustments a join fpop p on p.email = a.email
      where a.kind = 'skip'
      group by a.step_id
    ),
    per_done as (
      select pp.step_id, sum(pp.n)::int as completed
      from per_pair pp join rs on rs.role_key = pp.role_key and rs.step_id = pp.step_id
      group by pp.step_id
    ),
    waiting as (
      select f.step_id, ${wholeDaysSql(sql`p.waiting_since`, nowSql(ctx))} as days, p.is_stalled
      from fpop p join firsts f on f.role_key = p.role_key and f.title = p.current_step_title
      -- Someone who left waits at no step (docs/product.md#admin-area): neither on it now nor stalled there.
      where not p.has_left
    ),
    per_wait as (
      select step_id, count(*)::int as current, count(*) filter (where is_stalled)::int as stalled,
        percentile_cont(0.5) within group (order by days) as median_wait
      from waiting group by step_id
    ),
    totals as (select count(*)::int as members, (count(*) filter (where is_complete))::int as complete from fpop)
    select t.members, t.complete, ps.step_id, ps.title, ps.eligible - coalesce(sk.n, 0) as eligible,
      coalesce(d.completed, 0) as completed,
      coalesce(w.current, 0) as current, coalesce(w.stalled, 0) as stalled, w.median_wait
    from totals t
      left join per_step ps on true
      left join per_done d on d.step_id = ps.step_id
      left join per_wait w on w.step_id = ps.step_id
      left join skips sk on sk.step_id = ps.step_id
    order by ps.ordinal, ps.title, ps.step_id`),
  );
  const stepsOut: FunnelStep[] = rows
    .filter((r) => r.step_id !== null && r.step_id !== undefined)
    .map((r) => ({
      stepId: String(r.step_id),
      title: String(r.title),
      eligible: num(r.eligible),
      completed: num(r.completed),
      current: num(r.current),
      stalled: num(r.stalled),
      medianWaitDays: oneDecimal(r.median_wait),
    }));
  return {
    role: shown.role,
    roleLabel: shown.roleLabel,
    members: num(rows[0]?.members),
    complete: num(rows[0]?.complete),
    stalled: stalledOf.get(shown.role) ?? 0,
    stalledAfterDays: stalledAfterDaysOf(ctx),
    steps: stepsOut,
    calledOut: calledOutStep(stepsOut),
    roles,
  };
}

/** One role's completion figures, named as the role configuration names it. */
function roleCompletion(ctx: InsightsContext, role: string, members: number, complete: number): RoleCompletion {
  return { role, roleLabel: ctx.catalog.get(role)?.displayName ?? formatRoleLabel(role), members, complete };
}

/**
 * The step most people stopped at: the most stalled members (member-overview/stalled.ts), then the most
 * members on it, then the longest median wait, then the earliest.
 * @returns the step, or null when nobody has waited that long anywhere
 */
export function calledOutStep(steps: readonly FunnelStep[]): FunnelStep | null {
  let best: FunnelStep | null = null;
  for (const step of steps) {
    if (step.stalled === 0) continue;
    if (
      best === null ||
      step.stalled > best.stalled ||
      (step.stalled === best.stalled && step.current > best.current) ||
      (step.stalled === best.stalled &&
        step.current === best.current &&
        (step.medianWaitDays ?? 0) > (best.medianWaitDays ?? 0))
    ) {
      best = step;
    }
  }
  return best;
}

/**
 * Time to complete: whole days from start to completion of the complete members matching the filters — median, 90th
 * percentile (both interpolated), the distribution over {@link COMPLETION_BUCKETS}, and the same figures per role.
 * @param db the database
 * @param ctx catalog (role names), clock and the viewer's departments
 * @param query role, department and start month filters
 */
export async function timeToComplete(
  db: Database,
  ctx: InsightsContext,
  query: InsightsQuery,
): Promise<TimeToComplete> {
  const ctes = await populationCtes(db, ctx, query);
  const buckets = COMPLETION_BUCKETS.map(
    (b, i) =>
      sql`(count(*) filter (where days >= ${b.min}${b.max === null ? sql`` : sql` and days <= ${b.max}`}))::int as ${sql.raw(`b${i}`)}`,
  );
  const rows = rowsOf(
    await db.execute(sql`${ctes},
    done as (select role_key, ${wholeDaysSql(sql`started_at`, sql`last_progress_at`)} as days from pop where is_complete)
    select role_key, grouping(role_key) as whole, count(*)::int as complete,
      percentile_cont(0.5) within group (order by days) as median,
      percentile_cont(0.9) within group (order by days) as p90,
      ${sql.join(buckets, sql`, `)}
    from done group by grouping sets ((), (role_key))`),
  );
  const all = rows.find((r) => num(r.whole) === 1);
  const roles = rows
    .filter((r) => num(r.whole) === 0)
    .map((r) => {
      const role = String(r.role_key);
      return {
        role,
        roleLabel: ctx.catalog.get(role)?.displayName ?? formatRoleLabel(role),
        complete: num(r.complete),
        medianDays: oneDecimal(r.median) ?? 0,
        p90Days: oneDecimal(r.p90) ?? 0,
      };
    })
    .sort((a, b) => a.medianDays - b.medianDays || a.role.localeCompare(b.role));
  return {
    complete: num(all?.complete),
    medianDays: oneDecimal(all?.median),
    p90Days: oneDecimal(all?.p90),
    buckets: COMPLETION_BUCKETS.map((b, i) => ({
      label: b.label,
      min: b.min,
      max: b.max,
      members: num(all?.[`b${i}`]),
    })),
    roles,
  };
}

/** The most recent start months the cohorts chart shows. */
export const COHORT_MONTHS = 12;

/**
 * Cohorts: members by the month they started (in the organisation's time zone), and for each of {@link COHORT_DAYS}: how many started at least
 * that many days ago, and how many of those completed within their first that many days (whole days from start to
 * completion below it).
 * @param db the database
 * @param ctx catalog, clock and the viewer's departments
 * @param query role, department and start month filters
 * @returns the last {@link COHORT_MONTHS} months with members, oldest first
 */
export async function cohorts(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<Cohorts> {
  const ctes = await populationCtes(db, ctx, query);
  const days = wholeDaysSql(sql`started_at`, sql`last_progress_at`);
  const columns = COHORT_DAYS.map(
    (
      d,
    ) => sql`(count(*) filter (where started_at <= ${nowSql(ctx)} - ${`${d} days`}::interval))::int as ${sql.raw(`e${d}`)},
      (count(*) filter (where started_at <= ${nowSql(ctx)} - ${`${d} days`}::interval and is_complete and ${days} < ${d}))::int
        as ${sql.raw(`c${d}`)}`,
  );
  const rows = rowsOf(
    await db.execute(sql`${ctes}
    , per_month as (
      select date_trunc('month', started_at at time zone ${ctx.timeZone}) as month, count(*)::int as members, ${sql.join(columns, sql`, `)}
      from pop group by 1 order by 1 desc limit ${COHORT_MONTHS}
    )
    select to_char(month, 'YYYY-MM') as month, members, ${sql.raw(COHORT_DAYS.map((d) => `e${d}, c${d}`).join(', '))}
    from per_month`),
  );
  return {
    months: rows
      .sort((a, b) => String(a.month).localeCompare(String(b.month)))
      .map((r) => ({
        month: String(r.month),
        members: num(r.members),
        within: COHORT_DAYS.map((d) => {
          const eligible = num(r[`e${d}`]);
          const complete = num(r[`c${d}`]);
          return {
            days: d,
            eligible,
            complete,
            percent: eligible === 0 ? null : Math.round((complete * 100) / eligible),
          };
        }),
      })),
  };
}

/**
 * Activity: step completions per week (Monday to Sunday in the organisation's time zone, as the digest's weeks; the
 * calendar rule of docs/product.md#due-dates-and-reminders) by the members matching the filters, over the last
 * {@link ACTIVITY_WEEKS} weeks up to and including the current one, and how many members completed a step each week.
 * @param db the database
 * @param ctx catalog, clock and the viewer's departments
 * @param query role, department and start month filters
 */
export async function activity(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<Activity> {
  const ctes = await populationCtes(db, ctx, query);
  const { instants, days } = weekStartsIn(ctx.now, ctx.timeZone, ACTIVITY_WEEKS);
  const first = instants[0] as Date;
  // The week of a completion: its place among the local Mondays (a week across a DST change is not 7 × 24 hours).
  const mondays = `{${instants.map((m) => m.getTime() / 1000).join(',')}}`;
  // Unfiltered, every progress row counts (each belongs to a user, and every user is a member): no join at all.
  const everyone = isUnfiltered(ctx, query);
  const rows = rowsOf(
    await db.execute(sql`${ctes}
    -- Week numbers by the completion's place among the local Mondays (width_bucket: 1 = the first week); per member
    -- and week first (one small group each), then per week: no count(distinct).
    , per_member as (
      select width_bucket(extract(epoch from sp.completed_at)::float8, ${mondays}::float8[]) - 1 as week, count(*)::int as steps
      from step_progress sp
      where sp.completed_at >= ${first.toISOString()}::timestamptz and sp.completed_at <= ${nowSql(ctx)}
        ${everyone ? sql`` : sql`and sp.user_id in (select user_id from pop)`}
      group by 1, sp.user_id
    )
    select week, sum(steps)::int as steps, count(*)::int as members from per_member group by week`),
  );
  const byWeek = new Map(rows.map((r) => [num(r.week), r]));
  const weeks = days.slice(0, ACTIVITY_WEEKS).map((week, i) => {
    const row = byWeek.get(i);
    return { week, steps: num(row?.steps), members: num(row?.members) };
  });
  return { weeks, total: weeks.reduce((sum, w) => sum + w.steps, 0) };
}

/** A quiz step as published now; `version` is the step's content version (1 when it has none). */
