import {
  FORM_FILE_DEFAULT_MAX_BYTES,
  FORM_FILE_TYPES,
  type Form,
  type FormField,
  type Quiz,
  type QuizQuestion,
} from '@shared/content-schema';
import { FILE_TYPE_LABELS, KIND_WORDS, QUIZ_KIND_WORDS } from './content-words';
import { type ChangeSentence, orderChanged, same, textChange } from './sentence-kit';

/** What changed in a form's or a quiz's questions, in sentences (docs/product.md#changing-a-form-or-quiz-after-people-answered). */

/** A form question's settings in words: "short answer, optional", "one choice from a list: Red, Blue; required". */
function questionWords(field: FormField): string {
  const parts = [KIND_WORDS[field.kind], field.required ? 'required' : 'optional'];
  if (field.sensitive) parts.push('kept private');
  const options = field.options === undefined ? '' : `; options: ${field.options.map((o) => o.label).join(', ')}`;
  return `${parts.join(', ')}${options}`;
}

const bytesWords = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The sentences of one form question present in both versions. */
function questionSentences(was: FormField, field: FormField, where: string): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  const q = `the question ‘${was.label}’ of ${where}`;
  const arrow = (label: string, a: string, b: string) => out.push({ text: `Changed ${label} of ${q}: ${a} → ${b}.` });
  const keys = new Set([...Object.keys(was), ...Object.keys(field)]) as Set<keyof FormField>;
  for (const key of keys) {
    if (same(was[key], field[key])) continue;
    switch (key) {
      case 'id':
      case 'renamedFrom':
        break;
      case 'label':
        out.push(textChange(`Changed the wording of ${q}.`, was.label, field.label));
        break;
      case 'help':
        if (field.help === undefined) out.push({ text: `Removed the help text of ${q} (it was: ${was.help}).` });
        else if (was.help === undefined) out.push({ text: `Added a help text to ${q}: ${field.help}.` });
        else out.push(textChange(`Changed the help text of ${q}.`, was.help, field.help));
        break;
      case 'kind':
        arrow('the kind of answer', KIND_WORDS[was.kind], KIND_WORDS[field.kind]);
        break;
      case 'required':
        out.push({ text: `Made ${q} ${field.required ? 'required' : 'optional'}.` });
        break;
      case 'sensitive':
        out.push({
          text: field.sensitive
            ? `Made the answers to ${q} private: kept encrypted, read only by the member, admins and the member's leads.`
            : `Made the answers to ${q} no longer private.`,
        });
        break;
      case 'options': {
        const before = was.options ?? [];
        const after = field.options ?? [];
        for (const option of after) {
          const old = before.find((o) => o.id === option.id);
          if (old === undefined) out.push({ text: `Added the option ‘${option.label}’ to ${q}.` });
          else if (old.label !== option.label) {
            out.push(textChange(`Changed the option ‘${old.label}’ of ${q}.`, old.label, option.label));
          }
        }
        for (const option of before) {
          if (!after.some((o) => o.id === option.id))
            out.push({ text: `Removed the option ‘${option.label}’ from ${q}.` });
        }
        if (orderChanged(before, after)) out.push({ text: `Changed the order of the options of ${q}.` });
        break;
      }
      case 'maxLength': {
        const words = (n: number | undefined) => (n === undefined ? 'the usual limit' : `${n} characters`);
        arrow('the longest answer', words(was.maxLength), words(field.maxLength));
        break;
      }
      case 'min':
      case 'max': {
        const words = (n: number | undefined) => (n === undefined ? 'no limit' : String(n));
        arrow(key === 'min' ? 'the smallest number' : 'the largest number', words(was[key]), words(field[key]));
        break;
      }
      case 'accept': {
        const words = (types: FormField['accept']) =>
          (types ?? FORM_FILE_TYPES).map((t) => FILE_TYPE_LABELS[t]).join(', ');
        arrow('the files taken', words(was.accept), words(field.accept));
        break;
      }
      case 'maxBytes':
        arrow(
          'the largest file',
          bytesWords(was.maxBytes ?? FORM_FILE_DEFAULT_MAX_BYTES),
          bytesWords(field.maxBytes ?? FORM_FILE_DEFAULT_MAX_BYTES),
        );
        break;
      default:
        out.push({ text: `Changed other settings of ${q}.` });
    }
  }
  return out;
}

