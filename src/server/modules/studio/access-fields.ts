import { isDeepStrictEqual } from 'node:util';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import { normaliseRoleText } from '../../../shared/role-lookup.js';
import { createRoleCatalog, resolveRole } from '../../../shared/roles.js';

/**
 * The parts of the content that decide access rather than words (docs/decisions/033-who-decides-access.md): which
 * roles may reveal which shared password, and which role a person's role text reaches. Content editors change words,
 * steps, files and order; only an admin may publish or restore a catalog that changes any of these.
 */

/** The 403 message to a content editor whose publish or restore would change access. */
export const ADMIN_MUST_CHANGE_ACCESS_MESSAGE =
  'Only an admin can change who may see a shared password or which role people belong to. Ask an admin to make this change; nothing was published.';

/** What decides access in one role configuration. */
interface RoleAccess {
  /** The role's aliases, normalised as the role lookup compares them, sorted. */
  aliases: string[];
  /** Every role it inherits, transitively (a member of this role counts as a member of those for passwords). */
  inherits: string[];
  /** The shared-password steps a member of this role is shown (own and included), by step id. */
  secrets: Record<string, { name: string; requiredRole: string[] }>;
}

/** Access by role key; a role with no alias, no inheritance and no shared-password step decides nothing. */
function accessOf(configs: readonly RoleConfiguration[]): Map<string, RoleAccess> {
  const catalog = createRoleCatalog(configs);
  const access = new Map<string, RoleAccess>();
  for (const key of catalog.keys()) {
    const config = catalog.get(key);
    if (!config) continue;
    const role = resolveRole(catalog, key);
    const secrets: RoleAccess['secrets'] = {};
    for (const step of role.scopes.flatMap((s) => s.steps)) {
      if (!step.envVariable) continue;
      const requiredRole = [...new Set(step.envVariable.requiredRole.map(normaliseRoleText))].sort();
      secrets[step.id] = { name: step.envVariable.name, requiredRole };
    }
    const aliases = [...new Set(config.aliases.map(normaliseRoleText))].sort();
    const inherits = role.inherits.map((k) => k.toLowerCase());
    if (aliases.length + inherits.length + Object.keys(secrets).length === 0) continue;
    access.set(key, { aliases, inherits, secrets });
  }
  return access;
}

/**
 * What a new catalog changes in who may see which shared password and which role a role text reaches, compared with
 * the published one: a role's aliases, what it inherits, and the shared-password steps (`envVariable` name and
 * `requiredRole`) its members are shown, own or included (docs/decisions/033-who-decides-access.md).
 * @param published the published catalog (checked)
 * @param next the catalog to publish or restore (checked: unique keys, includes and inheritance that exist)
 * @returns one readable line per change, e.g. `role "finance": aliases`; empty when access stays as it is
 */
export function accessChanges(published: readonly RoleConfiguration[], next: readonly RoleConfiguration[]): string[] {
  const before = accessOf(published);
  const after = accessOf(next);
  const changes: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(key);
    const b = after.get(key);
    if (!isDeepStrictEqual(a?.aliases ?? [], b?.aliases ?? [])) changes.push(`role "${key}": aliases`);
    if (!isDeepStrictEqual(a?.inherits ?? [], b?.inherits ?? [])) changes.push(`role "${key}": inherits`);
    const steps = [...new Set([...Object.keys(a?.secrets ?? {}), ...Object.keys(b?.secrets ?? {})])].sort();
    for (const id of steps) {
      if (!isDeepStrictEqual(a?.secrets[id], b?.secrets[id]))
        changes.push(`role "${key}": shared password of step "${id}"`);
    }
  }
  return changes;
}
