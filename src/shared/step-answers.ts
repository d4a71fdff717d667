import { type DateSettings, formatDay } from './dates.js';
import { z } from 'zod';
import {
  FORM_FILE_DEFAULT_MAX_BYTES,
  FORM_FILE_MEDIA_TYPES,
  FORM_FILE_TYPES,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  type Form,
  type FormField,
  type Quiz,
  type Scope,
  type Step,
} from './content-schema.js';

/**
 * Answers to form and quiz steps (docs/product.md#form-steps, docs/product.md#quiz-steps): the zod schemas built from a
 * step's questions, shared by the dashboard (which shows each message beside its field) and the server (which refuses
 * what does not pass with 400 and stores nothing). Every message says what to change.
 */

/**
 * The answer of a file field: the uploaded file's id (`POST /api/steps/:stepId/form/files/:fieldId`), its name, its
 * type (as its bytes say) and its size in bytes. The server fills name, type and size from the stored file.
 */
export const fileAnswerSchema = z
  .object(
    {
      fileId: z.uuid({ error: 'Upload the file again.' }),
      name: z.string().max(255),
      type: z.string().max(100),
      size: z.number().int().min(0),
    },
    { error: 'Upload a file for this question.' },
  )
  .strict();
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

/**
 * One answer: text (also dates, e-mail addresses, phone numbers and a single choice's option id), option ids, yes/no, a
 * number, an uploaded file.
 */
export type AnswerValue = string | string[] | boolean | number | FileAnswer;
/** A form's answers by field id; a question without an answer is absent. */
export type FormAnswers = Record<string, AnswerValue>;

/** A form's answers as the API carries them: values, `null` or `''` for "no answer". */
export const formAnswersBodyValueSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.boolean(),
  z.number(),
  fileAnswerSchema,
  z.null(),
]);

/** Whether an answer is a file's. */
export const isFileAnswer = (value: AnswerValue | undefined): value is FileAnswer =>
  typeof value === 'object' && !Array.isArray(value);

/** The file types a file field takes ({@link FORM_FILE_TYPES} when it names none). */
export const acceptedFileTypes = (field: Pick<FormField, 'accept'>) => field.accept ?? [...FORM_FILE_TYPES];

/** The media types a file field takes, e.g. `application/pdf` (for the upload check and the file input's `accept`). */
export const acceptedMediaTypes = (field: Pick<FormField, 'accept'>): string[] =>
  acceptedFileTypes(field).map((t) => FORM_FILE_MEDIA_TYPES[t]);

/** The largest file a file field takes, in bytes. */
export const fileMaxBytes = (field: Pick<FormField, 'maxBytes'>): number =>
  field.maxBytes ?? FORM_FILE_DEFAULT_MAX_BYTES;

const FILE_TYPE_NAMES: Record<string, string> = { pdf: 'PDF', png: 'PNG', jpeg: 'JPEG' };

/**
 * What a file field takes, in words (docs/product.md#form-steps): "PDF, PNG or JPEG, up to 5 MB".
 * @param field the file field
 */
export function fileRuleText(field: Pick<FormField, 'accept' | 'maxBytes'>): string {
  const names = acceptedFileTypes(field).map((t) => FILE_TYPE_NAMES[t] ?? t);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `${list}, up to ${sizeText(fileMaxBytes(field))}`;
}

/** A size in bytes in words: "5 MB", "300 KB" (1 MB = 1,048,576 bytes, as the limits are set). */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One problem of a form's answers: the field it belongs to (null: the form as a whole) and what to change. */
export interface AnswerProblem {
  fieldId: string | null;
  message: string;
}

export const ANSWER_REQUIRED_MESSAGE = 'This question needs an answer.';
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,23}[0-9]$/u;

const textMessage = 'Write your answer as text.';

/** The zod schema of one field's answer (given: not empty). */
function answerSchema(field: FormField): z.ZodType<AnswerValue> {
  const ids = (field.options ?? []).map((o) => o.id);
  const chooseFrom = `Choose one of the options (${(field.options ?? []).map((o) => o.label).join(', ')}).`;
  switch (field.kind) {
    case 'short-text':
    case 'long-text': {
      const max = field.maxLength ?? (field.kind === 'short-text' ? SHORT_TEXT_MAX : LONG_TEXT_MAX);
      return z.string({ error: textMessage }).max(max, {
        error: (issue) => `Shorten this to at most ${max} characters (it has ${String(issue.input?.length)}).`,
      });
    }
    case 'single-choice':
      return z.string({ error: chooseFrom }).refine((v) => ids.includes(v), { error: chooseFrom });
    case 'multiple-choice':
      return z
        .array(z.string(), { error: 'Choose one or more of the options.' })
        .refine((v) => v.every((id) => ids.includes(id)), { error: 'Choose only options from the list.' })
        .refine((v) => new Set(v).size === v.length, { error: 'Choose each option only once.' });
    case 'yes-no':
      return z.boolean({ error: 'Answer yes or no.' });
    case 'date':
      return z.iso.date({ error: 'Write a date as year-month-day, for example 2026-11-27.' });
    case 'number': {
      let schema = z.number({ error: 'Write a number, for example 3.' }).finite();
      if (field.min !== undefined) schema = schema.min(field.min, `Write a number of ${field.min} or more.`);
      if (field.max !== undefined) schema = schema.max(field.max, `Write a number of ${field.max} or less.`);
      return schema;
    }
    case 'email':
      return z
        .email({ error: 'Write an e-mail address like name@example.org.' })
        .max(254, 'Write a shorter e-mail address.');
    case 'phone':
      return z
        .string({ error: textMessage })
        .regex(PHONE_PATTERN, 'Write a phone number with digits, spaces and + ( ) -, for example +44 7700 900123.');
    case 'file':
      return fileAnswerSchema;
  }
}

