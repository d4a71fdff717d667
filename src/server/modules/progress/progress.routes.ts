import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  progressWriteQuerySchema,
  putStepItemBodySchema,
  putStepProgressBodySchema,
  stepIdParamsSchema,
  stepItemParamsSchema,
  stepItemProgressSchema,
  stepProgressSchema,
} from '../../../shared/api.js';
import { needsAcknowledgment } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import { areStepItemsDone, stepItems } from '../../../shared/step-items.js';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http-errors.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { completeStep, findCompletedStep, uncompleteStep } from './progress.repository.js';
import { doneItemIdsOfStep, tickItem, untickAllItems, untickItem } from './step-items.repository.js';
import { ITEMS_NOT_DONE_MESSAGE, memberStep, refuseOtherVersion, refusePreviewWrite } from './step-rules.js';

/** The 409 message of completing a step that asks for a signature without signing. */
export const SIGNATURE_REQUIRED_MESSAGE =
  'This step needs your signature: type your full name and confirm that you agree.';

/**
 * Records that the member of `request` agreed to the current content of `step` (acknowledgments/record.ts). The
 * acknowledgments module builds on progress, so app.ts hands this module the recorder instead of progress importing it.
 * @param db the database (or transaction) to write to
 * @param what a step's completion or an acknowledgment item's tick, with the time to store
 */
export type RecordAgreement = (
  db: Database,
  request: FastifyRequest,
  step: Step,
  what: { kind: 'completion'; at: Date } | { kind: 'item'; itemId: string; at: Date },
) => Promise<unknown>;

/**
 * Progress writes (docs/product.md#progress-rules: idempotent PUTs of a state, never a toggle).
 *
 * PUT /api/progress/steps/:stepId `{ completed }` → `{ stepId, completed, completedAt }`. Completing twice keeps the
 * first completion time. Un-completing (the reset icon) also unticks the step's checklist items and acknowledgments
 * ("resetting a step also resets its open content"). Completing a checklist or acknowledgment step whose items are
 * not all ticked answers 409 {@link ITEMS_NOT_DONE_MESSAGE}.
 *
 * PUT /api/progress/steps/:stepId/items/:itemId `{ done }` → `{ stepId, itemId, done, doneAt, step }`: ticks or
 * unticks one checklist item or acknowledgment, stored with the time it was first ticked. Ticking the last item
 * completes the step; unticking one un-completes it; `step` is the step's completion after the change, so client and
 * server agree.
 *
 * Acknowledgment record (acknowledgments/record.ts): a new tick of an acknowledgment item, and a new completion of a
 * step that asks the member to read or agree, each add a record of the exact content agreed to. A step that asks for
 * a signature completes only by signing (409 {@link SIGNATURE_REQUIRED_MESSAGE}). A body `version` other than the
 * step's current one answers 409 {@link STEP_CHANGED_MESSAGE}, and nothing is recorded.
 *
 * Both: 401 without a session; 404 when the step (or item) is not one of the member's; 400 for a malformed id, body
 * or query; 409 {@link PREVIEW_WRITE_MESSAGE} when sent from a role preview (`?previewRole=`).
 */
export const progressRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  recordAgreement: RecordAgreement;
}> = async (app, { db, now, recordAgreement }) => {
  app.put(
    '/api/progress/steps/:stepId',
    {
      preValidation: requireUser,
      schema: {
        params: stepIdParamsSchema,
        querystring: progressWriteQuerySchema,
        body: putStepProgressBodySchema,
        response: { 200: stepProgressSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { stepId } = request.params;
      const step = memberStep(request.catalog, request, stepId);
      refusePreviewWrite(request.query);
      refuseOtherVersion(step, request.body.version);
      if (!request.body.completed) {
        await untickAllItems(db, user.id, stepId);
        await uncompleteStep(db, user.id, stepId);
        return { stepId, completed: false, completedAt: null };
      }
      // A step without items is never blocked (docs/product.md#progress-rules): no need to read its ticks.
      if (stepItems(step).length > 0 && !areStepItemsDone(step, await doneItemIdsOfStep(db, user.id, stepId))) {
        throw new HttpError(409, ITEMS_NOT_DONE_MESSAGE);
      }
      if (step.signature === true && (await findCompletedStep(db, user.id, stepId)) === undefined) {
        throw new HttpError(409, SIGNATURE_REQUIRED_MESSAGE);
      }
      const at = now();
      const wasCompleted = needsAcknowledgment(step) && (await findCompletedStep(db, user.id, stepId)) !== undefined;
      const done = await completeStep(db, user.id, stepId, at);
      if (needsAcknowledgment(step) && !wasCompleted) {
        await recordAgreement(db, request, step, { kind: 'completion', at });
      }
      return { stepId, completed: true, completedAt: done.completedAt.toISOString() };
    },
  );

  app.put(
    '/api/progress/steps/:stepId/items/:itemId',
    {
      preValidation: requireUser,
      schema: {
        params: stepItemParamsSchema,
        querystring: progressWriteQuerySchema,
        body: putStepItemBodySchema,
        response: { 200: stepItemProgressSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { stepId, itemId } = request.params;
      const step = memberStep(request.catalog, request, stepId);
      const item = stepItems(step).find((i) => i.id === itemId);
      if (!item) throw notFound(`Step "${stepId}" has no item "${itemId}".`);
      refusePreviewWrite(request.query);
      refuseOtherVersion(step, request.body.version);

      if (!request.body.done) {
        await untickItem(db, user.id, stepId, itemId);
        await uncompleteStep(db, user.id, stepId);
        return { stepId, itemId, done: false, doneAt: null, step: { stepId, completed: false, completedAt: null } };
      }
      const at = now();
      const wasTicked = item.kind === 'acknowledgment' && (await doneItemIdsOfStep(db, user.id, stepId)).has(itemId);
      const tick = await tickItem(db, { userId: user.id, stepId, itemId, kind: item.kind }, at);
      const doneAt = tick.doneAt.toISOString();
      if (item.kind === 'acknowledgment' && !wasTicked) {
        await recordAgreement(db, request, step, { kind: 'item', itemId, at });
      }
      // A step that asks for a signature completes only when signed (acknowledgments/acknowledgments.routes.ts).
      if (step.signature !== true && areStepItemsDone(step, await doneItemIdsOfStep(db, user.id, stepId))) {
        const wasCompleted = needsAcknowledgment(step) && (await findCompletedStep(db, user.id, stepId)) !== undefined;
        const completed = await completeStep(db, user.id, stepId, at);
        if (needsAcknowledgment(step) && !wasCompleted) {
          await recordAgreement(db, request, step, { kind: 'completion', at });
        }
        return {
          stepId,
          itemId,
          done: true,
          doneAt,
          step: { stepId, completed: true, completedAt: completed.completedAt.toISOString() },
        };
      }
      // Not every item is ticked yet: the step stays as it was (normally not completed).
      const current = await findCompletedStep(db, user.id, stepId);
      const completedAt = current ? current.completedAt.toISOString() : null;
      return { stepId, itemId, done: true, doneAt, step: { stepId, completed: current !== undefined, completedAt } };
    },
  );
};
