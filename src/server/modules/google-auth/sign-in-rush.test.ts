import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { googleCallbackResponseSchema } from '../../../shared/google-sign-in-api.js';
import { auditLog, sessions } from '../../db/schema.js';
import { loadConfig } from '../../env.js';
import { authLimitsFromConfig, rateLimitedMessage } from '../../plugins/auth-rate-limits.js';
import { createTestApp, PAGE_NAVIGATION, type TestApp } from '../../test/test-app.js';
import { TestOidcProvider, WORKSPACE_MEMBER } from '../../test/test-oidc-provider.js';

/**
 * A room of volunteers signing in at once behind one address, with the server's default limits, against a real
 * OpenID Connect provider on 127.0.0.1: everyone gets in; forged callbacks, refused accounts and a flood of starts
 * are still limited; a limited start (a page the browser navigated to) answers an HTML page, never JSON.
 */

const ROOM = '203.0.113.50';
const googleEnv = (issuer: string) => ({
  GOOGLE_CLIENT_ID: 'onboarding-rush.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'test-client-secret',
  OIDC_ISSUER: issuer,
  SESSION_SECRET: 'sign-in-rush-test-secret-0123456789abcdef',
});

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await TestOidcProvider.start();
  // The defaults a deployed server runs with, not the generous ones of other tests.
  t = await createTestApp({ env: googleEnv(provider.issuer), authLimits: authLimitsFromConfig(loadConfig({})) });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
beforeEach(() => provider.reset());

const cookieOf = (res: LightMyRequestResponse, name: string): string | undefined => {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie && cookie.value !== '' ? `${cookie.name}=${cookie.value}` : undefined;
};
const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

/** A browser's navigation to the start of sign-in (Chromium's Fetch Metadata and Accept). */
function start(ip: string, url = '/api/auth/google/start') {
  return t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: PAGE_NAVIGATION });
}

/** A started sign-in from `ip`: its state and the transaction cookie, as a forger holding a real transaction has them. */
async function transactionFrom(ip: string): Promise<{ state: string; cookie: string | undefined }> {
  const started = await start(ip);
  expect(started.statusCode).toBe(302);
  const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
  return { state, cookie: cookieOf(started, 'onboarding_oidc') };
}

function callback(ip: string, body: Record<string, unknown>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: body,
    remoteAddress: ip,
    headers: { 'sec-fetch-mode': 'cors', ...(cookie === undefined ? {} : { cookie }) },
  });
}

/** One person's whole sign-in from `ip`: start, the provider's answer, the login screen's callback. */
async function signInFrom(ip: string, email: string): Promise<LightMyRequestResponse> {
  const started = await start(ip);
  expect(started.statusCode).toBe(302);
  const transaction = cookieOf(started, 'onboarding_oidc');
  provider.claims = { ...WORKSPACE_MEMBER, email, name: email };
  const { code, state } = await provider.authorize(String(started.headers.location));
  return callback(ip, { code, state }, transaction);
}

describe('a room of 60 behind one address', () => {
  it('all 60 complete sign-ins within the window succeed, each with a session', async () => {
    const before = await sessionCount();
    const began = Date.now();
    for (let i = 0; i < 60; i += 1) {
      const email = `volunteer${i}@inspired2uplift.org`;
      const res = await signInFrom(ROOM, email);
      expect(res.statusCode, `person ${i + 1}: ${res.body}`).toBe(200);
      expect(googleCallbackResponseSchema.parse(res.json()).user.email).toBe(email);
      expect(cookieOf(res, 'onboarding_session')).toBeDefined();
    }
    // Well inside one window of every limit (the shortest is a minute).
    expect(Date.now() - began).toBeLessThan(60_000);
    expect((await sessionCount()) - before).toBe(60);
  }, 120_000);
});

