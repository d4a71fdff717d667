import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceAccountViewSchema, workspaceJobSchema } from '../../../shared/workspace-api.js';
import { signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { smtpForFile, workspacePeerForFile } from '../../test/file-servers.js';
import { mailSettings } from '../../test/test-smtp.js';
import { startWorkspaceApp, workspaceEnv } from '../../test/test-workspace.js';
import { RETRY_MINUTES } from './jobs.js';

/**
 * A suspension that fails is never lost (docs/product.md#google-workspace-accounts): Google down until the last
 * attempt, or a scope the delegation lacks, is said on the member page with what to do, listed in every admin's digest
 * (a real SMTP server on loopback) until 'Try again' succeeds; against the local protocol peer of Google's API.
 */

const ADMIN = 'leaving.boss@inspired2uplift.org';
const LEO = 'leo.leaver@inspired2uplift.org';
const WRITE_USERS = 'https://www.googleapis.com/auth/admin.directory.user';

const peer = workspacePeerForFile();
const smtp = smtpForFile();
let t: TestApp;
let cookie: string;

beforeEach(async () => {
  peer.addUser(LEO);
  ({ t, cookie } = await startWorkspaceApp(peer, {
    admin: ADMIN,
    env: workspaceEnv(peer, ADMIN, { TIME_ZONE: 'Europe/London', ...mailSettings(smtp) }),
    volunteers: { [LEO]: 'Operations' },
  }));
}, 120_000);
afterEach(async () => {
  await t?.close();
});

const suspensionUrl = `/api/admin/members/${encodeURIComponent(LEO)}/workspace-suspension`;
const plan = async (dueOn: string) => {
  const res = await t.app.inject({ method: 'PUT', url: suspensionUrl, headers: { cookie }, payload: { dueOn } });
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
/** The admin's digest, asked for now, as it arrived. */
const digest = async () => {
  smtp.messages.length = 0;
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/digest', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.mailWorker.runNow();
  await smtp.waitFor(1);
  return smtp.messages[0]?.text ?? '';
};

describe('a suspension that fails', { timeout: 120_000 }, () => {
  it('is said on the member page and in every digest until it is tried again successfully', async () => {
    await plan('2026-03-03');
    t.clock.now = new Date('2026-03-03T08:00:00Z');
    peer.down = true;
    for (const minutes of RETRY_MINUTES) {
      await run();
      t.clock.advance(minutes * 60_000);
    }
    await run();
    const failed = await suspension();
    expect(failed?.status).toBe('failed');
    expect(failed?.outcome).toContain('Google answered 503');
    expect(failed?.outcome).toContain("suspend the account in Google's Admin console, or press 'Try again'");

    const first = await digest();
    expect(first).toContain('Google Workspace: needs you (1)');
    expect(first).toContain(`${LEO} (Google account not suspended (due 3 Mar 2026): Google answered 503`);
    // Still there a week later: nothing has changed.
    t.clock.advance(7 * 86_400_000);
    cookie = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    expect(await digest()).toContain('Google Workspace: needs you (1)');

    // 'Try again' plans it anew; Google is back.
    peer.down = false;
    expect(await plan('2026-03-03')).toMatchObject({ status: 'pending', attempts: 0 });
    await run();
    expect(await suspension()).toMatchObject({ status: 'done' });
    expect(peer.users.get(LEO)?.suspended).toBe(true);
    expect(await digest()).not.toContain('Google Workspace');
  });

  it('names the scope the delegation lacks', async () => {
    peer.delegatedScopes.delete(WRITE_USERS);
    await plan('2026-03-03');
    t.clock.now = new Date('2026-03-03T08:00:00Z');
    await run();
    const job = await suspension();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.outcome).toContain('unauthorized_client');
    expect(job?.outcome).toContain('the launch checklist names the scope to add');
    expect(peer.users.get(LEO)?.suspended).toBe(false);
  });

  it('names the scope when Google refuses the request itself (403 insufficient scopes)', async () => {
    await plan('2026-03-03');
    t.clock.now = new Date('2026-03-03T08:00:00Z');
    peer.failNext = [403];
    await run();
    const job = await suspension();
    expect(job?.outcome).toContain('Google answered 403 (Request had insufficient authentication scopes.)');
    expect(job?.outcome).toContain('the launch checklist names the scope to add');
  });
});
