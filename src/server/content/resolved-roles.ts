import {
  findRoleConfiguration,
  resolveMemberRole,
  type MemberRole,
  type RoleLookupResult,
} from '../../shared/role-lookup.js';
import { RoleConfigurationError, resolveRole, type ResolvedRole, type RoleCatalog } from '../../shared/roles.js';
import { deepFreeze } from '../deep-freeze.js';

/**
 * The role lookups (docs/product.md#role-lookup) and resolutions (docs/product.md#scopes-and-steps) of a catalog, each
 * worked out once (docs/decisions/008-read-cache.md). A catalog is loaded at start-up and never changes (a
 * ReadonlyMap), so neither does what it resolves to; every request of a member with the same role text gets the same
 * answer. The answers are deep-frozen, so no caller can change them for the next one (the onboarding answer's JSON is
 * kept with them, onboarding/onboarding-json.ts).
 */

/** The most role texts remembered per catalog (role texts come from member records and users; the oldest goes). */
export const MAX_REMEMBERED_ROLE_TEXTS = 1_000;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: RoleConfigurationError };

interface Memo {
  lookups: Map<string, RoleLookupResult>;
  memberRoles: Map<string, Outcome<MemberRole>>;
  roles: Map<string, Outcome<ResolvedRole>>;
}

const memos = new WeakMap<RoleCatalog, Memo>();

function memoOf(catalog: RoleCatalog): Memo {
  let memo = memos.get(catalog);
  if (!memo) {
    memo = { lookups: new Map(), memberRoles: new Map(), roles: new Map() };
    memos.set(catalog, memo);
  }
  return memo;
}

function remembered<V>(map: Map<string, V>, key: string, work: () => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  const value = work();
  if (map.size >= MAX_REMEMBERED_ROLE_TEXTS) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
  map.set(key, value);
  return value;
}

function attempt<T>(work: () => T): Outcome<T> {
  try {
    return { ok: true, value: deepFreeze(work()) };
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
    return { ok: false, error };
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * {@link findRoleConfiguration}, once per catalog and role text.
 * @returns the (frozen) lookup result
 */
export function lookUpRole(catalog: RoleCatalog, text: string): RoleLookupResult {
  return remembered(memoOf(catalog).lookups, text, () => deepFreeze(findRoleConfiguration(catalog, text)));
}

/**
 * {@link resolveMemberRole}, once per catalog and role text. Texts that find the same configuration share one
 * resolved role (that of {@link resolveRoleOnce}).
 * @returns the (frozen) resolved role, its lookup and warnings
 * @throws RoleConfigurationError as resolveMemberRole does (the same error every time)
 */
export function resolveMemberRoleOnce(catalog: RoleCatalog, text: string): MemberRole {
  return unwrap(
    remembered(memoOf(catalog).memberRoles, text, () =>
      attempt(() => {
        const resolved = resolveMemberRole(catalog, text);
        return { ...resolved, role: resolveRoleOnce(catalog, resolved.lookup.key) };
      }),
    ),
  );
}

/**
 * {@link resolveRole}, once per catalog and key (use it for keys of the catalog only: unknown keys are remembered too).
 * @returns the (frozen) resolved role
 * @throws RoleConfigurationError as resolveRole does (the same error every time)
 */
export function resolveRoleOnce(catalog: RoleCatalog, key: string): ResolvedRole {
  return unwrap(remembered(memoOf(catalog).roles, key.toLowerCase(), () => attempt(() => resolveRole(catalog, key))));
}
