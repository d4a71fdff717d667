import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import { teamTaskListSchema } from '../../../shared/team-tasks-api.js';
import {
  createdAccountSchema,
  orgUnitMappingSchema,
  workspaceAccountViewSchema,
  type OrgUnitRule,
} from '../../../shared/workspace-api.js';
import { listAudit } from '../audit/index.js';
import { addDepartment } from '../departments/departments.service.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import { signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { putMemberRecord } from '../../test/test-members.js';
import { teamTaskCatalog } from '../../test/test-roles.js';
import { startWorkspaceApp, workspaceEnv } from '../../test/test-workspace.js';
import { temporaryPassword } from './accounts.js';
import { orgUnitFor, TOP_ORG_UNIT } from './mappings.js';

/**
 * Creating a member's Google Workspace account (docs/product.md#google-workspace-accounts) through the app's routes,
 * with Google's own client against the local protocol peer (src/server/test/workspace-peer.ts): once, whatever the
 * clicks and failures; the team task done with a note; audited.
 */

const ADMIN = 'ws.boss@inspired2uplift.org';
const NORA = 'nora.newcomer@inspired2uplift.org';

const catalog = teamTaskCatalog(
  [
    {
      id: 'create-google-account',
      title: 'Create the account',
      description: 'Create it.',
      who: 'admins',
      dueAfterDays: -2,
    },
  ],
  { id: 'change-password', title: 'Change your password' },
);

const peer = workspacePeerForFile();
let t: TestApp;
let cookie: string;

async function startApp(write: boolean): Promise<void> {
  ({ t, cookie } = await startWorkspaceApp(peer, {
    admin: ADMIN,
    catalog,
    env: workspaceEnv(peer, ADMIN, { GOOGLE_WORKSPACE_WRITE: String(write) }),
  }));
  await addDepartment(t.database.db, catalog, 'Events', { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  await putMemberRecord(t, cookie, NORA, {
    role: 'volunteer',
    department: 'Events',
    isAdmin: false,
    startOn: '2026-03-09',
  });
}

beforeEach(() => {
  peer.delegatedScopes = new Set(
    Object.values({
      read: 'https://www.googleapis.com/auth/admin.directory.user.readonly',
      write: 'https://www.googleapis.com/auth/admin.directory.user',
      groups: 'https://www.googleapis.com/auth/admin.directory.group.member',
    }),
  );
});

const url = `/api/admin/members/${encodeURIComponent(NORA)}/workspace-account`;
const view = async () => {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return workspaceAccountViewSchema.parse(res.json());
};
const create = (names = { givenName: 'Nora', familyName: 'Newcomer' }) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: names });
const inserts = () => peer.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/users') && r.status === 200);

