import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import type { DatabaseSummary } from '../../db/tables.js';

/**
 * The backup file of the embedded database (docs/decisions/019-backups-and-database-copy.md): one line naming the
 * format, one line of JSON describing the backup (the manifest), then the database folder as a gzip-compressed tar
 * archive, as PGlite's `dumpDataDir()` writes it minus the backups themselves and the lock file.
 */

/** The first line of every backup file. */
export const BACKUP_MAGIC = 'ONBOARDING-BACKUP 1';

/** What a backup holds, written in the file and checked when restoring. */
export interface BackupManifest {
  app: 'onboarding';
  format: 1;
  /** ISO 8601 time the backup was taken. */
  createdAt: string;
  /** Migrations applied to the database when it was taken. */
  migrations: number;
  /** Row count and checksum of every table at that moment. */
  tables: DatabaseSummary;
}

/** Thrown by {@link parseBackupFile} for a file that is not a backup of this app; the message says why. */
export class NotABackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotABackupError';
  }
}

/** Entries of the database folder that a backup leaves out: the backups folder and the data folder's lock. */
const isLeftOut = (name: string): boolean => {
  const relative = name.replace(/^\.?\/+/, '');
  return relative === 'backups' || relative.startsWith('backups/') || /^\.?database\.lock/.test(relative);
};

/**
 * A tar archive without the entries {@link isLeftOut} names, read and written by tar-stream.
 * @param tar an uncompressed tar archive
 * @returns a new archive of the other entries, unchanged, in their order
 * @throws when `tar` is not a tar archive
 */
export async function withoutLeftOutEntries(tar: Buffer): Promise<Buffer> {
  const source = extract();
  const out = pack();
  source.on('entry', (header, stream, next) => {
    if (isLeftOut(header.name)) {
      stream.on('end', next);
      stream.resume();
    } else {
      stream.pipe(out.entry(header, next));
    }
  });
  source.on('finish', () => out.finalize());
  const chunks: Buffer[] = [];
  out.on('data', (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
    source.on('error', reject);
  });
  source.end(tar);
  await done;
  return Buffer.concat(chunks);
}

const gzipOffTheLoop = promisify(gzip);

/**
 * Puts a backup file together. The compression runs on libuv's thread pool, so the server answers other requests
 * meanwhile (docs/reliability.md#backups-one-at-a-time).
 * @param manifest what the backup holds
 * @param tar the database folder as an uncompressed tar archive (PGlite's `dumpDataDir('none')`)
 * @returns the file's bytes
 */
export async function buildBackupFile(manifest: BackupManifest, tar: Buffer): Promise<Buffer> {
  const head = Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(manifest)}\n`, 'utf8');
  return Buffer.concat([head, await gzipOffTheLoop(await withoutLeftOutEntries(tar))]);
}

/**
 * Reads a backup file.
 * @param file the file's bytes
 * @returns the manifest and the database folder as an uncompressed tar archive
 * @throws NotABackupError when the file is not a backup of this app, or is damaged
 */
export function parseBackupFile(file: Buffer): { manifest: BackupManifest; tar: Buffer } {
  const notOurs = 'This file is not a backup of the Onboarding app (it does not start with "ONBOARDING-BACKUP").';
  const firstEnd = file.indexOf(0x0a);
  if (firstEnd < 0 || file.subarray(0, firstEnd).toString('utf8') !== BACKUP_MAGIC) throw new NotABackupError(notOurs);
  const secondEnd = file.indexOf(0x0a, firstEnd + 1);
  if (secondEnd < 0) throw new NotABackupError('This backup file is cut short: its description is incomplete.');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(file.subarray(firstEnd + 1, secondEnd).toString('utf8')) as BackupManifest;
  } catch {
    throw new NotABackupError('This backup file is damaged: its description is not readable.');
  }
  if (manifest.app !== 'onboarding' || manifest.format !== 1 || typeof manifest.tables !== 'object') {
    throw new NotABackupError(notOurs);
  }
  let tar: Buffer;
  try {
    tar = gunzipSync(file.subarray(secondEnd + 1));
  } catch {
    throw new NotABackupError('This backup file is damaged or cut short: its database part cannot be unpacked.');
  }
  return { manifest, tar };
}
