import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { RATE_LIMITED_MESSAGE } from '../../app.js';
import { loadConfig } from '../../env.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

/** The /api/auth/* rate limit (docs/architecture.md#security), per client address. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { max: 3, timeWindowMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
});

const devLogin = (ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: {}, remoteAddress: ip });

describe('auth rate limit', () => {
  it('is 20 requests a minute by default (AUTH_RATE_LIMIT_PER_MINUTE)', () => {
    expect(loadConfig({}).authRateLimitPerMinute).toBe(20);
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100' }).authRateLimitPerMinute).toBe(100);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/AUTH_RATE_LIMIT_PER_MINUTE: must be a whole number/);
  });

  it('answers 429 JSON with Retry-After once an address used up its requests, and creates no session', async () => {
    for (let i = 0; i < 3; i += 1) expect((await devLogin()).statusCode).toBe(200);
    const res = await devLogin();
    expect(res.statusCode).toBe(429);
    expect(apiErrorSchema.parse(res.json())).toEqual({ statusCode: 429, error: 'Too Many Requests', message: RATE_LIMITED_MESSAGE });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.cookies).toHaveLength(0);
    // Every /api/auth/* route shares the address's budget.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
  });

  it('counts each address on its own', async () => {
    expect((await devLogin('198.51.100.1')).statusCode).toBe(200);
  });

  it('leaves the rest of the API alone', async () => {
    const cookie = await signIn(t.app, { email: 'busy@inspired2uplift.org' });
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
  });
});
