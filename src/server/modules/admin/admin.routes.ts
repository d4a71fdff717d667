import type { CatalogSource } from '../../content/published-content.js';
import { decodeCsvFile } from '../../../shared/csv-text.js';
import { sql } from 'drizzle-orm';
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
  adminSecretsSchema,
  putSecretBodySchema,
  revealSecretSchema,
  leaveBodySchema,
  markRotatedResultSchema,
  revealedSecretsSchema,
  secretNameParamsSchema,
  removeMemberResultSchema,
  signOutResultSchema,
} from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { HttpError, notFound } from '../../http-errors.js';
import { apiError } from '../../plugins/error-handler.js';
import { listAudit, recordAudit } from '../audit/index.js';
import { AUDIT_KINDS } from '../../../shared/audit-kinds.js';
import {
  endMemberSessions,
  getMember,
  markMemberLeft,
  markMemberRejoined,
  removeMemberRecord,
  setMemberBuddy,
  setMemberRecord,
  type BuddyRefusal,
} from '../members/index.js';
import { SECRET_NAMES } from '../../../shared/content-schema.js';
import { listRevealedSecrets, secretStepTitles } from './offboarding.js';
import { listStoredSecrets, readStoredSecret, type SecretName, writeStoredSecret } from '../secrets/index.js';
import { planWelcomes, updateSchedule } from '../mail/index.js';
import { suggestBuddies, syncTeamTasks } from '../team-tasks/index.js';
import { buddySuggestionsSchema, putBuddyBodySchema } from '../../../shared/team-tasks-api.js';
import { type AdminPermission, checkAdminPermission, readableDepartments } from '../permissions/index.js';
import {
  listAllMemberOverviews,
  listDepartments,
  listMemberOverviews,
  type MembersContext,
  refreshAdminMembers,
} from '../member-overview/index.js';
import { checkMemberDepartments } from '../departments/index.js';
import { checkImportDepartments } from './import-departments.js';
import { checkImportBuddies, describeImportChanges, exportExtras, leaversOfImport } from './import-changes.js';
import { getMemberDetail } from './member-detail.js';
import { adminChangesOfImport, applyImport, membersToCsv, previewImport } from './member-import.js';

/** The 403 message of every admin route to a signed-in person with no admin access (modules/permissions). */
export { NOT_ADMIN_MESSAGE } from '../permissions/index.js';

/** Largest CSV an import takes (about 50,000 rows). */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** The audit kinds the audit log filter offers: every kind the server writes (src/shared/audit-kinds.ts). */
export { AUDIT_KINDS };

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
const actorOf = (request: FastifyRequest) => ({
  actorUserId: request.user?.id ?? null,
  actorEmail: request.user?.email ?? null,
});

/**
 * The shared password a route's `:name` names (any case).
 * @throws HttpError 404 naming the known passwords
 */
function secretNameOf(text: string): SecretName {
  const name = text.toUpperCase();
  const known = SECRET_NAMES.find((n) => n === name);
  if (known === undefined)
    throw notFound(`There is no shared password called ${text}. Known: ${SECRET_NAMES.join(', ')}.`);
  return known;
}

/** The `email` column of a raw query's rows (both drivers answer `{ rows }`). */
const emailsOf = (result: unknown): string[] => (result as { rows: { email: string }[] }).rows.map((r) => r.email);

/** The 400 message of a buddy {@link setMemberBuddy} refused. */
const BUDDY_REFUSALS: Record<BuddyRefusal, string> = {
  'no-member': 'Only a member with a member record can have a buddy.',
  'no-buddy-member': 'The buddy must be a member: add them first.',
  'own-buddy': 'A member cannot be their own buddy.',
  'buddy-left': 'The buddy has left the organisation; choose someone else.',
};

/** The 400 message to a lead who chose a buddy outside the departments they lead. */
export const BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE =
  'As a lead, you can choose a buddy only from the departments you lead. Ask an admin to choose someone from another department.';

