import type { CatalogSource } from '../../content/published-content.js';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import {
  acknowledgmentIdParamsSchema,
  RECEIPT_CHECK_MAX_BYTES,
  receiptCheckSchema,
  acknowledgmentsCsvQuerySchema,
  memberAcknowledgmentsResponseSchema,
  pendingAgreementsQuerySchema,
  pendingAgreementsResponseSchema,
  signStepBodySchema,
  signStepParamsSchema,
  signStepResponseSchema,
  verifyQuerySchema,
  verifyResponseSchema,
} from '../../../shared/acknowledgments-api.js';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { pendingAgreements, sweepDueAgreements } from './due-again.js';
import type { Step } from '../../../shared/content-schema.js';
import { RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import { areStepItemsDone, stepItems } from '../../../shared/step-items.js';
import { resolveMemberRoleOnce } from '../../content/resolved-roles.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Config } from '../../env.js';
import { HttpError, notFound } from '../../http-errors.js';
import { PeriodicTimer } from '../../periodic-timer.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { requirePermission } from '../permissions/index.js';
import { getMember } from '../members/index.js';
import {
  completeStep,
  doneItemIdsOfStep,
  ITEMS_NOT_DONE_MESSAGE,
  refuseOtherVersion,
  stepWriteRoute,
  writableStep,
} from '../progress/index.js';
import {
  findAcknowledgment,
  findAcknowledgmentsByHash,
  listAcknowledgments,
  listAcknowledgmentsOfUser,
  type AcknowledgmentRow,
} from './acknowledgments.repository.js';
import { stepTextHash, type ContentDocuments } from './content-hash.js';
import { sha256Hex } from '../../hashing.js';
import { makeReceipt, readReceiptKeywords, receiptUtcTime, stampDraftDocument } from './receipt.js';
import { agreementsInRole, recordAcknowledgment, toAcknowledgment } from './record.js';

/** The 400 message of a signature for a step that asks for none. */
export const NO_SIGNATURE_MESSAGE = 'This step does not ask for a signature. Use its button to complete it.';

/** The 404 message of a receipt that does not exist, or is not the member's. */
export const NO_RECEIPT_MESSAGE = 'There is no such receipt. Open your dashboard and download it from the signed step.';

/** The 400 message of a receipt check whose file is not a PDF. */
/** The answer for a step without a document of ours. */
export const NO_DOCUMENT_MESSAGE = 'This step has no document to download.';

/** The params of GET /api/steps/:stepId/document.pdf. */
const stepDocumentParamsSchema = z.object({ stepId: z.string().min(1).max(200) });

export const NOT_A_PDF_MESSAGE = 'This file is not a PDF. Choose the receipt PDF that was downloaded from the app.';

/** The 400 message of a receipt check without a file. */
export const NO_FILE_MESSAGE = 'Send the receipt PDF itself as the body, with Content-Type: application/pdf.';

/**
 * Sends a PDF as a download of the member's own (not cached).
 * @param fileName the download's name (ASCII, no quotes)
 */
const sendPdf = (reply: FastifyReply, fileName: string, bytes: Uint8Array): FastifyReply =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));

/** The columns of the acknowledgments CSV export, in order. */
export const ACKNOWLEDGMENTS_CSV_COLUMNS = [
  'record_id',
  'at_utc',
  'email',
  'sign_in_method',
  'kind',
  'step_id',
  'item_id',
  'step_title',
  'step_version',
  'text_sha256',
  'document_sha256',
  'signed_name',
] as const;

/** What the acknowledgment routes need. */
export interface AcknowledgmentRoutesOptions {
  db: Database;
  /** The published content (the hourly sweep reads its current catalog). */
  content: CatalogSource;
  config: Pick<Config, 'orgName' | 'organisationTimeZone'>;
  now: () => Date;
  documents: ContentDocuments;
  /**
   * How often to make agreements due again not completed for everyone ({@link sweepDueAgreements}), in ms; the first
   * sweep runs when the app is ready. Undefined: never (tests call the sweep themselves).
   */
  sweepEveryMs?: number;
}

const stepsOfCatalog = new WeakMap<RoleCatalog, Map<string, Step>>();

/** Every step of the catalog by id (a step included by several roles is one step); once per catalog. */
/**
 * Whether a record is of a draft document (docs/product.md#placeholders): the step marks its PDF as a draft, and the
 * record is of that very document (or, for a document not ours to hash, of the step's current version).
 * @param step the record's step in the published catalog, null when gone
 * @param record the acknowledgment record
 * @param sameDocument the step's PDF now has the SHA-256 the record carries
 */
