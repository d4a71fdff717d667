import type { FastifyRequest } from 'fastify';
import type { Acknowledgment, Agreement } from '../../../shared/acknowledgments-api.js';
import { agreementDue, needsAcknowledgment, stepVersion } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import type { ResolvedRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { unauthorized } from '../../http-errors.js';
import { signedInUser } from '../../plugins/sessions.js';
import { insertAcknowledgment, type AcknowledgmentRow } from './acknowledgments.repository.js';
import { stepTextHash, type ContentDocuments } from './content-hash.js';
import { expireAgreement } from './due-again.js';

/** The API shape of a stored record (ISO time). */
export function toAcknowledgment(row: AcknowledgmentRow): Acknowledgment {
  return {
    id: row.id,
    at: row.at.toISOString(),
    email: row.email,
    signInMethod: row.signInMethod,
    kind: row.kind,
    stepId: row.stepId,
    itemId: row.itemId,
    stepTitle: row.stepTitle,
    stepVersion: row.stepVersion,
    textHash: row.textHash,
    documentHash: row.documentHash,
    signedName: row.signedName,
  };
}

/**
 * Records that the signed-in member agreed to the current content of a step: its version, the SHA-256 of its
 * canonical text and of its PDF (when the PDF is one of ours), the time, their e-mail and how they signed in.
 * @param deps the database (or transaction: the record, and a stored PDF's read, go through it) and the content's PDFs
 * @param request the member's request (its user and session)
 * @param step the step as the member's content has it
 * @param what `kind`; `itemId` for an item tick; `signedName` for a signature; `at` the time to store
 * @returns the stored record
 * @throws HttpError 401 when the request has no session
 */
export async function recordAcknowledgment(
  deps: { db: Database; documents: ContentDocuments },
  request: FastifyRequest,
  step: Step,
  what: { kind: AcknowledgmentRow['kind']; itemId?: string; signedName?: string; at: Date },
): Promise<AcknowledgmentRow> {
  const user = signedInUser(request);
  const session = request.authSession;
  if (!session) throw unauthorized();
  const document = await deps.documents.document(step.pdfUrl, deps.db);
  return insertAcknowledgment(deps.db, {
    at: what.at,
    userId: user.id,
    email: user.email,
    signInMethod: session.kind,
    kind: what.kind,
    stepId: step.id,
    itemId: what.itemId ?? null,
    stepTitle: step.title,
    stepVersion: stepVersion(step),
    textHash: stepTextHash(step),
    documentHash: document?.sha256 ?? null,
    signedName: what.signedName ?? null,
  });
}

/**
 * A member's latest agreement to each step of a role that asks for one (a completion or signature record), with
 * whether it is due again.
 * @param role the role shown
 * @param records the member's records, oldest first
 * @param now the current time
 * @returns one entry per step with a record, in step order
 */
export function agreementsInRole(role: ResolvedRole, records: readonly AcknowledgmentRow[], now: Date): Agreement[] {
  const latest = new Map<string, AcknowledgmentRow>();
  for (const record of records) if (record.kind !== 'item') latest.set(record.stepId, record);
  return role.scopes.flatMap((scope) =>
    scope.steps.flatMap((step): Agreement[] => {
      const record = latest.get(step.id);
      if (!record || !needsAcknowledgment(step)) return [];
      return [
        {
          stepId: step.id,
          recordId: record.id,
          kind: record.kind === 'signature' ? 'signature' : 'completion',
          version: record.stepVersion,
          at: record.at.toISOString(),
          due: agreementDue(step, { version: record.stepVersion, at: record.at }, now),
        },
      ];
    }),
  );
}

/** A member's completed steps and agreement records, oldest first, as the read cache keeps them. */
interface AgreementProgress {
  completed: readonly { stepId: string; completedAt: Date }[];
  acknowledgments: readonly AcknowledgmentRow[];
}

/**
 * For each step of a role that asks for an agreement and is completed: the latest agreement that counts for it (a
 * completion from before agreements were recorded counts as an agreement to version 1 at its time,
 * docs/decisions/021-signed-versioned-acknowledgments.md).
 */
function completedAgreements(
  role: ResolvedRole,
  progress: AgreementProgress,
): { step: Step; agreed: { version: number; at: Date; recorded: boolean } }[] {
  const latest = new Map<string, AcknowledgmentRow>();
  for (const record of progress.acknowledgments) if (record.kind !== 'item') latest.set(record.stepId, record);
  const completedAt = new Map(progress.completed.map((c) => [c.stepId, c.completedAt]));
  const found: { step: Step; agreed: { version: number; at: Date; recorded: boolean } }[] = [];
  for (const scope of role.scopes) {
    for (const step of scope.steps) {
      const done = completedAt.get(step.id);
      if (done === undefined || !needsAcknowledgment(step)) continue;
      const record = latest.get(step.id);
      const agreed = record
        ? { version: record.stepVersion, at: record.at, recorded: true }
        : { version: 1, at: done, recorded: false };
      found.push({ step, agreed });
    }
  }
  return found;
}

/**
 * Whether {@link expireDueAgreements} would make a step not completed at `now` (an agreement to an older version, or
 * one that lapsed), without writing anything.
 * @param role the member's role
 * @param progress the member's completed steps and records (oldest first)
 * @param now the current time
 */
export function hasDueAgreements(role: ResolvedRole, progress: AgreementProgress, now: Date): boolean {
  return completedAgreements(role, progress).some(({ step, agreed }) => agreementDue(step, agreed, now) !== null);
}

/**
 * When a member's agreements in a role next change with time alone (docs/product.md#progress-rules): the earliest
 * time after `now` at which an agreement lapses, `renewEveryDays` after it was given (a record's time, or a
 * completion's when the step has no record), in ms since the epoch. Until then, with the same progress and role,
 * {@link agreementsInRole} gives the same answer and {@link hasDueAgreements} the same one.
 * @param role the role shown
 * @param progress the member's completed steps and records (oldest first)
 * @param now the current time
 * @returns Infinity when no agreement lapses after `now`
 */
export function nextAgreementLapse(role: ResolvedRole, progress: AgreementProgress, now: Date): number {
  const latest = new Map<string, AcknowledgmentRow>();
  for (const record of progress.acknowledgments) if (record.kind !== 'item') latest.set(record.stepId, record);
  const completedAt = new Map(progress.completed.map((c) => [c.stepId, c.completedAt]));
  let next = Infinity;
  for (const scope of role.scopes) {
    for (const step of scope.steps) {
      if (step.renewEveryDays === undefined || !needsAcknowledgment(step)) continue;
      const given = latest.get(step.id)?.at ?? completedAt.get(step.id);
      if (given === undefined) continue;
      const lapse = given.getTime() + step.renewEveryDays * 86_400_000;
      if (lapse > now.getTime() && lapse < next) next = lapse;
    }
  }
  return next;
}

/**
 * Makes the steps whose agreement is due again (a newer version, or lapsed) not completed, with their ticks, so that
 * the member is asked again and their percentage counts them as not done. The records themselves stay. A completion
 * from before agreements were recorded counts as an agreement to version 1 at its time (docs/decisions/021-signed-versioned-acknowledgments.md).
 * @param db the database
 * @param user the member
 * @param role the member's role
 * @param progress the member's completed steps and records (oldest first)
 * @param now the current time
 * @returns the step ids made not completed (empty in the usual case: nothing written)
 */
export async function expireDueAgreements(
  db: Database,
  user: { id: string; email: string },
  role: ResolvedRole,
  progress: AgreementProgress,
  now: Date,
): Promise<string[]> {
  const expired: string[] = [];
  for (const { step, agreed } of completedAgreements(role, progress)) {
    const due = agreementDue(step, agreed, now);
    if (due === null) continue;
    await expireAgreement(db, user, step, due, agreed);
    expired.push(step.id);
  }
  return expired;
}
