import { generateKeyPairSync, sign } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, meResponseSchema } from '../../../shared/api.js';
import { googleCallbackResponseSchema } from '../../../shared/google-sign-in-api.js';
import { buildApp } from '../../app.js';
import type { OpenDatabase } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { loadConfig } from '../../env.js';
import { hashSessionToken } from '../../plugins/sessions.js';
import { createTestApp, createTestCatalog, type TestApp, PAGE_NAVIGATION } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { TestOidcProvider, WORKSPACE_MEMBER } from '../../test/test-oidc-provider.js';
import { domainRefusalMessage } from './admission.js';
import { CALLBACK_MESSAGES } from './google-auth.routes.js';
import { openTransaction, sealTransaction, TRANSACTION_TTL_MS } from './transaction.js';

/**
 * Google sign-in against a real OpenID Connect provider on 127.0.0.1 (docs/architecture.md#tests): every way in is
 * checked end to end through the HTTP routes, and every refusal is checked to leave no session (and no user) behind.
 */

const CLIENT_ID = 'onboarding-test.apps.googleusercontent.com';
const DOMAIN_REFUSAL =
  'Only @inspired2uplift.org Google Workspace accounts can sign in. Sign in with your @inspired2uplift.org account.';

let provider: TestOidcProvider;
let t: TestApp;

const googleEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: 'test-client-secret',
  OIDC_ISSUER: issuer,
  SESSION_SECRET: 'google-sign-in-test-secret-0123456789abcdef',
  ...extra,
});

