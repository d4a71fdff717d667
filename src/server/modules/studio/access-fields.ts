import { isDeepStrictEqual } from 'node:util';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import { normaliseRoleText } from '../../../shared/role-lookup.js';

/**
 * The one field of the content whose effect on access the access map cannot see in full
 * (docs/security.md#access-is-an-invariant): a role's aliases decide which role texts reach it, including the job
 * titles of people who have not signed in yet ("Senior Accountant" reaches a role through the alias "accountant").
 * Content editors change words, steps, files and order; only an admin may publish or restore a catalog that changes
 * aliases. Everything else that decides access (shared-password steps, `requiredRole`, inheritance, includes, keys,
 * renames, team tasks naming people) is checked on the people it reaches (access-map.ts).
 */

/** The end of the 403 message to a content editor whose publish or restore would change access. */
export const ADMIN_MUST_CHANGE_ACCESS_MESSAGE =
  'An admin must publish this: only an admin can change which role people belong to, which shared passwords they may see or whom the team tasks name. Ask an admin to make this change; nothing was published.';

/** A role's aliases, normalised as the role lookup compares them, sorted. */
const aliasesOf = (config: RoleConfiguration | undefined) =>
  [...new Set((config?.aliases ?? []).map(normaliseRoleText))].sort();

/**
 * The roles whose aliases a new catalog changes, compared with the published one (docs/security.md#access-is-an-invariant).
 * @param published the published catalog, renamed roles under their new keys (renames.ts `withRenamedRoleKeys`)
 * @param next the catalog to publish or restore
 * @returns one sentence per role whose aliases differ, e.g. `The aliases of Finance changed: …`; empty when none did
 */
export function aliasChanges(published: readonly RoleConfiguration[], next: readonly RoleConfiguration[]): string[] {
  const before = new Map(published.map((c) => [c.key, c]));
  const after = new Map(next.map((c) => [c.key, c]));
  const changes: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    if (isDeepStrictEqual(aliasesOf(before.get(key)), aliasesOf(after.get(key)))) continue;
    const name = after.get(key)?.displayName ?? before.get(key)?.displayName ?? key;
    changes.push(
      `The aliases of ${name} changed: they decide which job titles and role texts reach the role, also of people who have not signed in yet.`,
    );
  }
  return changes;
}
