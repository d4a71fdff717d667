import type { CatalogSource } from '../../content/published-content.js';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { notFound } from '../../http-errors.js';
import type { BuddyRefusal } from '../members/index.js';
import { SECRET_NAMES } from '../../../shared/content-schema.js';
import { type SecretName } from '../secrets/index.js';
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

/** Largest CSV an import takes (about 50,000 rows). */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** Who acts, for the audit log. */
export const actorOf = (request: FastifyRequest) => ({
  actorUserId: request.user?.id ?? null,
  actorEmail: request.user?.email ?? null,
});

/**
 * The shared password a route's `:name` names (any case).
 * @throws HttpError 404 naming the known passwords
 */
export function secretNameOf(text: string): SecretName {
  const name = text.toUpperCase();
  const known = SECRET_NAMES.find((n) => n === name);
  if (known === undefined)
    throw notFound(`There is no shared password called ${text}. Known: ${SECRET_NAMES.join(', ')}.`);
  return known;
}

/** The `email` column of a raw query's rows (both drivers answer `{ rows }`). */
export const emailsOf = (result: unknown): string[] =>
  (result as { rows: { email: string }[] }).rows.map((r) => r.email);

/** The 400 message of a buddy `setMemberBuddy` refused. */
export const BUDDY_REFUSALS: Record<BuddyRefusal, string> = {
  'no-member': 'Only a member with a member record can have a buddy.',
  'no-buddy-member': 'The buddy must be a member: add them first.',
  'own-buddy': 'A member cannot be their own buddy.',
  'buddy-left': 'The buddy has left the organisation; choose someone else.',
};

/** The 400 message to a lead who chose a buddy outside the departments they lead. */
export const BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE =
  'As a lead, you can choose a buddy only from the departments you lead. Ask an admin to choose someone from another department.';

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
