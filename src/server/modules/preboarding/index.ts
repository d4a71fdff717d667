/**
 * Pre-boarding (docs/product.md#pre-boarding, docs/security.md#pre-boarding) and the private e-mail address it is sent
 * to (docs/product.md#private-e-mail-address): the module's one public file; other modules import only this.
 */
export { joinPreboarding } from './join.js';
export { DEFAULT_PREBOARDING_LIMITS, preboardingLinkRoutes, type PreboardingLimits } from './link.routes.js';
export { issueLink, preboardingPerson, whyNoPreboarding, type PreboardingPerson } from './preboarding-links.js';
export { sentPreboardingAnswers } from './preboarding-answers.js';
export { preboardingDoneStepIds } from './preboarding-page.js';
export { deletePreboardingAfterLeaving } from './preboarding-retention.js';
export { preboardingRoutes } from './preboarding.routes.js';
export { preboardingSummary } from './preboarding-summary.js';
export { privateEmailRoutes, PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE } from './private-email.routes.js';