/** Whether a value counts as "no answer": null, an empty (or blank) text, no option chosen. */
function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks a form's answers against its questions (docs/product.md#form-steps).
 * @param form the step's form
 * @param input the answers as sent: an object of field id → value (`null`, `''` or `[]` for no answer)
 * @param mode 'draft' (a saved draft: answers must fit their question, none is required) or 'submit' (also every
 *   required question answered)
 * @returns `{ ok: true, answers }` with texts trimmed and empty answers left out, or `{ ok: false, problems }`, one per
 *   field (an answer to a question the form does not have is a problem of its own, `fieldId` being that id)
 */
export function checkFormAnswers(
  form: Form,
  input: unknown,
  mode: 'draft' | 'submit',
): { ok: true; answers: FormAnswers } | { ok: false; problems: AnswerProblem[] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      problems: [{ fieldId: null, message: 'Send the answers as an object of question id → answer.' }],
    };
  }
  const problems: AnswerProblem[] = [];
  const answers: FormAnswers = {};
  const fields = new Map(form.fields.map((f) => [f.id, f]));
  for (const id of Object.keys(input)) {
    if (!fields.has(id)) {
      problems.push({ fieldId: id, message: `This form has no question "${id}": remove that answer.` });
    }
  }
  for (const field of form.fields) {
    const raw: unknown = (input as Record<string, unknown>)[field.id];
    if (isEmpty(raw)) {
      if (mode === 'submit' && field.required) problems.push({ fieldId: field.id, message: ANSWER_REQUIRED_MESSAGE });
      continue;
    }
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const parsed = answerSchema(field).safeParse(value);
    if (parsed.success) answers[field.id] = parsed.data;
    else problems.push({ fieldId: field.id, message: parsed.error.issues[0]?.message ?? 'Check this answer.' });
  }
  return problems.length === 0 ? { ok: true, answers } : { ok: false, problems };
}

/** A quiz try as sent: for each question id, the ids of the answers chosen. */
export const quizTryBodySchema = z
  .object({ answers: z.record(z.string().max(80), z.array(z.string().max(80)).max(10)) })
  .strict();
export type QuizTry = z.infer<typeof quizTryBodySchema>['answers'];

/** The result of one quiz try, question by question (docs/product.md#quiz-steps). */
export const quizResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  /** The percentage of questions answered right, rounded down. */
  percent: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      right: z.boolean(),
      /** The answers the member chose, each with whether it is correct and why. */
      chosen: z.array(z.object({ answerId: z.string(), correct: z.boolean(), explanation: z.string() })),
    }),
  ),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/**
 * What is wrong with a quiz try before it is scored: a question not answered, an answer the question does not have, a
 * single-choice question with more than one answer, a question the quiz does not have.
 * @returns problems by question id (`fieldId`), empty when the try can be scored
 */
export function quizTryProblems(quiz: Quiz, answers: QuizTry): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const questions = new Set(quiz.questions.map((q) => q.id));
  for (const id of Object.keys(answers)) {
    if (!questions.has(id))
      problems.push({ fieldId: id, message: `This quiz has no question "${id}": remove that answer.` });
  }
  for (const question of quiz.questions) {
    const chosen = answers[question.id] ?? [];
    const ids = new Set(question.answers.map((a) => a.id));
    if (chosen.length === 0) problems.push({ fieldId: question.id, message: 'Choose an answer to this question.' });
    else if (question.kind === 'single-choice' && chosen.length > 1) {
      problems.push({ fieldId: question.id, message: 'Choose only one answer to this question.' });
    } else if (!chosen.every((id) => ids.has(id)) || new Set(chosen).size !== chosen.length) {
      problems.push({ fieldId: question.id, message: 'Choose only answers from the list, each once.' });
    }
  }
  return problems;
}

/**
 * Scores a quiz try on the server (docs/product.md#quiz-steps): a question is right when the answers chosen are
 * exactly its correct answers; the try passes when the percentage of right questions reaches the pass mark.
 * @param quiz the quiz with its answer key
 * @param answers a try without {@link quizTryProblems}
 * @returns the result, with each chosen answer's explanation (never the correct answers not chosen)
 */
