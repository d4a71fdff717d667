import type { ResolvedRole } from '../../../shared/roles.js';

/**
 * The role fields the client shows (shared `resolvedRoleSchema`): key, display name, version, icon, colours and the
 * department facts, without the scopes and the inherited keys.
 */
export function roleSummary(role: ResolvedRole) {
  return {
    key: role.key,
    displayName: role.displayName,
    version: role.version,
    icon: role.icon,
    colors: role.colors,
    isDepartment: role.isDepartment,
    parentDepartment: role.parentDepartment,
  };
}
