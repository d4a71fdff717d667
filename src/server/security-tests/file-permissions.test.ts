import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type OpenDatabase } from '../db/client.js';
import { copyDatabase } from '../db/copy.js';
import { takeBackup } from '../modules/backups/backups.js';
import { restoreBackup } from '../modules/backups/restore.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how), file permissions: the embedded database's files, its
 * backups and the folders they are in are the server's user's alone (folders 0700, files 0600) — while the database
 * is open, after it is closed, after a restore and after `npm run db:copy` (docs/operations.md#backups). PGlite itself
 * writes its files 0666.
 */

/** Every path under `root` (itself included) whose mode is not 0700 for a folder or 0600 for a file. */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  const visit = (target: string) => {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) wrong.push(`${path.relative(root, target) || '.'} ${mode.toString(8)}`);
      for (const name of readdirSync(target)) visit(path.join(target, name));
    } else if (mode !== 0o600) {
      wrong.push(`${path.relative(root, target)} ${mode.toString(8)}`);
    }
  };
  visit(root);
  return wrong;
}

let root: string;
let dataDir: string;
let database: OpenDatabase;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'onboarding-permissions-'));
  dataDir = path.join(root, 'data');
  database = await openDatabase({ dataDir });
  await migrate(database);
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded database and its backups are readable by the server user only', { timeout: 120_000 }, () => {
  it('keeps the data folder 0700 and its files 0600 while the database is open', () => {
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('writes backups 0600 in a 0700 folder, and restores into 0700/0600', async () => {
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    const backupsDir = path.join(root, 'backups');
    const backup = await takeBackup(database.driver.client, backupsDir, new Date('2026-11-26T10:00:00Z'));
    expect(notPrivate(backupsDir)).toEqual([]);

    const restoredDir = path.join(root, 'restored');
    await restoreBackup(path.join(backupsDir, backup.name), restoredDir);
    expect(notPrivate(restoredDir)).toEqual([]);
  });

  it('copies into 0700/0600 (npm run db:copy), and the source stays private after it is closed', async () => {
    await database.close();
    const copyDir = path.join(root, 'copy');
    await copyDatabase({ dataDir }, { dataDir: copyDir });
    expect(notPrivate(copyDir)).toEqual([]);
    expect(notPrivate(dataDir)).toEqual([]);
    database = await openDatabase({ dataDir });
  });
});
