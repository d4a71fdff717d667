import type { CatalogSource } from '../../content/published-content.js';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  activitySchema,
  cohortsSchema,
  funnelSchema,
  insightsQuerySchema,
  quizzesSchema,
  teamTasksInsightSchema,
  timeToCompleteSchema,
  type Activity,
  type Cohorts,
  type Funnel,
  type InsightChart,
  type InsightsQuery,
  type Quizzes,
  type TeamTasksInsight,
  type TimeToComplete,
} from '../../../shared/insights-api.js';
import type { Database } from '../../db/client.js';
import { readableDepartments, requirePermission } from '../permissions/index.js';
import {
  activity,
  cohorts,
  funnel,
  quizzes,
  teamTasks,
  timeToComplete,
  type InsightsContext,
} from './insights.repository.js';

/** What the insights routes need. */
export interface InsightsRoutesOptions {
  db: Database;
  content: CatalogSource;
  now: () => Date;
  /** The organisation's IANA time zone (TIME_ZONE): the charts' weeks and months are local. */
  timeZone: string;
  /** STALLED_AFTER_DAYS (member-overview/stalled.ts); default 7. */
  stalledAfterDays?: number;
}

/**
 * A chart's data as CSV: a header row, then one row per figure. Cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return: step titles and role names come from the content) are escaped.
 * @param rows header first
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(
    rows.map((r) => r.map((cell) => cell ?? '')),
    { escape_formulas: true },
  );
}

/** The CSV rows of each chart (the funnel's: the steps of the role it shows, named in the first column). */
export const CSV_ROWS = {
  funnel: (f: Funnel) => [
    [
      'role',
      'step_id',
      'step',
      'members_with_step',
      'completed',
      'on_it_now',
      'waiting_7_days_or_more',
      'median_wait_days',
    ],
    ...f.steps.map((s) => [
      f.roleLabel,
      s.stepId,
      s.title,
      s.eligible,
      s.completed,
      s.current,
      s.stalled,
      s.medianWaitDays,
    ]),
  ],
  'time-to-complete': (t: TimeToComplete) => [
    ['group', 'complete_members', 'median_days', 'p90_days', 'from_days', 'to_days'],
    ['all', t.complete, t.medianDays, t.p90Days, null, null],
    ...t.roles.map((r) => [`role: ${r.roleLabel}`, r.complete, r.medianDays, r.p90Days, null, null]),
    ...t.buckets.map((b) => [`days: ${b.label}`, b.members, null, null, b.min, b.max]),
  ],
  cohorts: (c: Cohorts) => [
    [
      'start_month',
      'members',
      ...(c.months[0]?.within.flatMap((w) => [
        `started_${w.days}_days_ago`,
        `complete_within_${w.days}_days`,
        `percent_${w.days}_days`,
      ]) ?? []),
    ],
    ...c.months.map((m) => [m.month, m.members, ...m.within.flatMap((w) => [w.eligible, w.complete, w.percent])]),
  ],
  activity: (a: Activity) => [
    ['week_starting', 'steps_completed', 'members'],
    ...a.weeks.map((w) => [w.week, w.steps, w.members]),
  ],
  quizzes: (q: Quizzes) => [
    [
      'step_id',
      'quiz',
      'members_tried',
      'passed',
      'pass_rate_percent',
      'tries',
      'mean_tries_to_pass',
      'question',
      'answered_wrong',
      'percent_of_tries',
    ],
    ...q.quizzes.flatMap((z) => [
      [z.stepId, z.title, z.members, z.passed, z.passRate, z.tries, z.triesToPass, null, null, null],
      ...z.mostMissed.map((m) => [z.stepId, z.title, null, null, null, null, null, m.text, m.wrong, m.percent]),
    ]),
  ],
  'team-tasks': (t: TeamTasksInsight) => [
    ['by', 'id', 'name', 'open', 'overdue', 'done'],
    ...t.byPerson.map((p) => ['person', p.email ?? p.kind, p.name, p.open, p.overdue, null]),
    ...t.byKind.map((k) => ['task', k.taskId, k.title, k.open, k.overdue, k.done]),
    ['newcomers_all_done', null, `${t.allDone} of ${t.newcomers}`, null, null, t.allDone],
    ['median_days_to_all_done', null, t.medianDaysToAllDone, null, null, null],
  ],
} satisfies Record<InsightChart, (data: never) => (string | number | null)[][]>;

/**
 * The insights API, admins only (401 anonymous, 403 anyone else, as every admin route). Each chart answers JSON and,
 * with `.csv`, a CSV attachment of the same figures; all take `?role&department&started` (started: YYYY-MM).
 *
 * - GET /api/admin/insights/funnel(.csv)
 * - GET /api/admin/insights/time-to-complete(.csv)
 * - GET /api/admin/insights/cohorts(.csv)
 * - GET /api/admin/insights/activity(.csv)
 * - GET /api/admin/insights/quizzes(.csv): one row per quiz, then one per question most often answered wrong
 * - GET /api/admin/insights/team-tasks(.csv): open and overdue team tasks by person and by task, and the median days
 *   from a newcomer's start day to all their team tasks done
 */
export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (
  app,
  { db, content, now, timeZone, stalledAfterDays },
) => {
  app.addHook('onRequest', requirePermission('insights:read'));
  // Admins see every department; a department lead only the members of the departments they lead.
  const contextOf = (request: FastifyRequest): InsightsContext => {
    const readable = readableDepartments(request.memberRole);
    const departments = readable === 'all' ? {} : { departments: readable };
    return { catalog: content.catalog, now: now(), timeZone, stalledAfterDays, ...departments };
  };
  const schema = { querystring: insightsQuerySchema };

  /** Registers one chart's JSON and CSV routes. */
  function chartRoutes<T>(
    name: InsightChart,
    compute: (db: Database, ctx: InsightsContext, query: InsightsQuery) => Promise<T>,
    response: z.ZodType<T>,
    csvRows: (data: T) => (string | number | null)[][],
  ): void {
    // The answer is checked against the chart's schema before it is sent (the type provider cannot follow T).
    app.get(`/api/admin/insights/${name}`, { schema }, async function getInsightChart(request) {
      return response.parse(await compute(db, contextOf(request), request.query));
    });
    app.get(`/api/admin/insights/${name}.csv`, { schema }, async function getInsightChartCsv(request, reply) {
      const ctx = contextOf(request);
      const data = await compute(db, ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="insights-${name}-${ctx.now.toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(toCsv(csvRows(data)));
    });
  }

  chartRoutes('funnel', funnel, funnelSchema, CSV_ROWS.funnel);
  chartRoutes('time-to-complete', timeToComplete, timeToCompleteSchema, CSV_ROWS['time-to-complete']);
  chartRoutes('cohorts', cohorts, cohortsSchema, CSV_ROWS.cohorts);
  chartRoutes('activity', activity, activitySchema, CSV_ROWS.activity);
  chartRoutes('quizzes', quizzes, quizzesSchema, CSV_ROWS.quizzes);
  chartRoutes('team-tasks', teamTasks, teamTasksInsightSchema, CSV_ROWS['team-tasks']);
};
