import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay } from './dates.js';
import { formSchema, quizSchema, stepSchema } from './content-schema.js';
import { safeguardingQuiz } from './test-quiz.js';
import {
  ANSWER_REQUIRED_MESSAGE,
  answerText,
  answersChangeMaterially,
  checkFormAnswers,
  fileRuleText,
  quizTryProblems,
  scoreQuiz,
  withoutQuizKey,
} from './step-answers.js';

const form = formSchema.parse({
  fields: [
    { id: 'nickname', kind: 'short-text', label: 'What should we call you?', required: true },
    { id: 'about', kind: 'long-text', label: 'Anything else?', maxLength: 20 },
    {
      id: 'contact-by',
      kind: 'single-choice',
      label: 'How should we contact you?',
      options: [
        { id: 'email', label: 'E-mail' },
        { id: 'text', label: 'Text message' },
      ],
    },
    {
      id: 'support',
      kind: 'multiple-choice',
      label: 'Support',
      sensitive: true,
      options: [
        { id: 'captions', label: 'Captions' },
        { id: 'breaks', label: 'Breaks' },
        { id: 'quiet', label: 'A quiet room' },
      ],
    },
    { id: 'photos-ok', kind: 'yes-no', label: 'May we take photos?' },
    { id: 'start', kind: 'date', label: 'Start date' },
    { id: 'hours', kind: 'number', label: 'Hours a week', min: 1, max: 40 },
    { id: 'email', kind: 'email', label: 'Personal e-mail' },
    { id: 'phone', kind: 'phone', label: 'Emergency phone', sensitive: true },
  ],
});

const valid = {
  nickname: '  Sam ',
  about: 'Hi',
  'contact-by': 'text',
  support: ['captions', 'quiet'],
  'photos-ok': false,
  start: '2026-12-01',
  hours: 4,
  email: 'sam@example.org',
  phone: '+44 7700 900123',
};

/** The problems of answers, by field id. */
function problemsOf(answers: Record<string, unknown>, mode: 'draft' | 'submit' = 'submit') {
  const checked = checkFormAnswers(form, answers, mode);
  return checked.ok ? {} : Object.fromEntries(checked.problems.map((p) => [p.fieldId ?? '', p.message]));
}

