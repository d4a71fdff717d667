import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import {
  directoryFindingsSchema,
  memberDirectoryStateSchema,
  type DirectoryFindings,
} from '../../../shared/workspace-directory-api.js';
import { workspaceDirectoryAccounts } from '../../db/schema.js';
import { upsertMember } from '../members/members.repository.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { DELEGATED, startWorkspaceApp } from '../../test/test-workspace.js';
import { USERS_PAGE_SIZE } from './directory-read.js';
import { NO_DIRECTORY_MESSAGE } from './directory.routes.js';

/**
 * The directory tells us who left (docs/product.md#who-left-in-google-workspace): the periodic read lists the domain's
 * accounts through Google's client (users.list, page by page, then the deleted ones), against the local protocol peer
 * of the Directory API; members whose account is suspended or deleted are listed for an admin to mark as left (the
 * existing 'Mark as left'), accounts that are not members yet to invite.
 */

const ADMIN = 'dir.boss@inspired2uplift.org';
const SUE = 'sue.suspended@inspired2uplift.org';
const DAN = 'dan.deleted@inspired2uplift.org';
const AMY = 'amy.active@inspired2uplift.org';
const LEA = 'lea.left@inspired2uplift.org';
const NEW = 'nora.notyet@inspired2uplift.org';

const peer = workspacePeerForFile();
let t: TestApp;
let cookie: string;

beforeEach(async () => {
  for (const email of [DELEGATED, ADMIN, SUE, DAN, AMY, LEA]) peer.addUser(email);
  peer.addUser(NEW, { name: { givenName: 'Nora', familyName: 'Notyet' } });
  peer.addUser('someone@elsewhere.example');
  // Reading only: writing is off.
  ({ t, cookie } = await startWorkspaceApp(peer, {
    admin: ADMIN,
    env: { ADMIN_EMAILS: ADMIN, ...peer.appEnv },
    volunteers: Object.fromEntries([SUE, DAN, AMY, LEA].map((email) => [email, 'Operations'])),
  }));
  const left = await t.app.inject({
    method: 'POST',
    url: `/api/admin/members/${encodeURIComponent(LEA)}/leave`,
    headers: { cookie },
    payload: { leftOn: '2026-03-01' },
  });
  expect(left.statusCode, left.body).toBe(200);
}, 120_000);
afterEach(async () => {
  await t?.close();
});

