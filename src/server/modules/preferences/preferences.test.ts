import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { DEFAULT_PREFERENCES, PREFERENCES_PATH, type Preferences } from '../../../shared/preferences.js';
import { preferencesSchema } from '../../../shared/preferences-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A member's reading and display preferences (docs/product.md#reading-and-display): saved on the server per person,
 * the defaults until saved, every field checked (400 naming it), only for someone signed in.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'onboarding_session');
  return `onboarding_session=${cookie?.value ?? ''}`;
}

const get = (cookie: string) => t.app.inject({ method: 'GET', url: PREFERENCES_PATH, headers: { cookie } });
const put = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: PREFERENCES_PATH, headers: { cookie }, payload: payload as object });

const CHOSEN: Preferences = {
  textSize: 175,
  spacing: true,
  font: 'legible',
  theme: 'contrast',
  motion: 'reduced',
  oneStepAtATime: true,
  easyRead: true,
};

describe('reading and display preferences', () => {
  it('answers the defaults before anything is saved', async () => {
    const cookie = await signIn('prefs-new@inspired2uplift.org');
    const res = await get(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(preferencesSchema.parse(res.json())).toEqual(DEFAULT_PREFERENCES);
  });

  it('saves them for the person and gives them back on another sign-in (another device), not to anyone else', async () => {
    const cookie = await signIn('prefs-saver@inspired2uplift.org');
    const saved = await put(cookie, CHOSEN);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(CHOSEN);

    const otherDevice = await signIn('prefs-saver@inspired2uplift.org');
    expect((await get(otherDevice)).json()).toEqual(CHOSEN);
    const someoneElse = await signIn('prefs-other@inspired2uplift.org');
    expect((await get(someoneElse)).json()).toEqual(DEFAULT_PREFERENCES);

    const changed = { ...CHOSEN, theme: 'dark', textSize: 100 };
    expect((await put(otherDevice, changed)).json()).toEqual(changed);
    expect((await get(cookie)).json()).toEqual(changed);
  });

  it.each([
    ['a text size outside the choices', { ...CHOSEN, textSize: 300 }, 'textSize'],
    ['a text size as text', { ...CHOSEN, textSize: '150' }, 'textSize'],
    ['an unknown theme', { ...CHOSEN, theme: 'neon' }, 'theme'],
    ['spacing that is no switch', { ...CHOSEN, spacing: 'yes' }, 'spacing'],
    ['one step at a time that is no switch', { ...CHOSEN, oneStepAtATime: 1 }, 'oneStepAtATime'],
    ['easy read that is no switch', { ...CHOSEN, easyRead: 'on' }, 'easyRead'],
    ['a missing field', { textSize: 100, spacing: false, font: 'standard', theme: 'light' }, 'motion'],
    ['an unknown field', { ...CHOSEN, colour: 'pink' }, 'colour'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_what, payload, field) => {
    const cookie = await signIn('prefs-bad@inspired2uplift.org');
    expect((await put(cookie, CHOSEN)).statusCode).toBe(200);
    const res = await put(cookie, payload);
    expect(res.statusCode, res.body).toBe(400);
    const error = apiErrorSchema.parse(res.json());
    expect(error.message).toContain(field);
    expect((await get(cookie)).json()).toEqual(CHOSEN);
  });

  it('keeps one step at a time and easy read off when a body leaves them out (a page loaded before they existed)', async () => {
    const cookie = await signIn('prefs-older-page@inspired2uplift.org');
    expect((await put(cookie, CHOSEN)).json()).toEqual(CHOSEN);
    const { oneStepAtATime: _left, easyRead: _alsoLeft, ...older } = CHOSEN;
    const res = await put(cookie, older);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...older, oneStepAtATime: false, easyRead: false });
  });

  it('saves easy read on its own and gives it back on another sign-in', async () => {
    const cookie = await signIn('prefs-easy-read@inspired2uplift.org');
    const chosen = { ...DEFAULT_PREFERENCES, easyRead: true };
    expect((await put(cookie, chosen)).json()).toEqual(chosen);
    expect((await get(await signIn('prefs-easy-read@inspired2uplift.org'))).json()).toEqual(chosen);
  });

  it('refuses a body that is no JSON object with 400', async () => {
    const cookie = await signIn('prefs-bad@inspired2uplift.org');
    const res = await t.app.inject({
      method: 'PUT',
      url: PREFERENCES_PATH,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(400);
  });

  it('answers 401 without a session, and saves nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: PREFERENCES_PATH })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: PREFERENCES_PATH, payload: CHOSEN })).statusCode).toBe(401);
  });
});
