import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http-errors.js';
import type { MemberRole } from '../members/index.js';

/**
 * Who may do what in the admin console (docs/decisions/020-people-and-permissions.md). One rule, decided on the server
 * from the signed-in person's member role (modules/members/member-role.ts):
 *
 * - an **admin** (ADMIN_EMAILS, or a member record marked admin) may do everything;
 * - a **department lead** (a member record naming the departments they lead) may only read: the members table, its CSV
 *   export and member pages, limited to members of the departments they lead; the one change they make there is a
 *   member's buddy (docs/product.md#team-tasks);
 * - a **content editor** (a member record marked so) may use the content studio (`content:edit`) and nothing else of
 *   the admin console, and may not publish a change to who may see a shared password or which role people belong to
 *   (`content:access`, admins only: docs/decisions/033-who-decides-access.md);
 * - everyone else (members, development users without a record) nothing.
 *
 * Every admin route names the permission it needs in its route options (`config: { permission }`); the admin routes
 * refuse to register a route without one.
 */

/** What an admin route may need. */
export type AdminPermission =
  /** Read the members table, CSV export, member pages and the role list (leads: their departments only). */
  | 'members:read'
  /** Change member records, permissions, end sessions, offboard. */
  | 'members:write'
  /** Set a member's buddy (docs/product.md#team-tasks; leads: members of their departments). */
  | 'members:buddy'
  /** Preview and apply CSV imports. */
  | 'members:import'
  /** Read the audit log. */
  | 'audit:read'
  /** See which shared passwords a person revealed, and mark passwords rotated. */
  | 'secrets:manage'
  /** Read the insights page's charts (leads: their departments only). */
  | 'insights:read'
  /** Take and download backups of the embedded database. */
  | 'backups:manage'
  /** Read the acknowledgment records: a member's list, the CSV export of all, and the receipt check. */
  | 'acknowledgments:read'
  /** Use the content studio: drafts, publishing, history, restore, files (docs/product.md#content-studio). */
  | 'content:edit'
  /**
   * Publish or restore content that changes access: which roles may reveal which shared password, role aliases and
   * inheritance (admins only; docs/decisions/033-who-decides-access.md).
   */
  | 'content:access'
  /** The outbox, digests on demand, and one's own digest setting. */
  | 'mail:manage'
  /** The launch checklist: see it, hide it, send oneself a test message (docs/product.md#launch-checklist). */
  | 'launch:check';

/** Every permission, for tests and for the route check. */
export const ADMIN_PERMISSIONS: readonly AdminPermission[] = [
  'members:read',
  'members:write',
  'members:buddy',
  'members:import',
  'audit:read',
  'secrets:manage',
  'insights:read',
  'backups:manage',
  'acknowledgments:read',
  'content:edit',
  'content:access',
  'mail:manage',
  'launch:check',
];

/** The permissions a department lead has (read-only, limited to their departments). */
const LEAD_PERMISSIONS: ReadonlySet<AdminPermission> = new Set(['members:read', 'members:buddy', 'insights:read']);

/** The 403 message to a signed-in person with no admin access at all. */
export const NOT_ADMIN_MESSAGE = 'Only admins can open the admin console.';
/** The 403 message to a department lead asking for something only admins may do. */
export const LEADS_READ_ONLY_MESSAGE =
  'Department leads can look but not change anything here. Ask an admin to do this.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The admin permission a route needs (checked by {@link checkAdminPermission} before the body is read). */
    permission?: AdminPermission;
    /**
     * The route takes requests from other sites (plugins/same-origin.ts): only for a route whose authority is a signed
     * token in its URL, never a session cookie (the one-click unsubscribe of RFC 8058).
     */
    allowCrossSite?: boolean;
    /**
     * A GET/HEAD route with a side effect (an audit entry, a file handed out): refuses a request another site started,
     * e.g. a link or a navigation (plugins/same-origin.ts, `sameOriginPlugin`).
     */
    ownSiteOnly?: boolean;
    /**
     * A route outside /api whose answer depends on who asks: the session cookie is read for it as for an /api route
     * (plugins/sessions.ts), so `request.user` and `request.memberRole` are set. Its answers keep their own caching.
     */
    readsSession?: boolean;
    /**
     * An /api route whose answer is the same for everyone who may read it and named by its ETag (a role's content,
     * docs/architecture.md#role-content): its 200 and 304 answers to a signed-in person are sent with
     * `Cache-Control: private, no-cache` instead of `no-store` (plugins/sessions.ts), so the browser keeps the answer
     * and asks again each time, and the server checks the session before it answers 304.
     */
    revalidated?: boolean;
  }
}

