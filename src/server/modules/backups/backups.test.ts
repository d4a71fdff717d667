import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSchema, backupsOverviewSchema } from '../../../shared/backups-api.js';
import { migrate, openDatabase, type OpenDatabase } from '../../db/client.js';
import { DataDirBusyError, LOCK_FILE_NAME, processStartTime } from '../../db/data-dir-lock.js';
import { stepItemProgress } from '../../db/schema.js';
import { summarizeTables, type SqlRunner } from '../../db/tables.js';
import { createTestApp, embeddedBackups, signIn, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { recordAudit } from '../audit/audit.repository.js';
import { upsertMember } from '../members/members.repository.js';
import { parseBackupFile, NotABackupError } from './backup-file.js';
import { backupsToKeep, backupFileName, createBackupService, listBackups, POSTGRES_BACKUP_MESSAGE } from './backups.js';
import { restoreBackup, RestoreError } from './restore.js';

const ADMIN = 'boss@inspired2uplift.org';
/** The embedded database answers without waiting for I/O: a loop of writes must let timers run now and then. */
const yieldToTimers = () => new Promise((resolve) => setImmediate(resolve));
const settings = { everyHours: 24, keepDaily: 7, keepWeekly: 4 };

const runnerOf = (database: OpenDatabase): SqlRunner => {
  if (database.driver.kind !== 'pglite') throw new Error('an embedded database was expected');
  const client = database.driver.client;
  return async (statement, params) => (await client.query<Record<string, unknown>>(statement, params)).rows;
};

const openEmbedded = async (dataDir: string) => {
  const database = await openDatabase({ dataDir });
  await migrate(database);
  return database;
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'onboarding-backups-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A file-backed embedded database and whole-folder copies: slower than the other server tests on a busy machine.
describe('backups of the embedded database', { timeout: 120_000 }, () => {
  let t: TestApp;
  let dataDir: string;
  let backupsDir: string;
  let admin: string;

  beforeAll(async () => {
    dataDir = path.join(root, 'live');
    backupsDir = path.join(dataDir, 'backups');
    t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN },
      database: await openEmbedded(dataDir),
      backups: embeddedBackups(backupsDir),
    });
    admin = await signIn(t.app, { email: ADMIN, name: 'Boss Person' });
  });
  afterAll(() => t.close());

  it('backs up members, progress and the audit log; restoring gives the same rows (counts and checksums)', async () => {
    for (const [i, role] of ['finance', 'volunteer', 'Treasurer'].entries()) {
      await upsertMember(t.database.db, {
        email: `member${i}@inspired2uplift.org`,
        role,
        department: 'Finance',
        isAdmin: false,
      });
      const cookie = await signIn(t.app, { email: `member${i}@inspired2uplift.org`, name: `Member ${i}` });
      for (const stepId of VOLUNTEER_STEP_IDS.slice(0, i + 1)) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/progress/steps/${stepId}`,
          headers: { cookie },
          payload: { completed: true },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    await recordAudit(t.database.db, {
      kind: 'role-change',
      outcome: 'ok',
      actorEmail: ADMIN,
      subject: 'member0@inspired2uplift.org',
      details: { role: 'finance' },
    });
    const before = await summarizeTables(runnerOf(t.database));
    for (const table of ['users', 'members', 'step_progress', 'audit_log'])
      expect(before[table]?.rows).toBeGreaterThan(0);

    const created = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(created.statusCode).toBe(201);
    const backup = backupSchema.parse(created.json());
    expect(backup.name).toBe(backupFileName(t.clock.now));

    const overview = backupsOverviewSchema.parse(
      (await t.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } })).json(),
    );
    expect(overview).toMatchObject({ available: true, directory: backupsDir, keepDaily: 7, keepWeekly: 4 });
    expect(overview.available && overview.backups.map((b) => b.name)).toEqual([backup.name]);

    const download = await t.app.inject({ url: `/api/admin/backups/${backup.name}`, headers: { cookie: admin } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(readFileSync(path.join(backupsDir, backup.name)))).toBe(true);
    expect(parseBackupFile(download.rawPayload).manifest.tables).toEqual(before);

    const audit = await t.app.inject({ url: '/api/admin/audit?kind=backup', headers: { cookie: admin } });
    expect(audit.json()).toMatchObject({ items: [{ kind: 'backup', subject: backup.name, actorEmail: ADMIN }] });

    // Wipe: a new, empty data folder; restore the downloaded file there and open it like the server would.
    const restoredDir = path.join(root, 'restored');
    const file = path.join(root, 'downloaded.backup');
    writeFileSync(file, download.rawPayload);
    const { summary } = await restoreBackup(file, restoredDir);
    expect(summary).toEqual(before);
    const reopened = await openEmbedded(restoredDir);
    try {
      expect(await summarizeTables(runnerOf(reopened))).toEqual(before);
    } finally {
      await reopened.close();
    }
  });

  it('is consistent while progress is being written', async () => {
    const cookies = await Promise.all(
      [0, 1, 2, 3].map((i) => signIn(t.app, { email: `busy${i}@inspired2uplift.org` })),
    );
    const users = await runnerOf(t.database)(
      `select id::text as id from users where email like 'busy%' order by email`,
    );
    let stop = false;
    let writes = 0;
    // Two kinds of writers: progress through the API, and transactions that each add two ticks of one person, so
    // that a backup holding half of one would show.
    const writers = [
      ...cookies.map(async (cookie, i) => {
        for (let n = 0; !stop; n += 1) {
          const stepId = VOLUNTEER_STEP_IDS[(n + i) % VOLUNTEER_STEP_IDS.length] ?? 'set-up-slack';
          await t.app.inject({
            method: 'PUT',
            url: `/api/progress/steps/${stepId}`,
            headers: { cookie },
            payload: { completed: n % 2 === 0 },
          });
          writes += 1;
          await yieldToTimers();
        }
      }),
      (async () => {
        for (let n = 0; !stop; n += 1) {
          const userId = String(users[n % users.length]?.id);
          await t.database.db.transaction(async (tx) => {
            await tx
              .insert(stepItemProgress)
              .values({ userId, stepId: 'set-up-slack', itemId: `a${n}`, kind: 'checklist' });
            await tx
              .insert(stepItemProgress)
              .values({ userId, stepId: 'set-up-slack', itemId: `b${n}`, kind: 'checklist' });
          });
          writes += 1;
          await yieldToTimers();
        }
      })(),
    ];
    while (writes < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    t.clock.advance(60_000);
    const service = createBackupService({
      client: t.database.driver.kind === 'pglite' ? t.database.driver.client : undefined,
      directory: backupsDir,
      settings,
      now: () => t.clock.now,
    });
    const writesBefore = writes;
    const backup = await service.create();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(writers);
    expect(writes).toBeGreaterThan(writesBefore);

    const restoredDir = path.join(root, 'restored-busy');
    const { manifest, summary } = await restoreBackup(path.join(backupsDir, backup.name), restoredDir);
    expect(summary).toEqual(manifest.tables);
    const restored = await openEmbedded(restoredDir);
    try {
      const ticks = await runnerOf(restored)(
        `select count(*) filter (where item_id like 'a%')::int as a, count(*) filter (where item_id like 'b%')::int as b from step_item_progress`,
      );
      expect(ticks[0]?.a).toBe(ticks[0]?.b);
      // The admin table's pending marks are written by triggers in the same transaction as the progress.
      const orphans = await runnerOf(restored)(
        `select count(*)::int as n from step_progress p join users u on u.id = p.user_id
         where not exists (select 1 from admin_members_pending q where q.email = u.email)
           and not exists (select 1 from admin_members m where m.email = u.email)`,
      );
      expect(orphans[0]?.n).toBe(0);
    } finally {
      await restored.close();
    }
  });

  it('refuses a data folder that is not empty, one a running process holds, and a file that is not a backup', async () => {
    t.clock.advance(60_000);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    const file = path.join(backupsDir, backupSchema.parse(created.json()).name);

    const full = path.join(root, 'full');
    mkdirSync(full);
    writeFileSync(path.join(full, 'PG_VERSION'), '17\n');
    await expect(restoreBackup(file, full)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(file, full)).rejects.toThrow(/is not empty \(it holds PG_VERSION\)/);

    const held = path.join(root, 'held');
    mkdirSync(held);
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = sleeper.pid ?? 0;
      writeFileSync(
        path.join(held, LOCK_FILE_NAME),
        JSON.stringify({ pid, holder: 'server', since: new Date().toISOString(), processStart: processStartTime(pid) }),
      );
      await expect(restoreBackup(file, held)).rejects.toThrow(DataDirBusyError);
      await expect(restoreBackup(file, held)).rejects.toThrow(`The server is running on this data folder (pid ${pid})`);
      expect(readdirSync(held)).toEqual([LOCK_FILE_NAME]);
    } finally {
      sleeper.kill();
    }

    const empty = path.join(root, 'empty');
    const stranger = path.join(root, 'stranger.tar.gz');
    writeFileSync(stranger, 'PK\u0003\u0004 not ours');
    await expect(restoreBackup(stranger, empty)).rejects.toThrow(NotABackupError);
    await expect(restoreBackup(stranger, empty)).rejects.toThrow('This file is not a backup of the Onboarding app');
    const cut = path.join(root, 'cut.backup');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(cut, empty)).rejects.toThrow(/damaged or cut short/);
  });

  it('answers 403 to a member who is not an admin, and 404 for an unknown backup', async () => {
    const member = await signIn(t.app, { email: 'someone@inspired2uplift.org' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: member } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/backups', headers: { cookie: member } })).statusCode).toBe(403);
    const missing = await t.app.inject({
      url: '/api/admin/backups/onboarding-2020-01-01T00-00-00-000Z.backup',
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
    const badName = await t.app.inject({ url: '/api/admin/backups/..%2Fdatabase.lock', headers: { cookie: admin } });
    expect(badName.statusCode).toBe(400);
  });
});

describe('the backup schedule', { timeout: 120_000 }, () => {
  it('takes a backup when the newest is a day old, also after a restart, and keeps 7 daily and 4 weekly', async () => {
    const dataDir = path.join(root, 'scheduled');
    const database = await openEmbedded(dataDir);
    const directory = path.join(dataDir, 'backups');
    const clock = { now: new Date('2026-03-02T03:00:00.000Z') };
    const serviceOf = () =>
      createBackupService({
        client: database.driver.kind === 'pglite' ? database.driver.client : undefined,
        directory,
        settings,
        now: () => clock.now,
      });
    try {
      let service = serviceOf();
      expect(await service.runScheduled()).toBeDefined();
      clock.now = new Date(clock.now.getTime() + 23 * 3_600_000);
      expect(await service.runScheduled()).toBeUndefined();
      // A restart: a new service on the same folder decides from the files there.
      service = serviceOf();
      expect(await service.runScheduled()).toBeUndefined();
      clock.now = new Date(clock.now.getTime() + 3_600_000);
      expect(await service.runScheduled()).toBeDefined();
      // 40 more days of daily backups (stand-ins: retention reads names only), then the next scheduled one prunes.
      for (let day = 0; day < 40; day += 1) {
        clock.now = new Date(clock.now.getTime() + 24 * 3_600_000);
        writeFileSync(path.join(directory, backupFileName(clock.now)), '');
      }
      clock.now = new Date(clock.now.getTime() + 24 * 3_600_000);
      expect(await service.runScheduled()).toBeDefined();
      const kept = listBackups(directory).map((b) => b.createdAt.toISOString().slice(0, 10));
      // 7 daily (the last 7 days) plus the newest of each of the 4 newest weeks (Monday to Sunday): 04-13 is a Monday,
      // so those are 04-13 and 04-12 (already kept) and 04-05 and 03-29.
      expect(kept).toEqual([
        '2026-04-13',
        '2026-04-12',
        '2026-04-11',
        '2026-04-10',
        '2026-04-09',
        '2026-04-08',
        '2026-04-07',
        '2026-04-05',
        '2026-03-29',
      ]);
      expect(readdirSync(directory).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('keeps the newest backup of each day and of each week', () => {
    const at = (iso: string) => ({ name: iso, createdAt: new Date(iso), bytes: 1, beforeRestore: false });
    const backups = [
      at('2026-04-13T10:00:00Z'),
      at('2026-04-13T03:00:00Z'),
      at('2026-04-12T03:00:00Z'),
      at('2026-04-01T03:00:00Z'),
    ];
    // More than a day after the newest: only the daily and weekly rule keeps any.
    const later = new Date('2026-04-14T12:00:00Z');
    // 2026-04-13 is a Monday: the 12th belongs to the week before.
    expect([...backupsToKeep(backups, { keepDaily: 1, keepWeekly: 2 }, later)].sort()).toEqual([
      '2026-04-12T03:00:00Z',
      '2026-04-13T10:00:00Z',
    ]);
    expect([...backupsToKeep(backups, { keepDaily: 1, keepWeekly: 3 }, later)].sort()).toEqual([
      '2026-04-01T03:00:00Z',
      '2026-04-12T03:00:00Z',
      '2026-04-13T10:00:00Z',
    ]);
    expect([...backupsToKeep(backups, { keepDaily: 3, keepWeekly: 0 }, later)].sort()).toEqual([
      '2026-04-01T03:00:00Z',
      '2026-04-12T03:00:00Z',
      '2026-04-13T10:00:00Z',
    ]);
    // Within a day of the newest, every backup of that day stays.
    expect(
      [...backupsToKeep(backups, { keepDaily: 1, keepWeekly: 0 }, new Date('2026-04-13T12:00:00Z'))].sort(),
    ).toEqual(['2026-04-13T03:00:00Z', '2026-04-13T10:00:00Z']);
  });

  it('"Back up now" later the same day keeps the day\'s earlier backup; the day after, the rule prunes it', async () => {
    const dataDir = path.join(root, 'same-day');
    const database = await openEmbedded(dataDir);
    const directory = path.join(dataDir, 'backups');
    const clock = { now: new Date('2026-05-04T03:00:00.000Z') };
    const service = createBackupService({
      client: database.driver.kind === 'pglite' ? database.driver.client : undefined,
      directory,
      settings: { everyHours: 24, keepDaily: 7, keepWeekly: 4 },
      now: () => clock.now,
    });
    try {
      const scheduled = await service.runScheduled();
      clock.now = new Date('2026-05-04T15:30:00.000Z');
      const byHand = await service.create();
      expect(listBackups(directory).map((b) => b.name)).toEqual([byHand.name, scheduled?.name]);
      // Two days later the day's newest stands for it: the retention rule as before.
      clock.now = new Date('2026-05-06T03:00:00.000Z');
      const next = await service.create();
      expect(listBackups(directory).map((b) => b.name)).toEqual([next.name, byHand.name]);
    } finally {
      await database.close();
    }
  });
});

describe('backups on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  });
  afterAll(() => t.close());

  it('say to use pg_dump instead of pretending', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const overview = await t.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } });
    expect(overview.json()).toEqual({ available: false, message: POSTGRES_BACKUP_MESSAGE });
    expect(POSTGRES_BACKUP_MESSAGE).toContain('pg_dump');
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ message: POSTGRES_BACKUP_MESSAGE });
  });
});
