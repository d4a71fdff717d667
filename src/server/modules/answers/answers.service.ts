import type { FastifyRequest } from 'fastify';
import type { FormState, FormSubmitAnswer, QuizState, QuizTryAnswer } from '../../../shared/answers-api.js';
import { stepVersion } from '../../../shared/acknowledgments.js';
import type { Form, Quiz, Step } from '../../../shared/content-schema.js';
import {
  acceptedMediaTypes,
  checkFormAnswers,
  fileMaxBytes,
  isFileAnswer,
  type FileAnswer,
  type FormAnswers,
  quizTryProblems,
  scoreQuiz,
  type AnswerProblem,
  type QuizResult,
  type QuizTry,
} from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../plugins/sessions.js';
import { completeAnsweredStep } from '../progress/index.js';
import type { SecretBox } from '../secrets/index.js';
import { checkUpload } from '../../uploads.js';
import { deleteUnheldFiles, resolveFileAnswers, storeFormFile } from './form-files.js';
import { keepSend, keptSend, type SendKey } from './send-keys.js';
import {
  deleteDraft,
  insertQuizTry,
  latestSending,
  quizTriesOf,
  readFormAnswers,
  readFormSending,
  writeFormAnswers,
  type QuizTryRow,
} from './answers.repository.js';

/** The 409 message of changing a form already sent when its step does not allow changes. */
export const FORM_FINAL_MESSAGE =
  'You have already sent this form and it cannot be changed here. If something is wrong, please tell an admin.';
/** The 409 message of a quiz try after the last try allowed. */
export const NO_TRIES_LEFT_MESSAGE =
  'You have used all your tries for this quiz. Please talk to your lead or an admin: they can help you with it.';
/** The 409 message of a quiz try after passing. */
export const QUIZ_PASSED_MESSAGE = 'You have already passed this quiz.';
/** The 409 message of two sendings of the same form or quiz at the same moment. */
export const SENT_TWICE_MESSAGE =
  'Your answers were sent twice at the same moment. Reload the page to see what was kept.';

/** What the answer routes need. */
export interface AnswersDeps {
  db: Database;
  box: SecretBox;
  now: () => Date;
}

/** The 400 error of answers that do not fit their questions: a summary naming the first problem, and all of them. */
function answerProblemsError(what: 'form' | 'quiz', problems: AnswerProblem[]): HttpError {
  const [first] = problems;
  const where = first?.fieldId ? `"${first.fieldId}": ` : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new HttpError(400, `Some answers of this ${what} need a change. ${where}${first?.message ?? ''}${more}`, {
    problems,
  });
}

/** Whether an error of the database driver is a unique violation (two sendings took the same version number). */
function isUniqueViolation(error: unknown): boolean {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === '23505';
}

/**
 * The answers with each file answer checked against the member's uploads of this step and question, its name, type
 * and size as stored. @throws HttpError 400 with `problems` when a file is not theirs or not kept any more
 */
async function withStoredFiles(
  db: Database,
  box: SecretBox,
  userId: string,
  stepId: string,
  form: Form,
  answers: FormAnswers,
): Promise<FormAnswers> {
  const resolved = await resolveFileAnswers(db, box, { userId, stepId, form, answers });
  if (!resolved.ok) throw answerProblemsError('form', resolved.problems);
  return resolved.answers;
}

/** The questions answered with a file: their earlier files that no answer holds any more were replaced. */
const fileFieldIds = (answers: FormAnswers): string[] =>
  Object.entries(answers).flatMap(([id, value]) => (isFileAnswer(value) ? [id] : []));

/** Whether the member sent the form to the step's current content version (not only to an earlier one). */
async function sentToThisVersion(db: Database, userId: string, step: Step): Promise<boolean> {
  const latest = await latestSending(db, userId, step.id);
  return latest.version > 0 && latest.stepVersion >= stepVersion(step);
}

/** A form step's form, or 404 when the step asks nothing. */
function formOf(step: Step): Form {
  if (step.form === undefined) throw new HttpError(404, `Step "${step.id}" is not a form.`);
  return step.form;
}

