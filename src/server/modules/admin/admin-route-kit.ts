import type { CatalogSource } from '../../content/published-content.js';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { type AdminPermission, readableDepartments } from '../permissions/index.js';
import { type MembersContext } from '../member-overview/index.js';

/** What the admin console's route files share (docs/architecture.md#modules). */

/** What the admin routes need. */
export interface AdminRoutesOptions {
  db: Database;
  config: Pick<
    Config,
    'adminEmails' | 'allowedDomain' | 'secretBox' | 'organisationTimeZone' | 'organisationLocale' | 'mail'
  >;
  /** The published content (each request reads its current catalog, request.catalog). */
  content: CatalogSource;
  now: () => Date;
}

/** Who acts, for the audit log. */
export const actorOf = (request: FastifyRequest) => ({
  actorUserId: request.user?.id ?? null,
  actorEmail: request.user?.email ?? null,
});

/** Route options naming the permission a route needs (modules/permissions). */
export const needs = (permission: AdminPermission) => ({ config: { permission } });

/**
 * What the admin routes share, made once per plugin from its options: the members context of a request (only the
 * departments its reader may see) and what bringing team tasks in line needs (docs/product.md#team-tasks).
 * @param options the admin routes' options
 * @returns `baseOf(request)`, `ctxOf(request)` and `syncDeps(request)`
 */
export function adminContexts({ db, config, now }: AdminRoutesOptions) {
  const baseOf = (request: FastifyRequest): MembersContext => ({
    catalog: request.catalog,
    adminEmails: config.adminEmails,
  });
  const ctxOf = (request: FastifyRequest): MembersContext => ({
    ...baseOf(request),
    departments: readableDepartments(request.memberRole),
    now: now(),
    timeZone: config.organisationTimeZone,
    stalledAfterDays: config.mail.stalledAfterDays,
  });
  const syncDeps = (request: FastifyRequest) => ({
    db,
    catalog: request.catalog,
    timeZone: config.organisationTimeZone,
    now: now(),
  });
  return { baseOf, ctxOf, syncDeps };
}
