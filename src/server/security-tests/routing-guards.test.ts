import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../shared/roles.js';
import { loadContent } from '../content/load-content.js';
import { sessions } from '../db/schema.js';
import { loadConfig } from '../env.js';
import { listAudit } from '../modules/audit/audit.repository.js';
import { upsertDevelopmentUser } from '../modules/auth/users.repository.js';
import { openTransaction, sealTransaction } from '../modules/google-auth/transaction.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { NOT_FROM_THE_APP_MESSAGE } from '../modules/secrets/secrets.routes.js';
import { foreignHostMessage } from '../plugins/allowed-hosts.js';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin.js';
import { projectRoot } from '../project-root.js';
import {
  createTestApp,
  insertTestSession,
  PRODUCTION_TEST_ENV,
  signIn,
  signInWithGoogleSession,
  type TestApp,
} from '../test/test-app.js';
import { TEST_SECRET_VALUES } from '../test/test-secrets.js';

/**
 * Security review (docs/decisions/015-security-review.md), routing and guards: the checks that protect the API decide
 * by the route the router matched — which decodes percent-escapes — never by a prefix test of the raw URL; routes that
 * hand out secrets only answer the app's own requests; anonymous refusals cannot fill the audit log; admin routes refuse
 * before reading a body; a development server answers only to its own names; development sessions count for nothing on
 * a production server. The rate limits of sign-in are tested in modules/google-auth and modules/auth.
 */

const FOREIGN = 'https://evil.example';
const CROSS_SITE = { statusCode: 403, error: 'Forbidden', message: CROSS_SITE_MESSAGE };

/** Spellings of /api/auth/… that the router may take for the real path, or that an older check let through. */
const ENCODED_SIGN_IN_PATHS = [
  '/%61pi/auth/dev-login',
  '/%61%70%69/auth/dev-login',
  '/api/%61uth/dev-login',
  '/api%2Fauth%2Fdev-login',
  '/api/auth%2Fdev-login',
  '//api/auth/dev-login',
  '/api//auth/dev-login',
  '/API/auth/dev-login',
  '/%41PI/auth/dev-login',
];

let catalog: RoleCatalog;
let t: TestApp;
const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
  t = await createTestApp({ catalog, env: { ...TEST_SECRET_VALUES } });
});
afterAll(async () => {
  await t?.close();
});

