import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type OpenDatabase } from '../../db/client.js';
import { loadConfig } from '../../env.js';
import { checkBackups } from '../doctor/checks.js';
import { copyTargetsOf, readCopyStatus } from './backup-copies.js';
import { createBackupService } from './backups.js';

let root: string;
let s3: S3rver;
let endpoint: string;
let database: OpenDatabase;
let dataDir: string;
const BUCKET = 'onboarding-backups';
// s3rver's fixed credentials.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'onboarding-copies-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address: AddressInfo = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  dataDir = path.join(root, 'data');
  database = await openDatabase({ dataDir });
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

const serviceWith = (copyDir: string, bucket: string) =>
  createBackupService({
    client: database.driver.kind === 'pglite' ? database.driver.client : undefined,
    directory: path.join(dataDir, 'backups'),
    settings: { everyHours: 24, keepDaily: 7, keepWeekly: 4 },
    copies: copyTargetsOf({ copyDir, s3: { bucket, endpoint, region: 'us-east-1' } }, { credentials }),
  });

describe('a second copy of each backup off the data disk', { timeout: 120_000 }, () => {
  it('copies every backup to BACKUP_COPY_DIR and to an S3-compatible bucket, byte for byte', async () => {
    const drive = path.join(root, 'drive');
    mkdirSync(drive);
    const backup = await serviceWith(drive, BUCKET).create();
    const original = readFileSync(path.join(dataDir, 'backups', backup.name));
    expect(readFileSync(path.join(drive, backup.name)).equals(original)).toBe(true);
    const [target] = copyTargetsOf({ s3: { bucket: BUCKET, endpoint, region: 'us-east-1' } }, { credentials });
    if (target?.kind !== 's3') throw new Error('an S3 target was expected');
    const object = await target.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: backup.name }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(original)).toBe(true);
    expect(readCopyStatus(path.join(dataDir, 'backups'))).toMatchObject({
      backup: backup.name,
      outcomes: [{ ok: true }, { ok: true }],
    });
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_COPY_DIR: drive });
    expect(checkBackups(config, new Date()).status).toBe('ok');
  });

  it('reports a failed copy (a drive not mounted, a missing bucket) to the doctor, the launch checklist and the tab', async () => {
    const unmounted = path.join(root, 'not-mounted');
    const backup = await serviceWith(unmounted, 'no-such-bucket').create();
    const status = readCopyStatus(path.join(dataDir, 'backups'));
    expect(status?.backup).toBe(backup.name);
    expect(status?.outcomes).toMatchObject([
      { ok: false, error: expect.stringContaining('is the drive mounted') },
      { ok: false, target: expect.stringContaining('no-such-bucket') },
    ]);
    const check = checkBackups(loadConfig({ DATA_DIR: dataDir, BACKUP_COPY_DIR: unmounted }), new Date());
    expect(check.status).toBe('problem');
    expect(check.detail).toContain('is the drive mounted');
  });
});