export function scoreQuiz(quiz: Quiz, answers: QuizTry): QuizResult {
  const questions = quiz.questions.map((question) => {
    const chosenIds = new Set(answers[question.id] ?? []);
    const chosen = question.answers
      .filter((a) => chosenIds.has(a.id))
      .map((a) => ({ answerId: a.id, correct: a.correct === true, explanation: a.explanation ?? '' }));
    const right = question.answers.every((a) => (a.correct === true) === chosenIds.has(a.id));
    return { questionId: question.id, right, chosen };
  });
  const correct = questions.filter((q) => q.right).length;
  const total = questions.length;
  const percent = Math.floor((correct * 100) / total);
  return { correct, total, percent, passMark: quiz.passMark, passed: percent >= quiz.passMark, questions };
}

/**
 * A step as members receive it: a quiz without its answer key (which answers are correct, and why), so the browser
 * never holds it (docs/product.md#quiz-steps).
 * @param step a step of the published content
 * @returns the same step when it has no quiz, else a copy without `correct` and `explanation`
 */
export function withoutQuizKey<S extends Step>(step: S): S {
  if (step.quiz === undefined) return step;
  return {
    ...step,
    quiz: {
      ...step.quiz,
      questions: step.quiz.questions.map((q) => ({
        ...q,
        answers: q.answers.map(({ id, text }) => ({ id, text })),
      })),
    },
  };
}

/** {@link withoutQuizKey} for every step of a scope. */
export function scopeWithoutQuizKey<S extends Pick<Scope, 'steps'>>(scope: S): S {
  return scope.steps.some((s) => s.quiz !== undefined) ? { ...scope, steps: scope.steps.map(withoutQuizKey) } : scope;
}

/**
 * An answer as a person reads it (the admin's and lead's view, downloads): options by their labels, yes/no as "Yes" /
 * "No", several options joined by "; ".
 * @param field the question
 * @param value the stored answer, undefined when not answered
 * @param dates the organisation's locale and time zone: a date question's answer is then written as the organisation
 *   writes days ("24 Dec 2026", docs/product.md#dates-and-times); without them it stays `YYYY-MM-DD` (CSV exports)
 * @returns the text, '' when not answered
 */
export function answerText(field: FormField, value: AnswerValue | undefined, dates?: DateSettings): string {
  if (value === undefined) return '';
  if (dates !== undefined && field.kind === 'date' && typeof value === 'string') return formatDay(value, dates);
  const label = (id: string) => field.options?.find((o) => o.id === id)?.label ?? id;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isFileAnswer(value)) return value.name;
  if (Array.isArray(value)) return value.map(label).join('; ');
  if (field.kind === 'single-choice' && typeof value === 'string') return label(value);
  return String(value);
}

/** A quiz as far as a member's answers depend on it: the questions, their answers and which are right, not the why. */
function quizAsAnswered(quiz: Quiz): unknown {
  return quiz.questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    text: q.text,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, correct: a.correct === true })),
  }));
}

/** Whether an answer that fits `before` may not fit `after` (the same field id in both). */
function fieldNarrowed(before: FormField, after: FormField): boolean {
  if (before.kind !== after.kind) return true;
  if (after.required && !before.required) return true;
  const kept = new Set((after.options ?? []).map((o) => o.id));
  if ((before.options ?? []).some((o) => !kept.has(o.id))) return true;
  const types = new Set(acceptedFileTypes(after));
  if (before.kind === 'file' && acceptedFileTypes(before).some((t) => !types.has(t))) return true;
  if (before.kind === 'file' && fileMaxBytes(after) < fileMaxBytes(before)) return true;
  const longest = (f: FormField) => f.maxLength ?? (f.kind === 'short-text' ? SHORT_TEXT_MAX : LONG_TEXT_MAX);
  if (longest(after) < longest(before)) return true;
  if (after.min !== undefined && (before.min === undefined || after.min > before.min)) return true;
  if (after.max !== undefined && (before.max === undefined || after.max < before.max)) return true;
  return false;
}

/**
 * Whether publishing `after` in place of `before` is a material change of the step's questions, so members who
 * completed it must take it again (docs/product.md#changing-a-form-or-quiz-after-people-answered): for a quiz, a
 * question, an answer or which answers are right changed, or one was added or removed (a changed explanation, pass
 * mark or number of tries is not); for a form, a question was added that must be answered, or a question changed so
 * that an earlier answer may not fit it any more (another kind, newly required, an option removed, a shorter longest
 * answer, a narrower number range). Wording of a form's labels and help, and removing a question, are not.
 * @param before the step as published
 * @param after the step as it is to be published
 * @returns false when either is not a form or quiz step of the same kind
 */
export function answersChangeMaterially(
  before: Pick<Step, 'form' | 'quiz'>,
  after: Pick<Step, 'form' | 'quiz'>,
): boolean {
  if (before.quiz && after.quiz) {
    return JSON.stringify(quizAsAnswered(before.quiz)) !== JSON.stringify(quizAsAnswered(after.quiz));
  }
  if (before.form && after.form) {
    const earlier = new Map(before.form.fields.map((f) => [f.id, f]));
    return after.form.fields.some((field) => {
      const was = earlier.get(field.id);
      return was === undefined ? field.required : fieldNarrowed(was, field);
    });
  }
  return false;
}