function isDraftRecord(step: Step | null, record: AcknowledgmentRow, sameDocument: boolean): boolean {
  if (step?.pdfDraft !== true) return false;
  return record.documentHash === null ? record.stepVersion === (step.version ?? 1) : sameDocument;
}

function stepsById(catalog: RoleCatalog): Map<string, Step> {
  const known = stepsOfCatalog.get(catalog);
  if (known) return known;
  const steps = new Map<string, Step>();
  for (const config of catalog.values()) {
    for (const scope of config.scopes)
      for (const step of scope.steps) if (!steps.has(step.id)) steps.set(step.id, step);
  }
  stepsOfCatalog.set(catalog, steps);
  return steps;
}

/**
 * The acknowledgments CSV: one row per record, oldest first, with formula escaping (a cell starting with =, +, -, @,
 * tab or carriage return is prefixed with a quote mark, so a spreadsheet never runs it).
 */
export function acknowledgmentsToCsv(rows: readonly AcknowledgmentRow[]): string {
  return stringify(
    rows.map((r) => [
      r.id,
      r.at.toISOString(),
      r.email,
      r.signInMethod,
      r.kind,
      r.stepId,
      r.itemId ?? '',
      r.stepTitle,
      r.stepVersion,
      r.textHash,
      r.documentHash ?? '',
      r.signedName ?? '',
    ]),
    { header: true, columns: [...ACKNOWLEDGMENTS_CSV_COLUMNS], escape_formulas: true },
  );
}

/**
 * Signed, versioned acknowledgments (docs/decisions/021-signed-versioned-acknowledgments.md).
 *
 * - POST /api/acknowledgments/steps/:stepId/signature `{ name, agree: true, version }` → signs a step that asks for a
 *   signature: records the signature with the content agreed to and completes the step. 400 for an empty or too long
 *   name, a missing confirmation, or a step that asks for no signature ({@link NO_SIGNATURE_MESSAGE}); 404 for a step
 *   that is not the member's; 409 for another version, unticked items, or a role preview. Nothing is recorded then.
 * - GET /api/acknowledgments/:id/receipt.pdf → the receipt PDF of a signature or completion record: the member's own,
 *   or anyone's for an admin; 404 otherwise.
 * - GET /api/acknowledgments/verify?hash= (admins) → whether a text or document SHA-256 matches a record.
 * - POST /api/acknowledgments/check-receipt (admins; the body a PDF of at most 25 MB) → whether a receipt matches its
 *   record, or the file is an agreed document ({@link receiptCheckSchema}); 400 for a file that is not a PDF.
 * - GET /api/admin/members/:email/acknowledgments (admins) → the person's records, newest first, and what is due again.
 * - GET /api/admin/acknowledgments.csv?stepId&from&to (admins) → every record as CSV.
 * - GET /api/admin/acknowledgments/pending?stepId (admins) → who must agree again ({@link pendingAgreements}).
 */
