import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { devicesResponseSchema, endedSessionsSchema, type Device } from '../../../shared/devices-api.js';
import { listAudit } from '../audit/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { describeUserAgent, NO_SUCH_DEVICE_MESSAGE } from './devices.routes.js';

/**
 * A member's own signed-in devices (docs/product.md#your-devices): list them with browser, system, when and where
 * from; end one, all the others, or all; never another member's.
 */

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A development sign-in from a browser (`userAgent`) at `ip`; returns the session cookie. */
async function signInFrom(email: string, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/dev-login',
    payload: { email },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'onboarding_session');
  return `onboarding_session=${cookie?.value ?? ''}`;
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

async function devicesOf(cookie: string): Promise<Device[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return devicesResponseSchema.parse(res.json()).devices;
}

describe('describeUserAgent', () => {
  it('names browser with its major version, system and platform; nothing for an empty or unknown one', () => {
    expect(describeUserAgent(CHROME_ON_WINDOWS)).toEqual({
      browser: 'Chrome 131',
      os: 'Windows 10',
      platform: 'desktop',
    });
    expect(describeUserAgent(SAFARI_ON_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS 17.4', platform: 'mobile' });
    expect(describeUserAgent(FIREFOX_ON_LINUX)).toEqual({ browser: 'Firefox 133', os: 'Linux', platform: 'desktop' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, platform: null });
    expect(describeUserAgent('curl-ish')).toEqual({ browser: null, os: null, platform: null });
  });
});

describe('GET /api/me/sessions', () => {
  it('lists only the member’s own sessions, with browser, system, when, where from, and which is this device', async () => {
    const laptop = await signInFrom('lin@inspired2uplift.org', CHROME_ON_WINDOWS, '198.51.100.10');
    t.clock.advance(60_000);
    const phone = await signInFrom('lin@inspired2uplift.org', SAFARI_ON_IPHONE, '203.0.113.20');
    await signInFrom('other@inspired2uplift.org', FIREFOX_ON_LINUX, '192.0.2.30');

    const seenByPhone = await devicesOf(phone);
    expect(seenByPhone).toHaveLength(2);
    expect(seenByPhone[0]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.4',
      platform: 'mobile',
      ipAddress: '203.0.113.20',
      current: true,
      kind: 'development',
      signedInAt: t.clock.now.toISOString(),
    });
    expect(seenByPhone[1]).toMatchObject({
      browser: 'Chrome 131',
      os: 'Windows 10',
      ipAddress: '198.51.100.10',
      current: false,
    });
    // The laptop sees the same two, itself as this device; ids are not tokens.
    const seenByLaptop = await devicesOf(laptop);
    expect(seenByLaptop.map((d) => [d.id, d.current])).toEqual([
      [seenByPhone[0]?.id, false],
      [seenByPhone[1]?.id, true],
    ]);
    expect(JSON.stringify(seenByLaptop)).not.toContain(laptop.split('=')[1] ?? '-');
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });
});

describe('ending sessions', () => {
  it('ends one other device: its next request is 401, this device stays signed in; audited', async () => {
    const email = 'ode@inspired2uplift.org';
    const here = await signInFrom(email, CHROME_ON_WINDOWS, '198.51.100.11');
    const there = await signInFrom(email, SAFARI_ON_IPHONE, '198.51.100.12');
    const other = (await devicesOf(here)).find((d) => !d.current);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other?.id}`,
      headers: { cookie: here },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(there)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await devicesOf(here)).map((d) => d.current)).toEqual([true]);
    const { entries } = await listAudit(t.database.db, { filters: { kind: 'sessions-ended', subject: email } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: email,
      reason: 'own-devices',
      details: { which: 'one', sessions: 1 },
    });
  });

  it('ending this device’s own session signs it out and clears its cookie', async () => {
    const here = await signInFrom('self@inspired2uplift.org', CHROME_ON_WINDOWS, '198.51.100.13');
    const [mine] = await devicesOf(here);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${mine?.id}`,
      headers: { cookie: here },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'onboarding_session')?.value).toBe('');
    expect((await me(here)).statusCode).toBe(401);
  });

  it('cannot end another member’s session: 404, and it stays signed in', async () => {
    const mine = await signInFrom('mine@inspired2uplift.org', CHROME_ON_WINDOWS, '198.51.100.14');
    const theirs = await signInFrom('theirs@inspired2uplift.org', SAFARI_ON_IPHONE, '198.51.100.15');
    const [theirSession] = await devicesOf(theirs);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${theirSession?.id}`,
      headers: { cookie: mine },
    });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).message).toBe(NO_SUCH_DEVICE_MESSAGE);
    expect((await me(theirs)).statusCode).toBe(200);
    // Not an id at all: 400 saying so.
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/me/sessions/not-an-id', headers: { cookie: mine } });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).statusCode).toBe(400);
  });

  it('ends all the others, keeping this device; another member is not touched', async () => {
    const email = 'many@inspired2uplift.org';
    const here = await signInFrom(email, CHROME_ON_WINDOWS, '198.51.100.16');
    const others = [
      await signInFrom(email, SAFARI_ON_IPHONE, '198.51.100.17'),
      await signInFrom(email, FIREFOX_ON_LINUX, '198.51.100.18'),
    ];
    const bystander = await signInFrom('bystander@inspired2uplift.org', FIREFOX_ON_LINUX, '198.51.100.19');
    const res = await t.app.inject({ method: 'POST', url: '/api/me/sessions/end-others', headers: { cookie: here } });
    expect(res.statusCode, res.body).toBe(200);
    expect(endedSessionsSchema.parse(res.json())).toEqual({ ended: 2 });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(bystander)).statusCode).toBe(200);
  });

  it('ends all, this device too: signed out everywhere', async () => {
    const email = 'all@inspired2uplift.org';
    const here = await signInFrom(email, CHROME_ON_WINDOWS, '198.51.100.20');
    const there = await signInFrom(email, SAFARI_ON_IPHONE, '198.51.100.21');
    const res = await t.app.inject({ method: 'POST', url: '/api/me/sessions/end-all', headers: { cookie: here } });
    expect(res.statusCode, res.body).toBe(200);
    expect(endedSessionsSchema.parse(res.json())).toEqual({ ended: 2 });
    expect(res.cookies.find((c) => c.name === 'onboarding_session')?.value).toBe('');
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(there)).statusCode).toBe(401);
  });

  it('refuses a cross-site request to end sessions (same-origin check)', async () => {
    const here = await signInFrom('csrf@inspired2uplift.org', CHROME_ON_WINDOWS, '198.51.100.22');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/sessions/end-all',
      headers: { cookie: here, origin: 'http://127.0.0.1:8080' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(here)).statusCode).toBe(200);
  });
});
