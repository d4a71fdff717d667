import { z } from 'zod';

/**
 * The team tasks' API (docs/product.md#team-tasks): "My tasks", a newcomer's tasks on their member page, and marking
 * a task done.
 */

/** One team task as the people who may see it see it. */
export const teamTaskViewSchema = z.object({
  /** The task's own id (a UUID), for PUT /api/team-tasks/:id. */
  id: z.string(),
  /** The task's id in the content. */
  taskId: z.string(),
  newcomer: z.object({ email: z.string(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  who: z.enum(['lead', 'buddy', 'admins', 'members']),
  /** The people who do it (addresses); empty for the admins' tasks and for tasks nobody can do. */
  assignees: z.array(z.string()),
  /** Nobody can do it (no lead for the department, no buddy): admins see it as unassigned. */
  unassigned: z.boolean(),
  appointment: z.boolean(),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  status: z.enum(['open', 'done', 'closed']),
  /** Open and due before today (in the organisation's time zone). */
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  note: z.string().nullable(),
  closedReason: z.string().nullable(),
});
export type TeamTaskView = z.infer<typeof teamTaskViewSchema>;

/** GET /api/team-tasks/mine and GET /api/team-tasks/newcomers/:email: tasks, overdue first, then by due date. */
export const teamTaskListSchema = z.object({
  /** Today in the organisation's time zone (YYYY-MM-DD). */
  today: z.string(),
  tasks: z.array(teamTaskViewSchema),
});
export type TeamTaskList = z.infer<typeof teamTaskListSchema>;

/** :id of PUT /api/team-tasks/:id. */
export const teamTaskParamsSchema = z.object({ id: z.uuid({ error: 'The task id must be a UUID.' }) });

/** PUT /api/team-tasks/:id body: done or open again, with an optional note. */
export const putTeamTaskBodySchema = z
  .object({
    done: z.boolean({ error: 'Say whether the task is done (true or false).' }),
    note: z.string().trim().max(2000, 'The note can be at most 2000 characters.').optional(),
  })
  .strict();
export type PutTeamTaskBody = z.infer<typeof putTeamTaskBodySchema>;

/** PUT /api/admin/members/:email/buddy body: the buddy's address, or null for none. */
export const putBuddyBodySchema = z
  .object({
    buddy: z.email({ error: 'The buddy must be an e-mail address.' }).max(254).nullable(),
  })
  .strict();

/** One member suggested as a newcomer's buddy. */
export const buddySuggestionSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** How many members (who have not left) have them as buddy now. */
  buddies: z.number().int(),
});

/**
 * GET /api/admin/members/:email/buddy-suggestions: members of the newcomer's department who finished their own
 * onboarding and have not left, fewest buddies first (docs/product.md#team-tasks); at most 5.
 */
export const buddySuggestionsSchema = z.object({ suggestions: z.array(buddySuggestionSchema) });
export type BuddySuggestions = z.infer<typeof buddySuggestionsSchema>;