// A fresh migrated database per test: slow on a busy machine.
describe('creating the account', { timeout: 120_000 }, () => {
  afterEach(async () => {
    await t.close();
  });

  it('proposes the names, the org unit and says the address is free; creates it once with a temporary password', async () => {
    await startApp(true);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/workspace/org-units',
      headers: { cookie },
      payload: { rules: [{ roleKey: 'volunteer', department: null, orgUnitPath: '/Volunteers' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await view()).toEqual({
      writing: true,
      account: null,
      proposal: {
        primaryEmail: NORA,
        givenName: 'Nora',
        familyName: 'Newcomer',
        orgUnitPath: '/Volunteers',
        address: 'free',
        hasPrivateEmail: false,
      },
      suspension: null,
    });

    const res = await create();
    expect(res.statusCode, res.body).toBe(200);
    const created = createdAccountSchema.parse(res.json());
    expect(created.account).toMatchObject({ state: 'created', passwordDelivery: 'shown', orgUnitPath: '/Volunteers' });
    const user = peer.users.get(NORA);
    expect(user).toMatchObject({
      name: { givenName: 'Nora', familyName: 'Newcomer' },
      orgUnitPath: '/Volunteers',
      changePasswordAtNextLogin: true,
      password: created.temporaryPassword,
    });

    // The team task is done, with a note; both are audited.
    const tasks = await t.app.inject({
      url: `/api/team-tasks/newcomers/${encodeURIComponent(NORA)}`,
      headers: { cookie },
    });
    const [task] = teamTaskListSchema.parse(tasks.json()).tasks;
    expect(task).toMatchObject({ taskId: 'create-google-account', status: 'done' });
    expect(task?.note).toContain(`Created ${NORA} in Google Workspace`);
    expect(task?.note).toContain('The temporary password was shown once to the admin who created it.');
    const audit = (await listAudit(t.database.db, { filters: { kind: 'workspace-account', subject: NORA } })).entries;
    expect(audit.map((e) => e.reason)).toEqual(['created']);
    expect(JSON.stringify(audit)).not.toContain(created.temporaryPassword ?? 'no password');

    // Again: refused, nothing new in Google; the page shows the account, no form.
    const again = await create();
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).message).toBe(
      `The Google Workspace account ${NORA} was created already.`,
    );
    expect(inserts()).toHaveLength(1);
    expect(await view()).toMatchObject({ account: { state: 'created' }, proposal: null });
  });

  it('creates one account for many clicks at once', async () => {
    await startApp(true);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create()));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(inserts()).toHaveLength(1);
  });

  it('refuses an address that someone already has in Google, without touching that account', async () => {
    await startApp(true);
    peer.addUser(NORA, { password: 'their-own-password' });
    expect((await view()).proposal?.address).toBe('taken');
    const res = await create();
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toContain('already has an account in Google Workspace');
    expect(peer.writes()).toEqual([]);
    expect(peer.users.get(NORA)?.password).toBe('their-own-password');
  });

  it('after an answer lost on the way back, a retry finds the account it made and gives a new password', async () => {
    await startApp(true);
    peer.loseNextWriteAnswer = true;
    const lost = await create();
    expect(lost.statusCode).toBe(503);
    expect(apiErrorSchema.parse(lost.json()).message).toContain('Try again in a few minutes');
    expect(await view()).toMatchObject({ account: { state: 'failed' } });
    const first = peer.users.get(NORA)?.password;
    expect(first).toBeDefined();

    const retried = await create();
    expect(retried.statusCode, retried.body).toBe(200);
    const { temporaryPassword: password } = createdAccountSchema.parse(retried.json());
    expect(password).not.toBe(first);
    expect(peer.users.get(NORA)?.password).toBe(password);
    expect(peer.users.size).toBe(1);
    expect(peer.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/users'))).toHaveLength(1);
  });

  it('says what to do when writing is off, a scope is missing, or the member is unknown', async () => {
    await startApp(false);
    expect(await view()).toEqual({ writing: false, account: null, suspension: null, proposal: null });
    expect((await create()).statusCode).toBe(409);
    await t.close();

    await startApp(true);
    peer.delegatedScopes.delete('https://www.googleapis.com/auth/admin.directory.user');
    const refused = await create();
    expect(refused.statusCode).toBe(502);
    expect(apiErrorSchema.parse(refused.json()).message).toContain(
      'https://www.googleapis.com/auth/admin.directory.user',
    );
    expect(peer.users.size).toBe(0);

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${encodeURIComponent('nobody@inspired2uplift.org')}/workspace-account`,
      headers: { cookie },
      payload: { givenName: 'No', familyName: 'Body' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await create({ givenName: '', familyName: 'x'.repeat(61) });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    await startApp(true);
    const volunteer = await signInWithGoogleSession(t, { email: NORA });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: volunteer },
      payload: { givenName: 'N', familyName: 'N' },
    });
    expect(res.statusCode).toBe(403);
    const rules = await t.app.inject({ url: '/api/admin/workspace/org-units', headers: { cookie: volunteer } });
    expect(rules.statusCode).toBe(403);
    expect(orgUnitMappingSchema.safeParse({ rules: [] }).success).toBe(true);
  });
});

describe('temporaryPassword', () => {
  it('is 19 characters of four groups, without look-alikes, and different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = temporaryPassword();
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(?:-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/u);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('orgUnitFor', () => {
  const rule = fc.record({
    roleKey: fc.option(fc.constantFrom('volunteer', 'finance'), { nil: null }),
    department: fc.option(fc.constantFrom('Events', 'events', 'Finance'), { nil: null }),
    orgUnitPath: fc.constantFrom('/A', '/B', '/C', '/D'),
  });
  const member = fc.record({
    roleKey: fc.constantFrom('volunteer', 'finance', 'hr'),
    department: fc.constantFrom('Events', 'Finance', 'Garden'),
  });

  it('picks a matching rule, never a more general one over a more specific one, else the top', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 8 }), member, (rules: OrgUnitRule[], m) => {
        const matches = (r: OrgUnitRule) =>
          (r.roleKey === null || r.roleKey === m.roleKey) &&
          (r.department === null || r.department.toLowerCase() === m.department.toLowerCase());
        const specificity = (r: OrgUnitRule) => (r.roleKey === null ? 0 : 2) + (r.department === null ? 0 : 1);
        const matching = rules.filter(matches);
        const chosen = orgUnitFor(rules, m);
        if (matching.length === 0) return chosen === TOP_ORG_UNIT;
        const best = Math.max(...matching.map(specificity));
        return chosen === matching.find((r) => specificity(r) === best)?.orgUnitPath;
      }),
      { numRuns: 300 },
    );
  });
});
