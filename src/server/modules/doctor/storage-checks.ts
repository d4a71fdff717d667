import { constants, existsSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { type Config } from '../../env.js';
import { BACKUP_CHECK_INTERVAL_MS, COPY_FAILED_ADVICE, listBackups, readCopyStatus } from '../backups/index.js';
import { type CheckResult, openToOthers, result } from './check-result.js';

/** The data folder and backup checks (docs/operations.md#backups). */

/** The data folder (embedded database and its backups): there, writable by this user, closed to other users. */
export async function checkDataFolder(config: Config): Promise<CheckResult> {
  const title = 'Data folder';
  if (config.databaseUrl !== undefined) {
    return result('data-folder', title, 'skipped', 'The data is in PostgreSQL (DATABASE_URL); no data folder is used.');
  }
  const dir = config.dataDir;
  if (!existsSync(dir)) {
    const parent = path.dirname(dir);
    try {
      await access(parent, constants.W_OK | constants.X_OK);
      return result(
        'data-folder',
        title,
        'warning',
        `${dir} does not exist yet.`,
        'The server creates it at its first start; or check DATA_DIR.',
      );
    } catch {
      return result(
        'data-folder',
        title,
        'problem',
        `${dir} does not exist, and this user may not create it in ${parent}.`,
        `mkdir -p ${dir} && chown <the app's user> ${dir} && chmod 700 ${dir}`,
      );
    }
  }
  const stats = statSync(dir);
  if (!stats.isDirectory()) {
    return result('data-folder', title, 'problem', `${dir} is not a folder.`, 'Point DATA_DIR at a folder.');
  }
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    return result(
      'data-folder',
      title,
      'problem',
      `This user (uid ${process.getuid?.() ?? '?'}) may not read and write ${dir}.`,
      `Run the app as the folder's owner, or: chown -R <the app's user> ${dir}`,
    );
  }
  if (openToOthers(stats.mode)) {
    return result(
      'data-folder',
      title,
      'warning',
      `${dir} is open to other users of this machine (mode ${(stats.mode & 0o777).toString(8)}); it holds every member's records.`,
      `chmod 700 ${dir}`,
    );
  }
  return result('data-folder', title, 'ok', `${dir} is writable by this user and closed to others.`);
}

/**
 * The last backup and its age (embedded database): a problem when there is none, or when it is older than the
 * schedule (BACKUP_EVERY_HOURS) plus the hour the schedule takes to notice.
 */
export function checkBackups(config: Config, now: Date): CheckResult {
  const title = 'Backups';
  if (config.databaseUrl !== undefined) {
    return result(
      'backups',
      title,
      'warning',
      'On PostgreSQL the app takes no backups.',
      "Back up with pg_dump on a schedule, or your host's managed backups (docs/operations.md#backups).",
    );
  }
  const dir = path.join(config.dataDir, 'backups');
  const newest = listBackups(dir)[0];
  if (newest === undefined && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    return result(
      'backups',
      title,
      'skipped',
      'No database yet, so no backups: the server takes the first one when it starts.',
    );
  }
  const every = config.backups.everyHours;
  if (newest === undefined) {
    return result(
      'backups',
      title,
      every === 0 ? 'warning' : 'problem',
      every === 0
        ? `Scheduled backups are off (BACKUP_EVERY_HOURS=0) and ${dir} holds none.`
        : `${dir} holds no backup.`,
      every === 0
        ? "Set BACKUP_EVERY_HOURS (24 takes one a day), or take them by hand in the admin console's Backups tab."
        : "The server takes one at start-up: start it, or take one in the admin console's Backups tab; check the server log for backup errors.",
    );
  }
  const ageHours = (now.getTime() - newest.createdAt.getTime()) / 3_600_000;
  const age = ageHours < 48 ? `${Math.floor(ageHours)} h` : `${Math.floor(ageHours / 24)} days`;
  const detail = `The last backup is ${newest.name} (${Math.round(newest.bytes / 1024)} kB), taken ${age} ago.`;
  if (every > 0 && ageHours > every + BACKUP_CHECK_INTERVAL_MS / 3_600_000) {
    return result(
      'backups',
      title,
      'problem',
      `${detail} Backups should come every ${every} h.`,
      "Is the server running? Check its log for backup errors and the free space of the data disk; take one now in the admin console's Backups tab.",
    );
  }
  const copied = config.backups.copyDir !== undefined || config.backups.s3 !== undefined;
  const copy = readCopyStatus(dir);
  const failed = copy?.outcomes.filter((outcome) => !outcome.ok) ?? [];
  if (copied && failed.length > 0) {
    return result(
      'backups',
      title,
      'problem',
      `${detail} Its copy off this machine failed: ${failed.map((f) => `${f.target}: ${f.error}`).join('; ')}.`,
      COPY_FAILED_ADVICE,
    );
  }
  return result(
    'backups',
    title,
    'ok',
    copied
      ? `${detail} ${copy === undefined ? 'The next backup is also copied off this machine.' : `Copied off this machine: ${copy.outcomes.map((o) => o.target).join(', ')}.`}`
      : `${detail} Copy backups off this machine too (BACKUP_COPY_DIR or BACKUP_S3_BUCKET): a backup on the same disk does not survive the disk.`,
  );
}
