import { and, desc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { GroupDifference, GroupRule, GroupsCheck, GroupsPreview } from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { auditLog, members, workspaceMappings } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from '../members/index.js';
import { WORKSPACE_SCOPES, type WorkspaceConnection, type WorkspaceFailure, workspaceError } from './connection.js';
import { listMapping, replaceMapping } from './mappings.js';

/**
 * Groups follow the role (docs/product.md#google-workspace-groups): the admins' mapping of roles and departments to
 * Google Groups, the list of changes a member's account needs (shown first, applied on confirmation), and the nightly
 * check that reports, and never fixes, memberships changed by hand in Google. Only the groups the mapping names are
 * ever looked at or changed: a group the mapping does not name is the admins' own business in Google.
 */

/** The mapping's rows of groups (the table's `kind`). */
const GROUP = 'group' as const;

/** The audit reason of the nightly check (its entry keeps the report). */
const CHECK_REASON = 'groups-checked';

/** The local hour from which the nightly check runs (quiet for everyone, before the day's work). */
const CHECK_HOUR = 2;

/** The most differences one report keeps. */
const MAX_REPORTED = 500;

/**
 * The group rules, in the order they were written.
 * @param db the database
 */
export async function listGroupRules(db: Database): Promise<GroupRule[]> {
  const rows = await listMapping(db, GROUP);
  return rows.map((r) => ({ roleKey: r.roleKey, department: r.department, groupEmail: r.target }));
}

/**
 * Replaces the group rules, audited as `workspace-account` (reason 'group-rules').
 * @param db the database
 * @param rules the new rules (checked by the shared schema; addresses lower case)
 * @param actor who changes them
 * @param now when
 */
export async function replaceGroupRules(
  db: Database,
  rules: GroupRule[],
  actor: MemberWriteActor,
  now: Date,
): Promise<void> {
  const rows = rules.map((r) => ({ roleKey: r.roleKey, department: r.department, target: r.groupEmail.toLowerCase() }));
  await replaceMapping(db, GROUP, rows, { reason: 'group-rules', details: { rules }, actor, now });
}

/** Every group the mapping names, sorted. */
export function mappedGroups(rules: readonly GroupRule[]): string[] {
  return [...new Set(rules.map((r) => r.groupEmail.toLowerCase()))].sort();
}

/**
 * The groups a member belongs in: every rule that matches (its role, if it names one, and its department, if it
 * names one, in any case) adds its group; someone who left belongs in none.
 * @param rules the mapping
 * @param member the member's role key, department and whether they left
 * @returns the groups, sorted
 */
export function groupsFor(
  rules: readonly GroupRule[],
  member: { roleKey: string; department: string; left: boolean },
): string[] {
  if (member.left) return [];
  const department = member.department.trim().toLowerCase();
  return mappedGroups(
    rules.filter(
      (r) =>
        (r.roleKey === null || r.roleKey === member.roleKey) &&
        (r.department === null || r.department.trim().toLowerCase() === department),
    ),
  );
}

const ONE_RETRY = { retryConfig: { retry: 1 } };

/**
 * The changes the member's account needs: each mapped group is asked whether the account is in it.
 * @param connection the Workspace connection
 * @param rules the mapping
 * @param member the member's address, role key, department and whether they left
 * @returns the groups to add it to and remove it from, and the mapped groups it is in now
 * @throws WorkspaceError when Google refuses or cannot be reached
 */
export async function previewGroups(
  connection: WorkspaceConnection,
  rules: readonly GroupRule[],
  member: { email: string; roleKey: string; department: string; left: boolean },
): Promise<GroupsPreview> {
  const wanted = new Set(groupsFor(rules, member));
  const api = connection.directory([WORKSPACE_SCOPES.groupMembers]).members;
  const current: string[] = [];
  const missingGroups: string[] = [];
  for (const group of mappedGroups(rules)) {
    try {
      const answer = await api.hasMember({ groupKey: group, memberKey: member.email }, ONE_RETRY);
      if (answer.data.isMember === true) current.push(group);
    } catch (error) {
      const failure = workspaceError(error, `asking whether ${member.email} is in ${group}`);
      if (failure.failure !== 'not-found') throw failure;
      // Google names what it did not find: the member (no account: in no group), or the group, which the mapping
      // names but Google does not have (said, never created).
      if (!failure.message.includes('memberKey')) missingGroups.push(group);
    }
  }
  return {
    add: [...wanted].filter((g) => !current.includes(g) && !missingGroups.includes(g)),
    remove: current.filter((g) => !wanted.has(g)),
    current,
    missingGroups,
  };
}

/** What {@link applyGroups} did: the groups changed, and those Google refused with its words. */
export interface AppliedGroups {
  added: string[];
  removed: string[];
  failed: { group: string; words: string; failure: WorkspaceFailure }[];
}

/**
 * Adds the member's account to and removes it from the given groups. Idempotent: already a member (409 duplicate)
 * counts as added, not a member (404) as removed. Audited as `workspace-account` (reason 'groups') when anything was
 * asked.
 * @param db the database
 * @param connection the Workspace connection
 * @param input the member's address, the groups, who and when (no actor: the app itself, on the leaving date)
 * @returns what was done and what failed
 */
export async function applyGroups(
  db: Database,
  connection: WorkspaceConnection,
  input: { email: string; add: readonly string[]; remove: readonly string[]; actor?: MemberWriteActor; now: Date },
): Promise<AppliedGroups> {
  const { email } = input;
  const api = connection.directory([WORKSPACE_SCOPES.groupMembers]).members;
  const done: AppliedGroups = { added: [], removed: [], failed: [] };
  for (const group of input.add) {
    try {
      await api.insert({ groupKey: group, requestBody: { email, role: 'MEMBER' } }, ONE_RETRY);
      done.added.push(group);
    } catch (error) {
      const failure = workspaceError(error, `adding ${email} to ${group}`);
      if (failure.failure === 'duplicate') done.added.push(group);
      else done.failed.push({ group, words: failure.message, failure: failure.failure });
    }
  }
  for (const group of input.remove) {
    try {
      await api.delete({ groupKey: group, memberKey: email }, ONE_RETRY);
      done.removed.push(group);
    } catch (error) {
      const failure = workspaceError(error, `removing ${email} from ${group}`);
      if (failure.failure === 'not-found') done.removed.push(group);
      else done.failed.push({ group, words: failure.message, failure: failure.failure });
    }
  }
  if (input.add.length + input.remove.length > 0) {
    await recordAudit(db, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...(input.actor ?? {}),
      subject: email,
      reason: 'groups',
      details: { added: done.added, removed: done.removed, failed: done.failed.map((f) => f.group) },
      at: input.now,
    });
  }
  return done;
}

