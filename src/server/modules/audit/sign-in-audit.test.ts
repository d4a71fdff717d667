import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, PAGE_NAVIGATION } from '../../test/test-app.js';
import { TestOidcProvider, WORKSPACE_MEMBER } from '../../test/test-oidc-provider.js';
import { listAudit } from './audit.repository.js';

/** Google sign-ins, admitted and refused, are written to the audit log (docs/product.md#admin-area). */

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await TestOidcProvider.start();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'onboarding-audit-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      OIDC_ISSUER: provider.issuer,
      SESSION_SECRET: 'sign-in-audit-test-secret-0123456789abcdef',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** A whole Google sign-in of whoever `provider.claims` describes; returns the callback's status. */
async function signInWithGoogle(): Promise<number> {
  const started = await t.app.inject({ method: 'GET', url: '/api/auth/google/start', headers: PAGE_NAVIGATION });
  const cookie = started.cookies.find((c) => c.name === 'onboarding_oidc');
  const { code, state } = await provider.authorize(String(started.headers.location));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: { code, state },
    headers: { cookie: `${cookie?.name}=${cookie?.value}` },
  });
  return res.statusCode;
}

describe('the audit log of Google sign-ins', () => {
  it('records an admitted sign-in and a refused one with the reason', async () => {
    provider.claims = { ...WORKSPACE_MEMBER };
    expect(await signInWithGoogle()).toBe(200);
    provider.claims = { ...WORKSPACE_MEMBER, email: 'eve@example.com', hd: 'example.com' };
    expect(await signInWithGoogle()).toBe(403);

    const signIns = await listAudit(t.database.db, { filters: { kind: 'sign-in' } });
    expect(signIns.entries.map((e) => [e.actorEmail, e.outcome, e.details])).toEqual([
      [WORKSPACE_MEMBER.email, 'ok', { method: 'google' }],
    ]);
    const refused = await listAudit(t.database.db, { filters: { kind: 'sign-in-refused' } });
    expect(refused.entries).toHaveLength(1);
    expect(refused.entries[0]).toMatchObject({ actorEmail: 'eve@example.com', outcome: 'refused', actorUserId: null });
    expect(refused.entries[0]?.reason).toEqual(expect.any(String));
  });
});
