import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { workspaceAccountViewSchema, workspaceJobSchema } from '../../../shared/workspace-api.js';
import { listAudit } from '../audit/index.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { startWorkspaceApp, workspaceEnv } from '../../test/test-workspace.js';
import { RETRY_MINUTES } from './jobs.js';

/**
 * The suspension of a member's Google Workspace account on their leaving date
 * (docs/product.md#google-workspace-accounts): a job in the database, carried out once when due (also by two app
 * processes on one database, and after a restart), retried with back-off, cancelled by an undo; against the local
 * protocol peer of Google's Directory API.
 */

const ADMIN = 'jobs.boss@inspired2uplift.org';
const LEO = 'leo.leaver@inspired2uplift.org';
const ZONE = 'Europe/London';

const peer = workspacePeerForFile();
let t: TestApp;
let cookie: string;

const env = () => workspaceEnv(peer, ADMIN, { TIME_ZONE: ZONE });

beforeEach(async () => {
  peer.addUser(LEO);
  ({ t, cookie } = await startWorkspaceApp(peer, { admin: ADMIN, env: env(), volunteers: { [LEO]: 'Operations' } }));
}, 120_000);
afterEach(async () => {
  await t?.close();
});

const url = `/api/admin/members/${encodeURIComponent(LEO)}/workspace-suspension`;
const schedule = async (dueOn: string) => {
  const res = await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { dueOn } });
  expect(res.statusCode, res.body).toBe(200);
  return workspaceJobSchema.parse(res.json());
};
const suspension = async () => {
  const res = await t.app.inject({
    url: `/api/admin/members/${encodeURIComponent(LEO)}/workspace-account`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return workspaceAccountViewSchema.parse(res.json()).suspension;
};
const run = () => t.app.workspaceWorker?.runNow();
const suspends = () => peer.writes().filter((r) => r.method === 'PUT' && r.path.endsWith(encodeURIComponent(LEO)));

// A fresh migrated database per test: slow on a busy machine.
describe('the suspension on the leaving date', { timeout: 120_000 }, () => {
  it('waits for the start of the day in the time zone, then suspends once', async () => {
    expect(await schedule('2026-03-05')).toMatchObject({ status: 'pending', dueOn: '2026-03-05', attempts: 0 });
    t.clock.now = new Date('2026-03-04T23:59:00Z'); // 23:59 in London: not yet
    await run();
    expect(peer.users.get(LEO)?.suspended).toBe(false);
    t.clock.now = new Date('2026-03-05T00:00:00Z');
    await run();
    await run();
    expect(peer.users.get(LEO)?.suspended).toBe(true);
    expect(suspends()).toHaveLength(1);
    expect(await suspension()).toMatchObject({
      status: 'done',
      attempts: 1,
      outcome: 'Suspended: they can no longer sign in to Google.',
    });
    const audit = (await listAudit(t.database.db, { filters: { kind: 'workspace-account', subject: LEO } })).entries;
    expect(audit.map((e) => e.reason).sort()).toEqual(['suspended', 'suspension-planned']);

    // Undo after the fact: refused with what to do instead.
    const undo = await t.app.inject({ method: 'DELETE', url, headers: { cookie } });
    expect(undo.statusCode).toBe(409);
    expect(apiErrorSchema.parse(undo.json()).message).toContain("restore it in Google's Admin console");
  });

  it('is cancelled by an undo before the day, and moved by a new date', async () => {
    await schedule('2026-03-05');
    expect(await schedule('2026-03-09')).toMatchObject({ dueOn: '2026-03-09', status: 'pending' });
    const undo = await t.app.inject({ method: 'DELETE', url, headers: { cookie } });
    expect(undo.json()).toEqual({ cancelled: true });
    t.clock.now = new Date('2026-03-10T09:00:00Z');
    await run();
    expect(peer.users.get(LEO)?.suspended).toBe(false);
    cookie = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    expect(await suspension()).toMatchObject({ status: 'cancelled' });
  });

  it('retries while Google is down, with back-off, shows each failure, then gives up', async () => {
    await schedule('2026-03-05');
    t.clock.now = new Date('2026-03-05T08:00:00Z');
    peer.down = true;
    for (const [i, minutes] of RETRY_MINUTES.entries()) {
      await run();
      const job = await suspension();
      expect(job).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(job?.outcome).toContain('Google answered 503');
      expect(job?.nextAttemptAt).toBe(new Date(t.clock.now.getTime() + minutes * 60_000).toISOString());
      t.clock.advance(minutes * 60_000 - 1);
      await run(); // not due yet
      expect((await suspension())?.attempts).toBe(i + 1);
      t.clock.advance(1);
    }
    await run();
    expect(await suspension()).toMatchObject({ status: 'failed', attempts: RETRY_MINUTES.length + 1 });
    expect(peer.users.get(LEO)?.suspended).toBe(false);
  });

  it('recovers after a 503 and suspends once', async () => {
    await schedule('2026-03-05');
    t.clock.now = new Date('2026-03-05T08:00:00Z');
    peer.down = true;
    await run();
    peer.down = false;
    t.clock.advance(RETRY_MINUTES[0] * 60_000);
    await run();
    expect(await suspension()).toMatchObject({ status: 'done', attempts: 2 });
    expect(suspends()).toHaveLength(1);
  });

  it('is carried out once by two app processes on one database, and found by a restarted one', async () => {
    await schedule('2026-03-05');
    const second = await createTestApp({
      env: env(),
      database: t.database,
    });
    try {
      second.clock.now = t.clock.now = new Date('2026-03-05T08:00:00Z');
      await Promise.all([run(), second.app.workspaceWorker?.runNow(), run(), second.app.workspaceWorker?.runNow()]);
      expect(suspends()).toHaveLength(1);
      expect(await suspension()).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await second.app.close();
    }
  });

  it('writes nothing when the account is suspended already or unknown to Google', async () => {
    peer.addUser(LEO, { suspended: true });
    await schedule('2026-03-05');
    t.clock.now = new Date('2026-03-05T08:00:00Z');
    await run();
    expect(await suspension()).toMatchObject({ status: 'done', outcome: 'The account was suspended already.' });
    expect(peer.writes()).toEqual([]);
  });

  it('is refused while writing is off, and for someone without a member record', async () => {
    const off = await createTestApp({
      env: { ...env(), GOOGLE_WORKSPACE_WRITE: 'false' },
      database: t.database,
    });
    try {
      const res = await off.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { dueOn: '2026-03-05' } });
      expect(res.statusCode).toBe(409);
    } finally {
      await off.app.close();
    }
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent('nobody@inspired2uplift.org')}/workspace-suspension`,
      headers: { cookie },
      payload: { dueOn: '2026-03-05' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { dueOn: 'soon' } });
    expect(bad.statusCode).toBe(400);
  });
});
