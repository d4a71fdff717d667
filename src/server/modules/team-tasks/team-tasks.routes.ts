import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  putTeamTaskBodySchema,
  teamTaskListSchema,
  teamTaskParamsSchema,
  type TeamTaskView,
  teamTaskViewSchema,
} from '../../../shared/team-tasks-api.js';
import { dayIn } from '../../calendar.js';
import type { Database } from '../../db/client.js';
import { HttpError, forbidden, notFound } from '../../http-errors.js';
import type { ReadCache } from '../../plugins/read-cache.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { readableDepartments } from '../permissions/index.js';
import { getNewcomerAccess, getTeamTaskAccess, listNewcomerTeamTasks } from './team-tasks.repository.js';
import { setTeamTaskDone } from './team-tasks.service.js';

/** What the team tasks' routes need. */
export interface TeamTaskRoutesOptions {
  db: Database;
  /** The read cache ("My tasks" comes from it). */
  reads: ReadCache;
  timeZone: string;
  now: () => Date;
}

/** The 403 message to someone who may not change a task. */
export const NOT_YOUR_TASK_MESSAGE =
  'Only the people who do this task, the lead of the newcomer’s department and admins can change it.';

/** Whether the request's person leads `department` (or is an admin). */
function leadsOrAdmin(request: FastifyRequest, department: string | null): boolean {
  const readable = readableDepartments(request.memberRole);
  return readable === 'all' || (department !== null && readable.includes(department.trim().toLowerCase()));
}

/**
 * Team tasks (docs/product.md#team-tasks; API in src/shared/team-tasks-api.ts). Everyone signed in may ask; each sees
 * only what the rule lets them:
 *
 * - GET /api/team-tasks/mine → the tasks the signed-in person does (admins: also the admins' and the unassigned ones).
 * - GET /api/team-tasks/newcomers/:email → one newcomer's tasks: to admins, the leads of the newcomer's department and
 *   the newcomer's buddy; 404 to anyone else (whether the person exists is not told).
 * - PUT /api/team-tasks/:id `{ done, note? }` → marks a task done (with the note) or open again: the people it names,
 *   admins, and the leads of the newcomer's department; 403 to others who can see it, 404 for an unknown task, 409 for
 *   a closed one. Audited as 'team-task-done'.
 */
export const teamTaskRoutes: FastifyPluginAsyncZod<TeamTaskRoutesOptions> = async (
  app,
  { db, reads, timeZone, now },
) => {
  app.get(
    '/api/team-tasks/mine',
    { preValidation: requireUser, schema: { response: { 200: teamTaskListSchema } } },
    async function getTeamTasksMine(request) {
      const today = dayIn(now(), timeZone);
      const user = signedInUser(request);
      const tasks = await reads.myTeamTasks(
        { email: user.email.toLowerCase(), isAdmin: request.memberRole?.isAdmin === true },
        today,
      );
      return { today, tasks: tasks as TeamTaskView[] };
    },
  );

  app.get(
    '/api/team-tasks/newcomers/:email',
    {
      preValidation: requireUser,
      schema: { params: z.object({ email: z.string().trim().min(3).max(254) }), response: { 200: teamTaskListSchema } },
    },
    async function getTeamTasksNewcomersByEmail(request) {
      const email = request.params.email.toLowerCase();
      const me = signedInUser(request).email.toLowerCase();
      const access = await getNewcomerAccess(db, email);
      if (access === undefined || !(leadsOrAdmin(request, access.department) || access.buddy === me)) {
        throw notFound(`No newcomer you look after has the address ${request.params.email}.`);
      }
      const today = dayIn(now(), timeZone);
      return { today, tasks: await listNewcomerTeamTasks(db, email, today) };
    },
  );

  app.put(
    '/api/team-tasks/:id',
    {
      preValidation: requireUser,
      schema: { params: teamTaskParamsSchema, body: putTeamTaskBodySchema, response: { 200: teamTaskViewSchema } },
    },
    async function putTeamTasksById(request) {
      const me = signedInUser(request).email.toLowerCase();
      const access = await getTeamTaskAccess(db, request.params.id);
      const mayChange =
        access !== undefined && (access.assignees.includes(me) || leadsOrAdmin(request, access.department));
      if (access === undefined || (!mayChange && access.buddy !== me)) {
        throw notFound('There is no such team task.');
      }
      if (!mayChange) throw forbidden(NOT_YOUR_TASK_MESSAGE);
      const outcome = await setTeamTaskDone(
        db,
        request.params.id,
        request.body,
        { actorUserId: signedInUser(request).id, actorEmail: me },
        now(),
      );
      if (outcome === 'not-found') throw notFound('There is no such team task.');
      if (outcome === 'closed') throw new HttpError(409, 'This task was closed; it can no longer be changed.');
      const today = dayIn(now(), timeZone);
      const task = (await listNewcomerTeamTasks(db, access.newcomer, today)).find((t) => t.id === request.params.id);
      if (task === undefined) throw new Error(`team task ${request.params.id} vanished after it was written`);
      return task;
    },
  );
};