describe('the same-origin check cannot be skipped by spelling the path differently', () => {
  it.each(ENCODED_SIGN_IN_PATHS)('refuses a cross-site POST %s with 403 and signs nobody in', async (url) => {
    const before = await sessionCount();
    const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: FOREIGN } });
    expect(res.json()).toEqual(CROSS_SITE);
    expect(res.cookies).toHaveLength(0);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a cross-site sign-out through an encoded path, and the session survives', async () => {
    const cookie = await signIn(t.app, { email: 'sam@inspired2uplift.org' });
    for (const url of ['/%61pi/auth/logout', '/api/auth/%6Cogout', '/api%2Fauth%2Flogout']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: FOREIGN, cookie } });
      expect(res.json()).toEqual(CROSS_SITE);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('the session is looked up by the matched route', () => {
  it('knows the member at an encoded spelling of an /api route', async () => {
    const cookie = await signIn(t.app, { email: 'robin@inspired2uplift.org' });
    for (const url of ['/%61pi/me', '/api/%6De']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ user: { email: 'robin@inspired2uplift.org' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('shared passwords', () => {
  const testStepId = () => {
    const step = catalog
      .get('test')
      ?.scopes.flatMap((scope) => scope.steps)
      .find((s) => s.envVariable?.name === 'TEST_PASS');
    if (!step) throw new Error('the test role has no TEST_PASS step');
    return step.id;
  };

  it('refuses a top-level navigation from another site (Lax cookie sent) and writes no reveal in the member’s name', async () => {
    await upsertMember(t.database.db, {
      email: 'tess@inspired2uplift.org',
      role: 'test',
      department: 'Operations',
      isAdmin: false,
    });
    const cookie = await signInWithGoogleSession(t, { email: 'tess@inspired2uplift.org' });
    const url = `/api/secrets/${testStepId()}`;
    const { total: before } = await listAudit(t.database.db);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toMatchObject({ message: NOT_FROM_THE_APP_MESSAGE });
      expect(res.body).not.toContain(TEST_SECRET_VALUES.TEST_PASS);
    }
    // An old browser that sends no Sec-Fetch-Site at all, and no header of the app either.
    const bare = await t.app.inject({ method: 'GET', url, headers: { cookie, origin: 'http://localhost' } });
    expect(bare.statusCode).toBe(403);
    expect((await listAudit(t.database.db)).total).toBe(before);

    // The app's own fetch: same-origin, or the app's header.
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' },
      { 'x-requested-with': 'onboarding', origin: 'http://localhost' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ value: TEST_SECRET_VALUES.TEST_PASS });
    }
  });

  it('refuses an image, a video or a frame of this site pointed at a shared password (content or a tampered page), and writes no reveal', async () => {
    await upsertMember(t.database.db, {
      email: 'ivy@inspired2uplift.org',
      role: 'test',
      department: 'Operations',
      isAdmin: false,
    });
    const cookie = await signInWithGoogleSession(t, { email: 'ivy@inspired2uplift.org' });
    const url = `/api/secrets/${testStepId()}`;
    const { total: before } = await listAudit(t.database.db);
    for (const dest of ['image', 'video', 'audio', 'iframe', 'document', 'script']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: {
          cookie,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'no-cors',
          'sec-fetch-dest': dest,
          referer: 'http://localhost/dashboard',
        },
      });
      expect(res.statusCode, dest).toBe(403);
      expect(res.body).not.toContain(TEST_SECRET_VALUES.TEST_PASS);
    }
    expect((await listAudit(t.database.db)).total).toBe(before);
  });

  it('keeps anonymous refusals out of the audit log, however many there are', async () => {
    const { total: before } = await listAudit(t.database.db);
    for (let i = 0; i < 25; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/api/secrets/${testStepId()}` })).statusCode).toBe(401);
    }
    expect((await listAudit(t.database.db)).total).toBe(before);
  });
});

describe('admin routes refuse before the body is read', () => {
  const bigCsv = `email,role\n${'x@inspired2uplift.org,volunteer\n'.repeat(130_000)}`;

  it('answers an anonymous 4 MB import 401, not a parse or size answer', async () => {
    expect(bigCsv.length).toBeGreaterThan(4_000_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      payload: bigCsv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a member 403 for an unreadable JSON body (the permission comes first)', async () => {
    const cookie = await signIn(t.app, { email: 'member@inspired2uplift.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      payload: '{"csv": ',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a development server answers only to its own names (DNS rebinding)', () => {
  it('refuses a Host or an Origin that is not this machine’s', async () => {
    const refused = { statusCode: 403, error: 'Forbidden', message: foreignHostMessage(t.config) };
    for (const headers of [
      { host: 'rebind.example:3000' },
      { host: 'localhost.evil.example' },
      { host: 'localhost', origin: 'http://rebind.example:3000' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/config', headers });
      expect(res.json(), JSON.stringify(headers)).toEqual(refused);
    }
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: {},
      headers: { host: 'rebind.example:3000', origin: 'http://rebind.example:3000' },
    });
    expect(dev.statusCode).toBe(403);
    expect(dev.cookies).toHaveLength(0);
  });

  it('decides each Host and Origin pair on its own, however often a Host was allowed before', async () => {
    const config = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/config', headers });
    for (let i = 0; i < 3; i += 1) {
      expect((await config({ host: 'localhost:3000' })).statusCode).toBe(200);
      expect((await config({ host: 'localhost:3000', origin: 'http://rebind.example:3000' })).statusCode).toBe(403);
      expect((await config({ host: 'localhost:3000', origin: 'http://localhost:3000' })).statusCode).toBe(200);
      expect((await config({ host: 'rebind.example:3000' })).statusCode).toBe(403);
    }
  });

  it('answers localhost, 127.0.0.1 and [::1] on any port', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('listens on 127.0.0.1 by default in development, on every interface in production, and as HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = loadConfig({ ...PRODUCTION_TEST_ENV });
    expect(production.host).toBe('0.0.0.0');
  });
});

describe('development sessions on a production server', () => {
  it('count for nothing, not even for an admin of ADMIN_EMAILS', async () => {
    const production = await createTestApp({
      env: { ...PRODUCTION_TEST_ENV, ADMIN_EMAILS: 'boss@inspired2uplift.org' },
    });
    try {
      // A development session left in the database, e.g. by a development run against the same database.
      const user = await upsertDevelopmentUser(production.database.db, {
        email: 'boss@inspired2uplift.org',
        name: 'Boss',
      });
      const cookie = await insertTestSession(production, user.id, 'development');
      expect((await production.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
        401,
      );
      expect(
        (await production.app.inject({ method: 'GET', url: '/api/admin/members', headers: { cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await production.close();
    }
  });
});

describe('the sign-in transaction', () => {
  it('checks returnTo again with the start route’s rule when it is opened', async () => {
    const secret = 'a-session-secret-of-enough-length-0123456789';
    const now = new Date('2026-01-05T10:00:00Z');
    const base = { state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43), redirectUri: 'http://localhost/login' };
    for (const returnTo of ['//evil.example/x', '/\\evil.example', '/api/auth/logout', '/login?code=1']) {
      const opened = await openTransaction(secret, await sealTransaction(secret, { ...base, returnTo }, now), now);
      expect(opened?.transaction.returnTo, returnTo).toBe('/dashboard');
    }
    const fine = await openTransaction(
      secret,
      await sealTransaction(secret, { ...base, returnTo: '/dashboard/steps' }, now),
      now,
    );
    expect(fine?.transaction.returnTo).toBe('/dashboard/steps');
  });
});
