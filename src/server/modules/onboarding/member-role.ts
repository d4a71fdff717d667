import type { FastifyRequest } from 'fastify';
import { RoleConfigurationError, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { resolveMemberRoleOnce } from '../../content/resolved-roles.js';
import { HttpError, unauthorized } from '../../http-errors.js';

/**
 * The status of the answer when a member's role configuration is missing (SPEC §5 "Missing role configuration":
 * error page and 'Role Configuration Error' toast). 409 Conflict, not 500: the request is fine, but the member's role
 * conflicts with the loaded content, and the client must be told which role so its error page can say so — a 5xx
 * message is always hidden (STYLE.md). The body is `{ statusCode: 409, error: 'Conflict', message, role }`.
 */
export const ROLE_CONFIGURATION_STATUS = 409;

/** The message of that answer, as the spec's error page words it (SPEC §2 "Error page"). */
export function roleConfigurationMessage(role: string): string {
  return `We couldn't find the configuration for role ${role}.`;
}

/**
 * The resolved role configuration of the signed-in member of a request (SPEC §5 role lookup, §6 resolution): the
 * role text of the member record (see members/member-role.ts) looked up and resolved into ordered scopes and steps,
 * once per role text (content/resolved-roles.ts; the answer is frozen).
 * @param catalog all role configurations
 * @param request a request that passed `requireUser` (the member-role plugin has set `request.memberRole`)
 * @returns the resolved role and the lookup warnings of SPEC §5 ('No role provided', 'No role configuration found
 *   for "{role}"', 'No scopes found for role: {role}'), for the caller to log
 * @throws HttpError 401 when the request has no signed-in member
 * @throws HttpError 409 {@link roleConfigurationMessage} with `role` = the member's role key, when that configuration
 *   or one it includes or inherits is missing (the underlying error is logged at error level)
 */
export function resolveRoleOfRequest(
  catalog: RoleCatalog,
  request: FastifyRequest,
): { role: ResolvedRole; warnings: string[] } {
  const member = request.memberRole;
  if (request.user === null || member === null) throw unauthorized();
  try {
    const { role, warnings } = resolveMemberRoleOnce(catalog, member.roleText);
    return { role, warnings };
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
    request.log.error({ err: error, role: member.roleText, missing: error.role }, 'role configuration missing');
    const role = member.lookup.key;
    throw new HttpError(ROLE_CONFIGURATION_STATUS, roleConfigurationMessage(role), { role });
  }
}
