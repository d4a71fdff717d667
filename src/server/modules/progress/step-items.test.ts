import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, onboardingResponseSchema, stepItemProgressSchema } from '../../../shared/api.js';
import { stepItemProgress } from '../../db/schema.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { signInWithRole } from '../../test/test-members.js';
import { ACKNOWLEDGMENT_STEP, CHECKLIST_STEP, createWidgetCatalog, PLAIN_STEP_ID } from '../../test/widget-catalog.js';
import { ITEMS_NOT_DONE_MESSAGE, PREVIEW_WRITE_MESSAGE } from './step-rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalog: createWidgetCatalog() });
});
afterAll(async () => {
  await t.close();
});

/** Signs a new member in and gives them the test role (their user record's role; no member record). */
const signInAsTester = (email: string) => signInWithRole(t, email, 'test');

const putItem = (cookie: string | undefined, stepId: string, itemId: string, payload: unknown, query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}/items/${itemId}${query}`,
    headers: cookie === undefined ? {} : { cookie },
    payload: payload as Record<string, unknown>,
  });

const putStep = (cookie: string, stepId: string, completed: boolean, query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}${query}`,
    headers: { cookie },
    payload: { completed },
  });

const progressOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return onboardingResponseSchema.parse(res.json()).progress;
};

describe('PUT /api/progress/steps/:stepId/items/:itemId', () => {
  it('ticks a checklist item with its time, idempotently, and lists it in GET /api/onboarding', async () => {
    const cookie = await signInAsTester('tick@inspired2uplift.org');
    const first = await putItem(cookie, CHECKLIST_STEP.id, 'audio', { done: true });
    expect(first.statusCode).toBe(200);
    const tickedAt = t.clock.now.toISOString();
    expect(stepItemProgressSchema.parse(first.json())).toEqual({
      stepId: CHECKLIST_STEP.id,
      itemId: 'audio',
      done: true,
      doneAt: tickedAt,
      step: { stepId: CHECKLIST_STEP.id, completed: false, completedAt: null },
    });
    t.clock.advance(60_000);
    const again = stepItemProgressSchema.parse(
      (await putItem(cookie, CHECKLIST_STEP.id, 'audio', { done: true })).json(),
    );
    expect(again.doneAt).toBe(tickedAt);

    const progress = await progressOf(cookie);
    expect(progress.items).toEqual([{ stepId: CHECKLIST_STEP.id, itemId: 'audio', doneAt: tickedAt }]);
    expect(progress.completed).toEqual([]);
    const [row] = await t.database.db.select().from(stepItemProgress).where(eq(stepItemProgress.itemId, 'audio'));
    expect(row?.kind).toBe('checklist');
  });

  it('completes the step with the last tick, and un-completes it when one item is unticked', async () => {
    const cookie = await signInAsTester('checklist@inspired2uplift.org');
    const [a, b, c] = CHECKLIST_STEP.items;
    await putItem(cookie, CHECKLIST_STEP.id, a, { done: true });
    await putItem(cookie, CHECKLIST_STEP.id, b, { done: true });
    const last = stepItemProgressSchema.parse((await putItem(cookie, CHECKLIST_STEP.id, c, { done: true })).json());
    expect(last.step).toEqual({ stepId: CHECKLIST_STEP.id, completed: true, completedAt: t.clock.now.toISOString() });
    expect((await progressOf(cookie)).completed.map((s) => s.stepId)).toEqual([CHECKLIST_STEP.id]);

    const untick = await putItem(cookie, CHECKLIST_STEP.id, b, { done: false });
    expect(untick.json()).toEqual({
      stepId: CHECKLIST_STEP.id,
      itemId: b,
      done: false,
      doneAt: null,
      step: { stepId: CHECKLIST_STEP.id, completed: false, completedAt: null },
    });
    const progress = await progressOf(cookie);
    expect(progress.completed).toEqual([]);
    expect(progress.items.map((i) => i.itemId)).toEqual([a, c]);

    // Unticking again changes nothing.
    expect((await putItem(cookie, CHECKLIST_STEP.id, b, { done: false })).statusCode).toBe(200);
  });

  it('records each acknowledgment with its time and completes the step when all are acknowledged', async () => {
    const cookie = await signInAsTester('values@inspired2uplift.org');
    const [first, second] = ACKNOWLEDGMENT_STEP.items;
    await putItem(cookie, ACKNOWLEDGMENT_STEP.id, first, { done: true });
    const firstAt = t.clock.now.toISOString();
    t.clock.advance(30_000);
    const res = stepItemProgressSchema.parse(
      (await putItem(cookie, ACKNOWLEDGMENT_STEP.id, second, { done: true })).json(),
    );
    expect(res.step.completed).toBe(true);
    const progress = await progressOf(cookie);
    expect(progress.items).toEqual([
      { stepId: ACKNOWLEDGMENT_STEP.id, itemId: first, doneAt: firstAt },
      { stepId: ACKNOWLEDGMENT_STEP.id, itemId: second, doneAt: t.clock.now.toISOString() },
    ]);
    const kinds = await t.database.db
      .select({ kind: stepItemProgress.kind })
      .from(stepItemProgress)
      .where(eq(stepItemProgress.stepId, ACKNOWLEDGMENT_STEP.id));
    expect(kinds.map((k) => k.kind)).toEqual(['acknowledgment', 'acknowledgment']);
  });

  it('answers 404 for an unknown step, an item the step does not have, and a step of another role', async () => {
    const cookie = await signInAsTester('lost-item@inspired2uplift.org');
    const cases: [string, string, string][] = [
      ['no-such-step', 'audio', 'Step "no-such-step" is not part of your onboarding.'],
      [CHECKLIST_STEP.id, 'inclusion', `Step "${CHECKLIST_STEP.id}" has no item "inclusion".`],
      [PLAIN_STEP_ID, 'audio', `Step "${PLAIN_STEP_ID}" has no item "audio".`],
    ];
    for (const [stepId, itemId, message] of cases) {
      const res = await putItem(cookie, stepId, itemId, { done: true });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message).toBe(message);
    }
    // A volunteer does not have the test role's checklist.
    const volunteer = await signIn(t.app, { email: 'volunteer-item@inspired2uplift.org' });
    expect((await putItem(volunteer, CHECKLIST_STEP.id, 'audio', { done: true })).statusCode).toBe(404);
  });

  it('answers 401 without a session and 400 for a malformed id or body', async () => {
    expect((await putItem(undefined, CHECKLIST_STEP.id, 'audio', { done: true })).statusCode).toBe(401);
    const cookie = await signInAsTester('malformed@inspired2uplift.org');
    for (const [itemId, body] of [
      ['Not_An_Id', { done: true }],
      ['audio', { done: 'yes' }],
      ['audio', { done: true, extra: 1 }],
      ['audio', {}],
    ] as const) {
      expect((await putItem(cookie, CHECKLIST_STEP.id, itemId, body)).statusCode).toBe(400);
    }
  });

  it('refuses a write from a role preview with 409 and changes nothing', async () => {
    const cookie = await signInAsTester('preview-write@inspired2uplift.org');
    const res = await putItem(cookie, CHECKLIST_STEP.id, 'audio', { done: true }, '?previewRole=finance');
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(PREVIEW_WRITE_MESSAGE);
    const step = await putStep(cookie, PLAIN_STEP_ID, true, '?previewRole=finance');
    expect(step.statusCode).toBe(409);
    const progress = await progressOf(cookie);
    expect(progress.items).toEqual([]);
    expect(progress.completed).toEqual([]);
  });
});

