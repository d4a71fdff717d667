import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RoleConfiguration, Step } from '../../../shared/content-schema.js';
import type { StudioRetakes, StudioState } from '../../../shared/studio-api.js';
import { auditLog, formAnswers, quizTries, stepProgress } from '../../db/schema.js';
import { FINAL_FORM_STEP, SAFEGUARDING_QUIZ_STEP, volunteerCatalog } from '../../test/test-roles.js';
import { signInMember } from '../../test/test-members.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

/**
 * Changing a form or quiz after people answered (docs/product.md#changing-a-form-or-quiz-after-people-answered): a
 * published material change of the questions makes the step not completed for those who completed it (their tries
 * and sendings kept), an unchanged republish or a changed explanation does not; the studio says who answers again.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = 'ada@inspired2uplift.org';

const catalog = () => volunteerCatalog([FINAL_FORM_STEP, SAFEGUARDING_QUIZ_STEP]);

let t: TestApp;
let admin: string;
let member: string;
let memberEmail: string;
let memberId: string;
let memberName: string;

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });
const send = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(cookie), ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  t = await createTestApp({ catalog: catalog(), env: { ADMIN_EMAILS: ADMIN } });
  admin = await signIn(t.app, { email: ADMIN, name: 'Ada' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  ({ cookie: member, email: memberEmail, name: memberName, id: memberId } = await signInMember(t));
});

const completed = async () => {
  const res = await send(member, 'GET', '/api/onboarding');
  expect(res.statusCode).toBe(200);
  return (res.json() as { progress: { completed: { stepId: string }[] } }).progress.completed.map((c) => c.stepId);
};

/** The published role configurations, to change and publish again. */
async function publishedCatalog(): Promise<RoleConfiguration[]> {
  const res = await send(admin, 'GET', '/api/studio');
  return res.json<StudioState>().published.catalog;
}

/** The published catalog with one step changed by `change`. */
const changing = (configs: RoleConfiguration[], stepId: string, change: (step: Step) => Step) =>
  configs.map((c) => ({
    ...c,
    scopes: c.scopes.map((s) => ({ ...s, steps: s.steps.map((step) => (step.id === stepId ? change(step) : step)) })),
  }));

/** Saves `configs` as the draft; answers who the studio says would answer again. */
async function saveDraft(configs: RoleConfiguration[]): Promise<StudioRetakes['steps']> {
  const state = (await send(admin, 'GET', '/api/studio')).json<StudioState>();
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/studio/draft',
    headers: headers(admin),
    payload: { catalog: configs, baseUpdatedAt: state.draft?.updatedAt ?? null },
  });
  expect(saved.statusCode).toBe(200);
  const retakes = await send(admin, 'GET', '/api/studio/retakes');
  expect(retakes.statusCode).toBe(200);
  return retakes.json<StudioRetakes>().steps;
}

async function publish() {
  const res = await send(admin, 'POST', '/api/studio/publish', { materialChanges: [] });
  expect(res.statusCode).toBe(200);
  await t.app.changeFeed.settle();
}

const stepOf = async (stepId: string) =>
  (await publishedCatalog()).flatMap((c) => c.scopes.flatMap((s) => s.steps)).find((s) => s.id === stepId)!;

async function passQuiz() {
  const wrong = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['nobody'] } });
  expect(wrong.json()).toMatchObject({ passed: false, triesLeft: 1 });
  const right = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['lead'] } });
  expect(right.json()).toMatchObject({ passed: true, triesLeft: 0, step: { completed: true } });
}

