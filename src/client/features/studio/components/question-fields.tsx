import {
  FORM_FIELD_KINDS,
  FORM_FILE_DEFAULT_MAX_BYTES,
  FORM_FILE_MAX_BYTES,
  FORM_FILE_TYPES,
  type Form,
  type FormField,
  type FormFieldKind,
  type Quiz,
  type QuizQuestion,
  type Step,
} from '@shared/content-schema';
import { optionalText, questionIdFrom } from '../utils/catalog-edits';
import { FILE_TYPE_LABELS, KIND_LABELS } from '../utils/content-words';
import { CheckboxField, ListEditor, NumberField, TextField } from './fields';
import { QuestionHead, type QuestionHeads, QuestionId } from './question-head';

const MB = 1024 * 1024;

const isChoice = (kind: FormFieldKind) => kind === 'single-choice' || kind === 'multiple-choice';

/** `prefix-N` with the smallest N not used by `items` (ids must be unique within their list). */
function nextId(prefix: string, items: readonly { id: string }[]): string {
  const used = new Set(items.map((i) => i.id));
  let n = items.length + 1;
  while (used.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

/** The text a new question starts with; its id is made from it. */
const NEW_QUESTION_TEXT = 'Your question';

/** A new form: one short text question. */
export function newForm(): Form {
  return {
    allowChanges: false,
    fields: [
      {
        id: questionIdFrom(NEW_QUESTION_TEXT, []),
        kind: 'short-text',
        label: NEW_QUESTION_TEXT,
        required: false,
        sensitive: false,
      },
    ],
  };
}

function newQuestion(questions: readonly { id: string }[]): QuizQuestion {
  return {
    id: questionIdFrom(
      NEW_QUESTION_TEXT,
      questions.map((q) => q.id),
    ),
    kind: 'single-choice',
    text: NEW_QUESTION_TEXT,
    answers: [
      { id: 'answer-1', text: 'The right answer', correct: true, explanation: 'Why this is right.' },
      { id: 'answer-2', text: 'A wrong answer', explanation: 'Why this is not right.' },
    ],
  };
}

/** The kinds of a quiz question, in words. */
const QUIZ_KINDS = [
  { value: 'single-choice', label: 'Exactly one answer is right' },
  { value: 'multiple-choice', label: 'One or more answers are right (all must be chosen)' },
] as const;

type QuizHeads = QuestionHeads<QuizQuestion, 'text'>;
type FormHeads = QuestionHeads<FormField, 'label'>;

/**
 * What the form editor and the quiz editor are given: the form or quiz, its place (e.g. `scopes[0].steps[2].form`),
 * what to call with it changed, and the heads of its questions.
 */
interface EditorProps<C, H> {
  content: C;
  path: string;
  onChange: (content: C) => void;
  heads: H;
}

/** The heads of a quiz's questions: a question's text, and its kind, how many answers are right. */
const quizHeads = (quiz: Quiz, publishedIds: ReadonlySet<string>): QuizHeads => ({
  questions: quiz.questions,
  publishedIds,
  textKey: 'text',
  kindLabel: 'right answers',
  kinds: QUIZ_KINDS,
  withKind: (question, kind) => ({ ...question, kind: kind as QuizQuestion['kind'] }),
});

/** A new quiz: one question, pass mark 75%, as many tries as members like. */
export function newQuiz(): Quiz {
  return { passMark: 75, tries: 'unlimited', questions: [newQuestion([])] };
}

/** A field with another kind: options kept or made for a choice, settings that do not fit the kind dropped. */
function withKind(field: FormField, kind: FormFieldKind): FormField {
  const { options, maxLength: _maxLength, min: _min, max: _max, accept: _accept, maxBytes: _maxBytes, ...rest } = field;
  if (!isChoice(kind)) return { ...rest, kind };
  return {
    ...rest,
    kind,
    options: options ?? [
      { id: 'option-1', label: 'First option' },
      { id: 'option-2', label: 'Second option' },
    ],
  };
}

/** The heads of a form's questions: a question's text is its label, its kind the answer it takes. */
const formHeads = (form: Form, publishedIds: ReadonlySet<string>): FormHeads => ({
  questions: form.fields,
  publishedIds,
  textKey: 'label',
  kindLabel: 'answer',
  kinds: FORM_FIELD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
  withKind: (field, kind) => withKind(field, kind as FormFieldKind),
});

/** The ids of a published step's form questions or quiz questions. */
const questionIds = (step: Step | undefined, kind: 'form' | 'quiz') =>
  new Set(
    kind === 'form' ? (step?.form?.fields ?? []).map((f) => f.id) : (step?.quiz?.questions ?? []).map((q) => q.id),
  );

/** The questions of a form step: kind, question, help, required, sensitive, options, limits and ids. */
function FormEditor({ content: form, path, onChange, heads }: EditorProps<Form, FormHeads>) {
  return (
    <>
      <CheckboxField
        path={`${path}.allowChanges`}
        label="Members may change their answers after sending them"
        checked={form.allowChanges}
        onChange={(v) => onChange({ ...form, allowChanges: v })}
        hint="Each sending is kept. Without this, the first sending is final."
      />
      <ListEditor<FormField>
        path={`${path}.fields`}
        label="Questions"
        itemName="question"
        items={form.fields}
        onChange={(fields) => onChange({ ...form, fields })}
        create={() => ({
          id: questionIdFrom(
            NEW_QUESTION_TEXT,
            form.fields.map((f) => f.id),
          ),
          kind: 'short-text',
          label: NEW_QUESTION_TEXT,
          required: false,
          sensitive: false,
        })}
        renderItem={(field, change, itemPath, i) => (
          <>
            <QuestionHead heads={heads} question={field} index={i} itemPath={itemPath} onChange={change} />
            <TextField
              path={`${itemPath}.help`}
              label={`Question ${i + 1}: help text (optional)`}
              value={field.help ?? ''}
              onChange={(v) => change(optionalText(field, 'help', v))}
            />
            <CheckboxField
              path={`${itemPath}.required`}
              label="An answer is required"
              checked={field.required}
              onChange={(v) => change({ ...field, required: v })}
            />
            <CheckboxField
              path={`${itemPath}.sensitive`}
              label="Sensitive (access needs, health, an emergency contact)"
              checked={field.sensitive}
              onChange={(v) => change({ ...field, sensitive: v })}
              hint="Stored encrypted; read only by the member, admins and the member's leads, and every read is audited."
            />
            {field.kind === 'short-text' || field.kind === 'long-text' ? (
              <NumberField
                path={`${itemPath}.maxLength`}
                label="Longest answer (characters; empty: the usual limit)"
                min={1}
                value={field.maxLength}
                onChange={(v) =>
                  change(v === undefined ? (({ maxLength: _m, ...rest }) => rest)(field) : { ...field, maxLength: v })
                }
              />
            ) : null}
            {field.kind === 'number' ? (
              <div className="grid gap-2 sm:grid-cols-2">
                <NumberField
                  path={`${itemPath}.min`}
                  label="Smallest answer (optional)"
                  value={field.min}
                  onChange={(v) =>
                    change(v === undefined ? (({ min: _m, ...rest }) => rest)(field) : { ...field, min: v })
                  }
                />
                <NumberField
                  path={`${itemPath}.max`}
                  label="Largest answer (optional)"
                  value={field.max}
                  onChange={(v) =>
                    change(v === undefined ? (({ max: _m, ...rest }) => rest)(field) : { ...field, max: v })
                  }
                />
              </div>
            ) : null}
            {field.kind === 'file' ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-800">Question {i + 1}: files it takes</legend>
                {FORM_FILE_TYPES.map((type) => {
                  const accepted = field.accept ?? [...FORM_FILE_TYPES];
                  return (
                    <CheckboxField
                      key={type}
                      path={`${itemPath}.accept.${type}`}
                      label={FILE_TYPE_LABELS[type]}
                      checked={accepted.includes(type)}
                      onChange={(v) => {
                        const next = FORM_FILE_TYPES.filter((t) => (t === type ? v : accepted.includes(t)));
                        const { accept: _a, ...rest } = field;
                        change(next.length === FORM_FILE_TYPES.length ? rest : { ...rest, accept: next });
                      }}
                    />
                  );
                })}
                <NumberField
                  path={`${itemPath}.maxBytes`}
                  label={`Largest file (MB; empty: ${FORM_FILE_DEFAULT_MAX_BYTES / MB} MB)`}
                  hint={`At most ${FORM_FILE_MAX_BYTES / MB} MB.`}
                  min={1}
                  max={FORM_FILE_MAX_BYTES / MB}
                  value={field.maxBytes === undefined ? undefined : Math.round((field.maxBytes / MB) * 10) / 10}
                  onChange={(v) =>
                    change(
                      v === undefined
                        ? (({ maxBytes: _m, ...rest }) => rest)(field)
                        : { ...field, maxBytes: Math.round(v * MB) },
                    )
                  }
                />
              </fieldset>
            ) : null}
            {isChoice(field.kind) ? (
              <ListEditor<{ id: string; label: string }>
                path={`${itemPath}.options`}
                label={`Question ${i + 1}: options`}
                itemName="option"
                items={field.options ?? []}
                onChange={(options) => change({ ...field, options })}
                create={() => ({ id: nextId('option', field.options ?? []), label: 'Another option' })}
                renderItem={(option, changeOption, optionPath, o) => (
                  <TextField
                    path={`${optionPath}.label`}
                    label={`Option ${o + 1}`}
                    value={option.label}
                    onChange={(v) => changeOption({ ...option, label: v })}
                  />
                )}
              />
            ) : null}
            <QuestionId
              question={field}
              path={`${itemPath}.id`}
              label={`Question ${i + 1}: id`}
              publishedIds={heads.publishedIds}
              onChange={change}
            />
          </>
        )}
      />
    </>
  );
}

/** The questions of a quiz step: pass mark, tries, and each question with its answers, which are right and why. */
function QuizEditor({ content: quiz, path, onChange, heads }: EditorProps<Quiz, QuizHeads>) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          path={`${path}.passMark`}
          label="Pass mark (% of questions right)"
          min={1}
          max={100}
          value={quiz.passMark}
          onChange={(v) => onChange({ ...quiz, passMark: v ?? 0 })}
        />
        <NumberField
          path={`${path}.tries`}
          label="Tries (empty: as many as they like)"
          min={1}
          max={20}
          value={quiz.tries === 'unlimited' ? undefined : quiz.tries}
          onChange={(v) => onChange({ ...quiz, tries: v ?? 'unlimited' })}
        />
      </div>
      <ListEditor<QuizQuestion>
        path={`${path}.questions`}
        label="Questions"
        itemName="question"
        items={quiz.questions}
        onChange={(questions) => onChange({ ...quiz, questions })}
        create={() => newQuestion(quiz.questions)}
        renderItem={(question, change, itemPath, i) => (
          <>
            <QuestionHead heads={heads} question={question} index={i} itemPath={itemPath} onChange={change} />
            <ListEditor<QuizQuestion['answers'][number]>
              path={`${itemPath}.answers`}
              label={`Question ${i + 1}: answers`}
              itemName="answer"
              items={question.answers}
              onChange={(answers) => change({ ...question, answers })}
              create={() => ({
                id: nextId('answer', question.answers),
                text: 'Another answer',
                explanation: 'Why this is or is not right.',
              })}
              renderItem={(answer, changeAnswer, answerPath, a) => (
                <>
                  <TextField
                    path={`${answerPath}.text`}
                    label={`Answer ${a + 1}`}
                    value={answer.text}
                    onChange={(v) => changeAnswer({ ...answer, text: v })}
                  />
                  <CheckboxField
                    path={`${answerPath}.correct`}
                    label="This answer is right"
                    checked={answer.correct === true}
                    onChange={(v) =>
                      changeAnswer(v ? { ...answer, correct: true } : (({ correct: _c, ...rest }) => rest)(answer))
                    }
                  />
                  <TextField
                    path={`${answerPath}.explanation`}
                    label={`Answer ${a + 1}: why it is right or not`}
                    multiline
                    value={answer.explanation ?? ''}
                    onChange={(v) => changeAnswer(optionalText(answer, 'explanation', v))}
                    hint="Shown after a try to members who chose this answer."
                  />
                </>
              )}
            />
            <QuestionId
              question={question}
              path={`${itemPath}.id`}
              label={`Question ${i + 1}: id`}
              publishedIds={heads.publishedIds}
              onChange={change}
            />
          </>
        )}
      />
    </>
  );
}

