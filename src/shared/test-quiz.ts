import type { Quiz, QuizQuestion } from './content-forms.js';

/**
 * The quiz the tests of every side (shared, server, client) set up when what they check needs a quiz but not a
 * particular one (docs/product.md#quiz-steps). Only tests import this file.
 */

/**
 * The safeguarding question: "Who do you tell?", single choice, the safeguarding lead right, nobody wrong, each answer
 * with its explanation.
 * @returns a new copy, free to change
 */
export const safeguardingQuestion = (): QuizQuestion => ({
  id: 'who',
  kind: 'single-choice',
  text: 'Who do you tell?',
  answers: [
    { id: 'lead', text: 'The safeguarding lead', correct: true, explanation: 'They know what to do.' },
    { id: 'nobody', text: 'Nobody', explanation: 'A secret can leave someone in danger.' },
  ],
});

/**
 * A quiz of the {@link safeguardingQuestion} and `more` questions after it, passed with every question right.
 * @param tries the tries a member has
 * @param more further questions
 * @returns a new quiz, as a step's `quiz`
 */
export const safeguardingQuiz = (tries: Quiz['tries'], ...more: QuizQuestion[]): Quiz => ({
  passMark: 100,
  tries,
  questions: [safeguardingQuestion(), ...more],
});
