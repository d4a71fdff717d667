import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_WEEKS,
  COHORT_DAYS,
  COMPLETION_BUCKETS,
  STALLED_AFTER_DAYS,
  type Activity,
  type Cohorts,
  type Funnel,
  type FunnelStep,
  type InsightsQuery,
  MOST_MISSED_QUESTIONS,
  type QuizInsight,
  type Quizzes,
  type RoleCompletion,
  type TeamTasksInsight,
  type TimeToComplete,
} from '../../../shared/insights-api.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import type { Quiz } from '../../../shared/content-schema.js';
import { RoleConfigurationError, resolveRole, type RoleCatalog } from '../../../shared/roles.js';
import { scoreQuiz } from '../../../shared/step-answers.js';
import { dayIn, weekStartsIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { memberStartsSql, refreshAdminMembers, roleStepRows, wholeDaysSql } from '../member-overview/index.js';

/**
 * The insights charts, each one SQL query over the derived members table `admin_members` (one row per person with
 * resolved role, department, step counts, current step and last progress; docs/decisions/010-admin-members-table.md)
 * joined to each person's start (member-overview/member-start.ts). Only people who signed in count: an invitation has no start.
 * A member is complete when every step of their role is done, and completed at their last step completion.
 */

/** What the insights queries need besides the database. */
export interface InsightsContext {
  catalog: RoleCatalog;
  /** The moment "now" (the app's clock): waits, cohort ages and the activity window are measured from it. */
  now: Date;
  /** The organisation's IANA time zone (TIME_ZONE): weeks and start months are local, as the digest's are. */
  timeZone: string;
  /**
   * The departments this viewer may see (any case); undefined = every department (an admin). An empty list sees
   * nobody. For people who may see only their own departments.
   */
  departments?: readonly string[] | undefined;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
/** Rounds to one decimal (medians and percentiles of whole days are often x.5). */
const oneDecimal = (value: unknown): number | null => {
  const n = numOrNull(value);
  return n === null ? null : Math.round(n * 10) / 10;
};

/**
 * Brings `admin_members` up to date and returns the common table expressions every chart starts with: `pop`, the
 * people matching the filters and the viewer's departments, with `started_at`, `is_complete` and `has_left` (left the
 * organisation).
 */
async function populationCtes(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<SQL> {
  await refreshAdminMembers(db, ctx.catalog, ctx.timeZone);
  const conditions: SQL[] = [sql`true`];
  if (query.role !== undefined && query.role !== '') conditions.push(sql`a.role_key = ${query.role.toLowerCase()}`);
  if (query.department !== undefined && query.department !== '') {
    conditions.push(sql`a.department_key = ${query.department.toLowerCase()}`);
  }
  if (query.started !== undefined && query.started !== '') {
    conditions.push(sql`to_char(s.started_at at time zone ${ctx.timeZone}, 'YYYY-MM') = ${query.started}`);
  }
  if (ctx.departments !== undefined) {
    const allowed = JSON.stringify(ctx.departments.map((d) => d.toLowerCase()));
    conditions.push(sql`a.department_key in (select jsonb_array_elements_text(${allowed}::jsonb))`);
  }
  return sql`
    with starts as (${memberStartsSql()}),
    pop as materialized (
      select a.email, a.user_id, a.role_key, a.current_step_title, a.last_progress_at, s.started_at,
        (a.total_steps > 0 and a.completed_steps >= a.total_steps) as is_complete,
        exists (select 1 from members m where m.email = a.email and m.left_at is not null) as has_left
      from admin_members a join starts s on s.user_id = a.user_id
      where ${sql.join(conditions, sql` and `)}
    )`;
}

const nowSql = (ctx: InsightsContext): SQL => sql`${ctx.now.toISOString()}::timestamptz`;

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
  const roles = rowsOf(
    await db.execute(sql`${ctes}
    select role_key, count(*)::int as members, (count(*) filter (where is_complete))::int as complete
    from pop group by role_key`),
  )
    .map((r) => roleCompletion(ctx, String(r.role_key), num(r.members), num(r.complete)))
    .sort((a, b) => b.members - a.members || a.role.localeCompare(b.role));
  const chosen = query.role === undefined || query.role === '' ? undefined : query.role.toLowerCase();
  const shown =
    chosen === undefined ? roles[0] : (roles.find((r) => r.role === chosen) ?? roleCompletion(ctx, chosen, 0, 0));
  if (shown === undefined || shown.members === 0) {
    const role = { role: shown?.role ?? null, roleLabel: shown?.roleLabel ?? null };
    return { ...role, members: 0, complete: 0, steps: [], calledOut: null, roles };
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
      select f.step_id, ${wholeDaysSql(sql`coalesce(greatest(p.started_at, p.last_progress_at), p.started_at)`, nowSql(ctx))} as days
      from fpop p join firsts f on f.role_key = p.role_key and f.title = p.current_step_title
      -- Someone who left waits at no step (docs/product.md#admin-area): neither on it now nor stalled there.
      where not p.has_left
    ),
    per_wait as (
      select step_id, count(*)::int as current, count(*) filter (where days >= ${STALLED_AFTER_DAYS})::int as stalled,
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
 * The step most people stopped at: the most members waiting at least {@link STALLED_AFTER_DAYS} days, then the most
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
interface QuizStep {
  stepId: string;
  title: string;
  quiz: Quiz;
  version: number;
}

/**
 * The quiz steps of the roles a filter names (every role when none), each once, in the roles' order (role keys
 * sorted, then the role's steps), with their answer keys.
 */
function quizSteps(catalog: RoleCatalog, role: string | undefined): QuizStep[] {
  const found = new Map<string, QuizStep>();
  const keys = role === undefined || role === '' ? [...catalog.keys()].sort() : [role.toLowerCase()];
  for (const key of keys) {
    if (!catalog.has(key)) continue;
    try {
      for (const step of resolveRole(catalog, key).scopes.flatMap((scope) => scope.steps)) {
        if (step.quiz !== undefined && !found.has(step.id))
          found.set(step.id, { stepId: step.id, title: step.title, quiz: step.quiz, version: step.version ?? 1 });
      }
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
  }
  return [...found.values()];
}

/**
 * The quizzes chart (docs/product.md#quiz-steps): for each quiz step of the roles matching the filter, how many of the
 * members matching the filters tried it, how many passed (and the pass rate), their tries, the mean tries the members
 * who passed needed, and the questions most often answered wrong. Pass and tries are as stored with each try (a try's
 * pass is what it was when it was taken). The questions most often answered wrong are of the quiz as it is now, from
 * the tries of its current `version` only: a material change (docs/decisions/050-retaking-changed-forms-and-quizzes.md)
 * raises the version whenever a question, an answer or the answer key changes, so an earlier try was of other
 * questions and is not scored against these; each question's percent is of the current version's tries.
 * @param db the database
 * @param ctx catalog, clock and the viewer's departments
 * @param query role, department and start month filters
 * @returns every such quiz, nobody's tries included (zeros, nulls and no questions)
 */
export async function quizzes(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<Quizzes> {
  const steps = quizSteps(ctx.catalog, query.role);
  if (steps.length === 0) return { quizzes: [] };
  const ctes = await populationCtes(db, ctx, query);
  const rows = rowsOf(
    await db.execute(sql`${ctes}
    select t.step_id, t.user_id, t.try, t.passed, t.answers, t.step_version
    from quiz_tries t join pop p on p.user_id = t.user_id
    where t.step_id in (select jsonb_array_elements_text(${JSON.stringify(steps.map((s) => s.stepId))}::jsonb))
    order by t.step_id, t.user_id, t.try`),
  );
  return {
    quizzes: steps.map(({ stepId, title, quiz, version }): QuizInsight => {
      const tries = rows.filter((r) => r.step_id === stepId);
      const members = new Set(tries.map((r) => String(r.user_id)));
      // The passing try of each member who passed (the first: a passed quiz cannot be taken again).
      const passTry = new Map<string, number>();
      for (const r of tries)
        if (r.passed === true && !passTry.has(String(r.user_id))) passTry.set(String(r.user_id), num(r.try));
      const wrong = new Map<string, number>();
      const ofThisVersion = tries.filter((r) => num(r.step_version) === version);
      for (const r of ofThisVersion) {
        for (const q of scoreQuiz(quiz, (r.answers ?? {}) as Record<string, string[]>).questions) {
          if (!q.right) wrong.set(q.questionId, (wrong.get(q.questionId) ?? 0) + 1);
        }
      }
      const mostMissed = quiz.questions
        .map((q, order) => ({ questionId: q.id, text: q.text, wrong: wrong.get(q.id) ?? 0, order }))
        .filter((q) => q.wrong > 0)
        .sort((a, b) => b.wrong - a.wrong || a.order - b.order)
        .slice(0, MOST_MISSED_QUESTIONS)
        .map(({ order: _order, ...q }) => ({ ...q, percent: Math.round((q.wrong * 100) / ofThisVersion.length) }));
      const passedTries = [...passTry.values()];
      return {
        stepId,
        title,
        members: members.size,
        passed: passTry.size,
        passRate: members.size === 0 ? null : Math.round((passTry.size * 100) / members.size),
        tries: tries.length,
        triesToPass:
          passedTries.length === 0
            ? null
            : Math.round((passedTries.reduce((sum, n) => sum + n, 0) * 10) / passedTries.length) / 10,
        mostMissed,
      };
    }),
  };
}

/**
 * The team tasks chart (docs/product.md#team-tasks): the open and overdue team tasks of the newcomers matching the
 * filters, by the person who does them (each named person; the admins' tasks; the unassigned ones) and by task of the
 * content, and how long newcomers took from their start day to all their team tasks done (the day, in `timeZone`, the
 * last one was done). A newcomer's start day and month are the team tasks' own: the start date an admin set, else the
 * day of the first sign-in, so invited people who have not signed in count. Closed tasks count nowhere.
 * @param db the database
 * @param ctx catalog, clock, time zone and the viewer's departments
 * @param query role, department and start month filters
 * @returns the figures ({@link TeamTasksInsight})
 */
export async function teamTasks(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<TeamTasksInsight> {
  await refreshAdminMembers(db, ctx.catalog, ctx.timeZone);
  const today = dayIn(ctx.now, ctx.timeZone);
  const startOn = sql`coalesce(a.start_on, (a.first_sign_in_at at time zone ${ctx.timeZone})::date)`;
  const conditions: SQL[] = [sql`true`];
  if (query.role !== undefined && query.role !== '') conditions.push(sql`a.role_key = ${query.role.toLowerCase()}`);
  if (query.department !== undefined && query.department !== '') {
    conditions.push(sql`a.department_key = ${query.department.toLowerCase()}`);
  }
  if (query.started !== undefined && query.started !== '') {
    conditions.push(sql`to_char(${startOn}, 'YYYY-MM') = ${query.started}`);
  }
  if (ctx.departments !== undefined) {
    const allowed = JSON.stringify(ctx.departments.map((d) => d.toLowerCase()));
    conditions.push(sql`a.department_key in (select jsonb_array_elements_text(${allowed}::jsonb))`);
  }
  const ctes = sql`
    with nc as materialized (
      select a.email, ${startOn} as start_on from admin_members a where ${sql.join(conditions, sql` and `)}
    ),
    t as materialized (
      select t.task_id, t.title, t.who, t.assignees, t.status, t.due_on, t.done_at, t.newcomer_email, nc.start_on,
        (t.status = 'open' and t.due_on < ${today}::date) as overdue
      from team_tasks t join nc on nc.email = t.newcomer_email
      where t.status <> 'closed'
    )`;
  const [people, kinds, totals] = await Promise.all([
    db.execute(sql`${ctes}
      select p.kind, p.email, coalesce(nullif(trim(am.name), ''), p.email) as name,
        count(*)::int as open, count(*) filter (where p.overdue)::int as overdue
      from (
        select 'person' as kind, a.email, t.overdue from t cross join unnest(t.assignees) as a(email)
        where t.status = 'open'
        union all
        select case when t.who = 'admins' then 'admins' else 'unassigned' end, null, t.overdue from t
        where t.status = 'open' and cardinality(t.assignees) = 0
      ) p left join admin_members am on am.email = p.email
      group by p.kind, p.email, am.name`),
    db.execute(sql`${ctes}
      select task_id, max(title) as title, count(*) filter (where status = 'open')::int as open,
        count(*) filter (where overdue)::int as overdue, count(*) filter (where status = 'done')::int as done
      from t group by task_id`),
    db.execute(sql`${ctes},
      per as (
        select newcomer_email, bool_and(status = 'done') as all_done,
          (max(done_at) at time zone ${ctx.timeZone})::date - min(start_on) as days
        from t group by newcomer_email
      )
      select (select count(*)::int from t where status = 'open') as open,
        (select count(*)::int from t where overdue) as overdue,
        (select count(*)::int from per) as newcomers,
        (select count(*)::int from per where all_done) as all_done,
        (select percentile_cont(0.5) within group (order by days) from per where all_done) as median`),
  ]);
  // The title a task has in the content now (any role), else the one its tasks were made with.
  const titles = new Map<string, string>();
  for (const role of ctx.catalog.values()) for (const task of role.teamTasks) titles.set(task.id, task.title);
  const byKind = rowsOf(kinds)
    .map((r) => ({
      taskId: String(r.task_id),
      title: titles.get(String(r.task_id)) ?? String(r.title),
      open: num(r.open),
      overdue: num(r.overdue),
      done: num(r.done),
    }))
    .sort((a, b) => b.overdue - a.overdue || b.open - a.open || a.title.localeCompare(b.title));
  const total = rowsOf(totals)[0] ?? {};
  return {
    today,
    open: num(total.open),
    overdue: num(total.overdue),
    byPerson: rowsOf(people)
      .map((r): TeamTasksInsight['byPerson'][number] => {
        const kind = r.kind === 'admins' ? 'admins' : r.kind === 'unassigned' ? 'unassigned' : 'person';
        return {
          kind,
          email: kind === 'person' ? String(r.email) : null,
          name: kind === 'admins' ? 'Any admin' : kind === 'unassigned' ? 'Nobody' : String(r.name),
          open: num(r.open),
          overdue: num(r.overdue),
        };
      })
      .sort((a, b) => b.overdue - a.overdue || b.open - a.open || a.name.localeCompare(b.name)),
    byKind,
    newcomers: num(total.newcomers),
    allDone: num(total.all_done),
    medianDaysToAllDone: oneDecimal(total.median),
  };
}

/** No filter and no restriction to some departments: every member counts. */
function isUnfiltered(ctx: InsightsContext, query: InsightsQuery): boolean {
  return (
    ctx.departments === undefined &&
    (query.role ?? '') === '' &&
    (query.department ?? '') === '' &&
    (query.started ?? '') === ''
  );
}
