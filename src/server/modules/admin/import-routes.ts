import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRolesSchema,
  importBodySchema,
  importRefusalSchema,
  importResultSchema,
} from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { apiError } from '../../plugins/error-handler.js';
import { recordAudit } from '../audit/index.js';
import { markInvited, markMemberLeft } from '../members/index.js';
import { planWelcomes } from '../mail/index.js';
import { syncTeamTasks } from '../team-tasks/index.js';
import { readableDepartments } from '../permissions/index.js';
import { listDepartments } from '../member-overview/index.js';
import { checkImportDepartments } from './import-departments.js';
import { checkImportBuddies, describeImportChanges, leaversOfImport, PRIVATE_EMAIL_FIELD } from './import-changes.js';
import { adminChangesOfImport, applyImport, previewImport } from './member-import.js';
import { type AdminRoutesOptions, actorOf, adminContexts, needs } from './admin-route-kit.js';

/** Largest CSV an import takes (about 50,000 rows). */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** The `email` column of a raw query's rows (both drivers answer `{ rows }`). */
const emailsOf = (result: unknown): string[] => (result as { rows: { email: string }[] }).rows.map((r) => r.email);

/** The roles list and the CSV import of the admin console (docs/product.md#member-records). */
export const importRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, config, now } = options;
  const { syncDeps } = adminContexts(options);
  app.get(
    '/api/admin/roles',
    { ...needs('members:read'), schema: { response: { 200: adminRolesSchema } } },
    async function getAdminRoles(request) {
      return {
        // Roles meant only for inheritance, the demo, shared accounts or the fallback are not offered (docs/product.md#roles).
        roles: [...request.catalog.values()]
          .filter((c) => c.offered)
          .map((c) => ({ key: c.key.toLowerCase(), displayName: c.displayName }))
          .sort((a, b) => a.displayName.localeCompare(b.displayName)),
        departments: await listDepartments(db, readableDepartments(request.memberRole)),
      };
    },
  );

  const importOptions = {
    ...needs('members:import'),
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    schema: { body: importBodySchema, response: { 200: importResultSchema } },
  };
  const importContext = (request: FastifyRequest) => ({
    catalog: request.catalog,
    allowedDomain: config.allowedDomain,
    locale: config.organisationLocale,
  });

  /** The preview of an import: the file's own checks, its departments against the list, its buddies, what it changes. */
  const previewOf = async (request: FastifyRequest<{ Body: { csv: string } }>) =>
    describeImportChanges(
      db,
      request.catalog,
      config.organisationLocale,
      await checkImportBuddies(
        db,
        await checkImportDepartments(db, request.catalog, previewImport(request.body.csv, importContext(request))),
      ),
    );

  app.post('/api/admin/import/preview', importOptions, async function postAdminImportPreview(request) {
    return previewOf(request);
  });

  // A 400 is either the refusal with the row errors or a malformed request (the error handler's plain JSON error);
  // with only the refusal schema, a malformed body's 400 failed serialization and became a 500.
  app.post(
    '/api/admin/import',
    {
      ...importOptions,
      schema: {
        ...importOptions.schema,
        response: { 200: importResultSchema, 400: z.union([importRefusalSchema, apiErrorSchema]) },
      },
    },
    async function postAdminImport(request, reply) {
      const preview = await previewOf(request);
      if (!preview.valid) {
        const bad = preview.rows.filter((r) => r.errors.length > 0).length;
        const message =
          preview.errors[0] ??
          `${bad} row${bad === 1 ? ' has' : 's have'} errors; nothing was imported. Fix them and try again.`;
        return reply.code(400).send({ ...apiError(400, message), ...preview });
      }
      const at = now();
      await db.transaction(async (tx) => {
        const adminChanges = await adminChangesOfImport(tx, preview.rows);
        const emails = preview.rows.map((r) => r.email);
        const known = await tx.execute(
          sql`select email from members where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
        );
        const recorded = new Set(emailsOf(known));
        const leavers = await leaversOfImport(tx, preview.rows);
        await applyImport(tx, preview.rows, at);
        // A leaving day is offboarding, as the member page's: audited, sessions ended.
        for (const leaver of leavers) {
          await markMemberLeft(tx, leaver.email, { leftOn: leaver.leftOn }, actorOf(request), at);
        }
        // New records of people who never signed in are invitations: each gets a welcome, and starts an onboarding
        // whatever the role (docs/product.md#who-starts-an-onboarding).
        const invited = emails.filter((e) => !recorded.has(e));
        await planWelcomes(tx, invited, at);
        await markInvited(tx, invited, at);
        await recordAudit(tx, {
          kind: 'import',
          outcome: 'ok',
          ...actorOf(request),
          subject: `${preview.rows.length} members`,
          details: { rows: preview.rows.length, emails: preview.rows.map((r) => r.email) },
          at,
        });
        // Granting or removing admin is audited per person, with the address, however it happens.
        for (const change of adminChanges) {
          await recordAudit(tx, {
            kind: 'admin-change',
            outcome: 'ok',
            ...actorOf(request),
            subject: change.email,
            details: { isAdmin: change.isAdmin, via: 'import' },
            at,
          });
        }
        // A buddy set or changed is audited per person too, as on the member page.
        for (const row of preview.rows) {
          const change = row.changes.find((c) => c.field === 'Buddy');
          if (change === undefined && (row.existing || typeof row.buddy !== 'string')) continue;
          await recordAudit(tx, {
            kind: 'buddy-change',
            outcome: 'ok',
            ...actorOf(request),
            subject: row.email,
            details: {
              buddy: row.buddy ?? null,
              previous: change === undefined || change.from === 'none' ? null : change.from,
              via: 'import',
            },
            at,
          });
        }
        // A private address added or changed is audited per person, never with the address
        // (docs/product.md#private-e-mail-address).
        for (const row of preview.rows) {
          const change = row.changes.find((c) => c.field === PRIVATE_EMAIL_FIELD);
          if (change === undefined && (row.existing || typeof row.privateEmail !== 'string')) continue;
          await recordAudit(tx, {
            kind: 'private-email-change',
            outcome: 'ok',
            ...actorOf(request),
            subject: row.email,
            details: { action: change === undefined || change.from === 'none' ? 'added' : 'changed', via: 'import' },
            at,
          });
        }
      });
      await syncTeamTasks(
        syncDeps(request),
        preview.rows.map((r) => r.email),
      );
      return { ...preview, applied: preview.rows.length };
    },
  );
};
