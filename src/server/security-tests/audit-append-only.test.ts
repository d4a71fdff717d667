import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema.js';
import { recordAudit } from '../modules/audit/audit.repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how): the audit log is append-only in the database, as the
 * acknowledgment record is — a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE, so neither a bug nor
 * someone with the app's connection can rewrite who saw which password.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await recordAudit(t.database.db, {
    kind: 'secret-reveal',
    outcome: 'allowed',
    actorEmail: 'amy@inspired2uplift.org',
    subject: 'HR_PASS',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the audit log', () => {
  it('refuses to change, delete or truncate an entry, and keeps taking new ones', async () => {
    const before = await t.database.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    await expect(
      t.database.db.update(auditLog).set({ actorEmail: 'someone-else@inspired2uplift.org' }),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await t.database.db.select().from(auditLog)).toEqual(before);
    await recordAudit(t.database.db, { kind: 'role-change', outcome: 'ok', subject: 'amy@inspired2uplift.org' });
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length + 1);
  });

  it("lets a person's user record be removed: their entries lose only the link to it and keep who acted", async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'leaver@inspired2uplift.org', name: 'Lee Leaver', workspaceId: 'workspace-leaver' })
      .returning();
    const entry = await recordAudit(t.database.db, {
      kind: 'secret-reveal',
      outcome: 'allowed',
      actorUserId: user!.id,
      actorEmail: 'leaver@inspired2uplift.org',
      subject: 'HR_PASS',
    });
    // Only the foreign key's own SET NULL is let through, not the same change made by hand together with another.
    await expect(
      t.database.db.update(auditLog).set({ actorUserId: null, subject: 'WIX_PASS' }).where(eq(auditLog.id, entry.id)),
    ).rejects.toThrow();
    await t.database.db.delete(users).where(eq(users.id, user!.id));
    const [after] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(after).toMatchObject({
      actorUserId: null,
      actorEmail: 'leaver@inspired2uplift.org',
      subject: 'HR_PASS',
      kind: 'secret-reveal',
    });
  });
});
