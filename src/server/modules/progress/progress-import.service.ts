import type { FastifyRequest } from 'fastify';
import type { ProgressImportResponse } from '../../../shared/api.js';
import { needsAcknowledgment } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import { areStepItemsDone, stepItems } from '../../../shared/step-items.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import { completeStep, listCompletedSteps, recordProgressImport } from './progress.repository.js';
import { doneItemIdsOfStep } from './step-items.repository.js';

/*
 * The progress service's import of the progress the app's earlier version kept in the browser: apart from
 * progress.service.ts because it is the one progress write that is audited, and an import records no agreement.
 */

/** The 409 message of a second import of the progress kept in the browser. */
export const PROGRESS_IMPORTED_ALREADY_MESSAGE =
  'Your progress from this browser was imported already. It is imported only once; nothing was changed.';

/**
 * Imports the progress the app's earlier, browser-only version kept in the member's browser
 * (docs/product.md#progress-rules), once per member, in one transaction: it completes those of `stepIds` that are
 * steps of the member's role, not completed yet, and complete without anything else — a step that asks the member to
 * read, agree or sign is left for the member to do on the page (an agreement is never recorded by an import), as is a
 * checklist step with items not ticked. Records that the import happened (a second one is refused) and audits it
 * (`progress-import`).
 * @param deps the database
 * @param request the member's request (signed in, not a preview; checked by the caller)
 * @param steps the steps of the member's resolved role, in order
 * @param stepIds the step ids the browser kept (unknown or repeated ids are allowed)
 * @param now the clock: the completion time to store
 * @returns the steps completed and the ones left, each with the reason
 * @throws HttpError 409 {@link PROGRESS_IMPORTED_ALREADY_MESSAGE} when the member's progress was imported before;
 *   nothing is written then
 */
export async function importBrowserProgress(
  deps: { db: Database },
  request: FastifyRequest,
  steps: readonly Step[],
  stepIds: readonly string[],
  now: () => Date,
): Promise<ProgressImportResponse> {
  const user = signedInUser(request);
  const byId = new Map(steps.map((step) => [step.id, step]));
  return deps.db.transaction(async (tx) => {
    const completed = new Set((await listCompletedSteps(tx, user.id)).map((c) => c.stepId));
    const result: ProgressImportResponse = { imported: [], skipped: [] };
    for (const stepId of new Set(stepIds)) {
      const step = byId.get(stepId);
      if (step === undefined) result.skipped.push({ stepId, reason: 'not-your-step' });
      else if (completed.has(stepId)) result.skipped.push({ stepId, reason: 'already-completed' });
      else if (needsAcknowledgment(step)) result.skipped.push({ stepId, reason: 'needs-agreement' });
      else if (step.form !== undefined || step.quiz !== undefined) {
        result.skipped.push({ stepId, reason: 'needs-answers' });
      } else if (stepItems(step).length > 0 && !areStepItemsDone(step, await doneItemIdsOfStep(tx, user.id, stepId))) {
        result.skipped.push({ stepId, reason: 'items-not-done' });
      } else result.imported.push(stepId);
    }
    const at = now();
    if (!(await recordProgressImport(tx, user.id, result.imported, at))) {
      throw new HttpError(409, PROGRESS_IMPORTED_ALREADY_MESSAGE);
    }
    for (const stepId of result.imported) await completeStep(tx, user.id, stepId, at);
    await recordAudit(tx, {
      kind: 'progress-import',
      outcome: 'ok',
      actorUserId: user.id,
      actorEmail: user.email,
      details: { imported: result.imported, skipped: result.skipped.length },
      at,
    });
    return result;
  });
}