describe('changing a form or quiz after people answered', () => {
  it('an unchanged republish, and a changed explanation, leave a passed quiz passed', async () => {
    await passQuiz();
    const versionBefore = (await stepOf('safeguarding-quiz')).version;

    // Another step's wording changes: nobody answers again.
    const other = changing(await publishedCatalog(), 'say-hello', (s) => ({ ...s, description: 'Hello there.' }));
    expect(await saveDraft(other)).toEqual([]);
    await publish();
    expect(await completed()).toContain('safeguarding-quiz');

    // Only an explanation of an answer changes: not a material change.
    const explained = changing(await publishedCatalog(), 'safeguarding-quiz', (s) => ({
      ...s,
      quiz: {
        ...s.quiz!,
        questions: s.quiz!.questions.map((q) => ({
          ...q,
          answers: q.answers.map((a) => ({ ...a, explanation: `${a.explanation ?? ''} Ask them first.` })),
        })),
      },
    }));
    expect(await saveDraft(explained)).toEqual([]);
    await publish();
    expect(await completed()).toContain('safeguarding-quiz');
    expect((await stepOf('safeguarding-quiz')).version).toBe(versionBefore);
    const state = await send(member, 'GET', '/api/steps/safeguarding-quiz/quiz');
    expect(state.json()).toMatchObject({ passed: true, tries: 2, changedSinceTried: false });
  });

  it('a changed question opens the step again for a member who passed: old tries kept, tries counted afresh', async () => {
    await passQuiz();
    const before = await stepOf('safeguarding-quiz');

    const reworded = changing(await publishedCatalog(), 'safeguarding-quiz', (s) => ({
      ...s,
      quiz: { ...s.quiz!, questions: s.quiz!.questions.map((q) => ({ ...q, text: 'Who do you tell first?' })) },
    }));
    // The publish dialog's list: this member (and everyone else who passed) answers again.
    const retakes = await saveDraft(reworded);
    expect(retakes).toHaveLength(1);
    expect(retakes[0]).toMatchObject({ stepId: 'safeguarding-quiz', title: 'Safeguarding quiz' });
    expect(retakes[0]!.members).toContainEqual({ email: memberEmail, name: memberName });
    await publish();

    // The version was raised and dated, as for an agreement (its grace period follows from the date).
    const after = await stepOf('safeguarding-quiz');
    expect(after.version).toBe((before.version ?? 1) + 1);
    expect(after.versionDate).toBe(t.clock.now.toISOString().slice(0, 10));
    // Made not completed at once for everyone (not only on the member's next page load), and audited.
    const rows = await t.database.db
      .select()
      .from(stepProgress)
      .where(and(eq(stepProgress.userId, memberId), eq(stepProgress.stepId, 'safeguarding-quiz')));
    expect(rows).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'answers-due-again'));
    expect(audit.find((a) => a.subject === memberEmail)).toMatchObject({
      details: { stepId: 'safeguarding-quiz', version: after.version },
    });
    expect(await completed()).not.toContain('safeguarding-quiz');

    // The earlier tries are history: kept, but neither a pass nor counted against the tries.
    expect(await t.database.db.select().from(quizTries).where(eq(quizTries.userId, memberId))).toHaveLength(2);
    const state = await send(member, 'GET', '/api/steps/safeguarding-quiz/quiz');
    expect(state.json()).toMatchObject({ passed: false, tries: 0, triesLeft: 2, last: null, changedSinceTried: true });
    const again = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['lead'] } });
    expect(again.json()).toMatchObject({ passed: true, tries: 1, triesLeft: 1, step: { completed: true } });
    expect(await completed()).toContain('safeguarding-quiz');

    // Publishing again without a change to the questions asks nobody again.
    expect(await saveDraft(changing(await publishedCatalog(), 'say-hello', (s) => ({ ...s, title: 'Hi' })))).toEqual(
      [],
    );
    await publish();
    expect(await completed()).toContain('safeguarding-quiz');
  });

  it('a form whose earlier answers no longer fit is sent again (even when it allows no changes); a new label is not', async () => {
    const first = await send(member, 'POST', '/api/steps/final-form/form', { answers: { tshirt: 'M' } });
    expect(first.json()).toMatchObject({ canSubmit: false, step: { completed: true } });

    const relabelled = changing(await publishedCatalog(), 'final-form', (s) => ({
      ...s,
      form: { ...s.form!, fields: s.form!.fields.map((f) => ({ ...f, label: 'Your T-shirt size' })) },
    }));
    expect(await saveDraft(relabelled)).toEqual([]);
    await publish();
    expect(await completed()).toContain('final-form');

    const narrowed = changing(await publishedCatalog(), 'final-form', (s) => ({
      ...s,
      form: {
        ...s.form!,
        fields: s.form!.fields.map((f) => ({
          ...f,
          kind: 'single-choice' as const,
          options: [
            { id: 's', label: 'Small' },
            { id: 'm', label: 'Medium' },
          ],
        })),
      },
    }));
    const retakes = await saveDraft(narrowed);
    expect(retakes.map((r) => r.stepId)).toEqual(['final-form']);
    expect(retakes[0]!.members.map((m) => m.email)).toContain(memberEmail);
    await publish();
    expect(await completed()).not.toContain('final-form');

    // The earlier sending is kept and shown to start from; the form can be sent again.
    const state = await send(member, 'GET', '/api/steps/final-form/form');
    expect(state.json()).toMatchObject({
      submitted: { version: 1, answers: { tshirt: 'M' } },
      canSubmit: true,
      changedSinceSent: true,
    });
    const second = await send(member, 'POST', '/api/steps/final-form/form', { answers: { tshirt: 'm' } });
    expect(second.json()).toMatchObject({
      submitted: { version: 2 },
      canSubmit: false,
      changedSinceSent: false,
      step: { completed: true },
    });
    expect(await t.database.db.select().from(formAnswers).where(eq(formAnswers.userId, memberId))).toHaveLength(2);
  });

  it('a member still completed by an earlier pass is asked again when they open their dashboard', async () => {
    // As a process that has not swept yet finds it: a pass of version 1 of a quiz now at a later version.
    const { version } = await stepOf('safeguarding-quiz');
    expect(version).toBeGreaterThan(1);
    const at = t.clock.now;
    await t.database.db.insert(quizTries).values({
      userId: memberId,
      stepId: 'safeguarding-quiz',
      try: 1,
      stepVersion: 1,
      answers: { who: ['lead'] },
      correct: 1,
      total: 1,
      passed: true,
      at,
    });
    await t.database.db.insert(stepProgress).values({ userId: memberId, stepId: 'safeguarding-quiz', completedAt: at });
    await t.app.changeFeed.settle();
    expect(await completed()).not.toContain('safeguarding-quiz');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, memberEmail));
    expect(audit.map((a) => a.kind)).toContain('answers-due-again');
  });

  // Last: it renames the quiz for good.
  it('a renamed quiz whose question changed in the same publish is taken again under its new id', async () => {
    await passQuiz();
    const renamed = changing(await publishedCatalog(), 'safeguarding-quiz', (s) => ({
      ...s,
      id: 'safeguarding-check',
      renamedFrom: 'safeguarding-quiz',
      quiz: { ...s.quiz!, questions: s.quiz!.questions.map((q) => ({ ...q, text: 'Who do you tell straight away?' })) },
    }));
    const retakes = await saveDraft(renamed);
    expect(retakes.map((r) => r.stepId)).toEqual(['safeguarding-check']);
    expect(retakes[0]!.members).toContainEqual({ email: memberEmail, name: memberName });
    await publish();
    const done = await completed();
    expect(done).not.toContain('safeguarding-check');
    expect(done).not.toContain('safeguarding-quiz');
    const state = await send(member, 'GET', '/api/steps/safeguarding-check/quiz');
    expect(state.json()).toMatchObject({ passed: false, tries: 0, triesLeft: 2 });
    const again = await send(member, 'POST', '/api/steps/safeguarding-check/quiz', { answers: { who: ['lead'] } });
    expect(again.json()).toMatchObject({ passed: true, step: { completed: true } });
  });
});
