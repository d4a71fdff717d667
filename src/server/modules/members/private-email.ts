import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { privateEmailProblem } from '../../../shared/private-email.js';
import { announcingEach } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from './member-writes.service.js';

/**
 * A member's private e-mail address (docs/product.md#private-e-mail-address): personal data on the member record, read
 * only by admins and the person's department leads (the routes check who), every read by someone other than the
 * person audited as 'private-email-read', every change as 'private-email-change' (never with the address itself), and
 * cleared with the form answers after leaving ('private-email-deleted').
 */

/** A day in milliseconds. */
const DAY_MS = 86_400_000;

/**
 * The stored form of a private address, or the 400 saying what is wrong with it.
 * @param address as typed (any case, spaces around allowed)
 * @param allowedDomain ALLOWED_DOMAIN
 * @returns the address trimmed and in lower case
 * @throws HttpError 400 with {@link privateEmailProblem}'s message
 */
export function checkedPrivateEmail(address: string, allowedDomain: string): string {
  const problem = privateEmailProblem(address, allowedDomain);
  if (problem !== null) throw new HttpError(400, problem);
  return address.trim().toLowerCase();
}

/**
 * Sets, changes or removes the private address of a member record, audited as 'private-email-change' (details:
 * `action` 'added', 'changed' or 'removed', and `via`) when it changes; nothing is written when it stays the same.
 * @param db the database or the transaction of the change
 * @param email the member's address, any case
 * @param privateEmail the new private address, already checked and in lower case ({@link checkedPrivateEmail}), or null
 * @param actor who makes the change
 * @param at when
 * @param via what made it: 'member-page', 'invite' or 'import'
 * @returns whether the record exists (false: nothing changed)
 */
export async function setPrivateEmail(
  db: Database,
  email: string,
  privateEmail: string | null,
  actor: MemberWriteActor,
  at: Date,
  via: 'member-page' | 'invite' | 'import',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const subject = email.toLowerCase();
    const [before] = await tx
      .select({ privateEmail: members.privateEmail })
      .from(members)
      .where(eq(members.email, subject))
      .for('update');
    if (before === undefined) return false;
    if (before.privateEmail === privateEmail) return true;
    await tx
      .update(members)
      .set({ privateEmail, updatedAt: at })
      .where(eq(members.email, subject))
      .returning(announcingEach('member', members.email));
    const action = privateEmail === null ? 'removed' : before.privateEmail === null ? 'added' : 'changed';
    await recordAudit(tx, {
      kind: 'private-email-change',
      outcome: 'ok',
      ...actor,
      subject,
      details: { action, via },
      at,
    });
    return true;
  });
}

/**
 * Reads a member's private address for someone else (an admin, or one of the person's department leads: the caller
 * decided that they may), audited as 'private-email-read'.
 * @param db the database
 * @param email the member's address, any case
 * @param reader who reads
 * @param at when
 * @returns `{ privateEmail }` (null when none is set), or undefined when there is no member record
 */
export async function readPrivateEmail(
  db: Database,
  email: string,
  reader: MemberWriteActor,
  at: Date,
): Promise<{ privateEmail: string | null } | undefined> {
  const subject = email.toLowerCase();
  const [row] = await db.select({ privateEmail: members.privateEmail }).from(members).where(eq(members.email, subject));
  if (row === undefined) return undefined;
  if (reader.actorEmail?.toLowerCase() !== subject) {
    await recordAudit(db, {
      kind: 'private-email-read',
      outcome: 'allowed',
      ...reader,
      subject,
      details: { set: row.privateEmail !== null },
      at,
    });
  }
  return { privateEmail: row.privateEmail };
}

/**
 * Clears the private address of every member who left at least `keepDays` days before `now` (the form answers' rule,
 * ANSWERS_KEEP_DAYS_AFTER_LEAVING), one 'private-email-deleted' audit entry per person. Safe to run from several
 * processes at once.
 * @param deps the database, the clock's time and the days kept after leaving
 * @returns the addresses of the members whose private address was cleared
 */
export async function clearPrivateEmailsAfterLeaving(deps: {
  db: Database;
  now: Date;
  keepDays: number;
}): Promise<string[]> {
  const cutoff = new Date(deps.now.getTime() - deps.keepDays * DAY_MS);
  return deps.db.transaction(async (tx) => {
    const cleared = await tx
      .update(members)
      .set({ privateEmail: null, updatedAt: deps.now })
      .where(and(isNotNull(members.privateEmail), isNotNull(members.leftAt), lte(members.leftAt, cutoff)))
      .returning({ email: members.email, ...announcingEach('member', members.email) });
    for (const { email } of cleared) {
      await recordAudit(tx, {
        kind: 'private-email-deleted',
        outcome: 'ok',
        subject: email,
        reason: 'kept-days-after-leaving',
        details: { keepDays: deps.keepDays },
        at: deps.now,
      });
    }
    return cleared.map((c) => c.email);
  });
}
