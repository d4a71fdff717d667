import { z } from 'zod';

/**
 * The insights page's API contract: six charts (funnel, time to complete, cohorts, activity, quizzes, team tasks), each one GET under
 * /api/admin/insights/ with the same filters, each also as CSV (`.csv`). Admins only, like every admin route.
 *
 * Definitions used by every chart:
 * - a member's start is their first sign-in (later: their start date where one is recorded);
 * - a member is complete when every step of their role is done; they completed at their last step completion;
 * - days are whole days (24 hours, rounded down) between two moments.
 */

/** The charts, as they appear in the API paths. */
export const INSIGHT_CHARTS = ['funnel', 'time-to-complete', 'cohorts', 'activity', 'quizzes', 'team-tasks'] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];

/** A month as `YYYY-MM`. */
export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/u, 'Use a month written as YYYY-MM, e.g. 2025-03.');

/** A day as `YYYY-MM-DD`. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/u, 'Use a date written as YYYY-MM-DD, e.g. 2025-03-03.');

/** Filters of every chart: role configuration key, department (exact, any case), start month. Empty = all. */
export const insightsQuerySchema = z
  .object({
    role: z.string().trim().max(80).optional(),
    department: z.string().trim().max(120).optional(),
    started: z.union([monthSchema, z.literal('')]).optional(),
  })
  .strict();
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/**
 * STALLED_AFTER_DAYS unless the server is set otherwise: members waiting this many days or more are stalled (one
 * definition for the members table and Insights: src/shared/stalled.ts says it in words).
 */
export const STALLED_AFTER_DAYS = 7;

