import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../shared/api.js';
import { googleCallbackResponseSchema } from '../../shared/google-sign-in-api.js';
import { START_NOT_A_PAGE_MESSAGE } from '../modules/google-auth/google-auth.routes.js';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin.js';
import { createTestApp, PAGE_NAVIGATION, type TestApp } from '../test/test-app.js';
import { TestOidcProvider, WORKSPACE_MEMBER } from '../test/test-oidc-provider.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how; docs/decisions/034-cross-site-sign-in-lockout.md): a page
 * on another site must not be able to spend the sign-in limits of its visitors' address (a room on one Wi-Fi shares
 * it). Images and frames pointing at the start of sign-in, and cross-site posts at the callback, are refused without
 * being counted; a normal sign-in from the same address then succeeds. What abuse looks like is still counted.
 */

const ROOM = '203.0.113.80';
/**
 * The foreign page's origin: another site on this machine (a development server refuses other host names before any
 * of this, plugins/allowed-hosts.ts; a production server does not have that check).
 */
const FOREIGN = 'http://127.0.0.1:8080';
/** What Chromium sends for requests a page on another site makes the browser send. */
const FROM_FOREIGN_PAGE = {
  image: {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    referer: `${FOREIGN}/`,
  },
  frame: {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'iframe',
    referer: `${FOREIGN}/`,
  },
  script: {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'script',
    referer: `${FOREIGN}/`,
  },
  fetch: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: FOREIGN },
  form: {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'iframe',
    origin: FOREIGN,
    'content-type': 'application/x-www-form-urlencoded',
  },
} as const;

const LIMITS = {
  signInStart: { max: 3, timeWindowMs: 60_000 },
  failedCallbacksPerAddress: { max: 3, timeWindowMs: 5 * 60_000 },
  signOut: { max: 3, timeWindowMs: 60_000 },
};

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await TestOidcProvider.start();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'onboarding-lockout.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      OIDC_ISSUER: provider.issuer,
      SESSION_SECRET: 'cross-site-lockout-test-secret-0123456789abcdef',
    },
    authLimits: LIMITS,
  });
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

const start = (ip: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/google/start', remoteAddress: ip, headers });

const callback = (ip: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google/callback', payload: body, remoteAddress: ip, headers });

/** A person's whole sign-in from `ip` as the browser makes it: start (a page), the provider, the login screen's post. */
async function signInFrom(ip: string, email: string): Promise<LightMyRequestResponse> {
  const started = await start(ip, PAGE_NAVIGATION);
  expect(started.statusCode, started.body).toBe(302);
  provider.claims = { ...WORKSPACE_MEMBER, email, name: email };
  const { code, state } = await provider.authorize(String(started.headers.location));
  const transaction = cookieOf(started, 'onboarding_oidc');
  return callback(ip, { code, state }, transaction === undefined ? {} : { cookie: transaction });
}

describe('a foreign page cannot lock a room out of sign-in', () => {
  it('images, frames, scripts and fetches of the start are refused without a cookie and never counted; the room still signs in', async () => {
    for (const [kind, headers] of Object.entries(FROM_FOREIGN_PAGE)) {
      if (kind === 'form') continue;
      for (let i = 0; i < LIMITS.signInStart.max + 2; i += 1) {
        const res = await start(ROOM, headers);
        expect(res.statusCode, kind).toBe(403);
        expect(apiErrorSchema.parse(res.json()).message).toBe(START_NOT_A_PAGE_MESSAGE);
        expect(cookieOf(res, 'onboarding_oidc'), kind).toBeUndefined();
      }
    }
    const res = await signInFrom(ROOM, 'first.after.images@inspired2uplift.org');
    expect(res.statusCode, res.body).toBe(200);
    expect(googleCallbackResponseSchema.parse(res.json()).user.email).toBe('first.after.images@inspired2uplift.org');
  });

  it('cross-site posts at the callback are refused by the same-origin check and never counted; the room still signs in', async () => {
    const ip = '203.0.113.81';
    for (let i = 0; i < LIMITS.failedCallbacksPerAddress.max * 5; i += 1) {
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google/callback',
        payload: `code=forged-${i}&state=forged-${i}`,
        remoteAddress: ip,
        headers: FROM_FOREIGN_PAGE.form,
      });
      expect(form.statusCode).toBe(403);
      expect(apiErrorSchema.parse(form.json()).message).toBe(CROSS_SITE_MESSAGE);
      const fetched = await callback(ip, { code: `forged-${i}`, state: `forged-${i}` }, FROM_FOREIGN_PAGE.fetch);
      expect(fetched.statusCode).toBe(403);
    }
    const res = await signInFrom(ip, 'after.posts@inspired2uplift.org');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('callbacks without a sign-in transaction (nothing to guess against) are refused 400 and never counted', async () => {
    const ip = '203.0.113.82';
    for (let i = 0; i < LIMITS.failedCallbacksPerAddress.max * 5; i += 1)
      expect((await callback(ip, { code: `forged-${i}`, state: `forged-${i}` })).statusCode).toBe(400);
    expect((await signInFrom(ip, 'after.forgeries@inspired2uplift.org')).statusCode).toBe(200);
  });

  it('cross-site posts at sign-out spend nothing either', async () => {
    const ip = '203.0.113.83';
    for (let i = 0; i < LIMITS.signOut.max * 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        remoteAddress: ip,
        headers: FROM_FOREIGN_PAGE.form,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: ip })).statusCode).toBe(204);
  });
});

describe('what abuse looks like is still limited', () => {
  it('failed callbacks that carry a real transaction count: the address waits after the limit', async () => {
    const ip = '203.0.113.90';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.failedCallbacksPerAddress.max; i += 1) {
      const started = await start(ip, PAGE_NAVIGATION);
      const transaction = cookieOf(started, 'onboarding_oidc') ?? '';
      statuses.push(
        (await callback(ip, { code: `made-up-${i}`, state: `forged-${i}` }, { cookie: transaction })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('top-level navigations to the start count, and so do clients that send no Fetch Metadata', async () => {
    const ip = '203.0.113.91';
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signInStart.max; i += 1) statuses.push((await start(ip, PAGE_NAVIGATION)).statusCode);
    statuses.push((await start(ip, { 'x-requested-with': 'script' })).statusCode);
    expect(statuses).toEqual([302, 302, 302, 429]);
    const script = '203.0.113.92';
    const fromScript: number[] = [];
    for (let i = 0; i <= LIMITS.signInStart.max; i += 1)
      fromScript.push((await start(script, { 'x-requested-with': 'script' })).statusCode);
    expect(fromScript).toEqual([302, 302, 302, 429]);
  });
});
