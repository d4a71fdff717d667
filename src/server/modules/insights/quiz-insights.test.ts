import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizzesSchema } from '../../../shared/insights-api.js';
import { createRoleCatalog } from '../../../shared/roles.js';
import { scoreQuiz } from '../../../shared/step-answers.js';
import { quizTries, users } from '../../db/schema.js';
import { volunteerCatalog } from '../../test/test-roles.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { quizzes } from './insights.repository.js';

/**
 * The quizzes chart (docs/product.md#quiz-steps) on a seed worked out by hand. The quiz has three questions (q1 single:
 * a right; q2 multiple: x and y right; q3 single: c right) and passes at 60% (2 of 3).
 *
 * | who | dept   | try 1 (wrong questions)  | try 2 (wrong questions) |
 * |-----|--------|--------------------------|-------------------------|
 * | a   | Ops    | q1 b, q2 x, q3 c (q1 q2) | q1 a, q2 x y, q3 d (q3): pass |
 * | b   | Ops    | all right: pass          |                         |
 * | c   | Ops    | q1 b, q2 x y, q3 d (q1 q3) |                       |
 * | d   | Events | q1 b, q2 x z, q3 c (q1 q2) | q1 a, q2 x y, q3 c: pass |
 * | e   | Ops    | no try                   |                         |
 *
 * Everyone: 4 tried, 3 passed (75%), 6 tries, tries to pass (2 + 1 + 2) / 3 = 1.7; wrong: q1 in 3 tries (50%),
 * q2 in 2 (33%), q3 in 2 (33%; after q2 by the quiz's order). Ops: 3 tried, 2 passed (67%), 4 tries, 1.5 tries to
 * pass; wrong q1 2 (50%), q3 2 (50%), q2 1 (25%). Events only: d, 1 of 1, 2 tries; q1 and q2 once each (50%).
 */
const ADMIN = 'boss@inspired2uplift.org';

const catalog = volunteerCatalog(
  [
    {
      id: 'safety-quiz',
      title: '=Safety quiz',
      description: 'Check.',
      icon: 'ClipboardCheck',
      category: 'Volunteer',
      quiz: {
        passMark: 60,
        questions: [
          {
            id: 'q1',
            kind: 'single-choice',
            text: 'Who do you tell?',
            answers: [
              { id: 'a', text: 'Your lead', correct: true, explanation: 'Yes.' },
              { id: 'b', text: 'Nobody', explanation: 'No.' },
            ],
          },
          {
            id: 'q2',
            kind: 'multiple-choice',
            text: 'Which accounts?',
            answers: [
              { id: 'x', text: 'Slack', correct: true, explanation: 'Yes.' },
              { id: 'y', text: 'E-mail', correct: true, explanation: 'Yes.' },
              { id: 'z', text: 'Personal', explanation: 'No.' },
            ],
          },
          {
            id: 'q3',
            kind: 'single-choice',
            text: 'Danger now?',
            answers: [
              { id: 'c', text: 'Call 911', correct: true, explanation: 'Yes.' },
              { id: 'd', text: 'Wait', explanation: 'No.' },
            ],
          },
        ],
      },
    },
  ],
  { id: 'start', title: 'Start' },
);

const SEED: { key: string; department: string; tries: Record<string, string[]>[] }[] = [
  {
    key: 'a',
    department: 'Ops',
    tries: [
      { q1: ['b'], q2: ['x'], q3: ['c'] },
      { q1: ['a'], q2: ['x', 'y'], q3: ['d'] },
    ],
  },
  { key: 'b', department: 'Ops', tries: [{ q1: ['a'], q2: ['y', 'x'], q3: ['c'] }] },
  { key: 'c', department: 'Ops', tries: [{ q1: ['b'], q2: ['x', 'y'], q3: ['d'] }] },
  {
    key: 'd',
    department: 'Events',
    tries: [
      { q1: ['b'], q2: ['x', 'z'], q3: ['c'] },
      { q1: ['a'], q2: ['x', 'y'], q3: ['c'] },
    ],
  },
  { key: 'e', department: 'Ops', tries: [] },
];

let t: TestApp;
let admin: string;
const ctx = (departments?: string[]) => ({ catalog, now: t.clock.now, timeZone: 'Europe/London', departments });

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN }, catalog });
  const db = t.database.db;
  const quiz = catalog.get('volunteer')?.scopes[0]?.steps[1]?.quiz;
  if (quiz === undefined) throw new Error('no quiz');
  const start = new Date(t.clock.now.getTime() - 10 * 86_400_000);
  for (const s of SEED) {
    const [user] = await db
      .insert(users)
      .values({
        email: `${s.key}@inspired2uplift.org`,
        name: s.key,
        role: 'volunteer',
        department: s.department,
        workspaceId: 'x',
        createdAt: start,
        lastSignInAt: start,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    for (const [i, answers] of s.tries.entries()) {
      const { correct, total, passed } = scoreQuiz(quiz, answers);
      await db
        .insert(quizTries)
        .values({ userId: user.id, stepId: 'safety-quiz', try: i + 1, answers, correct, total, passed, at: start });
    }
  }
  admin = await signIn(t.app, { email: ADMIN, name: 'Boss' });
});
afterAll(async () => {
  await t.close();
});

