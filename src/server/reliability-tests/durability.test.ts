/**
 * Reliability (docs/architecture.md#tests): a client writes progress to the real server process (src/server/server.ts)
 * one PUT at a time; the server is killed with SIGKILL while a write is in flight and started again on the same
 * database. Every write the server acknowledged (200) must be there afterwards, and the session made before the kill
 * still works. On the embedded database (a temporary DATA_DIR: the killed server leaves its lock behind, which the
 * new one must take over as stale) and, when TEST_DATABASE_URL is set (CI runs the server tests with PostgreSQL), on a
 * fresh PostgreSQL database. Bounded: at most MAX_WRITES writes or WRITE_WINDOW_MS, loopback only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onboardingResponseSchema } from '../../shared/api.js';
import { LOCK_FILE_NAME } from '../db/data-dir-lock.js';
import { fetchOnboardingView } from '../test/onboarding-view.js';
import {
  api,
  createEmptyPostgresDatabase,
  devSignIn,
  startServer,
  type ServerProcess,
} from '../test/server-process.js';

const MAX_WRITES = 200;
const WRITE_WINDOW_MS = 8_000;
/** The write during which the server is killed (if the window has not closed before). */
const KILL_AT_WRITE = 60;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts a server and makes sure it is killed when the test ends, whatever happens. */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ env });
  cleanups.push(() => server.kill());
  return server;
}

async function completedSteps(origin: string, cookie: string): Promise<string[]> {
  const res = await api(origin, cookie, 'GET', '/api/onboarding');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return onboardingResponseSchema.parse(res.body).progress.completed.map((c) => c.stepId);
}

/**
 * Writes progress until the server dies (it is killed during write KILL_AT_WRITE), then restarts it and checks every
 * acknowledged write.
 * @param env the database settings, the same for both runs
 * @param beforeRestart checks between the kill and the restart (e.g. the stale lock is there)
 */
async function writeKillRestartCheck(env: Record<string, string>, beforeRestart: () => void = () => {}): Promise<void> {
  const first = await start(env);
  const cookie = await devSignIn(first.origin, 'durable@inspired2uplift.org');
  let steps = (await fetchOnboardingView(first.origin, cookie)).scopes.flatMap((s) => s.steps.map((step) => step.id));
  expect(steps.length).toBeGreaterThan(0);

  /** The last acknowledged state of each step written. */
  const acknowledged = new Map<string, boolean>();
  /** The write the server was killed during: it may or may not have been applied. */
  let unacknowledged: { stepId: string; completed: boolean } | null = null;
  const deadline = Date.now() + WRITE_WINDOW_MS;
  let writes = 0;
  while (writes < MAX_WRITES && Date.now() < deadline && steps.length > 0) {
    const stepId = steps[writes % steps.length] ?? '';
    const completed = !(acknowledged.get(stepId) ?? false);
    writes += 1;
    const request = api(first.origin, cookie, 'PUT', `/api/progress/steps/${stepId}`, { completed });
    if (writes === KILL_AT_WRITE) {
      // SIGKILL while this write is on its way or being handled.
      setTimeout(() => first.child.kill('SIGKILL'), writes % 3);
    }
    let res: Awaited<typeof request>;
    try {
      res = await request;
    } catch {
      unacknowledged = { stepId, completed };
      break;
    }
    if (res.status === 200) acknowledged.set(stepId, completed);
    else if (res.status === 409)
      steps = steps.filter((s) => s !== stepId); // a checklist step: items first
    else throw new Error(`write ${writes} answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  await first.kill();
  // The kill came mid-stream: during write KILL_AT_WRITE, or its answer was out and the next write found no server.
  expect(writes, 'writes until the kill').toBeGreaterThanOrEqual(KILL_AT_WRITE);
  expect(writes).toBeLessThanOrEqual(KILL_AT_WRITE + 1);
  expect(unacknowledged, 'the loop ended on a write that was not acknowledged').not.toBeNull();
  expect(acknowledged.size, 'some writes were acknowledged').toBeGreaterThan(0);
  beforeRestart();

  const second = await start(env);
  // The session made before the kill was acknowledged too.
  const completedAfter = await completedSteps(second.origin, cookie);
  expect(new Set(completedAfter).size, 'no step is listed twice').toBe(completedAfter.length);
  for (const [stepId, completed] of acknowledged) {
    if (unacknowledged?.stepId === stepId) continue; // either state is right for the write in flight
    expect(completedAfter.includes(stepId), `step ${stepId} after ${writes} writes`).toBe(completed);
  }
  // The restarted server takes writes again.
  const again = await api(second.origin, cookie, 'PUT', `/api/progress/steps/${[...acknowledged.keys()][0] ?? ''}`, {
    completed: true,
  });
  expect(again.status).toBe(200);
  await second.stop();
}

describe('acknowledged progress survives a SIGKILL of the server', () => {
  it('on the embedded database: the restarted server takes over the stale lock and has every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-durability-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await writeKillRestartCheck({ DATA_DIR: dataDir }, () => {
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME)), 'the killed server left its lock').toBe(true);
    });
  }, 60_000);

  const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
  if (postgresUrl) {
    it('on PostgreSQL: the restarted server has every acknowledged write', async () => {
      const database = await createEmptyPostgresDatabase(postgresUrl);
      cleanups.push(() => database.drop());
      await writeKillRestartCheck({ DATABASE_URL: database.url });
    }, 60_000);
  }
});
