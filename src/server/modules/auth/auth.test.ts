import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, meResponseSchema } from '../../../shared/api.js';
import { sessions } from '../../db/schema.js';
import {
  hashSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from '../../plugins/sessions.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', ...(cookie === undefined ? {} : { headers: { cookie } }) });

const sessionRow = async (cookie: string) => {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(t.config.sessionSecret, token)));
  return row;
};

describe('POST /api/auth/dev-login', () => {
  it('signs in the default development user with an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: {} });
    expect(res.statusCode).toBe(200);
    const { user } = meResponseSchema.parse(res.json());
    expect(user).toMatchObject({
      email: 'dev@inspired2uplift.org',
      name: 'Development User',
      role: 'volunteer',
      department: 'Operations',
      workspaceId: 'inspired2uplift.org',
      isDevelopmentUser: true,
    });
    expect(user.picture).toMatch(/^\/api\/users\/me\/picture\?v=[0-9a-f]{12}$/);
    const cookie = res.cookies.find((c) => c.name === 'onboarding_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_ABSOLUTE_MS / 1000 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the hash of the token, never the token', async () => {
    const cookie = await signIn(t.app, { email: 'hash.check@inspired2uplift.org' });
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const row = await sessionRow(cookie);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.kind).toBe('development');
  });

  it('signs the same e-mail in again as the same user, with a new session each time', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: 'Sam@Inspired2Uplift.org', name: 'Sam' },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: 'sam@inspired2uplift.org' },
    });
    const a = meResponseSchema.parse(first.json()).user;
    const b = meResponseSchema.parse(second.json()).user;
    expect(b.id).toBe(a.id);
    expect(b).toMatchObject({ email: 'sam@inspired2uplift.org', name: 'Sam' });
    expect(first.cookies[0]?.value).not.toBe(second.cookies[0]?.value);
  });

  it('ends the session the request came with when signing in again (rotation)', async () => {
    const old = await signIn(t.app, { email: 'rotate@inspired2uplift.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: {},
      headers: { cookie: old },
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(old)).toBeUndefined();
    expect((await me(old)).statusCode).toBe(401);
  });

  it('refuses an e-mail outside the allowed domain with 403 naming the domain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: 'someone@gmail.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).message).toContain('inspired2uplift.org');
    expect(res.cookies).toHaveLength(0);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toContain('body.email');
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a session cookie', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' });
  });

  it('answers 401 for an unknown token', async () => {
    expect((await me('onboarding_session=not-a-real-token')).statusCode).toBe(401);
  });

  it('answers the signed-in user', async () => {
    const cookie = await signIn(t.app, { email: 'me@inspired2uplift.org', name: 'Me Myself' });
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(meResponseSchema.parse(res.json()).user).toMatchObject({
      email: 'me@inspired2uplift.org',
      name: 'Me Myself',
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the old cookie stops working and the cookie is cleared', async () => {
    const cookie = await signIn(t.app, { email: 'leaver@inspired2uplift.org' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'onboarding_session');
    expect(cleared?.value).toBe('');
    expect(await sessionRow(cookie)).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers 204 when not signed in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('session expiry', () => {
  it('slides the idle expiry on use, at most once a minute', async () => {
    const cookie = await signIn(t.app, { email: 'slider@inspired2uplift.org' });
    const before = await sessionRow(cookie);
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
    await me(cookie);
    expect((await sessionRow(cookie))?.idleExpiresAt).toEqual(before?.idleExpiresAt);
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS);
    await me(cookie);
    expect((await sessionRow(cookie))?.idleExpiresAt).toEqual(new Date(t.clock.now.getTime() + SESSION_IDLE_MS));
  });

  it('rejects and deletes a session idle for longer than the idle lifetime', async () => {
    const cookie = await signIn(t.app, { email: 'idle@inspired2uplift.org' });
    t.clock.advance(SESSION_IDLE_MS + 1000);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'onboarding_session')?.value).toBe('');
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('rejects a session past its absolute lifetime even when used every day', async () => {
    const cookie = await signIn(t.app, { email: 'daily@inspired2uplift.org' });
    for (let day = 0; day < 29; day += 1) {
      t.clock.advance(24 * 60 * 60 * 1000);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('development sign-in turned off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'client-secret' },
    });
  });
  afterAll(async () => {
    await off.close();
  });

  it('answers 403 and sets no cookie', async () => {
    const res = await off.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).message).toBe(
      'Development sign-in is turned off on this server. Sign in with Google.',
    );
    expect(res.cookies).toHaveLength(0);
  });
});
