import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../shared/api.js';
import {
  appliedGroupsSchema,
  groupMappingSchema,
  groupsCheckSchema,
  groupsPreviewSchema,
  type GroupRule,
} from '../../../shared/workspace-api.js';
import { listAudit } from '../audit/index.js';
import { setMemberLeft, upsertMember } from '../members/members.repository.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import type { TestApp } from '../../test/test-app.js';
import { DELEGATED, startWorkspaceApp, workspaceEnv } from '../../test/test-workspace.js';
import { loadServiceAccountKey, WorkspaceConnection } from './connection.js';
import { applyGroups, groupsFor } from './groups.js';

/**
 * Groups follow the role (docs/product.md#google-workspace-groups), through the app's routes with Google's own client
 * against the local protocol peer: the changes are listed first and applied on confirmation, exactly the mapping's,
 * never a group it does not name; the leaving takes the account out of them; the nightly check reports hand-made
 * differences and fixes none.
 */

const ADMIN = 'groups.boss@inspired2uplift.org';
const GIL = 'gil.groups@inspired2uplift.org';
const ZONE = 'Europe/London';
const VOLUNTEERS = 'volunteers@inspired2uplift.org';
const EVENTS = 'events-team@inspired2uplift.org';
const FINANCE = 'finance@inspired2uplift.org';
/** A group the mapping never names: the admins' own, never touched. */
const CHESS = 'chess-club@inspired2uplift.org';
const MAPPABLE = [VOLUNTEERS, EVENTS, FINANCE];

const peer = workspacePeerForFile();
let t: TestApp;
let cookie: string;

function resetGroups(members: Record<string, string[]> = {}): void {
  peer.groups.clear();
  for (const group of [...MAPPABLE, CHESS]) peer.groups.set(group, new Set(members[group] ?? []));
  peer.requests.length = 0;
}

beforeEach(async () => {
  peer.addUser(GIL);
  resetGroups();
  ({ t, cookie } = await startWorkspaceApp(peer, {
    admin: ADMIN,
    env: workspaceEnv(peer, ADMIN, { TIME_ZONE: ZONE }),
    volunteers: { [GIL]: 'Events' },
  }));
}, 120_000);
afterEach(async () => {
  await t?.close();
});

