/**
 * Per-person adjustments (docs/product.md#per-person-adjustments): an admin adds an extra step to one member or skips
 * a step for them. The module's one public file: other modules import only this.
 */
export { adjustmentsRoutes } from './adjustments.routes.js';
export { SKIPPED_ALREADY_MESSAGE, unknownMemberMessage } from './adjustments.service.js';
