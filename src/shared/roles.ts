import type { RoleColors, RoleConfiguration, Scope, Step } from './content-schema.js';

/** All loaded role configurations by lower-case key. */
export type RoleCatalog = ReadonlyMap<string, RoleConfiguration>;

/** A scope after resolution: included roles' steps first, then its own, without duplicates. */
export interface ResolvedScope {
  id: string;
  title: string;
  description?: string;
  steps: Step[];
}

/** A role configuration resolved into the ordered scopes and steps one member works through. */
export interface ResolvedRole {
  key: string;
  displayName: string;
  version: string;
  icon: string;
  colors: RoleColors;
  isDepartment: boolean;
  parentDepartment: string | null;
  /** Every configuration this role inherits, directly or through others, in declaration order. */
  inherits: string[];
  scopes: ResolvedScope[];
}

/** Thrown when a role configuration (or one it includes or inherits) does not exist (docs/product.md#error-page). */
export class RoleConfigurationError extends Error {
  constructor(
    message: string,
    readonly role: string,
  ) {
    super(message);
    this.name = 'RoleConfigurationError';
  }
}

/**
 * Builds a {@link RoleCatalog} from parsed role configurations, keyed by lower-case `key`, in the order given.
 * @throws RoleConfigurationError when two configurations share a key
 */
export function createRoleCatalog(configs: Iterable<RoleConfiguration>): RoleCatalog {
  const catalog = new Map<string, RoleConfiguration>();
  for (const config of configs) {
    const key = config.key.toLowerCase();
    if (catalog.has(key)) throw new RoleConfigurationError(`Two role configurations have the key "${key}"`, key);
    catalog.set(key, config);
  }
  return catalog;
}

function requireRole(catalog: RoleCatalog, key: string, from: string): RoleConfiguration {
  const found = catalog.get(key.toLowerCase());
  if (!found) throw new RoleConfigurationError(`No role configuration found for "${key}" (needed by "${from}")`, key);
  return found;
}

/**
 * Every configuration `key` inherits, transitively, first occurrence first (cycles are cut).
 * @throws RoleConfigurationError when an inherited key has no configuration.
 */
export function inheritedRoles(catalog: RoleCatalog, key: string): string[] {
  const own = key.toLowerCase();
  const seen = new Set<string>([own]);
  const out: string[] = [];
  const visit = (k: string) => {
    for (const parent of requireRole(catalog, k, own).inherits) {
      const p = parent.toLowerCase();
      if (seen.has(p)) continue;
      seen.add(p);
      out.push(p);
      visit(p);
    }
  };
  visit(own);
  return out;
}

/**
 * Splits a scope `include` entry: "volunteer" means every step of that role configuration, "external/during-call"
 * only the steps of its scope with that id.
 */
export function parseInclude(entry: string): { role: string; scope?: string } {
  const slash = entry.indexOf('/');
  if (slash === -1) return { role: entry.trim().toLowerCase() };
  return { role: entry.slice(0, slash).trim().toLowerCase(), scope: entry.slice(slash + 1).trim() };
}

/** All steps of a role in order (included steps first in each scope), before de-duplication across scopes. */
function scopeSteps(catalog: RoleCatalog, scope: Scope, owner: string, trail: readonly string[]): Step[] {
  const steps: Step[] = [];
  for (const included of scope.include) {
    const { role: key, scope: scopeId } = parseInclude(included);
    if (trail.includes(key)) continue; // an include cycle adds nothing new
    const config = requireRole(catalog, key, owner);
    const scopes = scopeId === undefined ? config.scopes : config.scopes.filter((s) => s.id === scopeId);
    if (scopeId !== undefined && scopes.length === 0) {
      throw new RoleConfigurationError(
        `Role configuration "${key}" has no scope "${scopeId}" (needed by "${owner}")`,
        key,
      );
    }
    for (const s of scopes) steps.push(...scopeSteps(catalog, s, key, [...trail, key]));
  }
  steps.push(...scope.steps);
  return steps;
}

/**
 * Resolves a role configuration key into its ordered scopes and steps (docs/product.md#scopes-and-steps).
 * Each scope holds the steps of the configurations it `include`s (recursively) followed by its own; a step id seen
 * earlier in the role is skipped, and scopes left with no step are dropped (docs/product.md#dashboard: one block per
 * scope that has at least one step).
 * @param catalog all role configurations by lower-case key
 * @param key an exact configuration key (use the role lookup of docs/product.md#role-lookup first for free text)
 * @throws RoleConfigurationError when `key` or anything it includes or inherits has no configuration
 */
export function resolveRole(catalog: RoleCatalog, key: string): ResolvedRole {
  const k = key.toLowerCase();
  const config = requireRole(catalog, k, k);
  const seen = new Set<string>();
  const scopes: ResolvedScope[] = [];
  for (const scope of config.scopes) {
    const steps = scopeSteps(catalog, scope, k, [k]).filter((s) => {
      if (seen.has(s.id)) return false;
      seen.add(s.id);
      return true;
    });
    if (steps.length > 0) {
      scopes.push({
        id: scope.id,
        title: scope.title,
        ...(scope.description === undefined ? {} : { description: scope.description }),
        steps,
      });
    }
  }
  return {
    key: config.key,
    displayName: config.displayName,
    version: config.version,
    icon: config.icon,
    colors: config.colors,
    isDepartment: config.isDepartment,
    parentDepartment: config.parentDepartment,
    inherits: inheritedRoles(catalog, k),
    scopes,
  };
}

/** The ordered step ids of a resolved role, across all scopes (the order of docs/product.md#progress-rules). */
export function orderedStepIds(role: Pick<ResolvedRole, 'scopes'>): string[] {
  return role.scopes.flatMap((s) => s.steps.map((step) => step.id));
}

/**
 * The configurations with one role's key changed, and every place the others name it by key changed with it: what
 * they inherit, include (the whole role or one scope, `key/scope`), the department they belong to, and who may reveal
 * a step's shared password (`envVariable.requiredRole`) — docs/product.md#renaming-a-step.
 * @param configs the role configurations
 * @param index the position of the role whose key changes (its key is the one replaced)
 * @param key the new key
 * @returns new configurations (the input is not changed); the same ones when the key does not change
 */
export function changeRoleKeyAt<T extends RoleConfiguration>(configs: readonly T[], index: number, key: string): T[] {
  const old = configs[index]?.key;
  if (old === undefined || old === key) return [...configs];
  const rename = (k: string) => (k === old ? key : k);
  const renameInclude = (entry: string) => {
    const { role, scope } = parseInclude(entry);
    return role !== old ? entry : scope === undefined ? key : `${key}/${scope}`;
  };
  return configs.map((r, i) => ({
    ...r,
    key: i === index ? key : r.key,
    inherits: r.inherits.map(rename),
    parentDepartment: r.parentDepartment === null ? null : rename(r.parentDepartment),
    scopes: r.scopes.map((s) => ({
      ...s,
      include: s.include.map(renameInclude),
      steps: s.steps.map((t) =>
        t.envVariable?.requiredRole.includes(old) !== true
          ? t
          : { ...t, envVariable: { ...t.envVariable, requiredRole: t.envVariable.requiredRole.map(rename) } },
      ),
    })),
  }));
}