const putRules = async (rules: GroupRule[]) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/workspace/groups',
    headers: { cookie },
    payload: { rules },
  });
  expect(res.statusCode, res.body).toBe(200);
  return groupMappingSchema.parse(res.json());
};
const groupsUrl = `/api/admin/members/${encodeURIComponent(GIL)}/workspace-groups`;
const preview = async () => {
  const res = await t.app.inject({ url: groupsUrl, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return groupsPreviewSchema.parse(res.json());
};
const apply = async (body: { add: string[]; remove: string[] }) => {
  const res = await t.app.inject({ method: 'POST', url: groupsUrl, headers: { cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return appliedGroupsSchema.parse(res.json());
};
const groupsOf = (email: string) =>
  [...peer.groups.entries()]
    .filter(([, members]) => members.has(email))
    .map(([group]) => group)
    .sort();

const ruleArbitrary: fc.Arbitrary<GroupRule> = fc.record({
  roleKey: fc.constantFrom(null, 'volunteer', 'staff'),
  department: fc.constantFrom(null, 'Events', 'events', 'Finance'),
  groupEmail: fc.constantFrom(...MAPPABLE),
});

describe('groups follow the role', { timeout: 180_000 }, () => {
  it('keeps the mapping as written (addresses lower case) and refuses a bad address in words', async () => {
    const saved = await putRules([
      { roleKey: 'volunteer', department: null, groupEmail: 'Volunteers@Inspired2Uplift.org' },
    ]);
    expect(saved.rules).toEqual([{ roleKey: 'volunteer', department: null, groupEmail: VOLUNTEERS }]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/workspace/groups',
      headers: { cookie },
      payload: { rules: [{ roleKey: null, department: null, groupEmail: 'volunteers' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).message).toContain("Write the group's address");
    const audit = (await listAudit(t.database.db, { filters: { kind: 'workspace-account' } })).entries;
    expect(audit.filter((e) => e.reason === 'group-rules')).toHaveLength(1);
  });

  it('lists, then applies, exactly the changes the mapping asks, whatever the mapping and the groups were', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ruleArbitrary, { maxLength: 4 }),
        fc.subarray([...MAPPABLE, CHESS]),
        async (rules, startingIn) => {
          resetGroups(Object.fromEntries(startingIn.map((g) => [g, [GIL]])));
          await putRules(rules);
          const wanted = groupsFor(rules, { roleKey: 'volunteer', department: 'Events', left: false });
          const mapped = [...new Set(rules.map((r) => r.groupEmail))];
          const shown = await preview();
          expect(shown.add.sort()).toEqual(wanted.filter((g) => !startingIn.includes(g)).sort());
          expect(shown.remove.sort()).toEqual(
            startingIn.filter((g) => mapped.includes(g) && !wanted.includes(g)).sort(),
          );
          // Nothing changes before the confirmation.
          expect(peer.writes()).toEqual([]);
          await apply({ add: shown.add, remove: shown.remove });
          const expected = [...wanted, ...(startingIn.includes(CHESS) ? [CHESS] : [])];
          // Unmapped groups keep whatever they had.
          for (const g of MAPPABLE.filter((g) => !mapped.includes(g))) {
            if (startingIn.includes(g)) expected.push(g);
          }
          expect(groupsOf(GIL)).toEqual(expected.sort());
          expect(await preview()).toMatchObject({ add: [], remove: [] });
          const writes = peer.writes().length;
          await apply({ add: shown.add, remove: shown.remove });
          expect(peer.writes()).toHaveLength(writes);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('applies only what is still needed, and counts a member added or removed meanwhile as done', async () => {
    await putRules([{ roleKey: 'volunteer', department: null, groupEmail: VOLUNTEERS }]);
    expect(await preview()).toMatchObject({ add: [VOLUNTEERS], remove: [] });
    const applied = await apply({ add: [VOLUNTEERS, FINANCE], remove: [CHESS] });
    expect(applied).toEqual({ added: [VOLUNTEERS], removed: [], failed: [] });
    expect(groupsOf(GIL)).toEqual([VOLUNTEERS]);
    // Google answers 409 duplicate and 404: the same outcome as asked, no failure.
    const connection = new WorkspaceConnection({
      key: loadServiceAccountKey(peer.keyFile),
      adminEmail: DELEGATED,
      apiUrl: peer.apiUrl,
    });
    const again = await applyGroups(t.database.db, connection, {
      email: GIL,
      add: [VOLUNTEERS],
      remove: [FINANCE],
      now: t.clock.now,
    });
    expect(again).toEqual({ added: [VOLUNTEERS], removed: [FINANCE], failed: [] });
    expect(peer.requests.filter((r) => r.status === 409 || r.status === 404)).toHaveLength(2);
  });

  it('says what Google answered: a group the mapping names that Google lacks, Google down, a scope missing', async () => {
    await putRules([
      { roleKey: null, department: null, groupEmail: VOLUNTEERS },
      { roleKey: null, department: null, groupEmail: 'nonexistent@inspired2uplift.org' },
    ]);
    expect(await preview()).toMatchObject({ add: [VOLUNTEERS], missingGroups: ['nonexistent@inspired2uplift.org'] });
    peer.down = true;
    const down = await t.app.inject({ url: groupsUrl, headers: { cookie } });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    peer.down = false;
    peer.failNext = [403];
    const scope = await t.app.inject({ url: groupsUrl, headers: { cookie } });
    expect(scope.statusCode).toBe(502);
    expect(apiErrorSchema.parse(scope.json()).message).toContain('admin.directory.group.member');
  });

  it('takes a leaver out of the mapped groups on the leaving date, before suspending the account', async () => {
    resetGroups({ [VOLUNTEERS]: [GIL], [EVENTS]: [GIL], [CHESS]: [GIL] });
    await putRules([
      { roleKey: 'volunteer', department: null, groupEmail: VOLUNTEERS },
      { roleKey: null, department: 'Events', groupEmail: EVENTS },
    ]);
    const planned = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(GIL)}/workspace-suspension`,
      headers: { cookie },
      payload: { dueOn: '2026-03-05' },
    });
    expect(planned.statusCode, planned.body).toBe(200);
    await setMemberLeft(t.database.db, GIL, { at: t.clock.now, note: null }, t.clock.now);
    // Leaving: the member page lists the removals.
    expect(await preview()).toMatchObject({ add: [], remove: [EVENTS, VOLUNTEERS] });
    t.clock.now = new Date('2026-03-05T08:00:00Z');
    await t.app.workspaceWorker?.runNow();
    await t.app.workspaceWorker?.runNow();
    expect(groupsOf(GIL)).toEqual([CHESS]);
    expect(peer.users.get(GIL)?.suspended).toBe(true);
    expect(peer.writes().filter((w) => w.method === 'DELETE')).toHaveLength(2);
    const view = await t.app.inject({
      url: `/api/admin/members/${encodeURIComponent(GIL)}/workspace-account`,
      headers: { cookie },
    });
    expect(view.json().suspension.outcome).toBe(
      `Suspended: they can no longer sign in to Google. Removed from ${EVENTS}, ${VOLUNTEERS}.`,
    );
  });

  it('checks every night what was changed by hand in Google, reports it and changes nothing', async () => {
    const ada = 'ada.events@inspired2uplift.org';
    await upsertMember(t.database.db, { email: ada, role: 'volunteer', department: 'Finance', isAdmin: false });
    await putRules([
      { roleKey: 'volunteer', department: null, groupEmail: VOLUNTEERS },
      { roleKey: null, department: 'Events', groupEmail: EVENTS },
    ]);
    // Gil was taken out of volunteers@ by hand; Ada was added to events-team@ by hand; a stranger is in it too.
    resetGroups({ [VOLUNTEERS]: [ada], [EVENTS]: [GIL, ada, 'outside@example.com'], [CHESS]: [GIL] });
    const check = async () => {
      const res = await t.app.inject({ url: '/api/admin/workspace/groups-check', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return groupsCheckSchema.nullable().parse(res.json());
    };
    t.clock.now = new Date('2026-03-03T01:30:00Z'); // 01:30 in London: not yet
    await t.app.workspaceWorker?.runNow();
    expect(await check()).toBeNull();
    t.clock.now = new Date('2026-03-03T02:00:00Z');
    await t.app.workspaceWorker?.runNow();
    const report = await check();
    expect(report?.differences).toEqual([
      { group: EVENTS, email: ada, difference: 'extra' },
      { group: VOLUNTEERS, email: GIL, difference: 'missing' },
    ]);
    expect(peer.writes()).toEqual([]);
    // Once a night.
    t.clock.now = new Date('2026-03-03T22:00:00Z');
    await t.app.workspaceWorker?.runNow();
    t.clock.now = new Date('2026-03-04T03:00:00Z');
    await t.app.workspaceWorker?.runNow();
    const audit = (await listAudit(t.database.db, { filters: { kind: 'workspace-account' } })).entries;
    expect(audit.filter((e) => e.reason === 'groups-checked')).toHaveLength(2);
    expect(peer.writes()).toEqual([]);
  });
});
