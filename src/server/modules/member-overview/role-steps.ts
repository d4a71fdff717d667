import { createHash } from 'node:crypto';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import { resolveRole, RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';

/**
 * The catalog's steps as rows the members query joins against (docs/decisions/007-admin-members-query.md): one row per
 * (role configuration key, step) in the member's display order. Built once per catalog and cached, because the
 * catalog never changes while the server runs.
 */
export interface RoleStepRow {
  roleKey: string;
  stepId: string;
  /** 0-based position in the role's ordered steps (all scopes, in order). */
  ordinal: number;
  title: string;
  /** The step's `dueAfterDays` (days after the start date), null when it has no due date. */
  dueAfterDays: number | null;
  /** The day the step's current version was published (`versionDate`, YYYY-MM-DD): a material change's grace. */
  versionDate: string | null;
}

const cache = new WeakMap<RoleCatalog, RoleStepRow[]>();

/**
 * Every role configuration's ordered steps (docs/product.md#scopes-and-steps resolution), flattened.
 * A configuration that cannot be resolved (a missing include) contributes no rows: its members show 0 %.
 * @param catalog all role configurations
 * @returns the rows, grouped by role key, in step order
 */
export function roleStepRows(catalog: RoleCatalog): RoleStepRow[] {
  const cached = cache.get(catalog);
  if (cached) return cached;
  const rows: RoleStepRow[] = [];
  for (const key of catalog.keys()) {
    try {
      const role = resolveRole(catalog, key);
      role.scopes
        .flatMap((scope) => scope.steps)
        .forEach((step, ordinal) =>
          rows.push({
            roleKey: role.key.toLowerCase(),
            stepId: step.id,
            ordinal,
            title: step.title,
            dueAfterDays: step.dueAfterDays ?? null,
            versionDate: step.versionDate ?? null,
          }),
        );
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
  }
  cache.set(catalog, rows);
  return rows;
}

/**
 * The role lookup of docs/product.md#role-lookup for each distinct role text, so that SQL can map stored free text
 * ('Treasurer') to a configuration key (`finance`) with a join.
 * @param catalog all role configurations
 * @param texts distinct role texts as stored
 * @returns one `{ roleText, roleKey }` per text
 */
export function roleTextMap(catalog: RoleCatalog, texts: readonly string[]): { roleText: string; roleKey: string }[] {
  return texts.map((roleText) => ({ roleText, roleKey: findRoleConfiguration(catalog, roleText).key }));
}

const fingerprintCache = new WeakMap<RoleCatalog, string>();

/**
 * A short fingerprint of the whole catalog (keys, aliases, includes, steps), kept in `admin_members_state`, so that
 * rows computed with other content are recomputed (docs/decisions/010-admin-members-table.md).
 * @param catalog all role configurations
 * @returns 16 hexadecimal digits
 */
export function catalogFingerprint(catalog: RoleCatalog): string {
  const cached = fingerprintCache.get(catalog);
  if (cached) return cached;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([...catalog.entries()]))
    .digest('hex')
    .slice(0, 16);
  fingerprintCache.set(catalog, fingerprint);
  return fingerprint;
}