describe('checkFormAnswers (docs/product.md#form-steps)', () => {
  it('accepts an answer of every kind, trims texts and leaves out empty answers', () => {
    const checked = checkFormAnswers(form, { ...valid, about: '   ', email: null, support: [] }, 'submit');
    expect(checked).toEqual({
      ok: true,
      answers: {
        nickname: 'Sam',
        'contact-by': 'text',
        'photos-ok': false,
        start: '2026-12-01',
        hours: 4,
        phone: '+44 7700 900123',
      },
    });
  });

  it('says what to change for a wrong answer of each kind', () => {
    expect(
      problemsOf({
        nickname: 'x'.repeat(201),
        about: 'x'.repeat(21),
        'contact-by': 'pigeon',
        support: ['captions', 'lasers'],
        'photos-ok': 'maybe',
        start: '1 December',
        hours: 41,
        email: 'sam at example',
        phone: 'call me',
      }),
    ).toEqual({
      nickname: 'Shorten this to at most 200 characters (it has 201).',
      about: 'Shorten this to at most 20 characters (it has 21).',
      'contact-by': 'Choose one of the options (E-mail, Text message).',
      support: 'Choose only options from the list.',
      'photos-ok': 'Answer yes or no.',
      start: 'Write a date as year-month-day, for example 2026-11-27.',
      hours: 'Write a number of 40 or less.',
      email: 'Write an e-mail address like name@example.org.',
      phone: 'Write a phone number with digits, spaces and + ( ) -, for example +44 7700 900123.',
    });
    expect(problemsOf({ ...valid, hours: 0 })).toEqual({ hours: 'Write a number of 1 or more.' });
    expect(problemsOf({ ...valid, hours: '4' })).toEqual({ hours: 'Write a number, for example 3.' });
    expect(problemsOf({ ...valid, nickname: 7 })).toEqual({ nickname: 'Write your answer as text.' });
    expect(problemsOf({ ...valid, support: ['breaks', 'breaks'] })).toEqual({
      support: 'Choose each option only once.',
    });
  });

  it('requires required questions when sending, not in a draft', () => {
    expect(problemsOf({ ...valid, nickname: ' ' })).toEqual({ nickname: ANSWER_REQUIRED_MESSAGE });
    expect(problemsOf({ about: 'Hi' }, 'draft')).toEqual({});
  });

  it('refuses an answer to a question the form does not have', () => {
    expect(problemsOf({ ...valid, shoeSize: 9 })).toEqual({
      shoeSize: 'This form has no question "shoeSize": remove that answer.',
    });
    expect(checkFormAnswers(form, ['Sam'], 'draft').ok).toBe(false);
  });

  it('shows answers as text: options by label, yes/no in words', () => {
    const [, , contactBy, support, photos] = form.fields;
    expect(answerText(contactBy!, 'text')).toBe('Text message');
    expect(answerText(support!, ['captions', 'quiet'])).toBe('Captions; A quiet room');
    expect(answerText(photos!, true)).toBe('Yes');
    expect(answerText(photos!, undefined)).toBe('');
  });

  it('writes a date answer as the organisation writes days when given its settings, and as stored without (CSV)', () => {
    const date = {
      id: 'start',
      kind: 'date' as const,
      label: 'When can you start?',
      required: false,
      sensitive: false,
    };
    const settings = { locale: 'en-GB', timeZone: 'Europe/London' };
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        expect(answerText(date, day, settings)).toBe(formatDay(day, settings));
        expect(answerText(date, day)).toBe(day);
      }),
      { numRuns: 50 },
    );
    expect(answerText(date, '2026-12-24', settings)).toBe('24 Dec 2026');
    expect(answerText(date, '2026-12-24', { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Dec 24, 2026');
  });
});

describe('form and quiz content (docs/product.md#form-steps, docs/product.md#quiz-steps)', () => {
  it('refuses fields that do not fit their kind, and repeated ids', () => {
    const result = formSchema.safeParse({
      fields: [
        { id: 'a', kind: 'yes-no', label: 'A', options: [{ id: 'x', label: 'X' }] },
        { id: 'a', kind: 'number', label: 'B', min: 5, max: 1 },
        { id: 'c', kind: 'date', label: 'C', maxLength: 3 },
      ],
    });
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'fields.0.options: only a choice field has options, not yes-no',
      'fields.1.max: must not be less than min',
      'fields.2.maxLength: only a text field has a maxLength',
      'fields.1.id: field id "a" is used twice',
    ]);
  });

  it('refuses a step that is a form and also something else', () => {
    const result = stepSchema.safeParse({
      id: 'x',
      title: 'X',
      description: 'X.',
      icon: 'User',
      category: 'Volunteer',
      signature: true,
      form: { fields: [{ id: 'a', kind: 'short-text', label: 'A' }] },
    });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'a form step completes when the member sends it, so it cannot also be a signature step',
    ]);
  });
});

const quiz = quizSchema.parse(
  safeguardingQuiz(2, {
    id: 'which',
    kind: 'multiple-choice',
    text: 'Which are signs?',
    answers: [
      { id: 'a', text: 'A', correct: true, explanation: 'A is a sign.' },
      { id: 'b', text: 'B', correct: true, explanation: 'B is a sign.' },
      { id: 'c', text: 'C', explanation: 'C is not a sign.' },
    ],
  }),
);

