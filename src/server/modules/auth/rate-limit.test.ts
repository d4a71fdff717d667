import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { loadConfig } from '../../env.js';
import { authLimitsFromConfig, rateLimitedMessage, waitInWords } from '../../plugins/auth-rate-limits.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

/**
 * The development sign-in and sign-out limits, per client address, on the routes themselves: every spelling of the
 * path that the router takes for the route is limited with it, and the others never reach it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: { devLogin: { max: 3, timeWindowMs: 60_000 }, signOut: { max: 2, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t.close();
});

const devLogin = (ip: string, url = '/api/auth/dev-login') =>
  t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip });

describe('settings', () => {
  it('default to 120 starts and sign-outs and 20 development sign-ins per address a minute', () => {
    expect(loadConfig({}).authRateLimitPerMinute).toBe(120);
    expect(loadConfig({}).devLoginRateLimitPerMinute).toBe(20);
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '300' }).authRateLimitPerMinute).toBe(300);
    expect(loadConfig({ AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE: '5' }).devLoginRateLimitPerMinute).toBe(5);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /AUTH_RATE_LIMIT_PER_MINUTE: must be a whole number/,
    );
    expect(() => loadConfig({ AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE: 'x' })).toThrow(
      /AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE: must be a whole number/,
    );
    expect(authLimitsFromConfig(loadConfig({}))).toEqual({
      signInStart: { max: 120, timeWindowMs: 60_000 },
      signOut: { max: 120, timeWindowMs: 60_000 },
      devLogin: { max: 20, timeWindowMs: 60_000 },
      failedCallbacksPerAddress: { max: 20, timeWindowMs: 300_000 },
      failedCallbacksPerAccount: { max: 5, timeWindowMs: 900_000 },
    });
  });

  it('say how long to wait in plain words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(42)).toBe('42 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(300)).toBe('5 minutes');
    expect(rateLimitedMessage(61)).toBe(
      'Too many sign-in attempts from your network. Please wait 2 minutes and try again.',
    );
  });
});

describe('development sign-in limit', () => {
  it('answers 429 JSON with Retry-After and the wait once an address used up its attempts, and creates no session', async () => {
    for (let i = 0; i < 3; i += 1) expect((await devLogin('203.0.113.7')).statusCode).toBe(200);
    const res = await devLogin('203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: rateLimitedMessage(retryAfter),
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('counts each address on its own, and does not touch sign-out or the rest of the API', async () => {
    expect((await devLogin('198.51.100.1')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: '203.0.113.7' })).statusCode,
    ).toBe(204);
    const cookie = await signIn(t.app, { email: 'busy@inspired2uplift.org' });
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie },
        remoteAddress: '203.0.113.7',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('a limit belongs to the route, whatever the spelling of its path', () => {
  /** Spellings the router decodes to the route itself: they share the route's limit. */
  const SAME_ROUTE = [
    '/%61pi/auth/dev-login',
    '/api/auth/dev%2Dlogin',
    '/%61%70%69/%61uth/%64ev-login',
    '/api/auth/dev-login?x=%2F',
  ];
  /** Spellings the router does not take for the route (an encoded slash, double slashes, another case): 404. */
  const NOT_THE_ROUTE = [
    '/api%2Fauth/dev-login',
    '/api/auth%2fdev-login',
    '//api/auth/dev-login',
    '/api//auth/dev-login',
    '/API/auth/dev-login',
    '/api/auth/Dev-Login',
  ];

  it('limits every spelling the router takes for POST /api/auth/dev-login, with one budget per address', async () => {
    const ip = '192.0.2.10';
    for (const url of SAME_ROUTE.slice(0, 3)) expect((await devLogin(ip, url)).statusCode).toBe(200);
    for (const url of ['/api/auth/dev-login', ...SAME_ROUTE]) {
      const res = await devLogin(ip, url);
      expect(res.statusCode, url).toBe(429);
      expect(res.cookies, url).toHaveLength(0);
    }
  });

  it('each encoded spelling alone is limited from a fresh address', async () => {
    for (const [index, url] of SAME_ROUTE.entries()) {
      const ip = `192.0.2.${20 + index}`;
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await devLogin(ip, url)).statusCode);
      expect(answers, url).toEqual([200, 200, 200, 429]);
    }
  });

  it('never signs anyone in through a spelling the router does not take for the route', async () => {
    for (const url of NOT_THE_ROUTE) {
      const res = await devLogin('192.0.2.40', url);
      expect(res.statusCode, url).toBe(404);
      expect(
        res.cookies.filter((c) => c.value !== ''),
        url,
      ).toHaveLength(0);
    }
  });

  it('limits sign-out under its encoded spellings too', async () => {
    const ip = '192.0.2.50';
    const logout = (url: string) => t.app.inject({ method: 'POST', url, remoteAddress: ip });
    expect((await logout('/%61pi/auth/logout')).statusCode).toBe(204);
    expect((await logout('/api/auth/%6Cogout')).statusCode).toBe(204);
    const limited = await logout('/%61pi/auth/logout');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect((await logout('/api/auth/logout')).statusCode).toBe(429);
  });
});