export const acknowledgmentRoutes: FastifyPluginAsyncZod<AcknowledgmentRoutesOptions> = async (
  app,
  { db, content, config, now, documents, sweepEveryMs },
) => {
  if (sweepEveryMs !== undefined) {
    const timer = new PeriodicTimer();
    let running: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      running = sweepDueAgreements({
        db,
        catalog: content.catalog,
        now: now(),
        timeZone: config.organisationTimeZone,
      }).then(
        (expired) => {
          if (expired > 0) app.log.info({ expired }, 'agreements due again: steps made not completed');
        },
        (error: unknown) => app.log.error({ err: error }, 'the sweep of agreements due again failed'),
      );
    };
    app.addHook('onReady', async () => timer.start(sweepEveryMs, sweep));
    app.addHook('onClose', async () => timer.stop(running));
  }

  /** The admin routes below: admins only, checked before anything of the request is read. */
  const readRecords = requirePermission('acknowledgments:read');

  app.post(
    '/api/acknowledgments/steps/:stepId/signature',
    stepWriteRoute(signStepParamsSchema, signStepBodySchema, signStepResponseSchema),
    async function postAcknowledgmentsStepsByStepIdSignature(request) {
      const user = signedInUser(request);
      const step = writableStep(request, request.params.stepId);
      if (step.signature !== true) throw new HttpError(400, NO_SIGNATURE_MESSAGE);
      refuseOtherVersion(step, request.body.version);
      // The signature record and the completion are stored together or not at all.
      const { record, completed } = await db.transaction(async (tx) => {
        if (stepItems(step).length > 0 && !areStepItemsDone(step, await doneItemIdsOfStep(tx, user.id, step.id))) {
          throw new HttpError(409, ITEMS_NOT_DONE_MESSAGE);
        }
        const at = now();
        const signed = await recordAcknowledgment({ db: tx, documents }, request, step, {
          kind: 'signature',
          signedName: request.body.name,
          at,
        });
        return { record: signed, completed: await completeStep(tx, user.id, step.id, at) };
      });
      return {
        acknowledgment: toAcknowledgment(record),
        step: { stepId: step.id, completed: true as const, completedAt: completed.completedAt.toISOString() },
      };
    },
  );

  app.get(
    '/api/acknowledgments/:id/receipt.pdf',
    { preValidation: requireUser, schema: { params: acknowledgmentIdParamsSchema } },
    async function getAcknowledgmentsByIdReceiptPdf(request, reply) {
      const user = signedInUser(request);
      const record = await findAcknowledgment(db, request.params.id);
      const mayRead = record !== undefined && (record.userId === user.id || request.memberRole?.isAdmin === true);
      if (!record || !mayRead || record.kind === 'item') throw notFound(NO_RECEIPT_MESSAGE);
      const step = stepsById(request.catalog).get(record.stepId) ?? null;
      const document = step ? await documents.document(step.pdfUrl) : null;
      // The agreement is attached only when it is still the very document that was agreed to.
      const sameDocument = document !== null && document.sha256 === record.documentHash;
      const draft = isDraftRecord(step, record, sameDocument);
      const pdf = await makeReceipt({
        record,
        step,
        stepTextMatches: step !== null && stepTextHash(step) === record.textHash,
        document: sameDocument ? document.bytes : null,
        draft,
        orgName: config.orgName,
        timeZone: config.organisationTimeZone,
      });
      const day = receiptUtcTime(record.at).slice(0, 10);
      return sendPdf(reply, `receipt-${record.stepId}-${day}.pdf`, pdf);
    },
  );

  app.get(
    '/api/steps/:stepId/document.pdf',
    { preValidation: requireUser, schema: { params: stepDocumentParamsSchema } },
    async function getStepsByStepIdDocumentPdf(request, reply) {
      const step = stepsById(request.catalog).get(request.params.stepId);
      const document = step ? await documents.document(step.pdfUrl) : null;
      if (!step || document === null) throw notFound(NO_DOCUMENT_MESSAGE);
      // Every copy of a draft says it is one (docs/product.md#placeholders): the download is stamped like the viewer.
      const draft = step.pdfDraft === true;
      const bytes = draft ? await stampDraftDocument(document.bytes) : document.bytes;
      return sendPdf(reply, documentFileName(step.pdfUrl, draft), bytes);
    },
  );

  app.get(
    '/api/acknowledgments/verify',
    { onRequest: readRecords, schema: { querystring: verifyQuerySchema, response: { 200: verifyResponseSchema } } },
    async function getAcknowledgmentsVerify(request) {
      const records = await findAcknowledgmentsByHash(db, request.query.hash);
      return { hash: request.query.hash, matches: records.length > 0, records: records.map(toAcknowledgment) };
    },
  );

  await app.register(async (plugin) => {
    const checks = plugin.withTypeProvider<ZodTypeProvider>();
    // The PDF comes as the raw body; another type is refused by Fastify with 415 before anything is read.
    checks.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: RECEIPT_CHECK_MAX_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    checks.post(
      '/api/acknowledgments/check-receipt',
      { onRequest: readRecords, bodyLimit: RECEIPT_CHECK_MAX_BYTES, schema: { response: { 200: receiptCheckSchema } } },
      async function postAcknowledgmentsCheckReceipt(request) {
        const body = request.body;
        if (!(body instanceof Buffer) || body.length === 0) throw new HttpError(400, NO_FILE_MESSAGE);
        const fileHash = sha256Hex(body);
        let keywords: string | undefined;
        try {
          keywords = (await PDFDocument.load(body, { ignoreEncryption: true, updateMetadata: false })).getKeywords();
        } catch {
          throw new HttpError(400, NOT_A_PDF_MESSAGE);
        }
        const said = readReceiptKeywords(keywords);
        if (said !== null) {
          const record = z.uuid().safeParse(said.recordId).success
            ? await findAcknowledgment(db, said.recordId)
            : undefined;
          if (record === undefined) {
            const problem = 'No signature record has the id this receipt names: it was not made by this app.';
            return { found: 'receipt' as const, fileHash, matches: false, records: [], problem };
          }
          const same = record.textHash === said.textHash && record.documentHash === said.documentHash;
          const problem = same
            ? null
            : "The SHA-256 this receipt carries is not the record's: the receipt was changed after it was made.";
          const step = stepsById(request.catalog).get(record.stepId) ?? null;
          const document = step ? await documents.document(step.pdfUrl) : null;
          const draft = isDraftRecord(step, record, document !== null && document.sha256 === record.documentHash);
          return {
            found: 'receipt' as const,
            fileHash,
            matches: same,
            records: [toAcknowledgment(record)],
            problem,
            draft,
          };
        }
        // Not a receipt: perhaps the agreed document itself.
        const records = await findAcknowledgmentsByHash(db, fileHash);
        return {
          found: records.length > 0 ? ('document' as const) : ('unknown' as const),
          fileHash,
          matches: records.length > 0,
          records: records.map(toAcknowledgment),
          problem: null,
        };
      },
    );
  });

  app.get(
    '/api/admin/members/:email/acknowledgments',
    {
      onRequest: readRecords,
      schema: { params: memberEmailParamsSchema, response: { 200: memberAcknowledgmentsResponseSchema } },
    },
    async function getAdminMembersByEmailAcknowledgments(request) {
      const email = request.params.email.toLowerCase();
      // The records of the person who holds the address now (by user id): a recycled address's former holder keeps
      // theirs under their former address (docs/decisions/035-a-person-is-their-user-id.md).
      const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const records = holder === undefined ? [] : await listAcknowledgmentsOfUser(db, holder.id, 'newest first');
      return { acknowledgments: records.map(toAcknowledgment), due: await dueOf(request.catalog, email, records) };
    },
  );

  /** The steps of the person's role they must agree to again (none when their role cannot be resolved). */
  async function dueOf(catalog: RoleCatalog, email: string, newestFirst: readonly AcknowledgmentRow[]) {
    const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
    const roleText = (await getMember(db, email))?.role ?? user?.role;
    if (roleText === undefined) return [];
    try {
      const { role } = resolveMemberRoleOnce(catalog, roleText);
      const titles = new Map(role.scopes.flatMap((s) => s.steps.map((step) => [step.id, step.title] as const)));
      return agreementsInRole(role, [...newestFirst].reverse(), now()).flatMap((a) =>
        a.due === null ? [] : [{ stepId: a.stepId, stepTitle: titles.get(a.stepId) ?? a.stepId, due: a.due }],
      );
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
      return [];
    }
  }

  app.get(
    '/api/admin/acknowledgments/pending',
    {
      onRequest: readRecords,
      schema: { querystring: pendingAgreementsQuerySchema, response: { 200: pendingAgreementsResponseSchema } },
    },
    async function getAdminAcknowledgmentsPending(request) {
      return {
        pending: await pendingAgreements(
          { db, catalog: request.catalog, now: now(), timeZone: config.organisationTimeZone },
          request.query,
        ),
      };
    },
  );

  app.get(
    '/api/admin/acknowledgments.csv',
    { onRequest: readRecords, schema: { querystring: acknowledgmentsCsvQuerySchema } },
    async function getAdminAcknowledgmentsCsv(request, reply) {
      const { stepId, from, to } = request.query;
      const toDate = to === undefined ? undefined : new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000);
      const fromDate = from === undefined ? undefined : new Date(`${from}T00:00:00.000Z`);
      if (fromDate && toDate && fromDate >= toDate)
        throw new HttpError(400, 'querystring.from: must be on or before "to".');
      const rows = await listAcknowledgments(db, { stepId, from: fromDate, to: toDate });
      const date = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="acknowledgments-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(acknowledgmentsToCsv(rows));
    },
  );
};

/**
 * The name a downloaded document is saved under: the document's own file name (`/content/volunteer-agreement.pdf` →
 * `volunteer-agreement.pdf`), with `-DRAFT` before `.pdf` for a draft (docs/product.md#placeholders). Only letters,
 * digits, dots, dashes and underscores are kept, so the Content-Disposition header needs no quoting rules.
 *
 * @param pdfUrl the step's `pdfUrl` (a path of the app or an absolute URL)
 * @param draft whether the step marks its PDF as a draft
 */
export function documentFileName(pdfUrl: string | undefined, draft: boolean): string {
  const last = new URL(pdfUrl ?? 'document.pdf', 'http://localhost/').pathname.split('/').pop() ?? '';
  const base = last.replace(/\.pdf$/i, '').replace(/[^A-Za-z0-9._-]/g, '') || 'document';
  return `${base}${draft ? '-DRAFT' : ''}.pdf`;
}
