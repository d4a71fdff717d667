/** A member's onboarding (docs/product.md#scopes-and-steps): the module's one public file; other modules import only this. */
export { onboardingRoutes } from './onboarding.routes.js';
export { roleContentRoutes } from './role-content.js';
export { roleSummary } from './role-summary.js';
