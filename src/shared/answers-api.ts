import { z } from 'zod';
import { memberEmailParamsSchema } from './admin-api.js';
import { progressWriteQuerySchema, stepIdParamsSchema, stepProgressSchema } from './api.js';
import { fileAnswerSchema, formAnswersBodyValueSchema, quizResultSchema } from './step-answers.js';

/**
 * The API of form and quiz steps (docs/product.md#form-steps, docs/product.md#quiz-steps): request and answer shapes
 * shared by the server's routes and the dashboard.
 */

/** The answers a member sends: field id → value (`null` or `''` for "no answer"); checked by `checkFormAnswers`. */
export const formAnswersBodySchema = z
  .object({ answers: z.record(z.string().max(80), formAnswersBodyValueSchema) })
  .strict();
export type FormAnswersBody = z.infer<typeof formAnswersBodySchema>;

/** Stored answers as the API gives them back: question id → the answer. */
export const storedAnswersSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.boolean(), z.number(), fileAnswerSchema]),
);

/** GET /api/steps/:stepId/form — the member's own draft and latest sending of a form step. */
export const formStateSchema = z.object({
  stepId: z.string(),
  /** The saved draft (answers not sent yet), null when none. */
  draft: z.object({ answers: storedAnswersSchema, savedAt: z.string() }).nullable(),
  /** The latest sending (version 1, 2, … as the member changed their answers), null before the first. */
  submitted: z.object({ version: z.number().int(), answers: storedAnswersSchema, submittedAt: z.string() }).nullable(),
  /**
   * Whether the member may send (again): before the first sending, when the step allows changes, or when the form
   * changed materially since they sent it.
   */
  canSubmit: z.boolean(),
  /**
   * The form changed materially since the latest sending (docs/product.md#changing-a-form-or-quiz-after-people-answered):
   * the member is asked to send it again; `submitted` holds the earlier answers to start from.
   */
  changedSinceSent: z.boolean().default(false),
});
export type FormState = z.infer<typeof formStateSchema>;

/** GET /api/steps/:stepId/quiz — the member's tries of a quiz step. */
export const quizStateSchema = z.object({
  stepId: z.string(),
  tries: z.number().int(),
  /** Tries left, null when unlimited. */
  triesLeft: z.number().int().nullable(),
  passed: z.boolean(),
  /** The result of the latest try, null before the first. */
  last: quizResultSchema.nullable(),
  /**
   * The member tried an earlier version of the quiz, which changed materially since
   * (docs/product.md#changing-a-form-or-quiz-after-people-answered): those tries are history; `tries`, `triesLeft`,
   * `passed` and `last` are of the quiz as it is now.
   */
  changedSinceTried: z.boolean().default(false),
});
export type QuizState = z.infer<typeof quizStateSchema>;

/** POST /api/steps/:stepId/quiz — the result of the try, the member's tries after it, and the step's completion. */
export const quizTryAnswerSchema = quizStateSchema.extend({ last: quizResultSchema, step: stepProgressSchema });
export type QuizTryAnswer = z.infer<typeof quizTryAnswerSchema>;

/** POST /api/steps/:stepId/form — the form after sending it, and the step's completion. */
export const formSubmitAnswerSchema = formStateSchema.extend({ step: stepProgressSchema });
export type FormSubmitAnswer = z.infer<typeof formSubmitAnswerSchema>;

/** GET /api/answers/mine?format= — the member's own answers as a download. */
export const myAnswersQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

/** What names a form's sending where it is read: its step (id and title), the version and when it was sent. */
const sendingHead = { stepId: z.string(), stepTitle: z.string(), version: z.number().int(), submittedAt: z.string() };

/** The member's own answers in the JSON download: every form sent (latest version) and every quiz try. */
export const myAnswersSchema = z.object({
  email: z.string(),
  downloadedAt: z.string(),
  forms: z.array(
    z.object({
      ...sendingHead,
      /** Each answer as text; a file question's text is the file's name (the download holds no file). */
      answers: z.array(z.object({ fieldId: z.string(), label: z.string(), sensitive: z.boolean(), text: z.string() })),
    }),
  ),
  quizzes: z.array(
    z.object({
      stepId: z.string(),
      stepTitle: z.string(),
      tries: z.array(
        z.object({
          try: z.number().int(),
          at: z.string(),
          correct: z.number().int(),
          total: z.number().int(),
          passed: z.boolean(),
        }),
      ),
    }),
  ),
});
export type MyAnswers = z.infer<typeof myAnswersSchema>;

/** The 400 answer of answers that do not fit their questions: one message per field, besides the summary. */
export const answerProblemsSchema = z.array(z.object({ fieldId: z.string().nullable(), message: z.string() }));

/** One sending of a form as an admin or lead reads it (GET /api/admin/members/:email/answers). */
export const memberFormAnswersSchema = z.object({
  email: z.string(),
  forms: z.array(
    z.object({
      ...sendingHead,
      /** Sent from the page opened from the private e-mail, before the first sign-in (docs/product.md#pre-boarding). */
      beforeFirstDay: z.boolean().optional(),
      answers: z.array(
        z.object({
          fieldId: z.string(),
          label: z.string(),
          sensitive: z.boolean(),
          /** The answer as text (options by their labels, a file by its name), '' when not answered. */
          text: z.string(),
          /** The uploaded file of a file question: read it at GET /api/admin/members/:email/answers/files/:fileId. */
          file: fileAnswerSchema.optional(),
        }),
      ),
    }),
  ),
});
export type MemberFormAnswers = z.infer<typeof memberFormAnswersSchema>;

/**
 * GET /api/admin/forms/:stepId/answers.csv?sensitive= — one form step's latest sending per member as CSV
 * (docs/product.md#form-steps). Sensitive questions are left out unless asked for with `include`.
 */
export const formExportQuerySchema = z
  .object({ sensitive: z.enum(['include', 'leave-out']).default('leave-out') })
  .strict();

/** POST /api/steps/:stepId/form/files/:fieldId?name= — the file's name as the member's computer gave it. */
export const formFileUploadQuerySchema = progressWriteQuerySchema.extend({
  name: z.string().trim().min(1).max(255).optional(),
});

/** Params of a form field's upload. */
export const formFileFieldParamsSchema = stepIdParamsSchema.extend({ fieldId: z.string().min(1).max(80) });
/** Params of the member's own file. */
export const formFileParamsSchema = stepIdParamsSchema.extend({ fileId: z.string().min(1).max(80) });
/** Params of a member's file read by an admin or lead. */
export const memberFileParamsSchema = memberEmailParamsSchema.extend({ fileId: z.string().min(1).max(80) });
