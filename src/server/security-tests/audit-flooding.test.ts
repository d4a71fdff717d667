import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../shared/roles.js';
import { loadContent } from '../content/load-content.js';
import { listAudit } from '../modules/audit/audit.repository.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { REFUSAL_AUDIT_WINDOW_MS } from '../modules/secrets/secrets.routes.js';
import { projectRoot } from '../project-root.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../test/test-app.js';
import { TEST_SECRET_VALUES } from '../test/test-secrets.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how), audit flooding: a member asking for a shared password
 * in a role preview (`?previewRole=`, always refused) as often as they like writes one refusal entry per member,
 * password and reason in ten minutes; the next entry says how many came in between.
 */

let catalog: RoleCatalog;
let t: TestApp;
beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
  t = await createTestApp({ catalog, env: { ...TEST_SECRET_VALUES } });
});
afterAll(async () => {
  await t?.close();
});

const testStepId = () => {
  const step = catalog
    .get('test')
    ?.scopes.flatMap((scope) => scope.steps)
    .find((s) => s.envVariable?.name === 'TEST_PASS');
  if (!step) throw new Error('the test role has no TEST_PASS step');
  return step.id;
};
const refusals = async () => (await listAudit(t.database.db, { filters: { kind: 'secret-refusal' } })).entries;

describe('refusals of a shared password', () => {
  it('are audited once per member, password and reason in ten minutes, then with the count of the ones between', async () => {
    await upsertMember(t.database.db, {
      email: 'flo@inspired2uplift.org',
      role: 'test',
      department: 'Operations',
      isAdmin: false,
    });
    const cookie = await signInWithGoogleSession(t, { email: 'flo@inspired2uplift.org' });
    const ask = (previewRole: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/secrets/${testStepId()}?previewRole=${previewRole}`,
        headers: { cookie },
      });

    for (let i = 0; i < 40; i += 1) expect((await ask(`role${i % 3}`)).statusCode).toBe(403);
    expect(await refusals()).toHaveLength(1);

    t.clock.advance(REFUSAL_AUDIT_WINDOW_MS - 1000);
    expect((await ask('volunteer')).statusCode).toBe(403);
    expect(await refusals()).toHaveLength(1);

    t.clock.advance(1000);
    expect((await ask('volunteer')).statusCode).toBe(403);
    const entries = await refusals();
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => (e.details as { repeated?: number } | null)?.repeated)).toContain(40);

    // Another member's refusals are their own.
    await upsertMember(t.database.db, {
      email: 'gus@inspired2uplift.org',
      role: 'test',
      department: 'Operations',
      isAdmin: false,
    });
    const other = await signInWithGoogleSession(t, { email: 'gus@inspired2uplift.org' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/secrets/${testStepId()}?previewRole=x`,
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(403);
    expect(await refusals()).toHaveLength(3);
  });
});