/** The parts of a member role the rule reads. */
type Access = Pick<MemberRole, 'isAdmin' | 'leadOf' | 'isEditor'>;

/**
 * Whether a person is a department lead: not an admin, with at least one department named.
 * @param role the member role, or null without a session
 */
export function isDepartmentLead(role: Access | null): boolean {
  return role !== null && !role.isAdmin && role.leadOf.some((d) => d.trim() !== '');
}

/**
 * Whether a person may use a permission (the one rule).
 * @param role the member role of the signed-in person, or null without a session
 * @param permission what the route needs
 */
export function mayUse(role: Access | null, permission: AdminPermission): boolean {
  if (role === null) return false;
  if (role.isAdmin) return true;
  if (permission === 'content:edit' && role.isEditor) return true;
  return isDepartmentLead(role) && LEAD_PERMISSIONS.has(permission);
}

/**
 * The departments whose members a person may read in the admin console (and, later, other admin views such as the
 * insights page): `'all'` for an admin, the lower-case names of the departments they lead for a lead, and an empty
 * list for everyone else. Departments compare without regard to case or surrounding spaces.
 * @param role the member role, or null without a session
 */
export function readableDepartments(role: Access | null): 'all' | string[] {
  if (role === null) return [];
  if (role.isAdmin) return 'all';
  return [...new Set(role.leadOf.map((d) => d.trim().toLowerCase()).filter((d) => d !== ''))];
}

/**
 * Whether a person may read the members of one department.
 * @param role the member role, or null
 * @param department the member's department (any case)
 */
export function mayReadDepartment(role: Access | null, department: string): boolean {
  const readable = readableDepartments(role);
  return readable === 'all' || readable.includes(department.trim().toLowerCase());
}

/**
 * The check itself: 401 without a session, 403 when the signed-in person may not use `permission` —
 * {@link LEADS_READ_ONLY_MESSAGE} to a lead, {@link NOT_ADMIN_MESSAGE} to anyone else.
 * @throws HttpError 401 / 403
 */
export function assertPermission(request: FastifyRequest, permission: AdminPermission): void {
  if (request.user === null) throw unauthorized();
  const role = request.memberRole;
  if (mayUse(role, permission)) return;
  throw forbidden(isDepartmentLead(role) ? LEADS_READ_ONLY_MESSAGE : NOT_ADMIN_MESSAGE);
}

/**
 * A hook for routes outside the admin routes' own plugin (insights, backups, acknowledgment records) that need one
 * permission: use it as `onRequest`, before the body is read, like {@link checkAdminPermission}.
 * @param permission what every route of the hook needs
 * @returns the hook: 401 without a session, 403 for anyone who may not use `permission`
 */
export function requirePermission(permission: AdminPermission): (request: FastifyRequest) => Promise<void> {
  return async (request) => assertPermission(request, permission);
}

/**
 * Hook (use as `onRequest`, so that nothing of the body is read for someone who may not use the route) that applies
 * the permission a route names in `config.permission`; a route naming none is refused to everyone (403), so a route
 * that forgot it is closed, not open.
 */
export async function checkAdminPermission(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission;
  if (permission === undefined) {
    if (request.user === null) throw unauthorized();
    throw forbidden(NOT_ADMIN_MESSAGE);
  }
  assertPermission(request, permission);
}
