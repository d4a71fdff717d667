import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingResponseSchema } from '../../../shared/api.js';
import { APP_VERSION } from '../../../shared/content-schema.js';
import { orderedStepIds, type RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { listCompletedSteps } from '../progress/progress.repository.js';
import { resolveMemberRole } from './member-role.js';

/**
 * GET /api/onboarding → the signed-in member's resolved role configuration (scopes with their steps, SPEC §2
 * "Dashboard", §6) and their completed steps that belong to it, in step order, with ISO completion times
 * (DESIGN.md §3 "Progress"). 401 without a session.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{ db: Database; catalog: RoleCatalog }> = async (app, { db, catalog }) => {
  app.get(
    '/api/onboarding',
    { preValidation: requireUser, schema: { response: { 200: onboardingResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const role = resolveMemberRole(catalog, user);
      const completedAt = new Map((await listCompletedSteps(db, user.id)).map((c) => [c.stepId, c.completedAt]));
      const completed = orderedStepIds(role).flatMap((stepId) => {
        const at = completedAt.get(stepId);
        return at === undefined ? [] : [{ stepId, completedAt: at.toISOString() }];
      });
      return {
        appVersion: APP_VERSION,
        role: {
          key: role.key,
          displayName: role.displayName,
          version: role.version,
          icon: role.icon,
          colors: role.colors,
          isDepartment: role.isDepartment,
          parentDepartment: role.parentDepartment,
        },
        scopes: role.scopes,
        progress: { completed },
      };
    },
  );
};
