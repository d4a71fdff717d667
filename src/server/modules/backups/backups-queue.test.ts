import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSchema } from '../../../shared/backups-api.js';
import { migrate, openDatabase } from '../../db/client.js';
import { createTestApp, signIn, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { copyTargetsOf } from './backup-copies.js';
import { createBackupService, listBackups, type BackupService } from './backups.js';

const ADMIN = 'boss@inspired2uplift.org';

/**
 * An S3-compatible bucket on loopback that takes PutObject (as the AWS SDK sends it) and can hold its answer until the
 * test lets it go: a slow copy off the data disk, during which a backup is still being taken while the database is
 * free again.
 */
async function bucketThatCanWait(): Promise<{
  endpoint: string;
  /** Holds the next upload: `received` once its bytes are in, answered on `release()`. */
  holdNext(): { received: Promise<void>; release(): void };
  close(): Promise<void>;
}> {
  let next: { arrived: () => void; released: Promise<void> } | undefined;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const hold = next;
      next = undefined;
      hold?.arrived();
      void (hold?.released ?? Promise.resolve()).then(() => {
        response.writeHead(request.method === 'PUT' ? 200 : 405, { etag: '"0"' }).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    holdNext: () => {
      let arrived = () => {};
      let release = () => {};
      const received = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      next = { arrived, released };
      return { received, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A file-backed embedded database, as a server has.
describe('backups one at a time (docs/reliability.md#backups-one-at-a-time)', { timeout: 120_000 }, () => {
  let root: string;
  let bucket: Awaited<ReturnType<typeof bucketThatCanWait>>;
  let t: TestApp;
  let service: BackupService;
  let backupsDir: string;
  let admin: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'onboarding-backups-queue-'));
    bucket = await bucketThatCanWait();
    const dataDir = path.join(root, 'data');
    backupsDir = path.join(dataDir, 'backups');
    const database = await openDatabase({ dataDir });
    await migrate(database);
    t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN },
      database,
      backups: (opened, now) =>
        (service = createBackupService({
          client: opened.driver.kind === 'pglite' ? opened.driver.client : undefined,
          directory: backupsDir,
          settings: { everyHours: 24, keepDaily: 7, keepWeekly: 4 },
          now,
          copies: copyTargetsOf(
            { s3: { bucket: 'onboarding-backups', endpoint: bucket.endpoint, region: 'us-east-1' } },
            { credentials: { accessKeyId: 'test', secretAccessKey: 'test' } },
          ),
        })),
    });
    admin = await signIn(t.app, { email: ADMIN, name: 'Boss Person' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A request over a real socket, as a browser's: requests that come while the process is busy wait in the socket. */
  const request = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, body?: object) => {
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        ...(cookie === undefined ? {} : { cookie }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const askForBackup = () => request('POST', '/api/admin/backups', admin);
  const namesOf = async (answers: ReturnType<typeof askForBackup>[]) => {
    const done = await Promise.all(answers);
    expect(done.map((a) => a.status)).toEqual(done.map(() => 201));
    return new Set(done.map((a) => backupSchema.parse(a.json).name));
  };

  it('makes one backup of ten requests at once, and a new one for a request after it', async () => {
    const before = listBackups(backupsDir).length;
    const names = await namesOf(Array.from({ length: 10 }, askForBackup));
    expect(names.size).toBe(1);
    expect(listBackups(backupsDir)).toHaveLength(before + 1);
    const [next] = await namesOf([askForBackup()]);
    expect(names.has(next!)).toBe(false);
    expect(listBackups(backupsDir)).toHaveLength(before + 2);
  });

  it('answers health and a member write while a backup is being taken; the requests that waited get that backup', async () => {
    const member = await signIn(t.app, { email: 'writer@inspired2uplift.org' });
    const before = listBackups(backupsDir).length;
    const copy = bucket.holdNext();
    const first = Array.from({ length: 10 }, askForBackup);
    // The database part is done and the copy off the disk is on its way: the backup is still being taken.
    await copy.received;
    expect(service.isTaking()).toBe(true);
    const health = await request('GET', '/api/health');
    expect(health).toEqual({ status: 200, json: { status: 'ok', database: 'ok' } });
    const write = await request('PUT', `/api/progress/steps/${VOLUNTEER_STEP_IDS[0]}`, member, { completed: true });
    expect(write.status).toBe(200);
    // Both answered before the backup ended.
    expect(service.isTaking()).toBe(true);
    copy.release();
    const names = await namesOf(first);
    expect(names.size).toBe(1);
    expect(listBackups(backupsDir)).toHaveLength(before + 1);
  });
});
