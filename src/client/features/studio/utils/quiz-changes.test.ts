import { describe, expect, it } from 'vitest';
import { roleConfigurationSchema, type Quiz } from '@shared/content-schema';
import { safeguardingQuiz } from '@shared/test-quiz';
import { changedQuizSteps, retakeSteps } from './catalog-edits';
import { changeSentences } from './change-sentences';

/** The publish dialog on a changed form or quiz (docs/product.md#editing-in-the-browser). */

const QUIZ: Quiz = safeguardingQuiz('unlimited');

const role = (quiz: Quiz, formLabel: string) =>
  roleConfigurationSchema.parse({
    key: 'volunteer',
    displayName: 'Volunteer',
    version: '1.0',
    icon: 'HeartHandshake',
    colors: { baseColor: '#15803d' },
    scopes: [
      {
        id: 'start',
        title: 'Start',
        steps: [
          { id: 'check', title: 'Safeguarding', description: 'A quiz.', icon: 'Heart', category: 'Volunteer', quiz },
          {
            id: 'ask',
            title: 'Your needs',
            description: 'A form.',
            icon: 'Heart',
            category: 'Volunteer',
            form: { fields: [{ id: 'needs', kind: 'long-text', label: formLabel, sensitive: true }] },
          },
        ],
      },
    ],
  });

describe('a changed form or quiz in the publish dialog', () => {
  it('says which step’s questions changed, and names the published quizzes whose questions changed', () => {
    const changed: Quiz = {
      ...QUIZ,
      questions: QUIZ.questions.map((q) => ({ ...q, text: 'Who do you tell first?' })),
    };
    const before = [role(QUIZ, 'What helps?')];
    const after = [role(changed, 'What helps you?')];
    expect(changeSentences(before, after).map((s) => s.text)).toEqual([
      'Changed the wording of the quiz question ‘Who do you tell?’ of ‘Safeguarding’ (Volunteer).',
      'Changed the wording of the question ‘What helps?’ of ‘Your needs’ (Volunteer).',
    ]);
    // A reworded question is a material change (members take the quiz again); a reworded form label is not.
    expect(retakeSteps(before, after).map((s) => s.id)).toEqual(['check']);
    expect(changedQuizSteps(before, after)).toEqual([]);
    expect(retakeSteps(before, [role(QUIZ, 'What helps you?')])).toEqual([]);
  });

  it('keeps the pass when only an explanation, the pass mark or the tries change', () => {
    const explained: Quiz = {
      ...QUIZ,
      passMark: 50,
      tries: 3,
      questions: QUIZ.questions.map((q) => ({
        ...q,
        answers: q.answers.map((a) => ({ ...a, explanation: `${a.explanation ?? ''} Always.` })),
      })),
    };
    const before = [role(QUIZ, 'What helps?')];
    const after = [role(explained, 'What helps?')];
    expect(retakeSteps(before, after)).toEqual([]);
    expect(changedQuizSteps(before, after).map((s) => s.id)).toEqual(['check']);
  });

  it('asks for a form again when an earlier answer may not fit it', () => {
    const withField = (field: object) =>
      roleConfigurationSchema.parse({
        ...role(QUIZ, 'What helps?'),
        scopes: [
          {
            id: 'start',
            title: 'Start',
            steps: [
              {
                id: 'ask',
                title: 'Your needs',
                description: 'A form.',
                icon: 'Heart',
                category: 'Volunteer',
                form: { fields: [{ id: 'needs', label: 'What helps?', ...field }] },
              },
            ],
          },
        ],
      });
    const before = [withField({ kind: 'long-text' })];
    expect(retakeSteps(before, [withField({ kind: 'long-text', help: 'Anything.' })])).toEqual([]);
    expect(retakeSteps(before, [withField({ kind: 'long-text', maxLength: 100 })]).map((s) => s.id)).toEqual(['ask']);
    expect(retakeSteps(before, [withField({ kind: 'long-text', required: true })]).map((s) => s.id)).toEqual(['ask']);
    expect(retakeSteps(before, [withField({ kind: 'short-text' })]).map((s) => s.id)).toEqual(['ask']);
  });
});