describe('quizzes chart', () => {
  it('gives each quiz its pass rate, tries, mean tries to pass and the questions most often answered wrong', async () => {
    const res = await t.app.inject({ url: '/api/admin/insights/quizzes', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(quizzesSchema.parse(res.json())).toEqual({
      quizzes: [
        {
          stepId: 'safety-quiz',
          title: '=Safety quiz',
          members: 4,
          passed: 3,
          passRate: 75,
          tries: 6,
          triesToPass: 1.7,
          mostMissed: [
            { questionId: 'q1', text: 'Who do you tell?', wrong: 3, percent: 50 },
            { questionId: 'q2', text: 'Which accounts?', wrong: 2, percent: 33 },
            { questionId: 'q3', text: 'Danger now?', wrong: 2, percent: 33 },
          ],
        },
      ],
    });
  });

  it('follows the department filter and the viewer’s departments', async () => {
    const ops = await quizzes(t.database.db, ctx(), { department: 'ops' });
    expect(ops.quizzes[0]).toMatchObject({ members: 3, passed: 2, passRate: 67, tries: 4, triesToPass: 1.5 });
    expect(ops.quizzes[0]?.mostMissed.map((q) => [q.questionId, q.wrong, q.percent])).toEqual([
      ['q1', 2, 50],
      ['q3', 2, 50],
      ['q2', 1, 25],
    ]);
    const events = await quizzes(t.database.db, ctx(['Events']), {});
    expect(events.quizzes[0]).toMatchObject({ members: 1, passed: 1, passRate: 100, tries: 2, triesToPass: 2 });
    expect(events.quizzes[0]?.mostMissed.map((q) => [q.questionId, q.wrong, q.percent])).toEqual([
      ['q1', 1, 50],
      ['q2', 1, 50],
    ]);
    // Nobody tried it: the quiz is still listed, with no rate.
    const nobody = await quizzes(t.database.db, ctx(['Finance']), {});
    expect(nobody.quizzes).toEqual([
      {
        stepId: 'safety-quiz',
        title: '=Safety quiz',
        members: 0,
        passed: 0,
        passRate: null,
        tries: 0,
        triesToPass: null,
        mostMissed: [],
      },
    ]);
    // A role without quizzes: none.
    expect(await quizzes(t.database.db, ctx(), { role: 'finance' })).toEqual({ quizzes: [] });
  });

  it('after a material change, lists the missed questions of the new version only; earlier tries keep their pass', async () => {
    // Published again as version 2: q1 removed, q3's right answer is now 'd', a new q4. Tries of version 1 were of other
    // questions: scored against these, every one of them would have missed q4 and half would have missed q3.
    const [volunteer] = [...catalog.values()];
    const changed = structuredClone(volunteer!);
    const step = changed.scopes[0]!.steps[1]!;
    const quiz = step.quiz!;
    step.version = 2;
    quiz.questions = [
      quiz.questions[1]!,
      {
        ...quiz.questions[2]!,
        answers: [
          { id: 'c', text: 'Call 911', explanation: 'No.' },
          { id: 'd', text: 'Wait', correct: true, explanation: 'Yes.' },
        ],
      },
      {
        id: 'q4',
        kind: 'single-choice',
        text: 'Where is the first aid kit?',
        answers: [
          { id: 'k', text: 'Kitchen', correct: true, explanation: 'Yes.' },
          { id: 'h', text: 'Hall', explanation: 'No.' },
        ],
      },
    ];
    const republished = createRoleCatalog([changed]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'e@inspired2uplift.org'));
    const answers = { q2: ['x', 'y'], q3: ['d'], q4: ['h'] };
    const { correct, total, passed } = scoreQuiz(quiz, answers);
    expect(passed).toBe(true);
    await t.database.db.insert(quizTries).values({
      userId: user!.id,
      stepId: 'safety-quiz',
      try: 1,
      stepVersion: 2,
      answers,
      correct,
      total,
      passed,
      at: t.clock.now,
    });
    try {
      const result = await quizzes(t.database.db, { ...ctx(), catalog: republished }, {});
      // Pass and tries as they were: 5 tried, 4 passed, 7 tries.
      expect(result.quizzes[0]).toMatchObject({ members: 5, passed: 4, passRate: 80, tries: 7 });
      expect(result.quizzes[0]?.mostMissed).toEqual([
        { questionId: 'q4', text: 'Where is the first aid kit?', wrong: 1, percent: 100 },
      ]);
    } finally {
      await t.database.db.delete(quizTries).where(eq(quizTries.userId, user!.id));
    }
  });

  it('exports the figures as CSV, a row per quiz then one per question most often wrong, formulas escaped', async () => {
    const res = await t.app.inject({ url: '/api/admin/insights/quizzes.csv', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').slice(0, 3)).toEqual([
      'step_id,quiz,members_tried,passed,pass_rate_percent,tries,mean_tries_to_pass,question,answered_wrong,percent_of_tries',
      `safety-quiz,'=Safety quiz,4,3,75,6,1.7,,,`,
      `safety-quiz,'=Safety quiz,,,,,,Who do you tell?,3,50`,
    ]);
  });
});