/** A quiz step's quiz, or 404. */
function quizOf(step: Step): Quiz {
  if (step.quiz === undefined) throw new HttpError(404, `Step "${step.id}" is not a quiz.`);
  return step.quiz;
}

/**
 * The member's own draft and latest sending of a form step (docs/product.md#form-steps).
 * @param deps database, keys, clock
 * @param request the signed-in member's request (the step checked to be theirs)
 * @param step a form step
 * @throws HttpError 404 when the step is not a form
 */
export async function formState(deps: AnswersDeps, request: FastifyRequest, step: Step): Promise<FormState> {
  const form = formOf(step);
  const { draft, latest } = await readFormAnswers(deps.db, deps.box, signedInUser(request).id, step.id);
  return {
    stepId: step.id,
    draft: draft ? { answers: draft.answers, savedAt: draft.savedAt.toISOString() } : null,
    submitted: latest
      ? { version: latest.version, answers: latest.answers, submittedAt: latest.savedAt.toISOString() }
      : null,
    // A sending to an earlier version of a form that changed materially asks for the answers again.
    canSubmit: latest === undefined || form.allowChanges || latest.stepVersion < stepVersion(step),
    changedSinceSent: latest !== undefined && latest.stepVersion < stepVersion(step),
  };
}

/**
 * Saves the member's draft of a form step: answers that fit their questions, none required yet.
 * @param answers the answers as sent (field id → value)
 * @throws HttpError 400 with `problems` when an answer does not fit its question (nothing stored); 409
 *   {@link FORM_FINAL_MESSAGE} when the form was sent and allows no changes
 */
export async function saveFormDraft(
  deps: AnswersDeps,
  request: FastifyRequest,
  step: Step,
  answers: Record<string, unknown>,
): Promise<FormState> {
  const form = formOf(step);
  const checked = checkFormAnswers(form, answers, 'draft');
  if (!checked.ok) throw answerProblemsError('form', checked.problems);
  const userId = signedInUser(request).id;
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!form.allowChanges && (await sentToThisVersion(tx, userId, step))) throw new HttpError(409, FORM_FINAL_MESSAGE);
    const withFiles = await withStoredFiles(tx, deps.box, userId, step.id, form, checked.answers);
    await writeFormAnswers(tx, deps.box, {
      userId,
      stepId: step.id,
      version: 0,
      stepVersion: stepVersion(step),
      answers: withFiles,
      form,
      at,
    });
    await deleteUnheldFiles(tx, { userId, stepId: step.id, fieldIds: fileFieldIds(withFiles) });
  });
  return formState(deps, request, step);
}

/**
 * The first answer to a send repeated with its key (send-keys.ts), or undefined when the key is new (or none).
 * A form's answer is kept without its answers: they are read back from the sending it stored.
 * @throws HttpError 422 when the key was used for a different send
 */
async function repeatedSend(
  deps: AnswersDeps,
  userId: string,
  key: SendKey | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (key === undefined) return undefined;
  const kept = await keptSend(deps.db, userId, key, deps.now());
  if (kept === undefined) return undefined;
  if (kept.version === null) return kept.reply;
  const sending = await readFormSending(deps.db, deps.box, userId, key.stepId, kept.version);
  const submitted = kept.reply.submitted as Record<string, unknown>;
  return { ...kept.reply, submitted: { ...submitted, answers: sending?.answers ?? {} } };
}

/**
 * Runs a send; when two sends took the same version or try number at once (a unique violation), the one that lost
 * gets the first one's answer when both came with the same key, else 409 {@link SENT_TWICE_MESSAGE}.
 */
async function once<T>(
  deps: AnswersDeps,
  userId: string,
  key: SendKey | undefined,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await repeatedSend(deps, userId, key);
    if (first !== undefined) return first as T;
    throw new HttpError(409, SENT_TWICE_MESSAGE);
  }
}

