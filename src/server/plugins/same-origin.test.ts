import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CROSS_SITE_MESSAGE } from './same-origin.js';

/** CSRF (docs/architecture.md#security): state-changing /api requests must come from this server's own origin. */

const REFUSED = { statusCode: 403, error: 'Forbidden', message: CROSS_SITE_MESSAGE };

let t: TestApp;
beforeAll(async () => {
  // No Origin is added by the test helper here: every request says where it comes from, or nothing.
  t = await createTestApp({ sendOrigin: false });
});
afterAll(async () => {
  await t.close();
});

const devLogin = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: {}, headers });
const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

describe('without PUBLIC_URL (development): the request’s own origin', () => {
  it('accepts a POST whose Origin is the server’s origin', async () => {
    expect((await devLogin({ origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await devLogin({ origin: 'http://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(200);
  });

  it('refuses a cross-site POST with 403 JSON and creates no session', async () => {
    const before = await sessionCount();
    const res = await devLogin({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(res.cookies).toHaveLength(0);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses another port or scheme of the same host, and the opaque origin "null"', async () => {
    for (const origin of ['http://localhost:8080', 'https://localhost', 'null']) {
      expect((await devLogin({ origin })).statusCode).toBe(403);
    }
  });

  it('falls back to the Referer only when there is no Origin', async () => {
    expect((await devLogin({ referer: 'http://localhost/login?code=1' })).statusCode).toBe(200);
    expect((await devLogin({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await devLogin({ origin: 'https://evil.example', referer: 'http://localhost/login' })).statusCode).toBe(
      403,
    );
  });

  it('refuses a state-changing request that names no origin at all', async () => {
    expect((await devLogin({})).json()).toEqual(REFUSED);
  });

  it('checks PUT, PATCH and DELETE too, before the session or the route is looked at', async () => {
    const session = (await devLogin({ origin: 'http://localhost' })).cookies[0];
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/progress/steps/set-up-slack',
        payload: { completed: true },
        headers: { origin: 'https://evil.example', cookie: `${session?.name}=${session?.value}` },
      });
      expect(res.json()).toEqual(REFUSED);
    }
  });

  it('leaves safe methods alone', async () => {
    // (A foreign Origin on a development server is refused by the host check: plugins/allowed-hosts.ts.)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/config', headers: { referer: 'https://evil.example/' } }))
        .statusCode,
    ).toBe(200);
  });

  it('checks unsafe methods on every path, not only under /api/ (the router decodes /%61pi/ to /api/)', async () => {
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/content/logo.svg', headers: { origin: 'https://evil.example' } })
      ).json(),
    ).toEqual(REFUSED);
  });
});

describe('with PUBLIC_URL: only that origin', () => {
  let pub: TestApp;
  beforeAll(async () => {
    pub = await createTestApp({ env: { PUBLIC_URL: 'https://onboarding.inspired2uplift.org' }, sendOrigin: false });
  });
  afterAll(async () => {
    await pub.close();
  });

  it('accepts PUBLIC_URL and refuses the Host the request claims', async () => {
    const post = (origin: string, host: string) =>
      pub.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin, host } });
    expect((await post('https://onboarding.inspired2uplift.org', 'localhost:3000')).statusCode).toBe(204);
    expect((await post('http://evil.example', 'evil.example')).statusCode).toBe(403);
  });
});
