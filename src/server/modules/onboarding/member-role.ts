import type { User } from '../../../shared/api.js';
import { resolveRole, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { FALLBACK_ROLE } from '../../content/load-content.js';

/**
 * The resolved role configuration a member works through (SPEC §6). A role without a configuration of its own
 * falls back to the volunteer steps (SPEC §5 "Unknown or absent roles default to volunteer steps"); matching
 * free-text roles through aliases comes with the role lookup of a later issue.
 * @param catalog all role configurations
 * @param user the signed-in user
 * @throws RoleConfigurationError when the catalog is inconsistent (prevented by the content check at start-up)
 */
export function resolveMemberRole(catalog: RoleCatalog, user: Pick<User, 'role'>): ResolvedRole {
  const key = user.role.toLowerCase();
  return resolveRole(catalog, catalog.has(key) ? key : FALLBACK_ROLE);
}
