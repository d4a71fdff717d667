import { z } from 'zod';

import { renamedFromSchema, stableIdSchema } from './content-ids.js';

/** The questions of form and quiz steps (docs/product.md#form-steps, docs/product.md#quiz-steps). */

/**
 * The kinds of question a form step asks (docs/product.md#form-steps): a line or a paragraph of text, one or several
 * of a list of options, yes or no, a date, a number, an e-mail address, a phone number.
 */
export const FORM_FIELD_KINDS = [
  'short-text',
  'long-text',
  'single-choice',
  'multiple-choice',
  'yes-no',
  'date',
  'number',
  'email',
  'phone',
  'file',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

/**
 * The types a file field may accept (docs/product.md#form-steps): what an ID document, a certificate or a support plan
 * usually is. The server decides a file's type by its bytes, never by its name.
 */
export const FORM_FILE_TYPES = ['pdf', 'png', 'jpeg'] as const;
export type FormFileType = (typeof FORM_FILE_TYPES)[number];
/** The media type of each accepted file type, as the bytes say it. */
export const FORM_FILE_MEDIA_TYPES: Record<FormFileType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};
/** The largest file a file field may take, and what it takes when its `maxBytes` is not set, in bytes. */
export const FORM_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FORM_FILE_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** The kinds that offer a list of options. */
const CHOICE_KINDS: readonly FormFieldKind[] = ['single-choice', 'multiple-choice'];
/** The kinds answered by typing text, which may set `maxLength`. */
const TEXT_KINDS: readonly FormFieldKind[] = ['short-text', 'long-text'];

/** Default longest answer of a short and a long text field, in characters. */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;

/** One option of a choice field or a quiz question. */
export const choiceOptionSchema = z.object({ id: stableIdSchema, label: z.string().min(1).max(500) }).strict();

/** Reports every id of `items` used more than once, at `items[i].id`. */
function uniqueIds(items: readonly { id: string }[], ctx: z.RefinementCtx, path: (string | number)[], what: string) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) {
      ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: `${what} id "${item.id}" is used twice` });
    }
    seen.add(item.id);
  });
}

/**
 * One question of a form step (docs/product.md#form-steps). `required`: the form cannot be sent without an answer;
 * `sensitive`: the answer (access needs, health, an emergency contact) is encrypted at rest and read only by the member,
 * admins and the member's leads (docs/decisions/044-form-and-quiz-steps.md).
 */
export const formFieldSchema = z
  .object({
    id: stableIdSchema,
    /** The id it has in the published version, set by the studio when the id changes (docs/product.md#renaming-a-step). */
    renamedFrom: renamedFromSchema,
    kind: z.enum(FORM_FIELD_KINDS),
    label: z.string().min(1).max(300),
    help: z.string().min(1).max(1000).optional(),
    required: z.boolean().default(false),
    sensitive: z.boolean().default(false),
    /** The options of a single- or multiple-choice field (at least 2). */
    options: z.array(choiceOptionSchema).max(50).optional(),
    /** The longest answer of a text field, in characters (default 200 short, 4000 long). */
    maxLength: z.number().int().min(1).max(LONG_TEXT_MAX).optional(),
    /** The smallest and largest answer of a number field. */
    min: z.number().optional(),
    max: z.number().optional(),
    /** The file types a file field takes (default: all of {@link FORM_FILE_TYPES}). */
    accept: z.array(z.enum(FORM_FILE_TYPES)).min(1).optional(),
    /** The largest file a file field takes, in bytes (default {@link FORM_FILE_DEFAULT_MAX_BYTES}). */
    maxBytes: z.number().int().min(1024).max(FORM_FILE_MAX_BYTES).optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    for (const key of ['accept', 'maxBytes'] as const) {
      if (field[key] !== undefined && field.kind !== 'file') {
        ctx.addIssue({ code: 'custom', path: [key], message: `only a file field has ${key}` });
      }
    }
    if (field.accept !== undefined && new Set(field.accept).size !== field.accept.length) {
      ctx.addIssue({ code: 'custom', path: ['accept'], message: 'name each file type once' });
    }
    const isChoice = CHOICE_KINDS.includes(field.kind);
    if (isChoice && (field.options?.length ?? 0) < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `a ${field.kind} field needs at least 2 options` });
    }
    if (!isChoice && field.options !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `only a choice field has options, not ${field.kind}`,
      });
    }
    if (field.options) uniqueIds(field.options, ctx, ['options'], 'option');
    if (field.maxLength !== undefined && !TEXT_KINDS.includes(field.kind)) {
      ctx.addIssue({ code: 'custom', path: ['maxLength'], message: 'only a text field has a maxLength' });
    }
    if (field.kind === 'short-text' && (field.maxLength ?? 0) > SHORT_TEXT_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxLength'],
        message: `a short-text field takes at most ${SHORT_TEXT_MAX}`,
      });
    }
    for (const key of ['min', 'max'] as const) {
      if (field[key] !== undefined && field.kind !== 'number') {
        ctx.addIssue({ code: 'custom', path: [key], message: `only a number field has a ${key}` });
      }
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be less than min' });
    }
  });

