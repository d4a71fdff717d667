/**
 * The installation check of `npm run doctor` (docs/operations.md#checking-an-installation): the module's one public
 * file; other modules import only this.
 */
export {
  FORGEABLE_FIX,
  forgeableClientAddresses,
  formatReport,
  isLoopbackHost,
  postgresProblem,
  runChecks,
  smtpProblem,
  type CheckResult,
} from './checks.js';
export { launchChecklistRoutes } from './launch-checklist.routes.js';
