import type { FastifyRequest } from 'fastify';
import type { StepItemProgress, StepProgress } from '../../../shared/api.js';
import { needsAcknowledgment } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import { areStepItemsDone, stepItems, type StepItem } from '../../../shared/step-items.js';
import { writeOnlyIfAnswered } from '../../db/answered-write.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../plugins/sessions.js';
import {
  completeStep,
  findCompletedStep,
  uncompleteStep,
  uncompleteStepAndItems,
  type CompletedStep,
} from './progress.repository.js';
import { doneItemIdsOfStep, tickItem, untickItem } from './step-items.repository.js';
import { ITEMS_NOT_DONE_MESSAGE } from './step-rules.js';

/** The 409 message of completing a step that asks for a signature without signing. */
export const SIGNATURE_REQUIRED_MESSAGE =
  'This step needs your signature: type your full name and confirm that you agree.';

/**
 * Records that the member of `request` agreed to the current content of `step` (acknowledgments/record.ts). The
 * acknowledgments module builds on progress, so app.ts hands this module the recorder instead of progress importing it.
 * @param db the transaction to write in (every read the recorder makes goes through it too)
 * @param what a step's completion or an acknowledgment item's tick, with the time to store
 */
export type RecordAgreement = (
  db: Database,
  request: FastifyRequest,
  step: Step,
  what: { kind: 'completion'; at: Date } | { kind: 'item'; itemId: string; at: Date },
) => Promise<unknown>;

/** What the progress writes need: the database and the agreement recorder. */
export interface ProgressDeps {
  db: Database;
  recordAgreement: RecordAgreement;
}

/**
 * Completes a step in `tx`, recording the agreement when the step asks for one and was not completed yet.
 * @param stored the step's stored completion when the caller has already read it in `tx` (then it is not read again)
 */
async function completeInTransaction(
  tx: Database,
  recordAgreement: RecordAgreement,
  request: FastifyRequest,
  step: Step,
  at: Date,
  stored?: { completion: CompletedStep | undefined },
): Promise<StepProgress> {
  const userId = signedInUser(request).id;
  const wasCompleted =
    needsAcknowledgment(step) &&
    (stored === undefined ? await findCompletedStep(tx, userId, step.id) : stored.completion) !== undefined;
  const done = await completeStep(tx, userId, step.id, at);
  if (needsAcknowledgment(step) && !wasCompleted) {
    await recordAgreement(tx, request, step, { kind: 'completion', at });
  }
  return { stepId: step.id, completed: true, completedAt: done.completedAt.toISOString() };
}

/** The 409 message of completing or resetting a form or quiz step by the complete button or reset icon. */
export const ANSWERED_STEP_MESSAGE =
  'This step completes when you send your answers (a form) or pass it (a quiz); it cannot be completed or reset by hand.';

/**
 * Completes a form or quiz step of the signed-in member inside the caller's transaction `tx`, with the answers the
 * caller stores in it (docs/product.md#form-steps, docs/product.md#quiz-steps): the answers and the completion are
 * kept together or not at all. Completing again keeps the first completion time.
 * @param tx the transaction the answers are written in
 * @param request the member's request (signed in; checked by the caller to be one of their steps, not a preview)
 * @param step the form or quiz step
 * @param at the completion time to store
 * @returns the step's completion
 */
export async function completeAnsweredStep(
  tx: Database,
  request: FastifyRequest,
  step: Step,
  at: Date,
): Promise<StepProgress> {
  const done = await completeStep(tx, signedInUser(request).id, step.id, at);
  return { stepId: step.id, completed: true, completedAt: done.completedAt.toISOString() };
}

/**
 * Completes or un-completes one of the signed-in member's steps (docs/product.md#progress-rules), atomically: the
 * completion and its acknowledgment record (acknowledgments/record.ts) are stored together or not at all (one
 * transaction), and so are un-completing and unticking the step's items (one statement); a step without items, signature
 * or acknowledgment completes in one statement of its own.
 * @param deps the database and the agreement recorder
 * @param request the member's request (signed in; checked by the caller to be one of their steps, not a preview)
 * @param step the step as the member's content has it
 * @param completed the state to store
 * @param now the clock: the completion time to store
 * @returns the step's completion after the change
 * @throws HttpError 409 {@link ANSWERED_STEP_MESSAGE} for a form or quiz step; 409 {@link ITEMS_NOT_DONE_MESSAGE} when
 *   completing before every item is ticked, 409
 *   {@link SIGNATURE_REQUIRED_MESSAGE} when completing a step that asks for a signature without signing; nothing is
 *   written then
 */
