import { resolveRole } from './roles.js';
import type { ResolvedRole, RoleCatalog } from './roles.js';

/**
 * The role lookup of docs/product.md#role-lookup: turns free role text (a member record, a directory job title, a
 * development preview) into the key of a role configuration.
 *
 * Details of the rule (see the doc comment of {@link findRoleConfiguration}):
 * - Text and aliases are compared after trimming, lower-casing and collapsing runs of whitespace to one space.
 * - The "contained" step matches aliases only, never keys: keys such as `account`, `test` or `volunteer` would
 *   otherwise capture ordinary job titles ("Account Manager", "Test Lead", "Finance Volunteer").
 * - The contained alias must stand as whole words (no letter or digit right before or after it), so `vol` does not
 *   match inside "involved"; the longest contained alias wins ("director of chapter affairs" beats "chief"), then the
 *   one found earliest in the text, then catalogue order.
 */

/**
 * The role every member falls back to (docs/product.md#role-lookup: "Unknown or absent roles default to volunteer
 * steps").
 */
export const DEFAULT_ROLE_KEY = 'volunteer';

/** The message (docs/product.md#role-lookup) for an empty or absent role. */
export const NO_ROLE_PROVIDED = 'No role provided';

/**
 * The warning (docs/product.md#role-lookup) when no configuration matches, e.g. `No role configuration found for
 * "Pilot"`.
 */
export function noRoleConfigurationMessage(text: string): string {
  return `No role configuration found for "${text}"`;
}

/**
 * The warning (docs/product.md#role-lookup) for a resolved role without any scope, e.g. `No scopes found for role:
 * finance`.
 */
export function noScopesMessage(role: string): string {
  return `No scopes found for role: ${role}`;
}

/** How {@link findRoleConfiguration} found its key. */
export type RoleMatchKind = 'key' | 'alias' | 'contains' | 'default';

/** The answer of {@link findRoleConfiguration}. */
export interface RoleLookupResult {
  /** A configuration key, lower case; {@link DEFAULT_ROLE_KEY} when nothing matched. */
  key: string;
  matchedBy: RoleMatchKind;
  /**
   * The name that matched, normalised (see {@link normaliseRoleText}): the key itself ('key' and 'default'), or the
   * alias — the whole text ('alias') or the alias found inside it ('contains'), e.g. 'director of finance' for
   * "Director of Finance and Operations". The shared-password rule compares this name, not the key an alias leads to
   * (docs/product.md#shared-passwords).
   */
  name: string;
  /** Set only when falling back to the default: {@link NO_ROLE_PROVIDED} or {@link noRoleConfigurationMessage}. */
  problem?: string;
}

/** Trims, lower-cases and collapses whitespace runs to one space: the form lookups compare. */
export function normaliseRoleText(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&');

/** Index of the first whole-word occurrence of `needle` in `haystack` (both normalised), or -1. */
function wholeWordIndex(haystack: string, needle: string): number {
  const found = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'u').exec(haystack);
  return found ? found.index : -1;
}

/**
 * Finds the role configuration for free role text (docs/product.md#role-lookup).
 *
 * Order, all case-insensitive on whitespace-trimmed text: (1) exact configuration key, (2) exact alias,
 * (3) an alias contained in the text as whole words — the longest such alias, then the earliest in the text, then
 * the first in catalogue order ("Director of Finance and Operations" → `finance` through "director of finance").
 * Keys are not searched for inside text (see the module comment).
 *
 * @param catalog all role configurations by lower-case key
 * @param text the member's role text; `null`, `undefined` and blank count as "no role"
 * @returns `{ key, matchedBy, name }`; when nothing matched, `{ key: 'volunteer', matchedBy: 'default', name: 'volunteer',
 *   problem }` with
 *   problem 'No role provided' (blank text) or `No role configuration found for "{trimmed text}"`. Never throws; the
 *   default key is returned even when the catalogue lacks it (resolving it then throws RoleConfigurationError).
 */