describe('PUT /api/progress/steps/:stepId on checklist and acknowledgment steps', () => {
  it('refuses to complete a checklist step before every item is ticked', async () => {
    const cookie = await signInAsTester('early@inspired2uplift.org');
    await putItem(cookie, CHECKLIST_STEP.id, 'audio', { done: true });
    const res = await putStep(cookie, CHECKLIST_STEP.id, true);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(ITEMS_NOT_DONE_MESSAGE);
    expect((await putStep(cookie, ACKNOWLEDGMENT_STEP.id, true)).statusCode).toBe(409);
    expect((await progressOf(cookie)).completed).toEqual([]);
  });

  it('resetting the step unticks all its items (the checklist Reset and the reset icon)', async () => {
    const cookie = await signInAsTester('reset@inspired2uplift.org');
    for (const item of CHECKLIST_STEP.items) await putItem(cookie, CHECKLIST_STEP.id, item, { done: true });
    await putItem(cookie, ACKNOWLEDGMENT_STEP.id, 'inclusion', { done: true });
    expect((await progressOf(cookie)).completed.map((c) => c.stepId)).toEqual([CHECKLIST_STEP.id]);

    const res = await putStep(cookie, CHECKLIST_STEP.id, false);
    expect(res.statusCode).toBe(200);
    const progress = await progressOf(cookie);
    expect(progress.completed).toEqual([]);
    // Only that step's ticks go; the other step keeps its acknowledgment.
    expect(progress.items.map((i) => `${i.stepId}/${i.itemId}`)).toEqual([`${ACKNOWLEDGMENT_STEP.id}/inclusion`]);
  });

  it('still completes a plain step directly', async () => {
    const cookie = await signInAsTester('plain@inspired2uplift.org');
    expect((await putStep(cookie, PLAIN_STEP_ID, true)).statusCode).toBe(200);
    expect((await progressOf(cookie)).completed.map((c) => c.stepId)).toEqual([PLAIN_STEP_ID]);
  });
});
