/**
 * Reliability (docs/product.md#google-workspace-accounts, docs/reliability.md#google-workspace-jobs): the suspension of
 * a leaver's Google account is carried out once across a server restart and a SIGKILL in the middle. The real server
 * process (src/server/server.ts) on the embedded database talks to the local protocol peer of Google's Directory API.
 * The server that finds the job due sends the suspension; Google carries it out, and the process is killed before the
 * answer arrives (the peer holds it). Started again after the claim has lapsed, the server finds the account suspended
 * already and records the job done: one suspension in Google, one 'suspended' audit entry, the outcome on the member
 * page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../shared/admin-api.js';
import { workspaceAccountViewSchema } from '../../shared/workspace-api.js';
import { api, devSignIn, startServer, type ServerProcess } from '../test/server-process.js';
import { WorkspacePeer } from '../test/workspace-peer.js';

const ADMIN = 'crash.admin@inspired2uplift.org';
const DELEGATED = 'directory-admin@inspired2uplift.org';
const LEO = 'leo.leaver@inspired2uplift.org';
const ZONE = 'Europe/London';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the suspension on the leaving date, across a restart and a SIGKILL', () => {
  it('is carried out once', { timeout: 240_000 }, async () => {
    const peer = await WorkspacePeer.start(DELEGATED);
    cleanups.push(() => peer.stop());
    peer.addUser(LEO);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-suspension-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const today = DateTime.now().setZone(ZONE).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const dueOn = today.plus({ days: 1 });
    /** A server whose clock reads `at`. */
    const start = async (at: DateTime): Promise<ServerProcess> => {
      const server = await startServer({
        readyTimeoutMs: 90_000,
        env: {
          DATA_DIR: dataDir,
          ADMIN_EMAILS: ADMIN,
          TIME_ZONE: ZONE,
          GOOGLE_SERVICE_ACCOUNT_KEY_FILE: peer.keyFile,
          GOOGLE_DIRECTORY_ADMIN_EMAIL: DELEGATED,
          GOOGLE_DIRECTORY_API_URL: peer.apiUrl,
          GOOGLE_WORKSPACE_WRITE: 'true',
          TEST_CLOCK_OFFSET_MS: String(at.toMillis() - Date.now()),
        },
      });
      cleanups.push(() => server.kill());
      return server;
    };

    // Today: Leo is invited, then marked as leaving tomorrow with the suspension.
    const first = await start(today);
    let cookie = await devSignIn(first.origin, ADMIN);
    const invited = await api(first.origin, cookie, 'PUT', `/api/admin/members/${encodeURIComponent(LEO)}`, {
      role: 'volunteer',
      department: 'Operations',
      isAdmin: false,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const planned = await api(
      first.origin,
      cookie,
      'PUT',
      `/api/admin/members/${encodeURIComponent(LEO)}/workspace-suspension`,
      { dueOn: dueOn.toISODate() },
    );
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    await first.stop();
    expect(peer.users.get(LEO)?.suspended).toBe(false);

    // Tomorrow: the restarted server suspends the account at start-up; Google does it, and the server is killed
    // before it hears so.
    peer.holdNextWrite = true;
    const second = await start(dueOn);
    await until(() => peer.users.get(LEO)?.suspended === true, 60_000, 'the suspension to reach Google');
    await second.kill();
    peer.releaseHeld();

    // Three minutes later (the killed process's claim has lapsed): the job is finished, not done again.
    const third = await start(dueOn.plus({ minutes: 3 }));
    cookie = await devSignIn(third.origin, ADMIN);
    const view = async () => {
      const res = await api(
        third.origin,
        cookie,
        'GET',
        `/api/admin/members/${encodeURIComponent(LEO)}/workspace-account`,
      );
      expect(res.status).toBe(200);
      return workspaceAccountViewSchema.parse(res.body);
    };
    let suspension = (await view()).suspension;
    const deadline = Date.now() + 60_000;
    while (suspension?.status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      suspension = (await view()).suspension;
    }
    expect(suspension).toMatchObject({ status: 'done', attempts: 2, outcome: 'The account was suspended already.' });
    const suspends = peer.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(encodeURIComponent(LEO)));
    expect(suspends).toHaveLength(1);
    const audit = await api(third.origin, cookie, 'GET', `/api/admin/audit?kind=workspace-account&pageSize=50`);
    expect(audit.status).toBe(200);
    const reasons = auditPageSchema
      .parse(audit.body)
      .items.filter((e) => e.subject === LEO)
      .map((e) => e.reason);
    expect(reasons.filter((r) => r === 'suspended')).toHaveLength(1);
  });
});