/**
 * Whether a step asks questions (a form) or checks what was learned (a quiz), and their questions
 * (docs/product.md#form-steps, #quiz-steps). A step is a form or a quiz, never both; switching one on switches the
 * other off. The preview beside the form shows the questions as members see them. Each question's id is made from
 * its text and shown only under 'Advanced' (docs/product.md#renaming-a-step).
 * @param step the step edited
 * @param path the step's place, e.g. `scopes[0].steps[2]`
 * @param onChange called with the changed step
 * @param publishedStep the step as the published version has it, or undefined for a step not published
 */
export function QuestionFields({
  step,
  path,
  onChange,
  publishedStep,
}: {
  step: Step;
  path: string;
  onChange: (step: Step) => void;
  publishedStep?: Step | undefined;
}) {
  const without = (key: 'form' | 'quiz', s: Step): Step => {
    const { [key]: _removed, ...rest } = s;
    return rest;
  };
  return (
    <>
      <CheckboxField
        path={`${path}.form`}
        label="This step is a form: it asks members questions"
        checked={step.form !== undefined}
        onChange={(v) => onChange(v ? { ...without('quiz', step), form: newForm() } : without('form', step))}
        hint="The step is done when the member sends their answers."
      />
      <CheckboxField
        path={`${path}.quiz`}
        label="This step is a quiz: it checks what members learned"
        checked={step.quiz !== undefined}
        onChange={(v) => onChange(v ? { ...without('form', step), quiz: newQuiz() } : without('quiz', step))}
        hint="The step is done when the member passes."
      />
      {step.form !== undefined ? (
        <FormEditor
          content={step.form}
          path={`${path}.form`}
          onChange={(form) => onChange({ ...step, form })}
          heads={formHeads(step.form, questionIds(publishedStep, 'form'))}
        />
      ) : null}
      {step.quiz !== undefined ? (
        <QuizEditor
          content={step.quiz}
          path={`${path}.quiz`}
          onChange={(quiz) => onChange({ ...step, quiz })}
          heads={quizHeads(step.quiz, questionIds(publishedStep, 'quiz'))}
        />
      ) : null}
    </>
  );
}