describe('abuse is still slowed', () => {
  it('30 forged callbacks with real transactions from one address: the first 20 are refused as such, the rest get 429 before the provider is asked', async () => {
    const ip = '198.51.100.66';
    const statuses: number[] = [];
    const tokenRequestsBefore = provider.tokenRequests;
    for (let i = 0; i < 30; i += 1) {
      // Half with a forged state, half with a made-up code; each with a real transaction (only those count).
      const { state, cookie } = await transactionFrom(ip);
      const body = i % 2 === 0 ? { code: `forged-${i}`, state: `forged-${i}` } : { code: `made-up-${i}`, state };
      statuses.push((await callback(ip, body, cookie)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // The made-up codes of the first 20 reached the provider; none of the limited ones did.
    expect(provider.tokenRequests - tokenRequestsBefore).toBe(10);

    const again = await transactionFrom(ip);
    const limited = await callback(ip, { code: 'again', state: again.state }, again.cookie);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(apiErrorSchema.parse(limited.json()).message).toBe(rateLimitedMessage(retryAfter));

    // Even a genuine sign-in from that address waits; another address is not affected.
    expect((await signInFrom(ip, 'late@inspired2uplift.org')).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.67', 'late@inspired2uplift.org')).statusCode).toBe(200);
  });

  it('counts an IPv6 address as its /64 network', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const ip = `2001:db8:1:2::${(i + 1).toString(16)}`;
      const { cookie } = await transactionFrom(ip);
      statuses.push((await callback(ip, { code: `forged-${i}`, state: `forged-${i}` }, cookie)).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    const other = await transactionFrom('2001:db8:1:3::1');
    expect(
      (await callback('2001:db8:1:3::1', { code: 'other-network', state: 'other-network' }, other.cookie)).statusCode,
    ).toBe(400);
  });

  it('an account refused again and again is limited on its own, without another audit entry, from any address', async () => {
    const refusals = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    const gmail = { email: 'someone@gmail.com', email_verified: true, name: 'Someone' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = await start(`192.0.2.${100 + i}`);
      provider.claims = gmail;
      const { code, state } = await provider.authorize(String(started.headers.location));
      statuses.push(
        (await callback(`192.0.2.${100 + i}`, { code, state }, cookieOf(started, 'onboarding_oidc'))).statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    const auditBefore = await refusals();
    const started = await start('192.0.2.120');
    provider.claims = gmail;
    const { code, state } = await provider.authorize(String(started.headers.location));
    const res = await callback('192.0.2.120', { code, state }, cookieOf(started, 'onboarding_oidc'));
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await refusals()).toBe(auditBefore);
  });
});

describe('a limited start of sign-in is a page, not JSON', () => {
  it('after 120 starts a minute, the next navigation (under any spelling of the path) gets the "please wait" page', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 120; i += 1) expect((await start(ip)).statusCode).toBe(302);
    for (const url of [
      '/api/auth/google/start',
      '/%61pi/auth/google/start?returnTo=%2Fdashboard',
      '/api/auth/%67oogle/start',
    ]) {
      const res = await start(ip, url);
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain('<h1>Lots of people are signing in right now</h1>');
      expect(res.body).toMatch(/Please wait \d+ seconds?, then try again\.|Please wait 1 minute, then try again\./);
      expect(res.body).toContain('href="/login"');
      expect(res.body).toContain('onboarding@inspired2uplift.org');
      expect(res.body).not.toContain('statusCode');
      expect(cookieOf(res, 'onboarding_oidc')).toBeUndefined();
    }
  });

  it('shows the logo the server serves', async () => {
    const page = await start('198.51.100.200');
    const logo = /<img src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const res = await t.app.inject({ method: 'GET', url: logo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers JSON to a client that asks for JSON and sends no Fetch Metadata (a script)', async () => {
    const ip = '198.51.100.200';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start',
      remoteAddress: ip,
      // No Fetch Metadata (the test app adds it unless a request names X-Requested-With).
      headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
    });
    expect(res.statusCode).toBe(429);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(429);
  });
});