beforeAll(async () => {
  provider = await TestOidcProvider.start();
  t = await createTestApp({ env: googleEnv(provider.issuer) });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
beforeEach(() => {
  provider.reset();
});

const cookieHeader = (res: LightMyRequestResponse, name: string): string | undefined => {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie && cookie.value !== '' ? `${cookie.name}=${cookie.value}` : undefined;
};

const sessionCount = async (app: TestApp = t) =>
  (await app.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

/** GET /api/auth/google/start: the provider URL and the transaction cookie. */
async function start(app: TestApp = t, query = '') {
  const res = await app.app.inject({ method: 'GET', url: `/api/auth/google/start${query}`, headers: PAGE_NAVIGATION });
  expect(res.statusCode).toBe(302);
  const transactionCookie = cookieHeader(res, 'onboarding_oidc');
  if (!transactionCookie) throw new Error('no transaction cookie');
  return { res, location: String(res.headers.location), transactionCookie };
}

/** Start, let the provider answer, and return what the login screen would post, with the cookie it holds. */
async function signInUpToCallback(app: TestApp = t) {
  const started = await start(app);
  const { code, state } = await provider.authorize(started.location);
  return { code, state, transactionCookie: started.transactionCookie };
}

function callback(body: Record<string, unknown>, cookie: string | undefined, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: body,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

/** Runs a whole sign-in and expects it to be refused with `status` and `message`, leaving no session. */
async function expectRefused(status: number, message: string) {
  const before = await sessionCount();
  const { code, state, transactionCookie } = await signInUpToCallback();
  const res = await callback({ code, state }, transactionCookie);
  expect(res.statusCode).toBe(status);
  expect(apiErrorSchema.parse(res.json()).message).toBe(message);
  expect(cookieHeader(res, 'onboarding_session')).toBeUndefined();
  expect(await sessionCount()).toBe(before);
  return res;
}

describe('GET /api/auth/google/start', () => {
  it('sends the browser to the provider with PKCE (S256), state, nonce, the scopes and the domain hint', async () => {
    const { res, location } = await start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: 'http://localhost/login',
      // Without the Workspace directory; with it the read-only directory scope is added (directory.test.ts).
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      hd: 'inspired2uplift.org',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the transaction in a 10-minute HttpOnly SameSite=Lax cookie that the browser cannot read', async () => {
    const { res, location } = await start();
    const cookie = res.cookies.find((c) => c.name === 'onboarding_oidc');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: TRANSACTION_TTL_MS / 1000,
    });
    expect(cookie?.secure).toBeFalsy();
    const url = new URL(location);
    // Encrypted: neither the state nor the verifier can be read from it.
    expect(cookie?.value.split('.')).toHaveLength(5);
    expect(cookie?.value).not.toContain(url.searchParams.get('state'));
    const opened = await openTransaction(t.config.sessionSecret, cookie?.value, t.clock.now);
    expect(opened?.transaction.state).toBe(url.searchParams.get('state'));
    expect(await client.calculatePKCECodeChallenge(opened?.transaction.codeVerifier ?? '')).toBe(
      url.searchParams.get('code_challenge'),
    );
    expect(
      await openTransaction('another-secret-that-is-long-enough-0123456789', cookie?.value, t.clock.now),
    ).toBeNull();
  });

  it('keeps a safe return path and replaces any other with /dashboard', async () => {
    const returnToOf = async (query: string) => {
      const { transactionCookie } = await start(t, query);
      return (await openTransaction(t.config.sessionSecret, transactionCookie.split('=')[1], t.clock.now))?.transaction
        .returnTo;
    };
    expect(await returnToOf('?returnTo=%2Fdashboard%2Fsteps%2Fset-up-slack')).toBe('/dashboard/steps/set-up-slack');
    expect(await returnToOf('?returnTo=%2F%2Fevil.example')).toBe('/dashboard');
    expect(await returnToOf('?returnTo=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(await returnToOf('')).toBe('/dashboard');
  });

  it('uses PUBLIC_URL for the redirect target when it is set', async () => {
    const withPublicUrl = await createTestApp({
      env: googleEnv(provider.issuer, { PUBLIC_URL: 'https://onboarding.inspired2uplift.org' }),
    });
    try {
      const { location } = await start(withPublicUrl);
      expect(new URL(location).searchParams.get('redirect_uri')).toBe('https://onboarding.inspired2uplift.org/login');
    } finally {
      await withPublicUrl.close();
    }
  });

  it('sends the browser back to the login screen with an error when the provider cannot be reached', async () => {
    const unreachable = await createTestApp({ env: googleEnv('http://127.0.0.1:9') });
    try {
      const res = await unreachable.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: PAGE_NAVIGATION,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=temporarily_unavailable');
      expect(res.cookies).toHaveLength(0);
    } finally {
      await unreachable.close();
    }
  });
});

describe('POST /api/auth/google/callback: success', () => {
  it('exchanges the code, creates the user from the verified claims and starts a new google session', async () => {
    const { code, state, transactionCookie } = await signInUpToCallback();
    const res = await callback({ code, state }, transactionCookie);
    expect(res.statusCode).toBe(200);
    const body = googleCallbackResponseSchema.parse(res.json());
    expect(body.returnTo).toBe('/dashboard');
    expect(body.user).toMatchObject({
      email: 'ada@inspired2uplift.org',
      name: 'Ada Lovelace',
      workspaceId: 'inspired2uplift.org',
      isDevelopmentUser: false,
      role: 'volunteer',
      department: 'Operations',
    });
    expect(body.user.picture).toMatch(/^\/api\/users\/me\/picture\?v=[0-9a-f]{12}$/);
    expect((await userByEmail('ada@inspired2uplift.org'))?.picture).toBe(WORKSPACE_MEMBER.picture);

    const session = res.cookies.find((c) => c.name === 'onboarding_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(t.config.sessionSecret, session?.value ?? '')));
    expect(row?.kind).toBe('google');
    // The transaction cookie is cleared on first use.
    expect(res.cookies.find((c) => c.name === 'onboarding_oidc')).toMatchObject({
      value: '',
      path: '/api/auth/google',
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `onboarding_session=${session?.value}` },
    });
    expect(meResponseSchema.parse(me.json()).user).toEqual(body.user);
    expect(provider.tokenRequests).toBeGreaterThan(0);
  });

  it('keeps the role and department of an existing member, and updates name and picture', async () => {
    provider.claims = { ...WORKSPACE_MEMBER, email: 'Treasurer@Inspired2Uplift.org', name: 'Old Name' };
    let { code, state, transactionCookie } = await signInUpToCallback();
    expect((await callback({ code, state }, transactionCookie)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ role: 'finance', department: 'Finance' })
      .where(eq(users.email, 'treasurer@inspired2uplift.org'));

    provider.claims = {
      ...WORKSPACE_MEMBER,
      email: 'treasurer@inspired2uplift.org',
      name: 'Tess Treasurer',
      picture: undefined,
    };
    ({ code, state, transactionCookie } = await signInUpToCallback());
    const res = await callback({ code, state }, transactionCookie);
    expect(googleCallbackResponseSchema.parse(res.json()).user).toMatchObject({
      email: 'treasurer@inspired2uplift.org',
      name: 'Tess Treasurer',
      role: 'finance',
      department: 'Finance',
    });
    expect((await userByEmail('treasurer@inspired2uplift.org'))?.picture).toBeNull();
  });

  it('ends the session the request came with (rotation)', async () => {
    let { code, state, transactionCookie } = await signInUpToCallback();
    const first = await callback({ code, state }, transactionCookie);
    const oldSession = cookieHeader(first, 'onboarding_session') ?? '';

    ({ code, state, transactionCookie } = await signInUpToCallback());
    const second = await callback({ code, state }, `${transactionCookie}; ${oldSession}`);
    expect(second.statusCode).toBe(200);
    expect(cookieHeader(second, 'onboarding_session')).not.toBe(oldSession);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldSession } })).statusCode).toBe(
      401,
    );
  });

  it('passes on the issuer identifier of the authorization response and refuses a wrong one', async () => {
    let { code, state, transactionCookie } = await signInUpToCallback();
    expect((await callback({ code, state, iss: provider.issuer }, transactionCookie)).statusCode).toBe(200);

    const before = await sessionCount();
    ({ code, state, transactionCookie } = await signInUpToCallback());
    const res = await callback({ code, state, iss: 'https://evil.example' }, transactionCookie);
    expect(res.statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);
  });
});

