import { decodeCsvFile } from '../../../shared/csv-text.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../shared/admin-api.js';
import { HttpError } from '../../http-errors.js';
import { listAudit } from '../audit/index.js';
import { AUDIT_KINDS } from '../../../shared/audit-kinds.js';
import { type AdminPermission, checkAdminPermission } from '../permissions/index.js';
import { type AdminRoutesOptions, needs } from './admin-route-kit.js';
import { importRoutes } from './import-routes.js';
import { memberRoutes } from './member-routes.js';
import { secretRoutes } from './secret-routes.js';

/** The 403 message of every admin route to a signed-in person with no admin access (modules/permissions). */
export { NOT_ADMIN_MESSAGE } from '../permissions/index.js';

export { type AdminRoutesOptions } from './admin-route-kit.js';
export { IMPORT_BODY_LIMIT_BYTES } from './import-routes.js';
export { BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE } from './member-routes.js';

/** The audit kinds the audit log filter offers: every kind the server writes (src/shared/audit-kinds.ts). */
export { AUDIT_KINDS };

/**
 * The admin console's API. Every route names the permission it needs (modules/permissions; the rule: admins
 * everything, department leads read-only and only their departments' members, everyone else nothing) and is checked
 * in `onRequest`, before its body is read: 401 anonymous, 403 otherwise.
 *
 * - GET /api/admin/members?search&role&department&complete&sort&dir&page&pageSize → one page of the members table.
 * - GET /api/admin/members.csv (same filters) → every matching member as a CSV attachment.
 * - GET /api/admin/members/:email → the member's page (steps, ticks, acknowledgments, permissions); 404 when unknown
 *   (or, to a lead, outside their departments).
 * - PUT /api/admin/members/:email `{ role, department, isAdmin, leadOf?, isEditor? }` → stores the member record (an
 *   invitation when the person never signed in); 400 naming the valid roles when the role text names none, naming the
 *   departments of the list when a department (or led department) is not one of them and not the record's own
 *   already (docs/product.md#departments), or when the address is outside ALLOWED_DOMAIN. Audited as 'member-invite' (new record, which also plans a welcome e-mail) or
 *   'role-change', plus 'admin-change' when the flag moves. A change of role, department or any permission ends the person's sessions.
 * - DELETE /api/admin/members/:email → removes the member record (the person falls back to the default role) and ends
 *   their sessions; 404 when there is no record.
 * - POST /api/admin/members/:email/sign-out → ends every session of the person, on every app process.
 * - PUT /api/admin/members/:email/buddy `{ buddy }` → sets or clears the member's buddy (docs/product.md#team-tasks):
 *   admins, and leads for members of their departments (404 otherwise); 400 when the buddy is no member, has left,
 *   or is the member, or when a lead chooses a buddy from a department they do not lead. Audited as 'buddy-change'; the member's open team tasks follow.
 * - GET /api/admin/members/:email/buddy-suggestions → members who would make a good buddy (same department, own
 *   onboarding finished, fewest buddies first; src/shared/team-tasks-api.ts): admins and the member's leads.
 * - POST /api/admin/members/:email/leave `{ leftOn, note? }` → marks the member as having left (offboarding): their
 *   sessions end and sign-in is refused; record and progress stay. A person without a record gets one (their current
 *   role and department). 404 for an unknown address. DELETE of the same path undoes it.
 * - GET /api/admin/members/:email/revealed-secrets → every shared password the person revealed, and whether it was
 *   changed since (offboarding).
 * - POST /api/admin/secrets/:name/rotated → records that a shared password was changed (outside the app).
 * - GET /api/admin/secrets → every shared password: set or not, when and by whom it was last set (never a value).
 * - PUT /api/admin/secrets/:name `{ value }` → sets or rotates it (encrypted at rest); audited as 'secret-rotated'.
 * - POST /api/admin/secrets/:name/reveal → the value, for the admin; audited as 'secret-reveal'.
 * - GET /api/admin/roles → assignable roles and known departments (a lead's departments only).
 * - POST /api/admin/import/preview `{ csv }` or a text/csv body → rows with their errors; writes nothing.
 * - POST /api/admin/import (same body) → every row in one transaction, or 400 with the row errors and nothing
 *   written. Audited as 'import'.
 * - GET /api/admin/audit?actor&kind&page&pageSize → the audit log, newest first.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db } = options;
  app.addHook('onRoute', (route) => {
    const permission = (route.config as { permission?: AdminPermission } | undefined)?.permission;
    if (route.url.startsWith('/api/admin') && route.method !== 'HEAD' && permission === undefined) {
      throw new Error(`admin route ${String(route.method)} ${route.url} names no permission`);
    }
  });
  app.addHook('onRequest', checkAdminPermission);
  // Import files may come as they are (text/csv); they become `{ csv }`, the JSON body's shape. Strict UTF-8: a file in
  // another encoding is refused with how to save it as UTF-8 (shared csv-text.ts), never stored with U+FFFD in it.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer' }, (_request, body, done) => {
    const decoded = decodeCsvFile(body as Buffer);
    if (decoded.ok) done(null, { csv: decoded.text });
    else done(new HttpError(400, decoded.message), undefined);
  });
  // Registered after the hooks and the parser above, which they inherit (Fastify's encapsulation).
  await app.register(memberRoutes, options);
  await app.register(secretRoutes, options);
  await app.register(importRoutes, options);

  app.get(
    '/api/admin/audit',
    { ...needs('audit:read'), schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async function getAdminAudit(request) {
      const { actor, kind, page, pageSize } = request.query;
      const { entries, total } = await listAudit(db, {
        filters: {
          ...(actor !== undefined && actor !== '' ? { actorEmail: actor } : {}),
          ...(kind !== undefined && kind !== '' ? { kind } : {}),
        },
        page: { number: page, size: pageSize },
      });
      return {
        items: entries.map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          kind: e.kind,
          outcome: e.outcome,
          actorEmail: e.actorEmail,
          subject: e.subject,
          reason: e.reason,
          detail: (e.details as Record<string, unknown> | null) ?? null,
        })),
        total,
        page,
        pageSize,
        kinds: [...AUDIT_KINDS],
      };
    },
  );
};