/** Route options naming the permission a route needs (modules/permissions). */
const needs = (permission: AdminPermission) => ({ config: { permission } });

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
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, config, now }) => {
  const baseOf = (request: FastifyRequest): MembersContext => ({
    catalog: request.catalog,
    adminEmails: config.adminEmails,
  });
  /** The members context of a request: only the departments its reader may see. */
  const ctxOf = (request: FastifyRequest): MembersContext => ({
    ...baseOf(request),
    departments: readableDepartments(request.memberRole),
    now: now(),
    timeZone: config.organisationTimeZone,
    stalledAfterDays: config.mail.stalledAfterDays,
  });
  /** What bringing team tasks in line needs (docs/product.md#team-tasks). */
  const syncDeps = (request: FastifyRequest) => ({
    db,
    catalog: request.catalog,
    timeZone: config.organisationTimeZone,
    now: now(),
  });
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

  app.get(
    '/api/admin/members',
    { ...needs('members:read'), schema: { querystring: membersQuerySchema, response: { 200: membersPageSchema } } },
    async (request) => listMemberOverviews(db, ctxOf(request), request.query),
  );

  app.get(
    '/api/admin/members.csv',
    { ...needs('members:read'), schema: { querystring: membersQuerySchema } },
    async (request, reply) => {
      const rows = await listAllMemberOverviews(db, ctxOf(request), request.query);
      const extras = await exportExtras(
        db,
        rows.map((r) => r.email),
      );
      const date = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(membersToCsv(rows, extras));
    },
  );

  app.get(
    '/api/admin/members/:email',
    { ...needs('members:read'), schema: { params: memberEmailParamsSchema, response: { 200: memberDetailSchema } } },
    async (request) => {
      const detail = await getMemberDetail(db, ctxOf(request), request.params.email.toLowerCase());
      if (!detail) throw notFound(`No member has the address ${request.params.email}.`);
      return detail;
    },
  );

  app.put(
    '/api/admin/members/:email',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, body: putMemberBodySchema, response: { 200: memberDetailSchema } },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      if (!z.email().safeParse(email).success || email.slice(email.lastIndexOf('@') + 1) !== config.allowedDomain) {
        throw new HttpError(400, `Only e-mail addresses at ${config.allowedDomain} can be members.`);
      }
      const { role, department, isAdmin } = request.body;
      if (findRoleConfiguration(request.catalog, role).matchedBy === 'default') {
        throw new HttpError(400, `Unknown role "${role}". Valid roles: ${[...request.catalog.keys()].join(', ')}.`);
      }
      const { leadOf, isEditor, startOn, buddy } = request.body;
      await db.transaction(async (tx) => {
        // Departments are chosen from the list (docs/product.md#departments); what the record has already stays.
        const checked = await checkMemberDepartments(
          tx,
          request.catalog,
          { department, leadOf },
          await getMember(tx, email),
        );
        const { before } = await setMemberRecord(
          tx,
          { email, role, department: checked.department, isAdmin, leadOf: checked.leadOf, isEditor },
          actorOf(request),
          now(),
        );
        // The start date (docs/product.md#due-dates-and-reminders): the invite form may set it.
        if (startOn !== undefined) await updateSchedule(tx, email, { startOn }, now());
        // The buddy (docs/product.md#team-tasks): the invite form may name one.
        if (buddy !== undefined) {
          const set = await setMemberBuddy(tx, email, buddy, actorOf(request), now());
          if ('refused' in set) throw new HttpError(400, BUDDY_REFUSALS[set.refused]);
        }
        // An invitation (no record before; planWelcomes skips whoever signed in): a welcome with a link to sign in
        // (docs/product.md#admin-area).
        if (before === undefined) await planWelcomes(tx, [email], now());
      });
      await syncTeamTasks(syncDeps(request), [email]);
      const detail = await getMemberDetail(db, baseOf(request), email);
      if (!detail) throw new Error(`member ${email} vanished after it was written`);
      return detail;
    },
  );

  app.delete(
    '/api/admin/members/:email',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, response: { 200: removeMemberResultSchema } },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      const removed = await removeMemberRecord(db, email, actorOf(request), now());
      if (removed === null) throw notFound(`No member record has the address ${request.params.email}.`);
      return { removed: true as const, sessionsEnded: removed.sessionsEnded };
    },
  );

  app.post(
    '/api/admin/members/:email/sign-out',
    { ...needs('members:write'), schema: { params: memberEmailParamsSchema, response: { 200: signOutResultSchema } } },
    async (request) => {
      const email = request.params.email.toLowerCase();
      const sessionsEnded = await db.transaction((tx) =>
        endMemberSessions(tx, email, 'signed-out-by-admin', actorOf(request), now()),
      );
      return { sessionsEnded };
    },
  );

  app.put(
    '/api/admin/members/:email/buddy',
    {
      ...needs('members:buddy'),
      schema: { params: memberEmailParamsSchema, body: putBuddyBodySchema, response: { 200: memberDetailSchema } },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      // A lead sets buddies only for members of the departments they lead (the member page they can read).
      if (!(await getMemberDetail(db, ctxOf(request), email))) {
        throw notFound(`No member has the address ${request.params.email}.`);
      }
      // ...and chooses the buddy among those members too (an admin chooses from anyone): a buddy sees the newcomer's
      // name and address in their team tasks.
      const { buddy } = request.body;
      if (
        buddy !== null &&
        request.memberRole?.isAdmin !== true &&
        !(await getMemberDetail(db, ctxOf(request), buddy.toLowerCase()))
      )
        throw new HttpError(400, BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE);
      const set = await setMemberBuddy(db, email, buddy, actorOf(request), now());
      if ('refused' in set) throw new HttpError(400, BUDDY_REFUSALS[set.refused]);
      await syncTeamTasks(syncDeps(request), [email]);
      const detail = await getMemberDetail(db, ctxOf(request), email);
      if (!detail) throw new Error(`member ${email} vanished after it was written`);
      return detail;
    },
  );

  app.get(
    '/api/admin/members/:email/buddy-suggestions',
    {
      ...needs('members:buddy'),
      schema: { params: memberEmailParamsSchema, response: { 200: buddySuggestionsSchema } },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      // The same people as the buddy itself: admins, and leads for members of their departments.
      if (!(await getMemberDetail(db, ctxOf(request), email))) {
        throw notFound(`No member has the address ${request.params.email}.`);
      }
      await refreshAdminMembers(db, request.catalog, config.organisationTimeZone);
      return { suggestions: await suggestBuddies(db, email) };
    },
  );

  app.post(
    '/api/admin/members/:email/leave',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, body: leaveBodySchema, response: { 200: memberDetailSchema } },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      if (!(await markMemberLeft(db, email, request.body, actorOf(request), now())))
        throw notFound(`No member has the address ${request.params.email}.`);
      await syncTeamTasks(syncDeps(request), [email]);
      const detail = await getMemberDetail(db, baseOf(request), email);
      if (!detail) throw new Error(`member ${email} vanished after it was written`);
      return detail;
    },
  );

  app.delete(
    '/api/admin/members/:email/leave',
    { ...needs('members:write'), schema: { params: memberEmailParamsSchema, response: { 200: memberDetailSchema } } },
    async (request) => {
      const email = request.params.email.toLowerCase();
      if (!(await markMemberRejoined(db, email, actorOf(request), now())))
        throw notFound(`${request.params.email} is not marked as having left.`);
      await syncTeamTasks(syncDeps(request), [email]);
      const detail = await getMemberDetail(db, baseOf(request), email);
      if (!detail) throw new Error(`member ${email} vanished after it was written`);
      return detail;
    },
  );

  app.get(
    '/api/admin/members/:email/revealed-secrets',
    {
      ...needs('secrets:manage'),
      schema: { params: memberEmailParamsSchema, response: { 200: revealedSecretsSchema } },
    },
    async (request) => ({ items: await listRevealedSecrets(db, request.catalog, request.params.email.toLowerCase()) }),
  );

  app.post(
    '/api/admin/secrets/:name/rotated',
    {
      ...needs('secrets:manage'),
      schema: { params: secretNameParamsSchema, response: { 200: markRotatedResultSchema } },
    },
    async (request) => {
      const name = secretNameOf(request.params.name);
      const at = now();
      await recordAudit(db, {
        kind: 'secret-rotated',
        outcome: 'ok',
        ...actorOf(request),
        subject: name,
        reason: 'marked',
        at,
      });
      return { name, rotatedAt: at.toISOString() };
    },
  );

  app.get(
    '/api/admin/secrets',
    { ...needs('secrets:manage'), schema: { response: { 200: adminSecretsSchema } } },
    async (request) => {
      const titles = secretStepTitles(request.catalog);
      return { items: (await listStoredSecrets(db)).map((item) => ({ ...item, steps: titles.get(item.name) ?? [] })) };
    },
  );

  app.put(
    '/api/admin/secrets/:name',
    {
      ...needs('secrets:manage'),
      schema: { params: secretNameParamsSchema, body: putSecretBodySchema, response: { 200: adminSecretsSchema } },
    },
    async (request) => {
      const name = secretNameOf(request.params.name);
      const at = now();
      await db.transaction(async (tx) => {
        await writeStoredSecret(tx, config.secretBox, name, request.body.value, request.user?.email ?? null, at);
        await recordAudit(tx, {
          kind: 'secret-rotated',
          outcome: 'ok',
          ...actorOf(request),
          subject: name,
          reason: 'set',
          at,
        });
      });
      const titles = secretStepTitles(request.catalog);
      return { items: (await listStoredSecrets(db)).map((item) => ({ ...item, steps: titles.get(item.name) ?? [] })) };
    },
  );

  app.post(
    '/api/admin/secrets/:name/reveal',
    { ...needs('secrets:manage'), schema: { params: secretNameParamsSchema, response: { 200: revealSecretSchema } } },
    async (request, reply) => {
      const name = secretNameOf(request.params.name);
      reply.header('cache-control', 'no-store');
      const stored = await readStoredSecret(db, config.secretBox, name);
      // Written before the answer: nothing is revealed unaudited.
      await recordAudit(db, {
        kind: 'secret-reveal',
        outcome: 'allowed',
        ...actorOf(request),
        subject: name,
        reason: stored ? null : 'not-set',
        details: { session: 'admin-console', ip: request.ip },
        at: now(),
      });
      return { name, value: stored?.value ?? null };
    },
  );

  app.get(
    '/api/admin/roles',
    { ...needs('members:read'), schema: { response: { 200: adminRolesSchema } } },
    async (request) => ({
      // Roles meant only for inheritance, the demo, shared accounts or the fallback are not offered (docs/product.md#roles).
      roles: [...request.catalog.values()]
        .filter((c) => c.offered)
        .map((c) => ({ key: c.key.toLowerCase(), displayName: c.displayName }))
        .sort((a, b) => a.displayName.localeCompare(b.displayName)),
      departments: await listDepartments(db, readableDepartments(request.memberRole)),
    }),
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

  app.post('/api/admin/import/preview', importOptions, async (request) => previewOf(request));

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
    async (request, reply) => {
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
        // New records of people who never signed in are invitations: each gets a welcome.
        await planWelcomes(
          tx,
          emails.filter((e) => !recorded.has(e)),
          at,
        );
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
      });
      await syncTeamTasks(
        syncDeps(request),
        preview.rows.map((r) => r.email),
      );
      return { ...preview, applied: preview.rows.length };
    },
  );

  app.get(
    '/api/admin/audit',
    { ...needs('audit:read'), schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
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