describe('POST /api/auth/google/callback: accounts that may not sign in', () => {
  it('refuses an account of another Workspace domain with 403 naming the domain to use', async () => {
    provider.claims = { ...WORKSPACE_MEMBER, email: 'eve@other.org', hd: 'other.org' };
    await expectRefused(403, DOMAIN_REFUSAL);
    expect(domainRefusalMessage('inspired2uplift.org')).toBe(DOMAIN_REFUSAL);
    expect(await userByEmail('eve@other.org')).toBeUndefined();
  });

  it('refuses an account without hd (a personal Google account), even with an e-mail at the domain', async () => {
    provider.claims = { ...WORKSPACE_MEMBER, email: 'gmail.user@gmail.com', hd: undefined };
    await expectRefused(403, DOMAIN_REFUSAL);
    provider.claims = { ...WORKSPACE_MEMBER, hd: undefined, email: 'spoof@inspired2uplift.org' };
    await expectRefused(403, DOMAIN_REFUSAL);
    expect(await userByEmail('spoof@inspired2uplift.org')).toBeUndefined();
  });

  it('refuses an unverified e-mail address (false, or anything but the boolean true)', async () => {
    provider.claims = { ...WORKSPACE_MEMBER, email: 'unverified@inspired2uplift.org', email_verified: false };
    await expectRefused(403, DOMAIN_REFUSAL);
    provider.claims = { ...WORKSPACE_MEMBER, email: 'unverified@inspired2uplift.org', email_verified: 'true' };
    await expectRefused(403, DOMAIN_REFUSAL);
    expect(await userByEmail('unverified@inspired2uplift.org')).toBeUndefined();
  });
});

