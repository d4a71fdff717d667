import type { FastifyRequest } from 'fastify';
import { adjustRole } from '../../../shared/adjustments.js';
import { RoleConfigurationError, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { resolveMemberRoleOnce } from '../../content/resolved-roles.js';
import { HttpError, unauthorized } from '../../http-errors.js';

/**
 * The status of the answer when a member's role configuration is missing (docs/product.md#error-page:
 * error page and 'Role Configuration Error' toast). 409 Conflict, not 500: the request is fine, but the member's role
 * conflicts with the loaded content, and the client must be told which role so its error page can say so — a 5xx
 * message is always hidden (docs/architecture.md#code-conventions). The body is `{ statusCode: 409, error: 'Conflict',
 * message, role }`.
 */
export const ROLE_CONFIGURATION_STATUS = 409;

/** The message of that answer, as the error page words it (docs/product.md#error-page). */
export function roleConfigurationMessage(role: string): string {
  return `We couldn't find the configuration for role ${role}.`;
}

/**
 * The resolved role configuration of the signed-in member of a request (docs/product.md#role-lookup,
 * docs/product.md#scopes-and-steps): the
 * role text of the member record (see member-role.ts) looked up and resolved into ordered scopes and steps,
 * once per role text (content/resolved-roles.ts; the answer is frozen), then the member's own adjustments applied
 * (docs/product.md#per-person-adjustments: skipped steps left out, extra steps in a last scope).
 * @param catalog all role configurations
 * @param request a request that passed `requireUser` (the member-role plugin has set `request.memberRole`)
 * @returns the resolved role, the role before the member's adjustments (`unadjusted`: what every member of the role
 *   sees, docs/architecture.md#role-content) and the lookup warnings of docs/product.md#role-lookup ('No role provided', 'No role
 *   configuration found for "{role}"', 'No scopes found for role: {role}'), for the caller to log
 * @throws HttpError 401 when the request has no signed-in member
 * @throws HttpError 409 {@link roleConfigurationMessage} with `role` = the member's role key, when that configuration
 *   or one it includes or inherits is missing (the underlying error is logged at error level)
 */
export function resolveRoleOfRequest(
  catalog: RoleCatalog,
  request: FastifyRequest,
): { role: ResolvedRole; unadjusted: ResolvedRole; warnings: string[] } {
  const member = request.memberRole;
  if (request.user === null || member === null) throw unauthorized();
  try {
    const { role, warnings } = resolveMemberRoleOnce(catalog, member.roleText);
    return { role: adjustRole(role, member.adjustments ?? []), unadjusted: role, warnings };
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
    request.log.error({ err: error, role: member.roleText, missing: error.role }, 'role configuration missing');
    const role = member.lookup.key;
    throw new HttpError(ROLE_CONFIGURATION_STATUS, roleConfigurationMessage(role), { role });
  }
}