/**
 * The nightly check (docs/product.md#google-workspace-groups): every mapped group's members in Google against what
 * the mapping says of each member record; the differences are reported (kept in the audit entry), never fixed.
 * Addresses in a group that are no member record are not ours to judge and are left out.
 * @param db the database
 * @param connection the Workspace connection
 * @param now when
 * @returns the report
 * @throws WorkspaceError when Google refuses or cannot be reached (nothing is recorded; the next run tries again)
 */
export async function checkGroups(db: Database, connection: WorkspaceConnection, now: Date): Promise<GroupsCheck> {
  const rules = await listGroupRules(db);
  const people = await db
    .select({ email: members.email, role: members.role, department: members.department, leftAt: members.leftAt })
    .from(members);
  const wanted = new Map(
    people.map((p) => [
      p.email.toLowerCase(),
      new Set(groupsFor(rules, { roleKey: p.role, department: p.department, left: p.leftAt !== null })),
    ]),
  );
  const api = connection.directory([WORKSPACE_SCOPES.groupMembers]).members;
  const differences: GroupDifference[] = [];
  for (const group of mappedGroups(rules)) {
    const inGroup = new Set<string>();
    try {
      let pageToken: string | undefined;
      do {
        const page = await api.list({ groupKey: group, maxResults: 200, ...(pageToken ? { pageToken } : {}) });
        for (const m of page.data.members ?? []) if (m.email) inGroup.add(m.email.toLowerCase());
        pageToken = page.data.nextPageToken ?? undefined;
      } while (pageToken !== undefined);
    } catch (error) {
      const failure = workspaceError(error, `listing the members of ${group}`);
      if (failure.failure !== 'not-found') throw failure;
      differences.push({ group, email: null, difference: 'no-group' });
      continue;
    }
    for (const [email, groups] of wanted) {
      const should = groups.has(group);
      if (should && !inGroup.has(email)) differences.push({ group, email, difference: 'missing' });
      if (!should && inGroup.has(email)) differences.push({ group, email, difference: 'extra' });
    }
  }
  const report: GroupsCheck = {
    checkedAt: now.toISOString(),
    groups: mappedGroups(rules).length,
    differences: differences.slice(0, MAX_REPORTED),
    more: Math.max(0, differences.length - MAX_REPORTED),
  };
  await recordAudit(db, {
    kind: 'workspace-account',
    outcome: 'ok',
    reason: CHECK_REASON,
    details: { ...report },
    at: now,
  });
  return report;
}

/**
 * The latest nightly check's report, if one ran.
 * @param db the database
 */
export async function latestGroupsCheck(db: Database): Promise<GroupsCheck | null> {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'workspace-account'), eq(auditLog.reason, CHECK_REASON)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return (row?.details as GroupsCheck | undefined) ?? null;
}

/**
 * Whether the nightly check is due: from {@link CHECK_HOUR} local time, once a local day, and only when the mapping
 * names groups.
 * @param db the database
 * @param now the clock
 * @param timeZone the organisation's time zone
 */
export async function groupsCheckDue(db: Database, now: Date, timeZone: string): Promise<boolean> {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  if (local.hour < CHECK_HOUR) return false;
  const [mapped] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaceMappings)
    .where(eq(workspaceMappings.kind, GROUP));
  if ((mapped?.n ?? 0) === 0) return false;
  const last = await latestGroupsCheck(db);
  if (last === null) return true;
  return DateTime.fromISO(last.checkedAt, { zone: timeZone }).toISODate() !== local.toISODate();
}
