import { sql, type SQL } from 'drizzle-orm';
import {
  type InsightsQuery,
  MOST_MISSED_QUESTIONS,
  type QuizInsight,
  type Quizzes,
  type TeamTasksInsight,
} from '../../../shared/insights-api.js';
import type { Quiz } from '../../../shared/content-schema.js';
import { RoleConfigurationError, resolveRole, type RoleCatalog } from '../../../shared/roles.js';
import { scoreQuiz } from '../../../shared/step-answers.js';
import { dayIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { refreshAdminMembers } from '../member-overview/index.js';
import { type InsightsContext, num, oneDecimal, populationCtes, rowsOf } from './insights-sql.js';

/** The quizzes and team tasks insights (docs/product.md#admin-area). */

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
  // docs/product.md#who-starts-an-onboarding: someone only looking around is no newcomer.
  const conditions: SQL[] = [sql`a.onboarding`];
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
