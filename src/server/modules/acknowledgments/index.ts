/** Acknowledgment records of what members agreed to: the module's one public file; other modules import only this. */
export { acknowledgmentRoutes } from './acknowledgments.routes.js';
export { ContentDocuments } from './content-hash.js';
export { listAcknowledgmentsOfUser } from './acknowledgments.repository.js';
export {
  agreementsInRole,
  expireDueAgreements,
  hasDueAgreements,
  nextAgreementLapse,
  recordAcknowledgment,
} from './record.js';
