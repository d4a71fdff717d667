import type { FastifyRequest } from 'fastify';
import type { PreviewRole } from '../../../shared/api.js';
import { RoleConfigurationError, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { resolveRoleOnce } from '../../content/resolved-roles.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { Config } from '../../env.js';
import { forbidden, HttpError, notFound } from '../../http-errors.js';

/**
 * Role preview (docs/product.md#role-preview): shown to admins, and outside production on a local host. A preview shows
 * another role's steps read-only; it never changes the member's real role or progress and never reveals a password.
 */

/** Host names that count as local development (docs/product.md#role-preview). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Configurations that only serve other roles and are not shown on their own (docs/product.md#roles). */
const NOT_PREVIEWABLE = new Set(['common', 'default']);

/** The 403 message for a member who may not preview roles. */
export const PREVIEW_FORBIDDEN_MESSAGE = 'Only admins can preview other roles.';

/**
 * Whether the signed-in member of a request may preview roles: an admin (ADMIN_EMAILS or an admin member record),
 * or anyone on a local development host — a server outside production reached as localhost / 127.0.0.1. In
 * production the host never counts, because a Host header is the client's to choose.
 * @param config `isProduction`
 * @param request a request that passed `requireUser` (`memberRole` is set)
 */
export function canPreviewRoles(config: Pick<Config, 'isProduction'>, request: FastifyRequest): boolean {
  if (request.memberRole?.isAdmin === true) return true;
  return !config.isProduction && isLocalHost(request.host);
}

/** Whether each Host header seen names a local host (bounded: anyone can send any value; all forgotten when full). */
const localHosts = new Map<string, boolean>();
const LOCAL_HOSTS_MAX_ENTRIES = 256;

/** Whether a Host header (`name[:port]`, `[v6]:port`) names one of {@link LOCAL_HOSTS}, remembered per value. */
function isLocalHost(host: string): boolean {
  let local = localHosts.get(host);
  if (local === undefined) {
    const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
    local = LOCAL_HOSTS.has(hostname.toLowerCase());
    if (localHosts.size >= LOCAL_HOSTS_MAX_ENTRIES) localHosts.clear();
    localHosts.set(host, local);
  }
  return local;
}

/**
 * Whether a role preview may show a configuration key (docs/product.md#role-preview): one of the catalog's, but not
 * `common` or `default`.
 * @param catalog all role configurations
 * @param key a configuration key, lower case
 */
export function isPreviewable(catalog: RoleCatalog, key: string): boolean {
  return catalog.has(key) && !NOT_PREVIEWABLE.has(key);
}

const previewable = new WeakMap<RoleCatalog, PreviewRole[]>();

/**
 * The role configurations a preview may show, sorted by display name (every one but `common` and `default`); worked
 * out once per catalog (it never changes after start-up).
 * @returns `{ key, displayName }` of each (the array is frozen: the same one for every caller)
 */
export function previewableRoles(catalog: RoleCatalog): PreviewRole[] {
  let roles = previewable.get(catalog);
  if (!roles) {
    roles = deepFreeze(
      [...catalog.values()]
        .filter((config) => !NOT_PREVIEWABLE.has(config.key))
        .map((config) => ({ key: config.key, displayName: config.displayName }))
        .sort((a, b) => a.displayName.localeCompare(b.displayName)),
    );
    previewable.set(catalog, roles);
  }
  return roles;
}

/**
 * The role a preview asks for, resolved into its scopes and steps (once per key, content/resolved-roles.ts).
 * @param catalog all role configurations
 * @param request the request (for the permission and the log)
 * @param config `isProduction`
 * @param previewRole the asked-for configuration key, any case
 * @throws HttpError 403 {@link PREVIEW_FORBIDDEN_MESSAGE} when the member may not preview roles
 * @throws HttpError 404 when no previewable configuration has that key
 * @throws HttpError 409 when the configuration (or one it includes) is missing
 */
export function resolvePreviewRole(
  catalog: RoleCatalog,
  request: FastifyRequest,
  config: Pick<Config, 'isProduction'>,
  previewRole: string,
): ResolvedRole {
  if (!canPreviewRoles(config, request)) throw forbidden(PREVIEW_FORBIDDEN_MESSAGE);
  const key = previewRole.trim().toLowerCase();
  if (!isPreviewable(catalog, key)) throw notFound(`There is no role "${previewRole}" to preview.`);
  try {
    return resolveRoleOnce(catalog, key);
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
    request.log.error({ err: error, role: key }, 'role configuration missing');
    throw new HttpError(409, `We couldn't find the configuration for role ${key}.`, { role: key });
  }
}
