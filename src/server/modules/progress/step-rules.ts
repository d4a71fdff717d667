import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { stepVersion } from '../../../shared/acknowledgments.js';
import { progressWriteQuerySchema } from '../../../shared/api.js';
import type { Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { HttpError, notFound } from '../../http-errors.js';
import { requireUser } from '../../plugins/sessions.js';
import { resolveRoleOfRequest } from '../members/index.js';

/** The 409 message of a progress write made while previewing a role (docs/product.md#role-preview). */
export const PREVIEW_WRITE_MESSAGE =
  'Your progress is not saved while you preview a role. Go back to your own steps to continue.';

/**
 * The 409 message of completing a checklist or acknowledgment step before every item is ticked
 * (docs/product.md#progress-rules).
 */
export const ITEMS_NOT_DONE_MESSAGE = 'Tick every item of this step before you complete it.';

/** The 409 message of a write about a version of a step that is not the current one. */
export const STEP_CHANGED_MESSAGE =
  'This step has changed since you opened it. Reload the page, read the new version, then try again.';

/**
 * Refuses a write that names a content version other than the step's current one.
 * @throws HttpError 409 {@link STEP_CHANGED_MESSAGE}
 */
export function refuseOtherVersion(step: Step, version: number | undefined): void {
  if (version !== undefined && version !== stepVersion(step)) throw new HttpError(409, STEP_CHANGED_MESSAGE);
}

/**
 * The step `stepId` of the signed-in member's resolved role.
 * @throws HttpError 404 when the member's steps do not include it; 401 / 409 as {@link resolveRoleOfRequest}
 */
export function memberStep(catalog: RoleCatalog, request: FastifyRequest, stepId: string): Step {
  const { role } = resolveRoleOfRequest(catalog, request);
  const step = role.scopes.flatMap((s) => s.steps).find((s) => s.id === stepId);
  if (!step) throw notFound(`Step "${stepId}" is not part of your onboarding.`);
  return step;
}

/** Refuses a progress write made from a role preview (see `progressWriteQuerySchema`). @throws HttpError 409 */
export function refusePreviewWrite(query: { previewRole?: string | undefined }): void {
  if (query.previewRole !== undefined) throw new HttpError(409, PREVIEW_WRITE_MESSAGE);
}

/**
 * The options of a route by which the signed-in member writes about one of their steps (progress, a form, a quiz, a
 * signature: docs/product.md#progress-rules): a session is required, and the query is the `?previewRole=` a write
 * from a role preview carries (refused by {@link writableStep}).
 * @param params the path parameters' schema (with the step's id)
 * @param body the body's schema
 * @param answer the schema of the 200 answer
 */
export function stepWriteRoute<P extends z.ZodType, B extends z.ZodType, A extends z.ZodType>(
  params: P,
  body: B,
  answer: A,
) {
  return {
    preValidation: requireUser,
    schema: { params, querystring: progressWriteQuerySchema, body, response: { 200: answer } },
  };
}

/**
 * The signed-in member's step a write is about: {@link memberStep}, then {@link refusePreviewWrite}.
 * @param request the write's request (its `?previewRole=`)
 * @param stepId the step's id
 * @throws HttpError 404 when the member's steps do not include it; 409 from a role preview; 401 / 409 as
 *   {@link resolveRoleOfRequest}
 */
export function writableStep(
  request: FastifyRequest<{ Querystring: { previewRole?: string | undefined } }>,
  stepId: string,
): Step {
  const step = memberStep(request.catalog, request, stepId);
  refusePreviewWrite(request.query);
  return step;
}