/**
 * Sends a form step (docs/product.md#form-steps): stores the answers as the next version, drops the draft and
 * completes the step through the progress service, all in one transaction. With a key (send-keys.ts) the send counts
 * once: the key and the answer are kept in the same transaction, and a repeat gets the first answer.
 * @param key the send's Idempotency-Key and fingerprint, when it came with one
 * @throws HttpError 400 with `problems` (a required question unanswered, an answer that does not fit, a question the
 *   form does not have; nothing stored); 409 {@link FORM_FINAL_MESSAGE} or {@link SENT_TWICE_MESSAGE}; 422 when the
 *   key was used for a different send
 */
export async function submitForm(
  deps: AnswersDeps,
  request: FastifyRequest,
  step: Step,
  answers: Record<string, unknown>,
  key?: SendKey,
): Promise<FormSubmitAnswer> {
  const form = formOf(step);
  const userId = signedInUser(request).id;
  const repeated = await repeatedSend(deps, userId, key);
  if (repeated !== undefined) return repeated as FormSubmitAnswer;
  const checked = checkFormAnswers(form, answers, 'submit');
  if (!checked.ok) throw answerProblemsError('form', checked.problems);
  const at = deps.now();
  return once(deps, userId, key, () =>
    deps.db.transaction(async (tx) => {
      const latest = await latestSending(tx, userId, step.id);
      if (!form.allowChanges && latest.version > 0 && latest.stepVersion >= stepVersion(step))
        throw new HttpError(409, FORM_FINAL_MESSAGE);
      const withFiles = await withStoredFiles(tx, deps.box, userId, step.id, form, checked.answers);
      const version = latest.version + 1;
      await writeFormAnswers(tx, deps.box, {
        userId,
        stepId: step.id,
        version,
        stepVersion: stepVersion(step),
        answers: withFiles,
        form,
        at,
      });
      await deleteDraft(tx, userId, step.id);
      await deleteUnheldFiles(tx, { userId, stepId: step.id, fieldIds: fileFieldIds(withFiles) });
      const completion = await completeAnsweredStep(tx, request, step, at);
      const answer: FormSubmitAnswer = { ...(await formState({ ...deps, db: tx }, request, step)), step: completion };
      if (key !== undefined) {
        // Kept without the answers (sensitive ones stay sealed in the sending): a repeat reads them from `version`.
        const reply = { ...answer, submitted: answer.submitted && { ...answer.submitted, answers: {} } };
        await keepSend(tx, userId, key, { reply, version, at });
      }
      return answer;
    }),
  );
}

/**
 * The member's tries of the quiz as it is now: after a material change (a higher step version), the tries of earlier
 * versions are kept as history but count neither as a pass nor against the tries limit.
 */
function currentTries(step: Step, tries: QuizTryRow[]): QuizTryRow[] {
  const version = stepVersion(step);
  return tries.filter((t) => t.stepVersion >= version);
}

/** The member's quiz state from their tries (the latest one's result scored again against the current quiz). */
function quizStateOf(step: Step, quiz: Quiz, allTries: QuizTryRow[]): QuizState {
  const tries = currentTries(step, allTries);
  const last = tries.at(-1);
  return {
    stepId: step.id,
    tries: tries.length,
    triesLeft: quiz.tries === 'unlimited' ? null : Math.max(0, quiz.tries - tries.length),
    passed: tries.some((t) => t.passed),
    last: last ? scoreQuiz(quiz, last.answers) : null,
    changedSinceTried: tries.length < allTries.length,
  };
}

/**
 * The member's tries of a quiz step (docs/product.md#quiz-steps).
 * @throws HttpError 404 when the step is not a quiz
 */
export async function quizState(deps: AnswersDeps, request: FastifyRequest, step: Step): Promise<QuizState> {
  const quiz = quizOf(step);
  return quizStateOf(step, quiz, await quizTriesOf(deps.db, signedInUser(request).id, step.id));
}

/**
 * One try of a quiz step, scored on the server (docs/product.md#quiz-steps): stored with its score; a pass completes
 * the step through the progress service in the same transaction. With a key (send-keys.ts) the try counts once: a
 * repeat gets the first answer and uses up no try.
 * @param answers question id → the answer ids chosen
 * @param key the try's Idempotency-Key and fingerprint, when it came with one
 * @returns the result (which questions were wrong, each chosen answer's explanation), the tries after it and the step's
 *   completion
 * @throws HttpError 400 with `problems` for an unanswered question or an answer the question does not have (no try
 *   counted); 409 {@link QUIZ_PASSED_MESSAGE}, {@link NO_TRIES_LEFT_MESSAGE}, {@link SENT_TWICE_MESSAGE}; 422 when the
 *   key was used for a different try
 */
