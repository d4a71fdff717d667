import { chmodSync, copyFileSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { PRIVATE_FILE_MODE } from '../../db/private-files.js';

/**
 * A second copy of every backup off the data disk (docs/operations.md#backups): into a folder on another drive
 * (BACKUP_COPY_DIR) and/or an S3-compatible bucket (BACKUP_S3_BUCKET, through the AWS SDK). The outcome of the last
 * copy is kept in `backups/copy-status.json`, so the Backups tab, `npm run doctor` and the launch checklist can say
 * when copies fail ({@link readCopyStatus}).
 */

/** Where copies go. */
export type BackupCopyTarget =
  { kind: 'folder'; directory: string } | { kind: 's3'; bucket: string; client: S3Client; describe: string };

/** The outcome of copying one backup to one target. */
export interface CopyOutcome {
  /** Where, in words: `the folder /mnt/…` or `the bucket … at …`. */
  target: string;
  ok: boolean;
  /** Why it failed (absent when it worked). */
  error?: string;
}

/** The last copy: when, which backup, and each target's outcome. */
export interface CopyStatus {
  at: string;
  backup: string;
  outcomes: CopyOutcome[];
}

/** The status file in the backups folder (not a backup: listBackups ignores it, a backup leaves `backups/` out). */
export const COPY_STATUS_FILE = 'copy-status.json';

/**
 * The copy targets the configuration names.
 * @param settings.copyDir BACKUP_COPY_DIR; settings.s3 the bucket, optional endpoint (S3-compatible storage) and
 *   region (credentials: the AWS SDK's own, e.g. AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)
 * @param s3Options more S3 client options (tests: credentials of the local server)
 */
export function copyTargetsOf(
  settings: { copyDir?: string | undefined; s3?: { bucket: string; endpoint?: string; region: string } | undefined },
  s3Options: S3ClientConfig = {},
): BackupCopyTarget[] {
  const targets: BackupCopyTarget[] = [];
  if (settings.copyDir !== undefined) targets.push({ kind: 'folder', directory: settings.copyDir });
  if (settings.s3 !== undefined) {
    const { bucket, endpoint, region } = settings.s3;
    targets.push({
      kind: 's3',
      bucket,
      describe: `the bucket ${bucket}${endpoint === undefined ? '' : ` at ${endpoint}`}`,
      client: new S3Client({
        region,
        ...(endpoint === undefined ? {} : { endpoint, forcePathStyle: true }),
        ...s3Options,
      }),
    });
  }
  return targets;
}

const describe = (target: BackupCopyTarget) =>
  target.kind === 'folder' ? `the folder ${target.directory}` : target.describe;

async function copyTo(target: BackupCopyTarget, file: string): Promise<void> {
  const name = path.basename(file);
  if (target.kind === 'folder') {
    // A drive that is not mounted leaves an empty mount point or none: never create the folder ourselves.
    if (!statSync(target.directory, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(`${target.directory} does not exist (is the drive mounted?)`);
    const partial = path.join(target.directory, `${name}.partial`);
    copyFileSync(file, partial);
    chmodSync(partial, PRIVATE_FILE_MODE);
    renameSync(partial, path.join(target.directory, name));
    return;
  }
  await target.client.send(new PutObjectCommand({ Bucket: target.bucket, Key: name, Body: readFileSync(file) }));
}

/**
 * Copies a backup file to every target, and records the outcome in the backups folder. Never throws for a failed
 * copy: the outcome says it.
 * @param file the backup file (in the backups folder)
 * @param targets where to copy
 * @param at the time of the copy
 * @returns the recorded status (undefined when there are no targets)
 */
export async function copyBackup(file: string, targets: BackupCopyTarget[], at: Date): Promise<CopyStatus | undefined> {
  if (targets.length === 0) return undefined;
  const outcomes: CopyOutcome[] = [];
  for (const target of targets) {
    try {
      await copyTo(target, file);
      outcomes.push({ target: describe(target), ok: true });
    } catch (error) {
      outcomes.push({ target: describe(target), ok: false, error: (error as Error).message || String(error) });
    }
  }
  const status: CopyStatus = { at: at.toISOString(), backup: path.basename(file), outcomes };
  writeFileSync(path.join(path.dirname(file), COPY_STATUS_FILE), JSON.stringify(status), { mode: PRIVATE_FILE_MODE });
  return status;
}

/**
 * The outcome of the last copy of a backup off the data disk, for the Backups tab, `npm run doctor` and the launch
 * checklist (docs/operations.md#backups).
 * @param backupsDir the backups folder (`DATA_DIR/backups`)
 * @returns the last status, or undefined when no copy was made yet
 */
export function readCopyStatus(backupsDir: string): CopyStatus | undefined {
  try {
    return JSON.parse(readFileSync(path.join(backupsDir, COPY_STATUS_FILE), 'utf8')) as CopyStatus;
  } catch {
    return undefined;
  }
}

/** What to do when a copy failed, in plain words. */
export const COPY_FAILED_ADVICE =
  'The backup itself is safe on this machine, but its second copy is missing. Check that the drive of ' +
  'BACKUP_COPY_DIR is mounted and writable, or that the bucket exists and the keys may write to it ' +
  '(BACKUP_S3_BUCKET), then take a backup now in the Backups tab to try again.';
