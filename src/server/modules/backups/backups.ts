import { chmodSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedClient } from '../../db/embedded-client.js';
import { makePrivate, PRIVATE_FILE_MODE } from '../../db/private-files.js';
import { summarizeTables, type SqlRunner } from '../../db/tables.js';
import type { DatabaseSummary } from '../../db/tables.js';
import { PeriodicTimer } from '../../periodic-timer.js';
import { buildBackupFile, type BackupManifest } from './backup-file.js';
import { restoreIntoRunningDatabase } from './restore-live.js';
import { copyBackup, type BackupCopyTarget } from './backup-copies.js';
import { RestoreError } from './restore.js';

/**
 * Backups of the embedded database (docs/decisions/019-backups-and-database-copy.md). The server takes one when the
 * newest file in `DATA_DIR/backups/` is older than the interval (checked at start-up and then every hour, so the
 * schedule survives restarts), and an admin may take one at any time. Old backups are pruned: every backup of the last
 * 24 hours stays (a second backup on the same day never replaces the first at once), and so does the newest of each of
 * the last `keepDaily` days and of each of the last `keepWeekly` weeks (Monday to Sunday, UTC).
 * On PostgreSQL there is nothing to back up here: PostgreSQL's own tools (pg_dump) do it.
 */

/** The message shown (and the answer of the backup routes) on PostgreSQL. */
export const POSTGRES_BACKUP_MESSAGE =
  "This server uses PostgreSQL (DATABASE_URL). Back it up with PostgreSQL's own tools, for example " +
  '"pg_dump --format=custom --file=onboarding.dump DATABASE_URL" every day; restore with pg_restore.';

/** How often the schedule looks at the backups folder. */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** One backup file in the backups folder. */
export interface BackupInfo {
  /**
   * File name, e.g. `onboarding-2026-11-24T10-00-00-000Z.backup`; a safety backup taken before a restore ends in
   * `-before-restore.backup`.
   */
  name: string;
  /** When it was taken (from the name). */
  createdAt: Date;
  /** File size in bytes. */
  bytes: number;
  /** True for the safety backup of what there was just before a restore. */
  beforeRestore: boolean;
}

/** Settings of the backups (environment variables BACKUP_EVERY_HOURS, BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY). */
export interface BackupSettings {
  /** Hours between scheduled backups; 0 turns the schedule off (admins may still take one). */
  everyHours: number;
  keepDaily: number;
  keepWeekly: number;
}

const NAME_PATTERN = /^onboarding-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(-before-restore)?\.backup$/;

/**
 * The file name of a backup taken at `at`.
 * @param beforeRestore true for the safety backup taken before a restore
 */
export const backupFileName = (at: Date, beforeRestore = false): string =>
  `onboarding-${at.toISOString().replaceAll(':', '-').replace('.', '-')}${beforeRestore ? '-before-restore' : ''}.backup`;

/** Whether a backup's name is that of a safety backup taken before a restore. */
export const isBeforeRestore = (name: string): boolean => name.endsWith('-before-restore.backup');

