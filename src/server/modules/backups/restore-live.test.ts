import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingResponseSchema } from '../../../shared/api.js';
import { formatDateTime, formatDayOf } from '../../../shared/dates.js';
import {
  backupSchema,
  backupsOverviewSchema,
  restoreConfirmationOf,
  restoreResultSchema,
} from '../../../shared/backups-api.js';
import { migrate, openDatabase } from '../../db/client.js';
import { createTestApp, embeddedBackups, signIn, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { upsertMember } from '../members/members.repository.js';
import { listBackups } from './backups.js';

const ADMIN = 'boss@inspired2uplift.org';
const MEMBER = 'volunteer@inspired2uplift.org';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'onboarding-restore-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A file-backed embedded database, a backup and a restore: slower than most server tests on a busy machine.
describe('restoring a backup from the Backups tab', { timeout: 180_000 }, () => {
  let t: TestApp;
  let backupsDir: string;
  let admin: string;
  let member: string;

  const stepDone = (cookie: string) => ({
    method: 'PUT' as const,
    url: `/api/progress/steps/${VOLUNTEER_STEP_IDS[0]}`,
    headers: { cookie },
    payload: { completed: true },
  });
  const completedSteps = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/onboarding', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return onboardingResponseSchema.parse(res.json()).progress.completed.map((c) => c.stepId);
  };
  const restore = (cookie: string, name: string, confirmation: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/restore`,
      headers: { cookie },
      payload: { confirmation },
    });
  const restoreAudit = async () =>
    (await t.app.inject({ url: '/api/admin/audit?kind=backup-restore', headers: { cookie: admin } })).json() as {
      items: { kind: string; outcome: string; actorEmail: string; subject: string; detail: unknown }[];
    };

  beforeAll(async () => {
    const dataDir = path.join(root, 'live');
    backupsDir = path.join(dataDir, 'backups');
    const database = await openDatabase({ dataDir });
    await migrate(database);
    t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN },
      database,
      backups: embeddedBackups(backupsDir),
    });
    admin = await signIn(t.app, { email: ADMIN, name: 'Boss Person' });
    member = await signIn(t.app, { email: MEMBER, name: 'Vol Unteer' });
  });
  afterAll(() => t.close());

  it('is for admins only, wants the backup date typed, takes a safety backup, is audited and serves the old rows', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(taken.statusCode).toBe(201);
    const backup = backupSchema.parse(taken.json());
    const confirmation = restoreConfirmationOf(backup.createdAt);
    const iso = t.clock.now.toISOString();
    // The date and the time to the minute, as the organisation writes them (en-GB, Europe/London): two backups of one
    // day cannot be confused.
    expect(confirmation).toBe(formatDateTime(t.clock.now));
    expect(confirmation).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/u);

    // After the backup: the member completes a step, and becomes a department lead; an editor is named.
    t.clock.advance(3_600_000);
    expect((await t.app.inject(stepDone(member))).statusCode).toBe(200);
    expect(await completedSteps(member)).toEqual([VOLUNTEER_STEP_IDS[0]]);
    await upsertMember(t.database.db, {
      email: 'lead@inspired2uplift.org',
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
      leadOf: ['Events'],
    });
    await upsertMember(t.database.db, {
      email: 'editor@inspired2uplift.org',
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
      isEditor: true,
    });
    const lead = await signIn(t.app, { email: 'lead@inspired2uplift.org' });
    const editor = await signIn(t.app, { email: 'editor@inspired2uplift.org' });

    // Leads, editors and members may not restore; nothing is taken or changed.
    for (const cookie of [lead, editor, member])
      expect((await restore(cookie, backup.name, confirmation)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/backups/${backup.name}/restore` })).statusCode).toBe(
      401,
    );
    // A confirmation that is not the backup's date is refused, and says what to type.
    for (const wrong of [
      '',
      'yes',
      'RESTORE',
      '2020-01-01',
      iso.slice(0, 10),
      formatDayOf(t.clock.now),
      `${iso.slice(0, 10)} ${iso.slice(11, 16)}`,
    ]) {
      const refused = await restore(admin, backup.name, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining(confirmation) });
    }
    expect((await restore(admin, 'onboarding-2020-01-01T00-00-00-000Z.backup', '2020-01-01')).statusCode).toBe(404);
    expect(listBackups(backupsDir).map((b) => b.name)).toEqual([backup.name]);
    expect(await completedSteps(member)).toEqual([VOLUNTEER_STEP_IDS[0]]);

    // The admin restores.
    t.clock.advance(60_000);
    // Case, commas and spaces aside.
    const restored = await restore(
      admin,
      backup.name,
      ` ${confirmation.replace(',', '').replace(' ', '  ').toUpperCase()} `,
    );
    expect(restored.statusCode).toBe(200);
    const result = restoreResultSchema.parse(restored.json());
    expect(result.restored.name).toBe(backup.name);
    expect(result.safetyBackup).toMatchObject({ beforeRestore: true });
    expect(result.safetyBackup.name).toMatch(/-before-restore\.backup$/);
    expect(result.message).toContain(result.safetyBackup.name);

    // The running server serves the backup's rows at once: the step is not completed, the lead and editor are gone
    // (their sessions with them); the admin and the member stay signed in.
    expect(await completedSteps(member)).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/admin/members/lead@inspired2uplift.org', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/onboarding', headers: { cookie: lead } })).statusCode).toBe(401);

    // The safety backup is listed with the others.
    const overview = backupsOverviewSchema.parse(
      (await t.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } })).json(),
    );
    expect(overview.available && overview.backups.map((b) => [b.name, b.beforeRestore])).toEqual([
      [result.safetyBackup.name, true],
      [backup.name, false],
    ]);

    // Audited: who, which backup, the safety backup. The audit log itself is not rolled back (see the undo below).
    const audit = await restoreAudit();
    expect(audit.items[0]).toMatchObject({
      kind: 'backup-restore',
      outcome: 'ok',
      actorEmail: ADMIN,
      subject: backup.name,
      detail: { safetyBackup: result.safetyBackup.name },
    });

    // Undo: restoring the safety backup brings the completed step back.
    const safety = result.safetyBackup;
    const undone = await restore(admin, safety.name, restoreConfirmationOf(safety.createdAt));
    expect(undone.statusCode).toBe(200);
    expect(await completedSteps(member)).toEqual([VOLUNTEER_STEP_IDS[0]]);
    expect((await restoreAudit()).items.map((i) => i.subject)).toEqual([safety.name, backup.name]);
  });
});