export function findRoleConfiguration(catalog: RoleCatalog, text: string | null | undefined): RoleLookupResult {
  const wanted = normaliseRoleText(text ?? '');
  if (wanted === '')
    return { key: DEFAULT_ROLE_KEY, matchedBy: 'default', name: DEFAULT_ROLE_KEY, problem: NO_ROLE_PROVIDED };

  const configs = [...catalog.values()];
  const byKey = configs.find((c) => normaliseRoleText(c.key) === wanted);
  if (byKey) return { key: byKey.key.toLowerCase(), matchedBy: 'key', name: wanted };

  const byAlias = configs.find((c) => c.aliases.some((a) => normaliseRoleText(a) === wanted));
  if (byAlias) return { key: byAlias.key.toLowerCase(), matchedBy: 'alias', name: wanted };

  let best: { key: string; name: string; length: number; index: number } | undefined;
  for (const config of configs) {
    for (const alias of config.aliases) {
      const needle = normaliseRoleText(alias);
      if (needle === '' || (best && needle.length < best.length)) continue;
      const index = wholeWordIndex(wanted, needle);
      if (index === -1) continue;
      if (!best || needle.length > best.length || index < best.index) {
        best = { key: config.key.toLowerCase(), name: needle, length: needle.length, index };
      }
    }
  }
  if (best) return { key: best.key, matchedBy: 'contains', name: best.name };

  return {
    key: DEFAULT_ROLE_KEY,
    matchedBy: 'default',
    name: DEFAULT_ROLE_KEY,
    problem: noRoleConfigurationMessage((text ?? '').trim()),
  };
}

/** A member's role after lookup and resolution (see {@link resolveMemberRole}). */
export interface MemberRole {
  role: ResolvedRole;
  lookup: RoleLookupResult;
  /**
   * Console-level messages of docs/product.md#role-lookup: the lookup problem, then 'No scopes found for role: {key}'.
   */
  warnings: string[];
}

/**
 * Looks up free role text and resolves the configuration it names (docs/product.md#role-lookup,
 * docs/product.md#scopes-and-steps): the one call the server needs to turn a member's role text into scopes and steps.
 * @param catalog all role configurations by lower-case key
 * @param text the member's role text (blank or unknown → volunteer, with a warning)
 * @returns the resolved role, how it was found, and warnings: the lookup problem if any, and
 *   `No scopes found for role: {key}` when the resolved role has no scope with a step
 * @throws RoleConfigurationError when the found configuration (or one it includes or inherits) is missing — the
 *   missing configuration of docs/product.md#error-page (error page and 'Role Configuration Error' toast)
 */
export function resolveMemberRole(catalog: RoleCatalog, text: string | null | undefined): MemberRole {
  const lookup = findRoleConfiguration(catalog, text);
  const role = resolveRole(catalog, lookup.key);
  const warnings = lookup.problem === undefined ? [] : [lookup.problem];
  if (role.scopes.length === 0) warnings.push(noScopesMessage(role.key));
  return { role, lookup, warnings };
}

/**
 * Terms (keys and aliases, normalised) that more than one configuration claims, for content checks: with such a
 * term, lookup silently picks the first configuration in catalogue order.
 * @returns one entry per ambiguous term with the claiming keys in catalogue order; empty when all are unique
 */
export function findAliasConflicts(catalog: RoleCatalog): { term: string; keys: string[] }[] {
  const owners = new Map<string, string[]>();
  for (const config of catalog.values()) {
    const key = config.key.toLowerCase();
    for (const term of new Set([config.key, ...config.aliases].map(normaliseRoleText))) {
      owners.set(term, [...(owners.get(term) ?? []), key]);
    }
  }
  return [...owners].filter(([, keys]) => keys.length > 1).map(([term, keys]) => ({ term, keys }));
}