export async function setStepCompleted(
  deps: ProgressDeps,
  request: FastifyRequest,
  step: Step,
  completed: boolean,
  now: () => Date,
): Promise<StepProgress> {
  const userId = signedInUser(request).id;
  if (step.form !== undefined || step.quiz !== undefined) throw new HttpError(409, ANSWERED_STEP_MESSAGE);
  // One statement each, atomic on its own: on the embedded database no transaction to begin and commit (most steps,
  // most of the time); on PostgreSQL one, so that a write answered 503 is never applied later.
  if (!completed) {
    await writeOnlyIfAnswered(deps.db, (db) => uncompleteStepAndItems(db, userId, step.id));
    return { stepId: step.id, completed: false, completedAt: null };
  }
  if (stepItems(step).length === 0 && step.signature !== true && !needsAcknowledgment(step)) {
    const done = await writeOnlyIfAnswered(deps.db, (db) => completeStep(db, userId, step.id, now()));
    return { stepId: step.id, completed: true, completedAt: done.completedAt.toISOString() };
  }
  return deps.db.transaction(async (tx) => {
    // A step without items is never blocked (docs/product.md#progress-rules): no need to read its ticks.
    if (stepItems(step).length > 0 && !areStepItemsDone(step, await doneItemIdsOfStep(tx, userId, step.id))) {
      throw new HttpError(409, ITEMS_NOT_DONE_MESSAGE);
    }
    // A signature step completes only by signing: completing it here is the completion already stored, read once.
    const stored = step.signature === true ? { completion: await findCompletedStep(tx, userId, step.id) } : undefined;
    if (stored !== undefined && stored.completion === undefined) throw new HttpError(409, SIGNATURE_REQUIRED_MESSAGE);
    return completeInTransaction(tx, deps.recordAgreement, request, step, now(), stored);
  });
}

/**
 * Ticks or unticks one checklist item or acknowledgment of the signed-in member's step (docs/product.md#progress-rules),
 * all its writes in one transaction: the tick and its acknowledgment record; ticking the last item also completes the
 * step (with its record), unticking one un-completes it. A step that asks for a signature completes only when signed
 * (acknowledgments/acknowledgments.routes.ts).
 * @param deps the database and the agreement recorder
 * @param request the member's request (signed in; checked by the caller to be one of their steps, not a preview)
 * @param step the step as the member's content has it
 * @param item one of the step's items
 * @param done the state to store
 * @param now the clock: the tick (and completion) time to store
 * @returns the item's state and the step's completion after the change
 */
export async function setStepItemDone(
  deps: ProgressDeps,
  request: FastifyRequest,
  step: Step,
  item: StepItem,
  done: boolean,
  now: () => Date,
): Promise<StepItemProgress> {
  const userId = signedInUser(request).id;
  const stepId = step.id;
  const itemId = item.id;
  return deps.db.transaction(async (tx) => {
    if (!done) {
      await untickItem(tx, userId, stepId, itemId);
      await uncompleteStep(tx, userId, stepId);
      return { stepId, itemId, done: false, doneAt: null, step: { stepId, completed: false, completedAt: null } };
    }
    const at = now();
    const wasTicked = item.kind === 'acknowledgment' && (await doneItemIdsOfStep(tx, userId, stepId)).has(itemId);
    const tick = await tickItem(tx, { userId, stepId, itemId, kind: item.kind }, at);
    const doneAt = tick.doneAt.toISOString();
    if (item.kind === 'acknowledgment' && !wasTicked) {
      await deps.recordAgreement(tx, request, step, { kind: 'item', itemId, at });
    }
    if (step.signature !== true && areStepItemsDone(step, await doneItemIdsOfStep(tx, userId, stepId))) {
      const completion = await completeInTransaction(tx, deps.recordAgreement, request, step, at);
      return { stepId, itemId, done: true, doneAt, step: completion };
    }
    // Not every item is ticked yet: the step stays as it was (normally not completed).
    const current = await findCompletedStep(tx, userId, stepId);
    const completedAt = current ? current.completedAt.toISOString() : null;
    return { stepId, itemId, done: true, doneAt, step: { stepId, completed: current !== undefined, completedAt } };
  });
}