export async function tryQuiz(
  deps: AnswersDeps,
  request: FastifyRequest,
  step: Step,
  answers: QuizTry,
  key?: SendKey,
): Promise<QuizTryAnswer> {
  const quiz = quizOf(step);
  const userId = signedInUser(request).id;
  const repeated = await repeatedSend(deps, userId, key);
  if (repeated !== undefined) return repeated as QuizTryAnswer;
  const problems = quizTryProblems(quiz, answers);
  if (problems.length > 0) throw answerProblemsError('quiz', problems);
  const at = deps.now();
  return once(deps, userId, key, () =>
    deps.db.transaction(async (tx) => {
      const allTries = await quizTriesOf(tx, userId, step.id);
      const tries = currentTries(step, allTries);
      if (tries.some((t) => t.passed)) throw new HttpError(409, QUIZ_PASSED_MESSAGE);
      if (quiz.tries !== 'unlimited' && tries.length >= quiz.tries) throw new HttpError(409, NO_TRIES_LEFT_MESSAGE);
      const result: QuizResult = scoreQuiz(quiz, answers);
      const row = {
        userId,
        stepId: step.id,
        try: allTries.length + 1,
        stepVersion: stepVersion(step),
        answers,
        correct: result.correct,
        total: result.total,
        passed: result.passed,
        at,
      };
      await insertQuizTry(tx, row);
      const completion = result.passed
        ? await completeAnsweredStep(tx, request, step, at)
        : { stepId: step.id, completed: false, completedAt: null };
      const answer: QuizTryAnswer = { ...quizStateOf(step, quiz, [...allTries, row]), last: result, step: completion };
      if (key !== undefined) await keepSend(tx, userId, key, { reply: answer, version: null, at });
      return answer;
    }),
  );
}

/** The name a file is stored under: the name given (without folders or control characters), else "file". */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/u).at(-1) ?? '';
  // Control characters (a line break in a header) are dropped: only printable text is kept.
  const printable = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return printable === '' ? 'file' : printable.slice(0, 255);
}

/**
 * Stores a file the member gives to a file question of their form step (docs/product.md#form-steps), after checking
 * its type by its bytes and its size against the question (`checkUpload`); the member then saves it with their draft
 * or sending. Nothing is stored when a check fails.
 * @param step a form step of the member's role
 * @param fieldId the file question
 * @param upload the bytes, the request's Content-Type (lower case, without parameters) and the file's name
 * @returns the file's answer: id, name, type as the bytes say, size in bytes
 * @throws HttpError 404 when the step is not a form or has no file question `fieldId`; 409 {@link FORM_FINAL_MESSAGE};
 *   413 too large; 415 a type the question does not take; 422 empty, or bytes that are not what was declared or do
 *   not open
 */
export async function uploadFormFile(
  deps: AnswersDeps,
  request: FastifyRequest,
  step: Step,
  fieldId: string,
  upload: { bytes: Uint8Array; declared: string; name: string | undefined },
): Promise<FileAnswer> {
  const form = formOf(step);
  const field = form.fields.find((f) => f.id === fieldId);
  if (field?.kind !== 'file') throw new HttpError(404, `This form has no file question "${fieldId}".`);
  const userId = signedInUser(request).id;
  if (!form.allowChanges && (await sentToThisVersion(deps.db, userId, step)))
    throw new HttpError(409, FORM_FINAL_MESSAGE);
  const contentType = await checkUpload(upload.bytes, upload.declared, {
    accepted: new Set(acceptedMediaTypes(field)),
    maxBytes: fileMaxBytes(field),
  });
  return storeFormFile(deps.db, deps.box, {
    userId,
    stepId: step.id,
    fieldId,
    name: cleanFileName(upload.name),
    contentType,
    bytes: upload.bytes,
    sensitive: field.sensitive,
    at: deps.now(),
  });
}