/** The sentences of a step's form (docs/product.md#form-steps), questions matched by id. */
export function formSentences(before: Form | undefined, after: Form | undefined, where: string): ChangeSentence[] {
  if (before === undefined && after === undefined) return [];
  if (after === undefined) {
    const n = before?.fields.length ?? 0;
    return [{ text: `Removed the form of ${where} (its ${n} ${n === 1 ? 'question' : 'questions'}).` }];
  }
  const out: ChangeSentence[] = [];
  const was = before ?? { fields: [], allowChanges: false };
  if (before === undefined) out.push({ text: `Made ${where} a form.` });
  for (const field of after.fields) {
    const old = was.fields.find((x) => x.id === field.id);
    if (old === undefined)
      out.push({ text: `Added the question ‘${field.label}’ (${questionWords(field)}) to ${where}.` });
    else out.push(...questionSentences(old, field, where));
  }
  for (const field of was.fields) {
    if (!after.fields.some((x) => x.id === field.id))
      out.push({ text: `Removed the question ‘${field.label}’ from ${where}.` });
  }
  if (orderChanged(was.fields, after.fields)) out.push({ text: `Changed the order of the questions of ${where}.` });
  if (was.allowChanges !== after.allowChanges) {
    out.push({
      text: after.allowChanges
        ? `Members may now change their answers to ${where} after sending them.`
        : `Members may no longer change their answers to ${where} after sending them.`,
    });
  }
  return out;
}

const triesWords = (tries: Quiz['tries']) =>
  tries === 'unlimited' ? 'as many tries as they need' : `${tries} ${tries === 1 ? 'try' : 'tries'}`;

/** The sentences of one quiz question present in both versions. */
function quizQuestionSentences(was: QuizQuestion, question: QuizQuestion, where: string): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  const q = `the quiz question ‘${was.text}’ of ${where}`;
  if (was.text !== question.text) out.push(textChange(`Changed the wording of ${q}.`, was.text, question.text));
  if (was.kind !== question.kind) {
    out.push({ text: `Changed ${q}: ${QUIZ_KIND_WORDS[was.kind]} → ${QUIZ_KIND_WORDS[question.kind]}.` });
  }
  for (const answer of question.answers) {
    const old = was.answers.find((x) => x.id === answer.id);
    if (old === undefined) {
      const right = answer.correct === true ? 'a right answer' : 'a wrong answer';
      out.push({ text: `Added the answer ‘${answer.text}’ (${right}) to ${q}.` });
      continue;
    }
    const a = `the answer ‘${old.text}’ to ${q}`;
    if (old.text !== answer.text) out.push(textChange(`Changed the wording of ${a}.`, old.text, answer.text));
    if ((old.correct === true) !== (answer.correct === true)) {
      out.push({ text: `Made ${a} ${answer.correct === true ? 'a right answer' : 'a wrong answer'}.` });
    }
    if (old.explanation !== answer.explanation) {
      if (answer.explanation === undefined) out.push({ text: `Removed the explanation of ${a}.` });
      else if (old.explanation === undefined) out.push({ text: `Added an explanation to ${a}: ${answer.explanation}` });
      else out.push(textChange(`Changed the explanation of ${a}.`, old.explanation, answer.explanation));
    }
  }
  for (const answer of was.answers) {
    if (!question.answers.some((x) => x.id === answer.id))
      out.push({ text: `Removed the answer ‘${answer.text}’ from ${q}.` });
  }
  if (orderChanged(was.answers, question.answers)) out.push({ text: `Changed the order of the answers to ${q}.` });
  return out;
}

/** The sentences of a step's quiz (docs/product.md#quiz-steps), questions and answers matched by id. */
export function quizSentences(before: Quiz | undefined, after: Quiz | undefined, where: string): ChangeSentence[] {
  if (before === undefined && after === undefined) return [];
  if (after === undefined) {
    const n = before?.questions.length ?? 0;
    return [{ text: `Removed the quiz of ${where} (its ${n} ${n === 1 ? 'question' : 'questions'}).` }];
  }
  const out: ChangeSentence[] = [];
  if (before === undefined) {
    out.push({
      text: `Made ${where} a quiz: pass mark ${after.passMark}%, ${triesWords(after.tries)}.`,
    });
  } else {
    if (before.passMark !== after.passMark) {
      out.push({ text: `Changed the pass mark of ${where}: ${before.passMark}% → ${after.passMark}%.` });
    }
    if (before.tries !== after.tries) {
      out.push({
        text: `Changed the tries members have at ${where}: ${triesWords(before.tries)} → ${triesWords(after.tries)}.`,
      });
    }
  }
  const was = before?.questions ?? [];
  for (const question of after.questions) {
    const old = was.find((x) => x.id === question.id);
    if (old === undefined) {
      out.push({
        text: `Added the quiz question ‘${question.text}’ (${QUIZ_KIND_WORDS[question.kind]}: ${question.answers.map((a) => a.text).join(', ')}) to ${where}.`,
      });
    } else out.push(...quizQuestionSentences(old, question, where));
  }
  for (const question of was) {
    if (!after.questions.some((x) => x.id === question.id)) {
      out.push({ text: `Removed the quiz question ‘${question.text}’ from ${where}.` });
    }
  }
  if (orderChanged(was, after.questions)) out.push({ text: `Changed the order of the quiz questions of ${where}.` });
  return out;
}
