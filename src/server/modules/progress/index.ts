/** Progress writes (docs/product.md#progress-rules): the module's one public file; other modules import only this. */
export { completeStep, listCompletedSteps, uncompleteStep } from './progress.repository.js';
export { loadProgressOfRecord, type ProgressOfRecord } from './progress-of-record.js';
export { progressRoutes } from './progress.routes.js';
export {
  ANSWERED_STEP_MESSAGE,
  completeAnsweredStep,
  type RecordAgreement,
  SIGNATURE_REQUIRED_MESSAGE,
} from './progress.service.js';
export { doneItemIdsOfStep, listDoneItems, untickAllItems } from './step-items.repository.js';
export {
  ITEMS_NOT_DONE_MESSAGE,
  memberStep,
  refuseOtherVersion,
  refusePreviewWrite,
  stepWriteRoute,
  writableStep,
} from './step-rules.js';