describe('POST /api/auth/google/callback: ID tokens that fail verification', () => {
  it('refuses a token for another audience', async () => {
    provider.beforeIdTokenSigning = ({ payload }) => {
      payload.aud = 'someone-else.apps.googleusercontent.com';
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
  });

  it('refuses an expired token', async () => {
    provider.beforeIdTokenSigning = ({ payload }) => {
      const now = Math.floor(Date.now() / 1000);
      Object.assign(payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
  });

  it('refuses a token from another issuer', async () => {
    provider.beforeIdTokenSigning = ({ payload }) => {
      payload.iss = 'https://accounts.evil.example';
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
  });

  it('refuses a token whose nonce is not the one of this sign-in', async () => {
    provider.beforeIdTokenSigning = ({ payload }) => {
      payload.nonce = 'a-nonce-of-another-sign-in';
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
  });

  it('refuses a token signed with a key that is not in the provider JWKS (claiming a published kid)', async () => {
    const [published] = provider.publishedKeys();
    const { privateKey: foreignKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    provider.beforeTokenResponse = (response) => {
      if (response.body === '' || typeof response.body.id_token !== 'string') return;
      const [, payload] = response.body.id_token.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: published?.kid })).toString(
        'base64url',
      );
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), foreignKey).toString('base64url');
      response.body.id_token = `${header}.${payload}.${signature}`;
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
  });

  it('refuses a token whose claims were changed after signing (other.org rewritten to the allowed domain)', async () => {
    provider.claims = { ...WORKSPACE_MEMBER, email: 'mallory@other.org', hd: 'other.org' };
    provider.beforeTokenResponse = (response) => {
      if (response.body === '' || typeof response.body.id_token !== 'string') return;
      const [header, payload, signature] = response.body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(
        JSON.stringify({ ...claims, hd: 'inspired2uplift.org', email: 'mallory@inspired2uplift.org' }),
      ).toString('base64url');
      response.body.id_token = `${header}.${forged}.${signature}`;
    };
    await expectRefused(401, CALLBACK_MESSAGES.refused);
    expect(await userByEmail('mallory@inspired2uplift.org')).toBeUndefined();
  });
});

describe('POST /api/auth/google/callback: transactions that do not hold', () => {
  it('refuses a replayed callback (same code, state and cookie) without asking the provider again', async () => {
    const { code, state, transactionCookie } = await signInUpToCallback();
    expect((await callback({ code, state }, transactionCookie)).statusCode).toBe(200);
    const sessionsAfterFirst = await sessionCount();
    const tokenRequests = provider.tokenRequests;

    const replay = await callback({ code, state }, transactionCookie);
    expect(replay.statusCode).toBe(400);
    expect(apiErrorSchema.parse(replay.json()).message).toBe(CALLBACK_MESSAGES.replayed);
    expect(cookieHeader(replay, 'onboarding_session')).toBeUndefined();
    expect(provider.tokenRequests).toBe(tokenRequests);
    expect(await sessionCount()).toBe(sessionsAfterFirst);
  });

  it('a replay that reaches another server process is refused by the provider (codes work once)', async () => {
    const { code, state, transactionCookie } = await signInUpToCallback();
    expect((await callback({ code, state }, transactionCookie)).statusCode).toBe(200);
    const otherProcess = await createTestApp({ env: googleEnv(provider.issuer) });
    try {
      const replay = await callback({ code, state }, transactionCookie, otherProcess);
      expect(provider.lastTokenStatus).toBe(400);
      expect(replay.statusCode).toBe(401);
      expect(apiErrorSchema.parse(replay.json()).message).toBe(CALLBACK_MESSAGES.refused);
      expect(await sessionCount(otherProcess)).toBe(0);
    } finally {
      await otherProcess.close();
    }
  });

  it('refuses a state that is not the one of the transaction, without exchanging the code', async () => {
    const before = await sessionCount();
    const { code, transactionCookie } = await signInUpToCallback();
    const tokenRequests = provider.tokenRequests;
    const res = await callback({ code, state: client.randomState() }, transactionCookie);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toBe(CALLBACK_MESSAGES.mismatch);
    expect(provider.tokenRequests).toBe(tokenRequests);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a PKCE code verifier that does not match the challenge: the provider checks it', async () => {
    const before = await sessionCount();
    const { code, state, transactionCookie } = await signInUpToCallback();
    const opened = await openTransaction(t.config.sessionSecret, transactionCookie.split('=')[1], t.clock.now);
    if (!opened) throw new Error('cannot open the transaction');
    // Someone who could write the cookie (they cannot: it is encrypted with SESSION_SECRET) with another verifier.
    const tampered = await sealTransaction(
      t.config.sessionSecret,
      { ...opened.transaction, codeVerifier: client.randomPKCECodeVerifier() },
      t.clock.now,
    );
    const tokenRequests = provider.tokenRequests;
    const res = await callback({ code, state }, `onboarding_oidc=${tampered}`);
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBe(CALLBACK_MESSAGES.refused);
    // The code went to the token endpoint, which refused it: the refusal is the provider's PKCE check, not ours.
    expect(provider.tokenRequests).toBe(tokenRequests + 1);
    expect(provider.lastTokenStatus).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a callback without the transaction cookie, or with a forged or expired one', async () => {
    const before = await sessionCount();
    const { code, state, transactionCookie } = await signInUpToCallback();
    // Forge by changing one character in the middle of the sealed value (always a real change, never padding bits).
    const middle = Math.floor(transactionCookie.length / 2);
    const swapped = transactionCookie[middle] === 'A' ? 'B' : 'A';
    const forged = `${transactionCookie.slice(0, middle)}${swapped}${transactionCookie.slice(middle + 1)}`;
    for (const cookie of [undefined, 'onboarding_oidc=not-a-transaction', forged]) {
      const res = await callback({ code, state }, cookie);
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).message).toBe(CALLBACK_MESSAGES.expired);
    }
    t.clock.advance(TRANSACTION_TTL_MS + 1000);
    const late = await callback({ code, state }, transactionCookie);
    expect(late.statusCode).toBe(400);
    expect(apiErrorSchema.parse(late.json()).message).toBe(CALLBACK_MESSAGES.expired);
    expect(await sessionCount()).toBe(before);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const res = await callback({ code: '', state: 'x' }, undefined);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toContain('body.code');
  });
});

