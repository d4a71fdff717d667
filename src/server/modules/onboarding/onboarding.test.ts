import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, meResponseSchema, onboardingResponseSchema } from '../../../shared/api.js';
import {
  createTestApp,
  FINANCE_STEP_ID,
  signIn,
  updateStoredUser,
  VOLUNTEER_STEP_IDS,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const onboarding = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/onboarding', ...(cookie === undefined ? {} : { headers: { cookie } }) });

describe('GET /api/onboarding', () => {
  it('answers a new volunteer with the volunteer steps and no progress', async () => {
    const cookie = await signIn(t.app);
    const res = await onboarding(cookie);
    expect(res.statusCode).toBe(200);
    const body = onboardingResponseSchema.parse(res.json());
    expect(body.appVersion).toBe('0.5');
    expect(body.role).toEqual({
      key: 'volunteer',
      displayName: 'Volunteer',
      version: '1.0',
      icon: 'HeartHandshake',
      colors: { baseColor: '#15803d' },
      isDepartment: false,
      parentDepartment: null,
    });
    expect(body.scopes.map((s) => s.id)).toEqual(['pre-meeting']);
    expect(body.scopes.flatMap((s) => s.steps.map((step) => step.id))).toEqual(VOLUNTEER_STEP_IDS);
    expect(body.scopes[0]?.steps[0]?.content.tasks).toEqual(['Sign in to your Chrome profile.']);
    expect(body.progress.completed).toEqual([]);
  });

  it('gives a member of a configured role its steps, and an unknown role the volunteer steps', async () => {
    const cookie = await signIn(t.app, { email: 'roles@inspired2uplift.org' });
    const { user } = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    );
    const stepsAs = async (role: string) => {
      await updateStoredUser(t, user.email, { role });
      const body = onboardingResponseSchema.parse((await onboarding(cookie)).json());
      return [body.role.key, body.scopes.flatMap((s) => s.steps.map((step) => step.id))];
    };
    expect(await stepsAs('Finance')).toEqual(['finance', [...VOLUNTEER_STEP_IDS, FINANCE_STEP_ID]]);
    expect(await stepsAs('astronaut')).toEqual(['volunteer', VOLUNTEER_STEP_IDS]);
  });

  it('answers 401 without a session', async () => {
    const res = await onboarding();
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBe('Please sign in to continue.');
  });
});
