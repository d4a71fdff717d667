import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, onboardingResponseSchema, stepProgressSchema } from '../../../shared/api.js';
import { createTestApp, FINANCE_STEP_ID, signIn, updateStoredUser, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (cookie: string | undefined, stepId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}`,
    headers: cookie === undefined ? {} : { cookie },
    payload: payload as Record<string, unknown>,
  });

const completedOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
  return onboardingResponseSchema.parse(res.json()).progress.completed;
};

describe('PUT /api/progress/steps/:stepId', () => {
  it('completes a step: it appears in the progress with its completion time', async () => {
    const cookie = await signIn(t.app, { email: 'complete@inspired2uplift.org' });
    const res = await put(cookie, 'change-password', { completed: true });
    expect(res.statusCode).toBe(200);
    expect(stepProgressSchema.parse(res.json())).toEqual({
      stepId: 'change-password',
      completed: true,
      completedAt: t.clock.now.toISOString(),
    });
    expect(await completedOf(cookie)).toEqual([{ stepId: 'change-password', completedAt: t.clock.now.toISOString() }]);
  });

  it('is idempotent: completing twice keeps the first completion time', async () => {
    const cookie = await signIn(t.app, { email: 'twice@inspired2uplift.org' });
    const first = stepProgressSchema.parse((await put(cookie, 'set-up-slack', { completed: true })).json());
    t.clock.advance(5 * 60 * 1000);
    const second = stepProgressSchema.parse((await put(cookie, 'set-up-slack', { completed: true })).json());
    expect(second.completedAt).toBe(first.completedAt);
    expect(await completedOf(cookie)).toEqual([{ stepId: 'set-up-slack', completedAt: first.completedAt }]);
  });

  it('un-completes a step (and un-completing again changes nothing)', async () => {
    const cookie = await signIn(t.app, { email: 'undo@inspired2uplift.org' });
    await put(cookie, 'sign-in-to-chrome', { completed: true });
    for (let i = 0; i < 2; i += 1) {
      const res = await put(cookie, 'sign-in-to-chrome', { completed: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ stepId: 'sign-in-to-chrome', completed: false, completedAt: null });
    }
    expect(await completedOf(cookie)).toEqual([]);
  });

  it('keeps one member’s progress apart from another’s', async () => {
    const alice = await signIn(t.app, { email: 'alice@inspired2uplift.org' });
    const bob = await signIn(t.app, { email: 'bob@inspired2uplift.org' });
    await put(alice, 'change-password', { completed: true });
    expect(await completedOf(bob)).toEqual([]);
  });

  it('answers 404 for a step that does not exist or is not one of the member’s steps', async () => {
    const cookie = await signIn(t.app, { email: 'lost@inspired2uplift.org' });
    for (const stepId of ['no-such-step', FINANCE_STEP_ID]) {
      const res = await put(cookie, stepId, { completed: true });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message).toBe(`Step "${stepId}" is not part of your onboarding.`);
    }
  });

  it('lists only the completed steps that belong to the member’s current role', async () => {
    const cookie = await signIn(t.app, { email: 'treasurer@inspired2uplift.org' });
    const setRole = (role: string) => updateStoredUser(t, 'treasurer@inspired2uplift.org', { role });
    await setRole('finance');
    expect((await put(cookie, FINANCE_STEP_ID, { completed: true })).statusCode).toBe(200);
    await put(cookie, 'change-password', { completed: true });
    expect((await completedOf(cookie)).map((c) => c.stepId)).toEqual(['change-password', FINANCE_STEP_ID]);
    await setRole('volunteer');
    expect((await completedOf(cookie)).map((c) => c.stepId)).toEqual(['change-password']);
  });

  it.each([
    ['a string instead of a boolean', { completed: 'yes' }, 'body.completed'],
    ['an extra field', { completed: true, toggle: true }, 'toggle'],
    ['a missing field', {}, 'body.completed'],
  ])('answers 400 for %s, naming the field', async (_name, payload, named) => {
    const cookie = await signIn(t.app, { email: 'sloppy@inspired2uplift.org' });
    const res = await put(cookie, 'change-password', payload);
    expect(res.statusCode).toBe(400);
    const error = apiErrorSchema.parse(res.json());
    expect(error.error).toBe('Bad Request');
    expect(error.message).toContain(named);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const cookie = await signIn(t.app, { email: 'garbled@inspired2uplift.org' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/change-password',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"completed": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers 400 for a step id that is not a stable id', async () => {
    const cookie = await signIn(t.app, { email: 'badid@inspired2uplift.org' });
    const res = await put(cookie, 'Not_An_Id', { completed: true });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toContain('params.stepId');
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const cookie = await signIn(t.app, { email: 'big@inspired2uplift.org' });
    const res = await put(cookie, 'change-password', { completed: true, padding: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(413);
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const res = await put(undefined, 'change-password', { completed: 'yes' });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBe('Please sign in to continue.');
  });
});