/**
 * What a form step asks (docs/product.md#form-steps). `allowChanges`: the member may send changed answers after
 * sending the form (each sending is kept as a version); otherwise the first sending is final.
 */
export const formSchema = z
  .object({
    fields: z.array(formFieldSchema).min(1, 'a form needs at least one field').max(50),
    allowChanges: z.boolean().default(false),
  })
  .strict()
  .superRefine((form, ctx) => uniqueIds(form.fields, ctx, ['fields'], 'field'));

/**
 * One answer of a quiz question. `correct` and `explanation` are the answer key: required in the content (checked by
 * {@link quizKeyProblems}), never sent to members (docs/product.md#quiz-steps: the server scores).
 */
export const quizAnswerSchema = z
  .object({
    id: stableIdSchema,
    text: z.string().min(1).max(500),
    correct: z.boolean().optional(),
    /** Why this answer is right or wrong, shown after a try to a member who chose it. */
    explanation: z.string().min(1).max(1000).optional(),
  })
  .strict();

export const quizQuestionSchema = z
  .object({
    id: stableIdSchema,
    /** The id it has in the published version, set by the studio when the id changes (docs/product.md#renaming-a-step). */
    renamedFrom: renamedFromSchema,
    /** 'single-choice': exactly one answer is correct; 'multiple-choice': one or more are, and all must be chosen. */
    kind: z.enum(['single-choice', 'multiple-choice']),
    text: z.string().min(1).max(500),
    answers: z.array(quizAnswerSchema).min(2, 'a question needs at least 2 answers').max(10),
  })
  .strict()
  .superRefine((question, ctx) => uniqueIds(question.answers, ctx, ['answers'], 'answer'));

/**
 * A quiz step (docs/product.md#quiz-steps): questions, the pass mark (the percentage of questions answered right, 1 to
 * 100) and the tries a member has ('unlimited' or a number).
 */
export const quizSchema = z
  .object({
    passMark: z
      .number()
      .int()
      .min(1, 'must be a percentage from 1 to 100')
      .max(100, 'must be a percentage from 1 to 100'),
    tries: z.union([z.literal('unlimited'), z.number().int().min(1).max(20)]).default('unlimited'),
    questions: z.array(quizQuestionSchema).min(1, 'a quiz needs at least one question').max(50),
  })
  .strict()
  .superRefine((quiz, ctx) => uniqueIds(quiz.questions, ctx, ['questions'], 'question'));

/**
 * What is missing from a quiz's answer key: every answer needs an explanation; a single-choice question exactly one
 * correct answer, a multiple-choice question at least one (docs/product.md#quiz-steps).
 * @param quiz a parsed quiz
 * @returns problems with their paths inside the quiz, empty when the key is complete
 */
export function quizKeyProblems(quiz: z.infer<typeof quizSchema>): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  quiz.questions.forEach((question, q) => {
    question.answers.forEach((answer, a) => {
      if (answer.explanation === undefined) {
        problems.push({
          path: ['questions', q, 'answers', a, 'explanation'],
          message: 'every answer needs an explanation (shown to members who chose it)',
        });
      }
    });
    const correct = question.answers.filter((answer) => answer.correct === true).length;
    if (question.kind === 'single-choice' && correct !== 1) {
      problems.push({
        path: ['questions', q, 'answers'],
        message: `a single-choice question needs exactly one answer with "correct: true" (it has ${correct})`,
      });
    }
    if (question.kind === 'multiple-choice' && correct === 0) {
      problems.push({
        path: ['questions', q, 'answers'],
        message: 'a multiple-choice question needs at least one answer with "correct: true"',
      });
    }
  });
  return problems;
}

export type FormField = z.infer<typeof formFieldSchema>;
export type Form = z.infer<typeof formSchema>;
export type Quiz = z.infer<typeof quizSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
