import type { ResolvedRole } from '../../../shared/roles.js';
import { deepFreeze, isDeepFrozen } from '../../deep-freeze.js';

/** The role fields the client shows (shared `resolvedRoleSchema`). */
export type RoleSummary = Pick<
  ResolvedRole,
  'key' | 'displayName' | 'version' | 'icon' | 'colors' | 'isDepartment' | 'parentDepartment'
>;

const summaries = new WeakMap<ResolvedRole, RoleSummary>();

/**
 * The role fields the client shows (shared `resolvedRoleSchema`): key, display name, version, icon, colours and the
 * department facts, without the scopes and the inherited keys. Of a frozen role (content/resolved-roles.ts) the
 * summary is made once and frozen too, so that its JSON can be kept (onboarding/onboarding-json.ts).
 */
export function roleSummary(role: ResolvedRole): RoleSummary {
  const kept = summaries.get(role);
  if (kept) return kept;
  const summary = {
    key: role.key,
    displayName: role.displayName,
    version: role.version,
    icon: role.icon,
    colors: role.colors,
    isDepartment: role.isDepartment,
    parentDepartment: role.parentDepartment,
  };
  if (!isDeepFrozen(role)) return summary;
  summaries.set(role, deepFreeze(summary));
  return summary;
}
