import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRolesSchema,
  auditPageSchema,
  auditQuerySchema,
  importBodySchema,
  importRefusalSchema,
  importResultSchema,
  memberDetailSchema,
  memberEmailParamsSchema,
  membersPageSchema,
  membersQuerySchema,
  putMemberBodySchema,
} from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Config } from '../../env.js';
import { forbidden, HttpError, notFound, unauthorized } from '../../http-errors.js';
import { apiError } from '../../plugins/error-handler.js';
import { listAudit, recordAudit, type AuditKind } from '../audit/audit.repository.js';
import { getMember, upsertMember } from '../members/members.repository.js';
import { listAllMemberOverviews, listDepartments, listMemberOverviews, type MembersContext } from './admin.repository.js';
import { getMemberDetail } from './member-detail.js';
import { applyImport, membersToCsv, previewImport } from './member-import.js';

/** The 403 message of every admin route to a signed-in person who is not an admin. */
export const NOT_ADMIN_MESSAGE = 'Only admins can open the admin console.';

/** Largest CSV an import takes (about 50,000 rows). */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** The audit kinds the audit log filter offers (those of modules/audit). */
export const AUDIT_KINDS: readonly AuditKind[] = [
  'sign-in',
  'sign-in-refused',
  'role-change',
  'member-invite',
  'admin-change',
  'import',
  'secret-reveal',
  'secret-refusal',
];

/**
 * Refuses anyone who is not an admin: 401 without a session, 403 {@link NOT_ADMIN_MESSAGE} otherwise. Admins are the
 * addresses of ADMIN_EMAILS and members marked admin (request.memberRole.isAdmin, set by the member-role plugin); a
 * development sign-in is no exception.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user === null) throw unauthorized();
  if (request.memberRole?.isAdmin !== true) throw forbidden(NOT_ADMIN_MESSAGE);
}

/** What the admin routes need. */
export interface AdminRoutesOptions {
  db: Database;
  config: Pick<Config, 'adminEmails' | 'allowedDomain'>;
  catalog: RoleCatalog;
  now: () => Date;
}

/** Who acts, for the audit log. */
const actorOf = (request: FastifyRequest) => ({
  actorUserId: request.user?.id ?? null,
  actorEmail: request.user?.email ?? null,
});