const read = async (): Promise<DirectoryFindings> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/workspace/directory/read', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return directoryFindingsSchema.parse(res.json());
};
const findings = async (): Promise<DirectoryFindings> => {
  const res = await t.app.inject({ url: '/api/admin/workspace/directory', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return directoryFindingsSchema.parse(res.json());
};
const lists = (f: DirectoryFindings) => ({
  leftInGoogle: f.leftInGoogle.map((m) => [m.email, m.state, m.since]),
  notMembers: f.notMembers.map((a) => a.email),
});

describe('the directory read', { timeout: 120_000 }, () => {
  it('lists members whose account is suspended or deleted, and accounts not members yet', async () => {
    peer.suspendUser(SUE, new Date('2026-02-27T09:30:00Z'));
    peer.deleteUser(DAN, new Date('2026-02-28T12:00:00Z'));
    peer.suspendUser(LEA);
    const found = await read();
    expect(lists(found)).toEqual({
      // Latest first; Lea, marked as left already, is not asked about; Amy is active.
      leftInGoogle: [
        [DAN, 'deleted', '2026-02-28T12:00:00.000Z'],
        [SUE, 'suspended', '2026-02-27T09:30:00.000Z'],
      ],
      // Not a member, never signed in, of the domain (the admin signed in; the other domain's account is not ours).
      notMembers: [DELEGATED, NEW],
    });
    expect(found.notMembers.find((a) => a.email === NEW)).toEqual({
      email: NEW,
      givenName: 'Nora',
      familyName: 'Notyet',
    });
    // The day to mark them as left: the day it happened in the organisation's time zone.
    expect(found.leftInGoogle.map((m) => [m.email, m.leftOn])).toEqual([
      [DAN, '2026-02-28'],
      [SUE, '2026-02-27'],
    ]);
    expect(found.lastRead).toEqual({ at: t.clock.now.toISOString(), ok: true, problem: null, accounts: 7 });
    expect(found.configured).toBe(true);
    // Through users.list of the domain: the current accounts, then the deleted ones.
    expect(peer.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /admin/directory/v1/users 200',
      'GET /admin/directory/v1/users 200',
    ]);
    // The member page asks about one member.
    const sue = await t.app.inject({
      url: `/api/admin/members/${encodeURIComponent(SUE)}/directory`,
      headers: { cookie },
    });
    expect(memberDirectoryStateSchema.parse(sue.json()).leftInGoogle).toMatchObject({ email: SUE, state: 'suspended' });
    const amy = await t.app.inject({
      url: `/api/admin/members/${encodeURIComponent(AMY)}/directory`,
      headers: { cookie },
    });
    expect(memberDirectoryStateSchema.parse(amy.json())).toEqual({ leftInGoogle: null });
  });

  it('leaves a member off the list once an admin marks them as left, and puts an invited account off the other', async () => {
    peer.suspendUser(SUE);
    await read();
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${encodeURIComponent(SUE)}/leave`,
      headers: { cookie },
      payload: { leftOn: '2026-03-02', note: 'Suspended in Google Workspace' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await upsertMember(t.database.db, { email: NEW, role: 'volunteer', department: 'Operations', isAdmin: false });
    expect(lists(await findings())).toEqual({ leftInGoogle: [], notMembers: [DELEGATED] });
  });

  it('reads every page, and keeps a suspension’s day while it lasts', async () => {
    for (let i = 0; i < USERS_PAGE_SIZE * 2 + 3; i += 1)
      peer.addUser(`person-${String(i).padStart(4, '0')}@inspired2uplift.org`);
    peer.suspendUser(SUE, new Date('2026-02-20T08:00:00Z'));
    const first = await read();
    expect(first.notMembers).toHaveLength(USERS_PAGE_SIZE * 2 + 3 + 2);
    // 1,010 current accounts: three pages; the deleted ones: one.
    expect(peer.requests.filter((r) => r.path === '/admin/directory/v1/users')).toHaveLength(4);
    // Read again a day later: still suspended since 20 February; Google's later time for it changes nothing.
    t.clock.advance(86_400_000);
    peer.users.get(SUE)!.suspensionTime = '2026-03-02T08:00:00.000Z';
    expect(lists(await read()).leftInGoogle).toEqual([[SUE, 'suspended', '2026-02-20T08:00:00.000Z']]);
    // Back in use: off the list; suspended again: from then.
    peer.users.get(SUE)!.suspended = false;
    expect((await read()).leftInGoogle).toEqual([]);
    t.clock.advance(86_400_000);
    peer.users.get(SUE)!.suspended = true;
    delete peer.users.get(SUE)!.suspensionTime;
    expect(lists(await read()).leftInGoogle).toEqual([[SUE, 'suspended', t.clock.now.toISOString()]]);
  });

  it('still knows a deleted account once Google stops listing it (after 20 days)', async () => {
    peer.deleteUser(DAN, new Date('2026-02-28T12:00:00Z'));
    await read();
    peer.deletedUsers.clear();
    t.clock.advance(21 * 86_400_000);
    // A new session: the admin's first one has lapsed in those weeks.
    cookie = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    expect(lists(await read()).leftInGoogle).toEqual([[DAN, 'deleted', '2026-02-28T12:00:00.000Z']]);
    // An account seen active and then listed nowhere is deleted too, from that read.
    peer.users.delete(AMY);
    t.clock.advance(3_600_000);
    expect(lists(await read()).leftInGoogle).toEqual([
      [AMY, 'deleted', t.clock.now.toISOString()],
      [DAN, 'deleted', '2026-02-28T12:00:00.000Z'],
    ]);
    // Kept while Dan is not marked as left; once he is, his deleted account is forgotten 30 days after its deletion.
    t.clock.advance(20 * 86_400_000);
    cookie = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    await read();
    expect(
      await t.database.db.select().from(workspaceDirectoryAccounts).where(eq(workspaceDirectoryAccounts.email, DAN)),
    ).toHaveLength(1);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${encodeURIComponent(DAN)}/leave`,
      headers: { cookie },
      payload: { leftOn: '2026-02-28' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await read();
    expect(
      await t.database.db.select().from(workspaceDirectoryAccounts).where(eq(workspaceDirectoryAccounts.email, DAN)),
    ).toEqual([]);
  });

  it('says what went wrong and keeps the last findings when Google refuses or is down', async () => {
    peer.suspendUser(SUE);
    await read();
    // Google refuses the read scope (403 insufficientPermissions): the problem names it; nothing found before is lost.
    peer.failNext = [403];
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workspace/directory/read',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(502);
    expect(apiErrorSchema.parse(refused.json()).message).toContain(
      'https://www.googleapis.com/auth/admin.directory.user.readonly',
    );
    const after = await findings();
    expect(after.lastRead).toMatchObject({ ok: false });
    expect(after.lastRead?.problem).toContain('admin.directory.user.readonly');
    expect(lists(after).leftInGoogle.map(([email]) => email)).toEqual([SUE]);
    // Google down: 503, try again later.
    peer.down = true;
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workspace/directory/read',
      headers: { cookie },
    });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    expect(lists(await findings()).leftInGoogle.map(([email]) => email)).toEqual([SUE]);
  });

  it('marks nobody when Google lists no account of the domain (a wrong ALLOWED_DOMAIN)', async () => {
    await read();
    peer.users.clear();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/workspace/directory/read', headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(apiErrorSchema.parse(res.json()).message).toContain('ALLOWED_DOMAIN');
    expect((await findings()).leftInGoogle).toEqual([]);
  });

  it('is read once per period by the processes of one database, and on demand', async () => {
    const reader = t.app.directoryReader;
    expect(reader).toBeDefined();
    expect(await reader?.runNow({ unlessReadWithinMs: 3_600_000 })).toEqual({ ok: true, accounts: 7 });
    t.clock.advance(10 * 60_000);
    expect(await reader?.runNow({ unlessReadWithinMs: 3_600_000 })).toBeNull();
    t.clock.advance(60 * 60_000);
    expect(await reader?.runNow({ unlessReadWithinMs: 3_600_000 })).toEqual({ ok: true, accounts: 7 });
    expect(peer.requests).toHaveLength(4);
  });
});

describe('without a directory', { timeout: 120_000 }, () => {
  it('has nothing to read, and says so', async () => {
    const bare = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    try {
      const admin = await signInWithGoogleSession(bare, { email: ADMIN, name: 'Boss' });
      const got = await bare.app.inject({ url: '/api/admin/workspace/directory', headers: { cookie: admin } });
      expect(directoryFindingsSchema.parse(got.json())).toEqual({
        configured: false,
        lastRead: null,
        leftInGoogle: [],
        notMembers: [],
      });
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/admin/workspace/directory/read',
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(409);
      expect(apiErrorSchema.parse(res.json()).message).toBe(NO_DIRECTORY_MESSAGE);
    } finally {
      await bare.close();
    }
  });
});
