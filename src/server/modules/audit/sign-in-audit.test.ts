import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleSignIn, startGoogleTestApp, type GoogleTestApp } from '../../test/test-google.js';
import { WORKSPACE_MEMBER } from '../../test/test-oidc-provider.js';
import { listAudit } from './audit.repository.js';

/** Google sign-ins, admitted and refused, are written to the audit log (docs/product.md#admin-area). */

let google: GoogleTestApp;
beforeAll(async () => {
  google = await startGoogleTestApp({ env: { SESSION_SECRET: 'sign-in-audit-test-secret-0123456789abcdef' } });
});
afterAll(async () => {
  await google?.close();
});

describe('the audit log of Google sign-ins', () => {
  it('records an admitted sign-in and a refused one with the reason', async () => {
    expect((await googleSignIn(google)).res.statusCode).toBe(200);
    expect((await googleSignIn(google, { email: 'eve@example.com', hd: 'example.com' })).res.statusCode).toBe(403);

    const signIns = await listAudit(google.t.database.db, { filters: { kind: 'sign-in' } });
    expect(signIns.entries.map((e) => [e.actorEmail, e.outcome, e.details])).toEqual([
      [WORKSPACE_MEMBER.email, 'ok', { method: 'google' }],
    ]);
    const refused = await listAudit(google.t.database.db, { filters: { kind: 'sign-in-refused' } });
    expect(refused.entries).toHaveLength(1);
    expect(refused.entries[0]).toMatchObject({ actorEmail: 'eve@example.com', outcome: 'refused', actorUserId: null });
    expect(refused.entries[0]?.reason).toEqual(expect.any(String));
  });
});
