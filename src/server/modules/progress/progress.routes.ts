import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { putStepProgressBodySchema, stepIdParamsSchema, stepProgressSchema } from '../../../shared/api.js';
import { orderedStepIds, type RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http-errors.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { resolveMemberRole } from '../onboarding/member-role.js';
import { completeStep, uncompleteStep } from './progress.repository.js';

/**
 * PUT /api/progress/steps/:stepId `{ completed: boolean }` → the step's progress `{ stepId, completed, completedAt }`
 * (SPEC §4 "Complete adds…, reset/uncomplete removes"; DESIGN.md §3: idempotent PUT of a state, never a toggle;
 * completing twice keeps the first completion time). 401 without a session; 404 when the step is not one of the
 * member's steps; 400 for a malformed id or body.
 */
export const progressRoutes: FastifyPluginAsyncZod<{ db: Database; catalog: RoleCatalog; now: () => Date }> = async (
  app,
  { db, catalog, now },
) => {
  app.put(
    '/api/progress/steps/:stepId',
    {
      preValidation: requireUser,
      schema: { params: stepIdParamsSchema, body: putStepProgressBodySchema, response: { 200: stepProgressSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { stepId } = request.params;
      if (!orderedStepIds(resolveMemberRole(catalog, user)).includes(stepId)) {
        throw notFound(`Step "${stepId}" is not part of your onboarding.`);
      }
      if (!request.body.completed) {
        await uncompleteStep(db, user.id, stepId);
        return { stepId, completed: false, completedAt: null };
      }
      const done = await completeStep(db, user.id, stepId, now());
      return { stepId, completed: true, completedAt: done.completedAt.toISOString() };
    },
  );
};