/**
 * The admin console's API (docs/product.md#admin-area). Every route: 401 anonymous, 403 non-admin.
 *
 * - GET /api/admin/members?search&role&department&complete&sort&dir&page&pageSize → one page of the members table.
 * - GET /api/admin/members.csv (same filters) → every matching member as a CSV attachment.
 * - GET /api/admin/members/:email → the member's page (steps, ticks, acknowledgments); 404 when unknown.
 * - PUT /api/admin/members/:email `{ role, department, isAdmin }` → stores the member record (an invitation when the
 *   person never signed in); 400 naming the valid roles when the role text names none, or the address is outside
 *   ALLOWED_DOMAIN. Audited as 'member-invite' (new record) or 'role-change', plus 'admin-change' when the flag moves.
 * - GET /api/admin/roles → assignable roles and known departments.
 * - POST /api/admin/import/preview `{ csv }` or a text/csv body → rows with their errors; writes nothing.
 * - POST /api/admin/import (same body) → every row in one transaction, or 400 with the row errors and nothing
 *   written. Audited as 'import'.
 * - GET /api/admin/audit?actor&kind&page&pageSize → the audit log, newest first.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, config, catalog, now }) => {
  const ctx: MembersContext = { catalog, adminEmails: config.adminEmails };
  app.addHook('preValidation', requireAdmin);
  // Import files may come as they are (text/csv); they become `{ csv }`, the JSON body's shape.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, { csv: String(body) });
  });

  app.get('/api/admin/members', { schema: { querystring: membersQuerySchema, response: { 200: membersPageSchema } } }, async (request) =>
    listMemberOverviews(db, ctx, request.query),
  );

  app.get('/api/admin/members.csv', { schema: { querystring: membersQuerySchema } }, async (request, reply) => {
    const rows = await listAllMemberOverviews(db, ctx, request.query);
    const date = now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="members-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(membersToCsv(rows));
  });

  app.get(
    '/api/admin/members/:email',
    { schema: { params: memberEmailParamsSchema, response: { 200: memberDetailSchema } } },
    async (request) => {
      const detail = await getMemberDetail(db, ctx, request.params.email.toLowerCase());
      if (!detail) throw notFound(`No member has the address ${request.params.email}.`);
      return detail;
    },
  );

  app.put(
    '/api/admin/members/:email',
    { schema: { params: memberEmailParamsSchema, body: putMemberBodySchema, response: { 200: memberDetailSchema } } },
    async (request) => {
      const email = request.params.email.toLowerCase();
      if (!z.email().safeParse(email).success || email.slice(email.lastIndexOf('@') + 1) !== config.allowedDomain) {
        throw new HttpError(400, `Only e-mail addresses at ${config.allowedDomain} can be members.`);
      }
      const { role, department, isAdmin } = request.body;
      if (findRoleConfiguration(catalog, role).matchedBy === 'default') {
        throw new HttpError(400, `Unknown role "${role}". Valid roles: ${[...catalog.keys()].join(', ')}.`);
      }
      const before = await getMember(db, email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const existed = before !== undefined || user !== undefined;
      await db.transaction(async (tx) => {
        await upsertMember(tx, { email, role, department, isAdmin }, now());
        const previous = before ? { role: before.role, department: before.department, isAdmin: before.isAdmin } : null;
        const changes = { role, department, isAdmin, previous };
        await recordAudit(tx, {
          kind: existed ? 'role-change' : 'member-invite',
          outcome: 'ok',
          ...actorOf(request),
          subject: email,
          details: changes,
          at: now(),
        });
        if ((before?.isAdmin ?? false) !== isAdmin) {
          await recordAudit(tx, { kind: 'admin-change', outcome: 'ok', ...actorOf(request), subject: email, details: { isAdmin }, at: now() });
        }
      });
      const detail = await getMemberDetail(db, ctx, email);
      if (!detail) throw new Error(`member ${email} vanished after it was written`);
      return detail;
    },
  );

  app.get('/api/admin/roles', { schema: { response: { 200: adminRolesSchema } } }, async () => ({
    roles: [...catalog.values()]
      .map((c) => ({ key: c.key.toLowerCase(), displayName: c.displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
    departments: await listDepartments(db),
  }));

  const importOptions = {
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    schema: { body: importBodySchema, response: { 200: importResultSchema } },
  };
  const importContext = { catalog, allowedDomain: config.allowedDomain };

  app.post('/api/admin/import/preview', importOptions, async (request) => previewImport(request.body.csv, importContext));

  // A 400 is either the refusal with the row errors or a malformed request (the error handler's plain JSON error);
  // with only the refusal schema, a malformed body's 400 failed serialization and became a 500.
  app.post(
    '/api/admin/import',
    {
      ...importOptions,
      schema: { ...importOptions.schema, response: { 200: importResultSchema, 400: z.union([importRefusalSchema, apiErrorSchema]) } },
    },
    async (request, reply) => {
    const preview = previewImport(request.body.csv, importContext);
    if (!preview.valid) {
      const bad = preview.rows.filter((r) => r.errors.length > 0).length;
      const message =
        preview.errors[0] ?? `${bad} row${bad === 1 ? ' has' : 's have'} errors; nothing was imported. Fix them and try again.`;
      return reply.code(400).send({ ...apiError(400, message), ...preview });
    }
    const at = now();
    await db.transaction(async (tx) => {
      await applyImport(tx, preview.rows, at);
      await recordAudit(tx, {
        kind: 'import',
        outcome: 'ok',
        ...actorOf(request),
        subject: `${preview.rows.length} members`,
        details: { rows: preview.rows.length, emails: preview.rows.slice(0, 50).map((r) => r.email) },
        at,
      });
    });
    return { ...preview, applied: preview.rows.length };
  });

  app.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
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
  });
};