describe('in production', () => {
  let prod: FastifyInstance;
  let database: OpenDatabase;
  const PUBLIC_URL = 'https://onboarding.inspired2uplift.org';
  beforeAll(async () => {
    database = await createTestDatabase();
    // env.ts refuses a plain-http issuer in production (see env.test.ts); this configuration is built by hand so that
    // the production cookies can be seen against the local provider.
    const config = {
      ...loadConfig(googleEnv(provider.issuer, { PUBLIC_URL })),
      nodeEnv: 'production' as const,
      isProduction: true,
      devLogin: false,
    };
    prod = await buildApp({ config, db: database.db, catalog: createTestCatalog(), clientDistDir: null });
  });
  afterAll(async () => {
    await prod.close();
    await database.close();
  });

  it('sets Secure cookies with __Secure-/__Host- names, and never offers or accepts development sign-in', async () => {
    const started = await prod.inject({ method: 'GET', url: '/api/auth/google/start' });
    const transaction = started.cookies.find((c) => c.name === '__Secure-onboarding_oidc');
    expect(transaction).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const { code, state } = await provider.authorize(String(started.headers.location));
    const res = await prod.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code, state },
      headers: { origin: PUBLIC_URL, cookie: `${transaction?.name}=${transaction?.value}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === '__Host-onboarding_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });

    const config = await prod.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ signIn: { google: true, development: false } });
    const dev = await prod.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: {},
      headers: { origin: PUBLIC_URL },
    });
    expect(dev.statusCode).toBe(403);
    expect(dev.cookies).toHaveLength(0);
  });
});

describe('without Google settings', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('has no Google sign-in routes', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google/start' })).statusCode).toBe(404);
    expect(
      (await plain.app.inject({ method: 'POST', url: '/api/auth/google/callback', payload: { code: 'c', state: 's' } }))
        .statusCode,
    ).toBe(404);
  });
});
