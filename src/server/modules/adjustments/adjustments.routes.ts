import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adjustmentParamsSchema, postAdjustmentBodySchema } from '../../../shared/adjustments.js';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import type { Database } from '../../db/client.js';
import { requirePermission } from '../permissions/index.js';
import { addAdjustment, removeAdjustment } from './adjustments.service.js';

/** What the adjustments routes need. */
export interface AdjustmentsRoutesOptions {
  db: Database;
  now: () => Date;
}

/**
 * Per-person adjustments of the admin console (docs/product.md#per-person-adjustments), admins only (`members:write`;
 * 401 anonymous, 403 otherwise, leads included). The member's page (GET /api/admin/members/:email) lists them.
 *
 * - POST /api/admin/members/:email/adjustments `{ kind: 'extra', title, description, dueAfterDays? }` or
 *   `{ kind: 'skip', stepId, reason }` → 201 `{ id }`; 404 unknown address, 400 a skipped step not of the member's
 *   role, 409 a step skipped already.
 * - DELETE /api/admin/members/:email/adjustments/:id → 200 `{ removed: true }`; 404 when there is no such adjustment.
 *
 * Both audited as 'step-adjustment'.
 */
export const adjustmentsRoutes: FastifyPluginAsyncZod<AdjustmentsRoutesOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requirePermission('members:write'));
  const actorOf = (request: FastifyRequest) => ({
    actorUserId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
  });

  app.post(
    '/api/admin/members/:email/adjustments',
    {
      schema: {
        params: memberEmailParamsSchema,
        body: postAdjustmentBodySchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async function postAdminMembersByEmailAdjustments(request, reply) {
      const email = request.params.email.toLowerCase();
      const id = await addAdjustment(db, request.catalog, email, request.body, actorOf(request), now());
      await app.changeFeed.settle();
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    '/api/admin/members/:email/adjustments/:id',
    { schema: { params: adjustmentParamsSchema, response: { 200: z.object({ removed: z.literal(true) }) } } },
    async function deleteAdminMembersByEmailAdjustmentsById(request) {
      await removeAdjustment(db, request.params.email.toLowerCase(), request.params.id, actorOf(request), now());
      await app.changeFeed.settle();
      return { removed: true as const };
    },
  );
};
