import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on the embedded database (docs/architecture.md#database): PGlite keeps its files under DATA_DIR
 * and has no locking of its own, so two processes opening it at once (the server and `npm run members`, say) would
 * corrupt it. Every process that opens it first takes `DATA_DIR/database.lock`, a small JSON file with its pid,
 * and deletes it when done. A lock whose process is gone (a crash, a killed container) is stale and taken over.
 * Two processes breaking the same stale lock in the same millisecond could both succeed; people start these
 * processes by hand, one at a time, so this is accepted.
 * PostgreSQL (DATABASE_URL) needs none of this.
 */

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE_NAME = 'database.lock';

/** Who holds the lock: the content of the lock file. */
export interface LockHolder {
  pid: number;
  /** What the process is, in words a person can act on: 'server', 'npm run members', 'npm run db:migrate'. */
  holder: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
  /** The process's start time as the kernel counts it (Linux `/proc/<pid>/stat`), to tell a reused pid apart. */
  processStart?: string;
}

/** The name of the server in lock files: the CLIs give it a message of its own. */
export const SERVER_HOLDER = 'server';

/** Thrown by {@link acquireDataDirLock} when a live process holds the lock; the message says what to do. */
export class DataDirBusyError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
    requester: string,
  ) {
    super(busyMessage(holder, requester));
    this.name = 'DataDirBusyError';
  }
}

/**
 * What to tell `requester` when `holder` has the data folder.
 * @param holder the current lock holder
 * @param requester who wanted the lock ({@link SERVER_HOLDER} or a command name)
 */
export function busyMessage(holder: LockHolder, requester: string): string {
  if (holder.holder !== SERVER_HOLDER) {
    return `${holder.holder} is using this data folder (pid ${holder.pid}). Wait for it to finish, then try again.`;
  }
  if (requester === SERVER_HOLDER) {
    return (
      `Another server is running on this data folder (pid ${holder.pid}). Stop it first: the embedded database ` +
      'can only be opened by one process. To run several servers, give them one PostgreSQL database (DATABASE_URL).'
    );
  }
  return `The server is running on this data folder (pid ${holder.pid}). Stop it first, or use the admin console.`;
}

/**
 * Whether a process with this id is running (on this machine). A process of another user counts as running.
 * @param pid a process id
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of Linux `/proc/<pid>/stat`).
 * @param pid a process id
 * @returns the start time as text, or undefined where there is no /proc (macOS, Windows) or no such process
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; fields after it start at 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote a lock still runs. Not this process (a restarted container often gets the same pid
 * as the one that crashed), and not a different process that got the same pid later (its start time differs).
 */
function holderIsRunning(found: LockHolder): boolean {
  if (found.pid === process.pid || !isProcessAlive(found.pid)) return false;
  if (found.processStart === undefined) return true;
  const now = processStartTime(found.pid);
  return now === undefined || now === found.processStart;
}

function readHolder(lockFile: string): LockHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return 'unreadable';
    const { pid, holder, since, processStart } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof holder !== 'string' || typeof since !== 'string') return 'unreadable';
    return { pid, holder, since, ...(typeof processStart === 'string' ? { processStart } : {}) };
  } catch {
    return 'unreadable';
  }
}

const removeIfPresent = (file: string) => {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};

/**
 * The live holder of the data folder's lock, if any (a stale or unreadable lock counts as none).
 * @param dataDir the DATA_DIR of the embedded database
 * @returns the holder, or undefined when no live process holds the lock
 */
export function currentLockHolder(dataDir: string): LockHolder | undefined {
  const found = readHolder(path.join(dataDir, LOCK_FILE_NAME));
  return typeof found === 'object' && holderIsRunning(found) ? found : undefined;
}

/** A held lock. `release()` deletes the lock file if it is still this process's; calling it again does nothing. */
export interface DataDirLock {
  lockFile: string;
  release(): void;
}

/**
 * Takes the data folder's lock for this process (see the module comment). The lock file is written whole to a
 * temporary file and hard-linked into place, so taking it is atomic and a reader never sees half a file. A lock of a
 * process that is no longer running (or whose pid now belongs to another process, or to this one), or an unreadable
 * one, is removed and taken over. The lock is also released when
 * the process exits normally.
 * @param dataDir the DATA_DIR of the embedded database (created if missing)
 * @param holder what this process is, e.g. {@link SERVER_HOLDER} or 'npm run members'
 * @returns the held lock
 * @throws DataDirBusyError when a running process holds the lock
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  const processStart = processStartTime(process.pid);
  const mine: LockHolder = {
    pid: process.pid,
    holder,
    since: new Date().toISOString(),
    ...(processStart === undefined ? {} : { processStart }),
  };
  const temporary = path.join(dataDir, `.${LOCK_FILE_NAME}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temporary, `${JSON.stringify(mine)}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(temporary, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      const found = readHolder(lockFile);
      if (typeof found === 'object' && holderIsRunning(found)) {
        throw new DataDirBusyError(found, lockFile, holder);
      }
      if (found !== 'missing') removeIfPresent(lockFile);
    }
  } finally {
    removeIfPresent(temporary);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const found = readHolder(lockFile);
    if (typeof found === 'object' && found.pid === process.pid) removeIfPresent(lockFile);
  };
  process.on('exit', release);
  return { lockFile, release };
}
