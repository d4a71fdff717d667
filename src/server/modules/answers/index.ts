/** Form and quiz steps (docs/product.md#form-steps): the module's one public file; other modules import only this. */
export { latestSending, reencryptFormAnswers, writeFormAnswers } from './answers.repository.js';
export { reencryptFormFiles } from './form-files.js';
export { ANSWERS_READERS_MESSAGE, answersRoutes, NOT_YOUR_MEMBER_MESSAGE } from './answers.routes.js';
export { FORM_FINAL_MESSAGE, NO_TRIES_LEFT_MESSAGE, QUIZ_PASSED_MESSAGE } from './answers.service.js';
export { AnswersSweep, deleteAnswersAfterLeaving } from './retention.js';
export { expireDueRetakes, mayNeedRetakes, retakesOfChange, retakeStepIds, sweepDueRetakes } from './retake.js';
