import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  postProgressImportBodySchema,
  progressImportResponseSchema,
  progressWriteQuerySchema,
  putStepItemBodySchema,
  putStepProgressBodySchema,
  stepIdParamsSchema,
  stepItemParamsSchema,
  stepItemProgressSchema,
  stepProgressSchema,
} from '../../../shared/api.js';
import { stepItems } from '../../../shared/step-items.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http-errors.js';
import { requireUser } from '../../plugins/sessions.js';
import { resolveRoleOfRequest } from '../members/index.js';
import { importBrowserProgress } from './progress-import.service.js';
import { setStepCompleted, setStepItemDone, type RecordAgreement } from './progress.service.js';
import { memberStep, refuseOtherVersion, refusePreviewWrite, stepWriteRoute, writableStep } from './step-rules.js';

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
 * POST /api/progress/import `{ stepIds }` → `{ imported, skipped }`: the progress the app's earlier, browser-only
 * version kept in the member's browser, imported once per member (progress-import.service.ts): only
 * the signed-in member's own steps of their role, never a step that asks for an agreement, and no acknowledgment record.
 * A second import answers 409 {@link PROGRESS_IMPORTED_ALREADY_MESSAGE} and changes nothing.
 *
 * All: 401 without a session; 404 when the step (or item) is not one of the member's; 400 for a malformed id, body
 * or query; 409 {@link PREVIEW_WRITE_MESSAGE} when sent from a role preview (`?previewRole=`). The handlers check the
 * request; the writes, each change in one transaction, are progress.service.ts's.
 */
export const progressRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  recordAgreement: RecordAgreement;
}> = async (app, { db, now, recordAgreement }) => {
  app.put(
    '/api/progress/steps/:stepId',
    stepWriteRoute(stepIdParamsSchema, putStepProgressBodySchema, stepProgressSchema),
    async function putProgressStepsByStepId(request) {
      const step = writableStep(request, request.params.stepId);
      refuseOtherVersion(step, request.body.version);
      return setStepCompleted({ db, recordAgreement }, request, step, request.body.completed, now);
    },
  );

  app.put(
    '/api/progress/steps/:stepId/items/:itemId',
    stepWriteRoute(stepItemParamsSchema, putStepItemBodySchema, stepItemProgressSchema),
    async function putProgressStepsByStepIdItemsByItemId(request) {
      const { stepId, itemId } = request.params;
      const step = memberStep(request.catalog, request, stepId);
      const item = stepItems(step).find((i) => i.id === itemId);
      if (!item) throw notFound(`Step "${stepId}" has no item "${itemId}".`);
      refusePreviewWrite(request.query);
      refuseOtherVersion(step, request.body.version);
      return setStepItemDone({ db, recordAgreement }, request, step, item, request.body.done, now);
    },
  );

  app.post(
    '/api/progress/import',
    {
      preValidation: requireUser,
      schema: {
        querystring: progressWriteQuerySchema,
        body: postProgressImportBodySchema,
        response: { 200: progressImportResponseSchema },
      },
    },
    async function postProgressImport(request) {
      refusePreviewWrite(request.query);
      const steps = resolveRoleOfRequest(request.catalog, request).role.scopes.flatMap((scope) => scope.steps);
      return importBrowserProgress({ db }, request, steps, request.body.stepIds, now);
    },
  );
};
