import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { listAudit, MAX_AUDIT_PAGE_SIZE, recordAudit } from './audit.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the audit log repository', () => {
  it('writes entries and reads them newest first, filtered and paged', async () => {
    const db = t.database.db;
    const at = (minute: number) => new Date(Date.UTC(2025, 3, 1, 9, minute));
    await recordAudit(db, {
      kind: 'secret-reveal',
      outcome: 'allowed',
      actorEmail: 'Ada@Inspired2uplift.org',
      subject: 'FINANCE_PASS',
      at: at(1),
    });
    await recordAudit(db, {
      kind: 'secret-refusal',
      outcome: 'refused',
      reason: 'role-mismatch',
      actorEmail: 'bo@inspired2uplift.org',
      subject: 'HR_PASS',
      details: { stepId: 'hr-profile' },
      at: at(2),
    });
    await recordAudit(db, {
      kind: 'role-change',
      outcome: 'ok',
      actorEmail: 'admin@inspired2uplift.org',
      subject: 'bo@inspired2uplift.org',
      at: at(3),
    });

    const all = await listAudit(db, { filters: { from: at(0), to: at(4) } });
    expect(all.total).toBe(3);
    expect(all.entries.map((e) => e.kind)).toEqual(['role-change', 'secret-refusal', 'secret-reveal']);
    expect(all.entries[1]).toMatchObject({
      actorUserId: null,
      reason: 'role-mismatch',
      details: { stepId: 'hr-profile' },
    });

    expect(
      (await listAudit(db, { filters: { actorEmail: 'ADA@inspired2uplift.org' } })).entries.map((e) => e.subject),
    ).toEqual(['FINANCE_PASS']);
    expect((await listAudit(db, { filters: { outcome: 'refused' } })).entries.map((e) => e.subject)).toEqual([
      'HR_PASS',
    ]);
    expect((await listAudit(db, { filters: { subject: 'bo@inspired2uplift.org', kind: 'role-change' } })).total).toBe(
      1,
    );
    expect((await listAudit(db, { filters: { from: at(2), to: at(3) } })).entries.map((e) => e.kind)).toEqual([
      'secret-refusal',
    ]);

    const page2 = await listAudit(db, { filters: { from: at(0), to: at(4) }, page: { number: 2, size: 2 } });
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.entries.map((e) => e.kind)).toEqual(['secret-reveal']);
    const huge = await listAudit(db, { page: { size: 10_000 } });
    expect(huge.entries.length).toBeLessThanOrEqual(MAX_AUDIT_PAGE_SIZE);
  });

  it('reads entries written at the same instant in the order they were written, newest first', async () => {
    // The embedded database's clock counts milliseconds: requests in quick succession share a timestamp.
    const db = t.database.db;
    const instant = new Date(Date.UTC(2025, 4, 1, 12, 0));
    const subjects = Array.from({ length: 12 }, (_, i) => `same-instant-${i}`);
    for (const subject of subjects) await recordAudit(db, { kind: 'role-change', outcome: 'ok', subject, at: instant });
    const { entries } = await listAudit(db, { filters: { from: instant, to: new Date(instant.getTime() + 1) } });
    expect(entries.map((e) => e.subject)).toEqual([...subjects].reverse());
  });

  it('records a development sign-in', async () => {
    await signIn(t.app, { email: 'sign.in@inspired2uplift.org' });
    const { entries } = await listAudit(t.database.db, {
      filters: { kind: 'sign-in', actorEmail: 'sign.in@inspired2uplift.org' },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      outcome: 'ok',
      details: { method: 'development' },
      actorUserId: expect.any(String),
    });
  });
});
