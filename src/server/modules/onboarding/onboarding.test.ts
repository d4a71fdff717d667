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
import { onboardingView } from '../../test/onboarding-view.js';
import { upsertGoogleUser } from '../auth/users.repository.js';
import { setMemberBuddy, setMemberLeft, upsertMember } from '../members/members.repository.js';

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
    const answer = onboardingResponseSchema.parse(res.json());
    // The role's steps are not in the member's answer, but at the address it names (role-content.test.ts).
    expect(answer.content).toMatch(/^\/api\/content\/roles\/volunteer\/[0-9a-f]{16}$/);
    expect(answer).not.toHaveProperty('scopes');
    expect(answer).not.toHaveProperty('adjustments');
    const body = await onboardingView(t.app, cookie);
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
      const body = await onboardingView(t.app, cookie);
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

describe("GET /api/onboarding: the member's people (docs/product.md#your-people)", () => {
  it("lists the leads of the member's own department and their buddy, and nobody else", async () => {
    const db = t.database.db;
    const now = t.clock.now;
    const member = (email: string, department: string, leadOf: string[] = []) =>
      upsertMember(db, { email, role: 'Volunteer', department, isAdmin: false, leadOf }, now);
    await member('newbie@inspired2uplift.org', 'Events');
    await member('lead@inspired2uplift.org', 'Events', [' events ']);
    await member('co-lead@inspired2uplift.org', 'Marketing', ['Marketing', 'Events']);
    await member('marketing-lead@inspired2uplift.org', 'Marketing', ['Marketing']);
    await member('former-lead@inspired2uplift.org', 'Events', ['Events']);
    await setMemberLeft(db, 'former-lead@inspired2uplift.org', { at: now, note: null }, now);
    await member('pal@inspired2uplift.org', 'Operations');
    await member('other-pal@inspired2uplift.org', 'Operations');
    await setMemberBuddy(db, 'newbie@inspired2uplift.org', 'pal@inspired2uplift.org', now);
    await upsertGoogleUser(db, {
      email: 'lead@inspired2uplift.org',
      name: 'Lena Lead',
      picture: 'https://lh3.googleusercontent.com/a/lena',
    });
    await upsertGoogleUser(db, { email: 'pal@inspired2uplift.org', name: 'Pat Pal', picture: null });
    await t.app.changeFeed.settle();

    const newbie = await signIn(t.app, { email: 'newbie@inspired2uplift.org' });
    const peopleOf = async (cookie: string) => onboardingResponseSchema.parse((await onboarding(cookie)).json()).people;
    expect(await peopleOf(newbie)).toEqual([
      // Never signed in: the address stands for the name.
      { email: 'co-lead@inspired2uplift.org', name: 'co-lead@inspired2uplift.org', picture: null, relations: ['lead'] },
      {
        email: 'lead@inspired2uplift.org',
        name: 'Lena Lead',
        picture: 'https://lh3.googleusercontent.com/a/lena',
        relations: ['lead'],
      },
      { email: 'pal@inspired2uplift.org', name: 'Pat Pal', picture: null, relations: ['buddy'] },
    ]);

    // A new buddy shows at the next load (the read cache follows member records); a lead who is the buddy is listed once.
    await setMemberBuddy(db, 'newbie@inspired2uplift.org', 'lead@inspired2uplift.org', now);
    await t.app.changeFeed.settle();
    expect((await peopleOf(newbie)).map((p) => [p.email, p.relations])).toEqual([
      ['co-lead@inspired2uplift.org', ['lead']],
      ['lead@inspired2uplift.org', ['lead', 'buddy']],
    ]);

    // A lead sees their own lead, not themselves; someone in no led department has nobody.
    const lead = await signIn(t.app, { email: 'lead@inspired2uplift.org' });
    expect((await peopleOf(lead)).map((p) => p.email)).toEqual(['co-lead@inspired2uplift.org']);
    const loner = await signIn(t.app, { email: 'other-pal@inspired2uplift.org' });
    expect(await peopleOf(loner)).toEqual([]);
  });
});
