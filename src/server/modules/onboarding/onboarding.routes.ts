import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ItemProgress, onboardingQuerySchema, onboardingResponseSchema } from '../../../shared/api.js';
import { APP_VERSION } from '../../../shared/content-schema.js';
import { orderedStepIds, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { stepItems } from '../../../shared/step-items.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { listCompletedSteps } from '../progress/progress.repository.js';
import { listDoneItems } from '../progress/step-items.repository.js';
import { resolveRoleOfRequest } from './member-role.js';
import { canPreviewRoles, previewableRoles, resolvePreviewRole } from './role-preview.js';
import { roleSummary } from './role-summary.js';

/**
 * GET /api/onboarding → the signed-in member's resolved role configuration (scopes with their steps, SPEC §2
 * "Dashboard", §6) and their completed steps that belong to it, in step order, with ISO completion times
 * (DESIGN.md §3 "Progress"). The role is the member record's role text looked up by the rules of SPEC §5 (see
 * members/member-role.ts); the lookup's console messages of SPEC §5 are logged at warn. Progress is kept by step id,
 * so after a role change the completed steps that the new role also has still count.
 * 401 without a session; 409 `{ statusCode, error, message, role }` when the role configuration is missing
 * (see ROLE_CONFIGURATION_STATUS in member-role.ts).
 *
 * Also (issue 5): `progress.items`, the ticked checklist items and acknowledgments of the role's steps; and the role
 * preview of the spec's role switcher (see role-preview.ts): `canPreviewRoles` and `previewRoles` say whether and
 * what the member may preview, and `?previewRole=key` answers with that role's steps and `preview: true` (403 when
 * the member may not preview, 404 for an unknown role). Progress shown in a preview is the member's own, read-only.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalog: RoleCatalog;
  config: Pick<Config, 'isProduction'>;
}> = async (app, { db, catalog, config }) => {
  app.get(
    '/api/onboarding',
    {
      preValidation: requireUser,
      schema: { querystring: onboardingQuerySchema, response: { 200: onboardingResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { previewRole } = request.query;
      const ownRole = () => {
        const { role, warnings } = resolveRoleOfRequest(catalog, request);
        for (const warning of warnings) request.log.warn({ email: user.email, role: request.memberRole?.roleText }, warning);
        return role;
      };
      const role = previewRole === undefined ? ownRole() : resolvePreviewRole(catalog, request, config, previewRole);
      const mayPreview = canPreviewRoles(config, request);
      const completedAt = new Map((await listCompletedSteps(db, user.id)).map((c) => [c.stepId, c.completedAt]));
      const completed = orderedStepIds(role).flatMap((stepId) => {
        const at = completedAt.get(stepId);
        return at === undefined ? [] : [{ stepId, completedAt: at.toISOString() }];
      });
      return {
        appVersion: APP_VERSION,
        role: roleSummary(role),
        scopes: role.scopes,
        progress: { completed, items: await itemsOf(db, user.id, role) },
        preview: previewRole !== undefined,
        canPreviewRoles: mayPreview,
        previewRoles: mayPreview ? previewableRoles(catalog) : [],
      };
    },
  );
};

/**
 * The user's ticked items that belong to the role's checklist and acknowledgment steps, in step and item order (items
 * of other roles, or removed from the content, are left out).
 */
async function itemsOf(db: Database, userId: string, role: ResolvedRole): Promise<ItemProgress[]> {
  const doneAt = new Map((await listDoneItems(db, userId)).map((d) => [`${d.stepId}/${d.itemId}`, d.doneAt]));
  return role.scopes.flatMap((scope) =>
    scope.steps.flatMap((step) =>
      stepItems(step).flatMap((item) => {
        const at = doneAt.get(`${step.id}/${item.id}`);
        return at === undefined ? [] : [{ stepId: step.id, itemId: item.id, doneAt: at.toISOString() }];
      }),
    ),
  );
}