describe('scoreQuiz', () => {
  it('counts a question right only with exactly its correct answers, and passes at the pass mark', () => {
    const wrong = scoreQuiz(quiz, { who: ['nobody'], which: ['a'] });
    expect(wrong).toMatchObject({ correct: 0, total: 2, percent: 0, passed: false });
    expect(wrong.questions).toEqual([
      {
        questionId: 'who',
        right: false,
        chosen: [{ answerId: 'nobody', correct: false, explanation: 'A secret can leave someone in danger.' }],
      },
      { questionId: 'which', right: false, chosen: [{ answerId: 'a', correct: true, explanation: 'A is a sign.' }] },
    ]);
    expect(scoreQuiz(quiz, { who: ['lead'], which: ['a', 'b', 'c'] })).toMatchObject({ correct: 1, percent: 50 });
    expect(scoreQuiz(quiz, { who: ['lead'], which: ['b', 'a'] })).toMatchObject({ correct: 2, passed: true });
  });

  it('finds tries that cannot be scored', () => {
    expect(quizTryProblems(quiz, { who: ['lead', 'nobody'], which: [], extra: ['a'] })).toEqual([
      { fieldId: 'extra', message: 'This quiz has no question "extra": remove that answer.' },
      { fieldId: 'who', message: 'Choose only one answer to this question.' },
      { fieldId: 'which', message: 'Choose an answer to this question.' },
    ]);
  });

  it('sends members a quiz without its answer key', () => {
    const step = stepSchema.parse({
      id: 'q',
      title: 'Q',
      description: 'Q.',
      icon: 'User',
      category: 'Volunteer',
      quiz,
    });
    expect(JSON.stringify(withoutQuizKey(step))).not.toMatch(/correct|explanation|danger/u);
  });
});

describe('file questions (docs/product.md#file-questions)', () => {
  const field = (extra: object) => ({ id: 'plan', kind: 'file', label: 'Your plan', ...extra });
  it('takes PDF, PNG and JPEG up to 5 MB unless narrowed, and refuses file settings elsewhere', () => {
    const form = formSchema.parse({ fields: [field({})] });
    expect(fileRuleText(form.fields[0]!)).toBe('PDF, PNG or JPEG, up to 5 MB');
    expect(fileRuleText(formSchema.parse({ fields: [field({ accept: ['pdf'], maxBytes: 8192 })] }).fields[0]!)).toBe(
      'PDF, up to 8 KB',
    );
    for (const bad of [
      field({ accept: [] }),
      field({ accept: ['pdf', 'pdf'] }),
      field({ accept: ['gif'] }),
      field({ maxBytes: 11 * 1024 * 1024 }),
      { id: 'name', kind: 'short-text', label: 'Name', accept: ['pdf'] },
      { id: 'name', kind: 'short-text', label: 'Name', maxBytes: 2048 },
    ]) {
      expect(formSchema.safeParse({ fields: [bad] }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('checks a file answer by its shape, and counts a narrower file question as a material change', () => {
    const form = formSchema.parse({ fields: [field({ required: true })] });
    const answer = {
      fileId: '6f1c1a52-2d0a-4a43-9d3c-0d3f3c1c8b11',
      name: 'plan.pdf',
      type: 'application/pdf',
      size: 9,
    };
    expect(checkFormAnswers(form, { plan: answer }, 'submit')).toEqual({ ok: true, answers: { plan: answer } });
    expect(checkFormAnswers(form, { plan: 'plan.pdf' }, 'submit')).toEqual({
      ok: false,
      problems: [{ fieldId: 'plan', message: 'Upload a file for this question.' }],
    });
    expect(checkFormAnswers(form, { plan: null }, 'submit')).toMatchObject({ ok: false });
    const narrower = formSchema.parse({ fields: [field({ required: true, accept: ['pdf'] })] });
    const smaller = formSchema.parse({ fields: [field({ required: true, maxBytes: 1024 * 1024 })] });
    expect(answersChangeMaterially({ form }, { form: narrower })).toBe(true);
    expect(answersChangeMaterially({ form }, { form: smaller })).toBe(true);
    expect(answersChangeMaterially({ form: narrower }, { form })).toBe(false);
  });
});
