import type { FastifyRequest } from 'fastify';
import { stepVersion } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { HttpError, notFound } from '../../http-errors.js';
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