/** One step of the funnel, in the role's order. */
export const funnelStepSchema = z.object({
  stepId: z.string(),
  title: z.string(),
  /** Members whose role has the step. */
  eligible: z.number().int(),
  /** Of them, members who completed it. */
  completed: z.number().int(),
  /** Members whose current step (first not completed) it is. */
  current: z.number().int(),
  /** Of them, those stalled (src/shared/stalled.ts). */
  stalled: z.number().int(),
  /**
   * Median whole days the members on it have waited (since their last step completion or their start date, whichever
   * is later); null when nobody is on it.
   */
  medianWaitDays: z.number().nullable(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

/** One role's completion, for the funnel's "all roles" view. */
export const roleCompletionSchema = z.object({
  role: z.string(),
  roleLabel: z.string(),
  /** Members of the role matching the filters (people who signed in). */
  members: z.number().int(),
  /** Of them, members who completed every step. */
  complete: z.number().int(),
});
export type RoleCompletion = z.infer<typeof roleCompletionSchema>;

/**
 * The funnel of one role: the role asked for, or the role with the most members matching the filters (the steps of
 * several roles in one funnel would mean nothing), plus every role's completion.
 */
export const funnelSchema = z.object({
  /** The role whose steps these are; null when nobody matches the filters. */
  role: z.string().nullable(),
  roleLabel: z.string().nullable(),
  /** Members of that role matching the filters (people who signed in). */
  members: z.number().int(),
  /** Of them, members who completed every step. */
  complete: z.number().int(),
  /** Of them, members who are stalled (src/shared/stalled.ts), whichever step they wait at. */
  stalled: z.number().int().default(0),
  /** STALLED_AFTER_DAYS as the server counts it. */
  stalledAfterDays: z.number().int().default(STALLED_AFTER_DAYS),
  steps: z.array(funnelStepSchema),
  /** The step most people stopped at (the most stalled members); null when nobody is stalled. */
  calledOut: funnelStepSchema.nullable(),
  /** Every role with members matching the filters, most members first (ties: by key). */
  roles: z.array(roleCompletionSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** The buckets of the time-to-complete distribution, in whole days: [min, max] (max null = no upper end). */
export const COMPLETION_BUCKETS = [
  { label: 'Under 1 week', min: 0, max: 6 },
  { label: '1–2 weeks', min: 7, max: 13 },
  { label: '2–4 weeks', min: 14, max: 29 },
  { label: '1–2 months', min: 30, max: 59 },
  { label: '2–3 months', min: 60, max: 89 },
  { label: '3 months or more', min: 90, max: null },
] as const;

export const timeToCompleteSchema = z.object({
  /** Members matching the filters who completed every step. */
  complete: z.number().int(),
  medianDays: z.number().nullable(),
  p90Days: z.number().nullable(),
  /** One entry per {@link COMPLETION_BUCKETS} entry, in order. */
  buckets: z.array(
    z.object({ label: z.string(), min: z.number().int(), max: z.number().int().nullable(), members: z.number().int() }),
  ),
  /** Per role key (only roles with a completed member), by median then key. */
  roles: z.array(
    z.object({
      role: z.string(),
      roleLabel: z.string(),
      complete: z.number().int(),
      medianDays: z.number(),
      p90Days: z.number(),
    }),
  ),
});
export type TimeToComplete = z.infer<typeof timeToCompleteSchema>;

/** The days after their start at which the cohorts chart measures how many members are complete. */
export const COHORT_DAYS = [7, 14, 30] as const;

export const cohortsSchema = z.object({
  /** One entry per start month with members, oldest first (at most the last 12 months with members). */
  months: z.array(
    z.object({
      month: z.string(),
      /** Members who started that month. */
      members: z.number().int(),
      /** One entry per {@link COHORT_DAYS} entry: members who started at least that many days ago, of them complete within it, and the share (0–100, rounded; null when nobody is old enough). */
      within: z.array(
        z.object({
          days: z.number().int(),
          eligible: z.number().int(),
          complete: z.number().int(),
          percent: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type Cohorts = z.infer<typeof cohortsSchema>;

/** Weeks the activity chart covers (about 6 months). */
export const ACTIVITY_WEEKS = 26;

export const activitySchema = z.object({
  /** One entry per week (its Monday in the organisation's time zone, `YYYY-MM-DD`), oldest first, the current week last; weeks without completions are 0. */
  weeks: z.array(z.object({ week: z.string(), steps: z.number().int(), members: z.number().int() })),
  /** All step completions in those weeks. */
  total: z.number().int(),
});
export type Activity = z.infer<typeof activitySchema>;

/** The questions of each quiz the quizzes chart names as most often answered wrong (at most). */
export const MOST_MISSED_QUESTIONS = 3;

/** One quiz step of the quizzes chart (docs/product.md#quiz-steps). */
export const quizInsightSchema = z.object({
  stepId: z.string(),
  title: z.string(),
  /** Members matching the filters who tried the quiz at least once. */
  members: z.number().int(),
  /** Of them, members who passed. */
  passed: z.number().int(),
  /** passed / members as a percentage (0–100, rounded); null when nobody tried it. */
  passRate: z.number().int().nullable(),
  /** Every try of those members. */
  tries: z.number().int(),
  /** Mean tries the members who passed needed (their passing try's number), one decimal; null when nobody passed. */
  triesToPass: z.number().nullable(),
  /**
   * Up to {@link MOST_MISSED_QUESTIONS} questions answered wrong in the most tries (scored against the quiz as it is
   * now), most first, ties in the quiz's order; questions never answered wrong are left out.
   */
  mostMissed: z.array(
    z.object({
      questionId: z.string(),
      text: z.string(),
      /** Tries in which it was answered wrong. */
      wrong: z.number().int(),
      /** wrong / tries as a percentage (0–100, rounded). */
      percent: z.number().int(),
    }),
  ),
});
export type QuizInsight = z.infer<typeof quizInsightSchema>;

/** The quizzes chart: every quiz step of the roles matching the filter, in the roles' order. */
export const quizzesSchema = z.object({ quizzes: z.array(quizInsightSchema) });
export type Quizzes = z.infer<typeof quizzesSchema>;

/** Open and overdue team tasks of one person, or of the admins, or of nobody (docs/product.md#team-tasks). */
export const teamTasksByPersonSchema = z.object({
  /** `person`: one member (a task naming two leads counts for each); `admins`: any admin's; `unassigned`: nobody's. */
  kind: z.enum(['person', 'admins', 'unassigned']),
  /** The person's address; null for the admins' and the unassigned tasks. */
  email: z.string().nullable(),
  /** The person's name (their address before they sign in); 'Any admin' or 'Nobody' for the other two kinds. */
  name: z.string(),
  open: z.number().int(),
  /** Of the open ones, due before today (in the organisation's time zone). */
  overdue: z.number().int(),
});

/** Open, overdue and done tasks of one team task of the content (its kind), across newcomers. */
export const teamTasksByKindSchema = z.object({
  taskId: z.string(),
  /** The title the task has in the content now; the tasks' own title when the content no longer has it. */
  title: z.string(),
  open: z.number().int(),
  overdue: z.number().int(),
  done: z.number().int(),
});

/**
 * The team tasks chart (docs/product.md#team-tasks): the team tasks of the newcomers matching the filters (role,
 * department, start month: their team-task start day — the start date an admin set, else their first sign-in), as
 * they are now.
 */
export const teamTasksInsightSchema = z.object({
  /** Today (YYYY-MM-DD) in the organisation's time zone: a task due before it and not done is overdue. */
  today: z.string(),
  /** Open tasks (each once, whoever does it). */
  open: z.number().int(),
  overdue: z.number().int(),
  /** Most overdue first, then most open, then by name; only people with an open task. */
  byPerson: z.array(teamTasksByPersonSchema),
  /** Most overdue first, then most open, then by title; every task with an open or done one. */
  byKind: z.array(teamTasksByKindSchema),
  /** Newcomers with at least one team task that is not closed. */
  newcomers: z.number().int(),
  /** Of them, those whose team tasks are all done. */
  allDone: z.number().int(),
  /**
   * Median calendar days from a newcomer's start day to the day (local) their last team task was done, over the
   * newcomers whose tasks are all done, one decimal; negative when all was done before the start; null when none.
   */
  medianDaysToAllDone: z.number().nullable(),
});
export type TeamTasksInsight = z.infer<typeof teamTasksInsightSchema>;

/**
 * The funnel's call-out in words: "Most people who stop, stop at 'Set up Slack': 23 members, waiting a median of 9
 * days."
 * @param step the called-out step; null when nobody has waited long enough to count
 * @param stalledAfterDays STALLED_AFTER_DAYS as the server counts it
 * @returns the sentence
 */
export function funnelCalloutText(step: FunnelStep | null, stalledAfterDays = STALLED_AFTER_DAYS): string {
  if (step === null) {
    return `Nobody has been waiting on a step for ${stalledAfterDays} ${stalledAfterDays === 1 ? 'day' : 'days'} or more.`;
  }
  const members = `${step.current} ${step.current === 1 ? 'member' : 'members'}`;
  const days = step.medianWaitDays ?? 0;
  return `Most people who stop, stop at '${step.title}': ${members}, waiting a median of ${days} ${days === 1 ? 'day' : 'days'}.`;
}
