import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  busyMessage,
  currentLockHolder,
  DataDirBusyError,
  isProcessAlive,
  LOCK_FILE_NAME,
  processStartTime,
  SERVER_HOLDER,
  type LockHolder,
} from './data-dir-lock.js';

let dataDir: string;
const lockFile = () => path.join(dataDir, LOCK_FILE_NAME);
const writeLock = (holder: Partial<LockHolder> & { pid: number }) =>
  writeFileSync(lockFile(), JSON.stringify({ holder: SERVER_HOLDER, since: '2025-04-01T09:00:00.000Z', ...holder }));

/** Another process that keeps running until the tests end: a live lock holder that is not this process. */
let other: ChildProcess;
const otherPid = () => {
  if (other.pid === undefined) throw new Error('the helper process did not start');
  return other.pid;
};
beforeAll(async () => {
  other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    other.once('spawn', resolve);
    other.once('error', reject);
  });
});
afterAll(() => {
  other.kill();
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-lock-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(done.stdout);
  expect(isProcessAlive(pid)).toBe(false);
  return pid;
}

describe('acquireDataDirLock', () => {
  it('writes the lock with this pid and removes it on release, leaving nothing else behind', () => {
    const lock = acquireDataDirLock(dataDir, 'npm run members');
    const written = JSON.parse(readFileSync(lockFile(), 'utf8')) as LockHolder;
    expect(written).toMatchObject({ pid: process.pid, holder: 'npm run members' });
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('creates DATA_DIR when it is missing', () => {
    dataDir = path.join(dataDir, 'nested', 'data');
    acquireDataDirLock(dataDir, SERVER_HOLDER).release();
    expect(existsSync(dataDir)).toBe(true);
  });

  it('refuses while another running process holds it, naming that process', () => {
    writeLock({ pid: otherPid() });
    const error = (() => {
      try {
        acquireDataDirLock(dataDir, 'npm run members');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as DataDirBusyError).message).toBe(
      `The server is running on this data folder (pid ${otherPid()}). Stop it first, or use the admin console.`,
    );
    expect(() => acquireDataDirLock(dataDir, SERVER_HOLDER)).toThrow(/Another server is running on this data folder/);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: otherPid() });
  });

  it('takes over the lock of a process that is gone', () => {
    writeLock({ pid: deadPid() });
    const lock = acquireDataDirLock(dataDir, SERVER_HOLDER);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("takes over a lock that names this process's pid (a restarted container)", () => {
    writeLock({ pid: process.pid });
    acquireDataDirLock(dataDir, SERVER_HOLDER).release();
  });

  it('takes over a lock whose pid was reused by another process, where the start time is known (Linux)', () => {
    writeLock({ pid: otherPid(), processStart: '1' });
    const startTimesKnown = processStartTime(otherPid()) !== undefined;
    expect(currentLockHolder(dataDir) === undefined).toBe(startTimesKnown);
    writeLock({ pid: otherPid(), processStart: processStartTime(otherPid()) ?? '1' });
    expect(currentLockHolder(dataDir)).toMatchObject({ pid: otherPid() });
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), 'not json');
    acquireDataDirLock(dataDir, SERVER_HOLDER).release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("does not delete another process's lock on release", () => {
    const lock = acquireDataDirLock(dataDir, SERVER_HOLDER);
    writeLock({ pid: otherPid() });
    lock.release();
    expect(existsSync(lockFile())).toBe(true);
  });
});

describe('currentLockHolder', () => {
  it('names a live holder and ignores a stale one', () => {
    expect(currentLockHolder(dataDir)).toBeUndefined();
    writeLock({ pid: deadPid() });
    expect(currentLockHolder(dataDir)).toBeUndefined();
    writeLock({ pid: otherPid(), holder: 'npm run db:migrate' });
    expect(currentLockHolder(dataDir)).toMatchObject({ pid: otherPid(), holder: 'npm run db:migrate' });
  });
});

describe('busyMessage', () => {
  it('tells a tool to wait for another tool', () => {
    expect(busyMessage({ pid: 42, holder: 'npm run members', since: '' }, SERVER_HOLDER)).toBe(
      'npm run members is using this data folder (pid 42). Wait for it to finish, then try again.',
    );
  });
});
