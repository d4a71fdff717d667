import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { makePrivate } from '../../db/private-files.js';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../db/data-dir-lock.js';
import { summarizeTables, summaryDifferences, type DatabaseSummary, type SqlRunner } from '../../db/tables.js';
import { parseBackupFile, type BackupManifest } from './backup-file.js';

/** Thrown by {@link restoreBackup} when it refuses or the restored database does not match; the message says why. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** What may already be in a data folder that counts as empty: its backups and a lock file. */
const mayStay = (name: string) =>
  name === 'backups' || name === LOCK_FILE_NAME || name.startsWith(`.${LOCK_FILE_NAME}`);

/**
 * Restores a backup file into an empty data folder (`npm run db:restore`), then checks that every table has the
 * rows the backup recorded (count and checksum). The folder may hold its `backups/` folder; anything else is
 * refused, and so is a folder a running process holds (its lock, db/data-dir-lock.ts).
 * @param file path of the backup file
 * @param dataDir the data folder to restore into (created when missing)
 * @returns the backup's manifest and the restored tables' summary
 * @throws NotABackupError when the file is not a backup of this app
 * @throws DataDirBusyError when the server (or another tool) runs on the folder
 * @throws RestoreError when the folder is not empty, or the restored rows differ from the backup's (the restored
 *   files are removed again)
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
): Promise<{ manifest: BackupManifest; summary: DatabaseSummary }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new RestoreError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const { manifest, tar } = parseBackupFile(bytes);
  const lock = acquireDataDirLock(dataDir, 'npm run db:restore');
  try {
    const present = readdirSync(dataDir).filter((name) => !mayStay(name));
    if (present.length > 0) {
      throw new RestoreError(
        `The data folder ${path.resolve(dataDir)} is not empty (it holds ${present.slice(0, 5).join(', ')}` +
          `${present.length > 5 ? ', …' : ''}). Restore into an empty folder, or move its database files away first.`,
      );
    }
    const client = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
    let summary: DatabaseSummary;
    try {
      await client.waitReady;
      summary = await client.transaction(async (tx) => {
        const run: SqlRunner = async (statement, params) =>
          (await tx.query<Record<string, unknown>>(statement, params)).rows;
        return summarizeTables(run);
      });
    } finally {
      await client.close();
      // PGlite writes its files 0666: only the server's user may read them (docs/operations.md#backups).
      makePrivate(dataDir);
    }
    const differences = summaryDifferences(manifest.tables, summary);
    if (differences.length > 0) {
      for (const name of readdirSync(dataDir))
        if (!mayStay(name)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
      throw new RestoreError(`The restored database does not match the backup:\n  ${differences.join('\n  ')}`);
    }
    return { manifest, summary };
  } finally {
    lock.release();
  }
}