/** When the backup of this file name was taken, or undefined when the name is not a backup's. */
export function backupTime(name: string): Date | undefined {
  const match = NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/**
 * The backups in a folder, newest first; other files are ignored.
 * @param directory the backups folder (a missing folder holds none)
 */
export function listBackups(directory: string): BackupInfo[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BackupInfo[] = [];
  for (const name of names) {
    const createdAt = backupTime(name);
    if (createdAt)
      found.push({
        name,
        createdAt,
        bytes: statSync(path.join(directory, name)).size,
        beforeRestore: isBeforeRestore(name),
      });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Monday (UTC) of the week of a time, as YYYY-MM-DD. */
const weekOf = (at: Date): string => {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
};

/** Every backup younger than this stays, whatever the daily and weekly rule says (docs/operations.md#backups). */
export const KEEP_ALL_WITHIN_MS = 24 * 3_600_000;

/**
 * Which backups the retention rule keeps (docs/operations.md#backups): every backup taken in the 24 hours before `now`,
 * the newest of each of the `keepDaily` most recent days that have one, and the newest of each of the `keepWeekly` most
 * recent weeks that have one.
 * @param backups backups, any order
 * @param now the time of the pruning
 * @returns the names to keep
 */
export function backupsToKeep(
  backups: BackupInfo[],
  settings: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
  now: Date,
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>();
  for (const backup of newestFirst)
    if (now.getTime() - backup.createdAt.getTime() < KEEP_ALL_WITHIN_MS) keep.add(backup.name);
  const pick = (periodOf: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.createdAt);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(backup.name);
    }
  };
  pick((at) => at.toISOString().slice(0, 10), settings.keepDaily);
  pick(weekOf, settings.keepWeekly);
  return keep;
}

/** Thrown when a backup is asked of a server on PostgreSQL. */
export class BackupsUnavailableError extends Error {
  constructor() {
    super(POSTGRES_BACKUP_MESSAGE);
    this.name = 'BackupsUnavailableError';
  }
}

/** The backups of one server. */
export interface BackupService {
  /** False on PostgreSQL: every other method then throws {@link BackupsUnavailableError}. */
  readonly available: boolean;
  readonly directory: string | undefined;
  readonly settings: BackupSettings;
  /** The backups, newest first. */
  list(): BackupInfo[];
  /**
   * Takes a backup now, then prunes old ones. One at a time (docs/reliability.md#backups-one-at-a-time): a call while
   * one is being taken gets that one, so requests that pile up make one backup, not one each.
   * @throws the database or file system error when it fails (nothing half-written is left behind)
   */
  create(): Promise<BackupInfo>;
  /** True while a backup is being taken (the embedded database is busy with it). */
  isTaking(): boolean;
  /**
   * Restores a backup into the running database (restore-live.ts), after a new safety backup of what there is now
   * (named `…-before-restore.backup`, listed with the others). One restore at a time.
   * @param name the backup's file name
   * @returns the restored backup's manifest, the restored tables' summary and the safety backup
   * @throws RestoreError when the backup does not exist, a restore is running, or it cannot be restored (the
   *   database is then as it was; the safety backup stays)
   */
  restore(name: string): Promise<{ manifest: BackupManifest; restored: DatabaseSummary; safety: BackupInfo }>;
  /** Takes a backup when none is newer than the interval; returns it, or undefined when none was due. */
  runScheduled(): Promise<BackupInfo | undefined>;
  /** Checks now and every hour (errors go to `onError`); `stop()` ends it. */
  startSchedule(onError: (error: unknown) => void): void;
  /** Ends the schedule and waits for a backup that is running (call before closing the database). */
  stop(): Promise<void>;
  /** The full path of a backup by name, or undefined when there is no such backup. */
  pathOf(name: string): string | undefined;
}

/**
 * Takes one consistent backup of an embedded database into a folder. The database summary and the copy of the
 * database folder are taken inside one transaction: PGlite runs one transaction at a time, so no write lands
 * between them or during the copy, and the copy holds only committed transactions. A CHECKPOINT first writes every
 * change into the data files, so a restore does not depend on replaying the write-ahead log.
 * @param client the open PGlite database (in its worker thread, or in this one)
 * @param directory the backups folder (created when missing)
 * @param at the backup's time (names the file)
 * @returns the new backup
 */
export async function takeBackup(
  client: EmbeddedClient,
  directory: string,
  at: Date,
  beforeRestore = false,
): Promise<BackupInfo> {
  // Only the server's user may read a backup: it holds everything (docs/operations.md#backups).
  makePrivate(directory);
  const { manifest, dump } = await client.transaction(async (tx) => {
    const run: SqlRunner = async (statement, params) =>
      (await tx.query<Record<string, unknown>>(statement, params)).rows;
    const [migrations] = await run('select count(*)::int as n from drizzle.__drizzle_migrations');
    const tables = await summarizeTables(run);
    await tx.exec('CHECKPOINT');
    const copy = await client.dumpDataDir('none');
    const content: BackupManifest = {
      app: 'onboarding',
      format: 1,
      createdAt: at.toISOString(),
      migrations: Number(migrations?.n ?? 0),
      tables,
    };
    return { manifest: content, dump: copy };
  });
  // The copy is whole once made: reading it out and compressing it need not keep the database waiting.
  const tar = Buffer.from(await dump.arrayBuffer());
  const name = backupFileName(at, beforeRestore);
  const file = path.join(directory, name);
  const partial = `${file}.partial`;
  const bytes = await buildBackupFile(manifest, tar);
  await writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, file);
  return { name, createdAt: at, bytes: bytes.length, beforeRestore };
}

