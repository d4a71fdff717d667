import { z } from 'zod';
import { SIGNED_NAME_MAX_LENGTH, signedNameProblem } from './acknowledgments.js';
import { stableIdSchema } from './content-schema.js';

/**
 * The HTTP contract of signed, versioned acknowledgments (docs/decisions/021-signed-versioned-acknowledgments.md).
 */

/** A hex SHA-256 (64 hex digits, either case; compared in lower case). */
export const sha256HexSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256 of 64 hex digits, as printed on the receipt')
  .transform((v) => v.toLowerCase());

/** One acknowledgment record as the API shows it. Times are ISO 8601. */
export const acknowledgmentSchema = z.object({
  id: z.string(),
  at: z.string(),
  email: z.string(),
  signInMethod: z.enum(['development', 'google']),
  kind: z.enum(['item', 'completion', 'signature']),
  stepId: z.string(),
  itemId: z.string().nullable(),
  stepTitle: z.string(),
  stepVersion: z.number().int(),
  textHash: z.string(),
  documentHash: z.string().nullable(),
  signedName: z.string().nullable(),
});
export type Acknowledgment = z.infer<typeof acknowledgmentSchema>;

/**
 * A member's latest agreement to one step (GET /api/onboarding `progress.agreements`): the version agreed to, when,
 * the record's id (its receipt, for a signature), and whether it is due again ('changed': the step has a newer
 * version; 'renew': it lapsed; null: it still counts).
 */
export const agreementSchema = z.object({
  stepId: z.string(),
  recordId: z.string(),
  kind: z.enum(['completion', 'signature']),
  version: z.number().int(),
  at: z.string(),
  due: z.enum(['changed', 'renew']).nullable(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** POST /api/acknowledgments/steps/:stepId/signature body: the typed full name, the confirmation and the version read. */
export const signStepBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Type your full name to sign.')
      .max(SIGNED_NAME_MAX_LENGTH, `Your name can be at most ${SIGNED_NAME_MAX_LENGTH} characters.`)
      .superRefine((name, context) => {
        const problem = name === '' ? null : signedNameProblem(name);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      }),
    agree: z.literal(true, 'Tick "I have read and agree" to sign.'),
    version: z.number().int().min(1),
  })
  .strict();
export type SignStepBody = z.infer<typeof signStepBodySchema>;

/** The answer of a signature: the record, and the step's completion after it. */
export const signStepResponseSchema = z.object({
  acknowledgment: acknowledgmentSchema,
  step: z.object({ stepId: z.string(), completed: z.literal(true), completedAt: z.string() }),
});
export type SignStepResponse = z.infer<typeof signStepResponseSchema>;

export const acknowledgmentIdParamsSchema = z.object({ id: z.uuid('must be a record id') });
export const signStepParamsSchema = z.object({ stepId: stableIdSchema });

/** GET /api/acknowledgments/verify?hash= (admins). */
export const verifyQuerySchema = z.object({ hash: sha256HexSchema }).strict();
export const verifyResponseSchema = z.object({
  hash: z.string(),
  matches: z.boolean(),
  /** The records with this text or document hash, newest first. */
  records: z.array(acknowledgmentSchema),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** The largest file POST /api/acknowledgments/check-receipt reads (a receipt carries the agreement's pages). */
export const RECEIPT_CHECK_MAX_BYTES = 25 * 1024 * 1024;

/**
 * POST /api/acknowledgments/check-receipt (admins), the body a PDF: what the file is and whether it matches a record.
 * - `receipt`: a receipt of this app; `records` holds its record when the record exists and has the receipt's
 *   hashes (`matches`), else `problem` says what differs;
 * - `document`: the agreed document itself (its SHA-256 is a record's document hash): `records` are the signatures
 *   of it, newest first;
 * - `unknown`: neither (a PDF of something else, or a receipt made before receipts carried their record).
 */
export const receiptCheckSchema = z.object({
  found: z.enum(['receipt', 'document', 'unknown']),
  /** The file's SHA-256 (hex, lower case). */
  fileHash: z.string(),
  matches: z.boolean(),
  records: z.array(acknowledgmentSchema),
  /** What does not match, in words; null when it matches or nothing was found. */
  problem: z.string().nullable(),
  /**
   * The receipt is of a draft document (docs/product.md#placeholders): the step still marks its PDF as a draft and the
   * record is of that very document. Absent: not a receipt, or not of a draft.
   */
  draft: z.boolean().optional(),
});
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/** GET /api/admin/members/:email/acknowledgments (admins): every record of the person, newest first. */
export const memberAcknowledgmentsResponseSchema = z.object({
  acknowledgments: z.array(acknowledgmentSchema),
  /** Steps of the person's role they must agree to again, and why. */
  due: z.array(z.object({ stepId: z.string(), stepTitle: z.string(), due: z.enum(['changed', 'renew']) })),
});
export type MemberAcknowledgmentsResponse = z.infer<typeof memberAcknowledgmentsResponseSchema>;

/** GET /api/admin/acknowledgments.csv query: one step's records, from / to a day (YYYY-MM-DD, UTC, `to` included). */
export const acknowledgmentsCsvQuerySchema = z
  .object({
    stepId: stableIdSchema.optional(),
    from: z.iso.date('must be a day like 2025-04-01').optional(),
    to: z.iso.date('must be a day like 2025-04-30').optional(),
  })
  .strict();

/**
 * One person who must agree to a step again (GET /api/admin/acknowledgments/pending): their latest agreement is to an
 * older version (`due: 'changed'`) or has lapsed (`'renew'`). `recorded` is false for a completion from before
 * agreements were recorded (it counts as version 1).
 */
export const pendingAgreementSchema = z.object({
  email: z.string(),
  name: z.string(),
  stepId: z.string(),
  stepTitle: z.string(),
  /** The step's current version. */
  version: z.number().int(),
  due: z.enum(['changed', 'renew']),
  agreedVersion: z.number().int(),
  agreedAt: z.string(),
  recorded: z.boolean(),
});
export type PendingAgreement = z.infer<typeof pendingAgreementSchema>;

/** GET /api/admin/acknowledgments/pending query: optionally one step. */
export const pendingAgreementsQuerySchema = z.object({ stepId: stableIdSchema.optional() }).strict();

export const pendingAgreementsResponseSchema = z.object({ pending: z.array(pendingAgreementSchema) });
export type PendingAgreementsResponse = z.infer<typeof pendingAgreementsResponseSchema>;