/**
 * The backups of a server (see the module comment).
 * @param options.client the PGlite database, or undefined on PostgreSQL
 * @param options.directory `DATA_DIR/backups`
 * @param options.now the clock (tests move it)
 * @param options.copies where a second copy of each backup goes, off the data disk
 */
export function createBackupService(options: {
  client: EmbeddedClient | undefined;
  directory: string;
  settings: BackupSettings;
  now?: () => Date;
  /** Where a second copy of each backup goes (backup-copies.ts); default none. */
  copies?: BackupCopyTarget[];
}): BackupService {
  const { client, directory, settings } = options;
  const copies = options.copies ?? [];
  const now = options.now ?? (() => new Date());
  let running: Promise<BackupInfo> | undefined;
  const timer = new PeriodicTimer();

  const prune = () => {
    const all = listBackups(directory);
    const keep = backupsToKeep(all, settings, now());
    for (const backup of all) if (!keep.has(backup.name)) unlinkSync(path.join(directory, backup.name));
  };

  let restoring = false;

  const create = async (beforeRestore = false): Promise<BackupInfo> => {
    if (!client) throw new BackupsUnavailableError();
    if (running && !beforeRestore) return running;
    // A safety backup must show the database as it is now: it waits for a backup that is running and takes its own.
    while (running) await running.catch(() => undefined);
    const taking = (async () => {
      // Two backups in the same millisecond would share a name: the second waits a tick.
      let at = now();
      while (listBackups(directory).some((b) => b.createdAt.getTime() === at.getTime()))
        at = new Date(at.getTime() + 1);
      const backup = await takeBackup(client, directory, at, beforeRestore);
      prune();
      await copyBackup(path.join(directory, backup.name), copies, now());
      return backup;
    })();
    running = taking;
    try {
      return await taking;
    } finally {
      if (running === taking) running = undefined;
    }
  };

  const service: BackupService = {
    available: client !== undefined,
    directory: client ? directory : undefined,
    settings,
    list: () => {
      if (!client) throw new BackupsUnavailableError();
      return listBackups(directory);
    },
    create: () => create(),
    isTaking: () => running !== undefined,
    restore: async (name) => {
      if (!client) throw new BackupsUnavailableError();
      const file = service.pathOf(name);
      if (file === undefined) throw new RestoreError(`There is no backup named ${name}; it may have been pruned.`);
      if (restoring) throw new RestoreError('A restore is already running. Wait for it to finish, then look again.');
      restoring = true;
      try {
        const safety = await create(true);
        const { manifest, restored } = await restoreIntoRunningDatabase(client, file);
        return { manifest, restored, safety };
      } finally {
        restoring = false;
      }
    },
    runScheduled: async () => {
      if (!client || settings.everyHours <= 0) return undefined;
      const newest = listBackups(directory)[0];
      const due = !newest || now().getTime() - newest.createdAt.getTime() >= settings.everyHours * 3_600_000;
      return due ? create() : undefined;
    },
    startSchedule: (onError) => {
      if (!client || settings.everyHours <= 0 || timer.started) return;
      const check = () => void service.runScheduled().catch(onError);
      timer.start(Math.min(BACKUP_CHECK_INTERVAL_MS, settings.everyHours * 3_600_000), check);
    },
    stop: () => timer.stop(running),
    pathOf: (name) => {
      if (!client || backupTime(name) === undefined) return undefined;
      const file = path.join(directory, name);
      try {
        return statSync(file).isFile() ? file : undefined;
      } catch {
        return undefined;
      }
    },
  };
  return service;
}
