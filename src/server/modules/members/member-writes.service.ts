import { eq, inArray } from 'drizzle-orm';
import { announcingEach } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import {
  deleteMember,
  getMember,
  setMemberBuddy as storeMemberBuddy,
  setMemberLeft,
  upsertMember,
  type MemberRow,
} from './members.repository.js';

/**
 * Every change to a member record, for the admin console and for `npm run members` alike (docs/product.md#member-records,
 * docs/product.md#admin-area): each writes its audit entries and ends the person's sessions where their access changes,
 * in one transaction with the change itself (a transaction of the caller's becomes a savepoint of it).
 */

/** Who makes a change, for the audit log: a signed-in admin, or {@link COMMAND_LINE_ACTOR}. */
export interface MemberWriteActor {
  actorUserId: string | null;
  actorEmail: string | null;
}

/** The actor of changes made with `npm run members` on the server (no signed-in person: the command line). */
export const COMMAND_LINE_ACTOR: MemberWriteActor = { actorUserId: null, actorEmail: 'command line (npm run members)' };

/**
 * Ends every session of a person (all their devices are signed out) and audits it as `sessions-ended` with `reason`.
 * @param db the database or the transaction of the change
 * @param email any case
 * @param reason why, e.g. `access-changed`, `member-removed`, `member-left`, `signed-out-by-admin`
 * @returns how many sessions ended
 */
export async function endMemberSessions(
  db: Database,
  email: string,
  reason: string,
  actor: MemberWriteActor,
  at: Date,
): Promise<number> {
  const owners = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  const ended = await db
    .delete(sessions)
    .where(inArray(sessions.userId, owners))
    .returning(announcingEach('session', sessions.tokenHash));
  await recordAudit(db, {
    kind: 'sessions-ended',
    outcome: 'ok',
    ...actor,
    subject: email.toLowerCase(),
    reason,
    details: { sessions: ended.length },
    at,
  });
  return ended.length;
}

/** Whether two lists name the same departments (any case, order and repeats aside). */
function sameDepartments(a: readonly string[], b: readonly string[]): boolean {
  const norm = (list: readonly string[]) => [...new Set(list.map((d) => d.trim().toLowerCase()))].sort().join('\u0000');
  return norm(a) === norm(b);
}

/** What {@link setMemberRecord} stores for one person. */
export interface MemberRecordInput {
  /** Lower case. */
  email: string;
  /** The role text as written (a key, an alias or a job title). */
  role: string;
  department: string;
  isAdmin: boolean;
  /** The departments the person leads; undefined keeps the current ones (none for a new record). */
  leadOf?: readonly string[] | undefined;
  /** A content editor; undefined keeps the current flag (no for a new record). */
  isEditor?: boolean | undefined;
}

/**
 * Creates or changes a member record: audited as `member-invite` (a person the app did not know) or `role-change`
 * (with what it was), plus `admin-change` when the admin flag changes; when the person's access changes (role,
 * department, admin, editor or led departments), or a person who signed in before their first record gets one, their
 * sessions end so that the next sign-in carries the new access (docs/security.md).
 * @param db the database (or a transaction)
 * @param input the record
 * @param actor who makes the change
 * @param at when (updatedAt, audit time)
 * @returns the stored record, the record before (undefined when there was none), and how many sessions ended
 */
export async function setMemberRecord(
  db: Database,
  input: MemberRecordInput,
  actor: MemberWriteActor,
  at: Date,
): Promise<{ row: MemberRow; before: MemberRow | undefined; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const before = await getMember(tx, email);
    const leadOf = input.leadOf ?? before?.leadOf ?? [];
    const isEditor = input.isEditor ?? before?.isEditor ?? false;
    const { role, department, isAdmin } = input;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const existed = before !== undefined || user !== undefined;
    const accessChanged =
      before !== undefined &&
      (before.role !== role ||
        before.department !== department ||
        before.isAdmin !== isAdmin ||
        before.isEditor !== isEditor ||
        !sameDepartments(before.leadOf, leadOf));
    const row = await upsertMember(tx, { email, role, department, isAdmin, leadOf, isEditor }, at);
    const previous = before
      ? {
          role: before.role,
          department: before.department,
          isAdmin: before.isAdmin,
          leadOf: before.leadOf,
          isEditor: before.isEditor,
        }
      : null;
    await recordAudit(tx, {
      kind: existed ? 'role-change' : 'member-invite',
      outcome: 'ok',
      ...actor,
      subject: email,
      details: { role, department, isAdmin, leadOf, isEditor, previous },
      at,
    });
    if ((before?.isAdmin ?? false) !== isAdmin) {
      await recordAudit(tx, {
        kind: 'admin-change',
        outcome: 'ok',
        ...actor,
        subject: email,
        details: { isAdmin },
        at,
      });
    }
    // A person signed in before their first record got the default role: that changes too.
    const sessionsEnded =
      accessChanged || (before === undefined && user !== undefined)
        ? await endMemberSessions(tx, email, 'access-changed', actor, at)
        : 0;
    return { row, before, sessionsEnded };
  });
}

/**
 * Deletes a member record (the person falls back to the default role; their progress is kept), audited as
 * `member-removed`, and ends their sessions.
 * @param db the database (or a transaction)
 * @param email any case
 * @returns how many sessions ended, or null when there was no record (nothing changed)
 */
export async function removeMemberRecord(
  db: Database,
  email: string,
  actor: MemberWriteActor,
  at: Date,
): Promise<{ sessionsEnded: number } | null> {
  return db.transaction(async (tx) => {
    const subject = email.toLowerCase();
    if (!(await deleteMember(tx, subject))) return null;
    await recordAudit(tx, {
      kind: 'member-removed',
      outcome: 'ok',
      ...actor,
      subject,
      at,
    });
    return { sessionsEnded: await endMemberSessions(tx, subject, 'member-removed', actor, at) };
  });
}

/**
 * Marks a person as having left the organisation (docs/product.md#admin-area, offboarding), audited as `member-left`,
 * and ends their sessions. A person who signed in without a record gets one first, with the role and department they
 * had, not an admin.
 * @param db the database (or a transaction)
 * @param email any case
 * @param left the day they left (YYYY-MM-DD) and an optional note ('' or undefined: none)
 * @returns false when there is neither a record nor a user of that address (nothing changed)
 */
export async function markMemberLeft(
  db: Database,
  email: string,
  left: { leftOn: string; note?: string | undefined },
  actor: MemberWriteActor,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const subject = email.toLowerCase();
    const note = left.note === undefined || left.note === '' ? null : left.note;
    const [user] = await tx.select().from(users).where(eq(users.email, subject));
    const record = await getMember(tx, subject);
    if (!record && !user) return false;
    if (!record && user) {
      await upsertMember(tx, { email: subject, role: user.role, department: user.department, isAdmin: false }, at);
    }
    await setMemberLeft(tx, subject, { at: new Date(`${left.leftOn}T00:00:00.000Z`), note }, at);
    await recordAudit(tx, {
      kind: 'member-left',
      outcome: 'ok',
      ...actor,
      subject,
      details: { leftOn: left.leftOn, note },
      at,
    });
    await endMemberSessions(tx, subject, 'member-left', actor, at);
    return true;
  });
}

/**
 * Marks a person who left as a member again, audited as `member-rejoined` (they sign in again as before).
 * @param db the database (or a transaction)
 * @param email any case
 * @returns false when the person is not marked as having left (nothing changed)
 */
export async function markMemberRejoined(
  db: Database,
  email: string,
  actor: MemberWriteActor,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const subject = email.toLowerCase();
    const record = await getMember(tx, subject);
    if (!record || record.leftAt === null) return false;
    await setMemberLeft(tx, subject, null, at);
    await recordAudit(tx, {
      kind: 'member-rejoined',
      outcome: 'ok',
      ...actor,
      subject,
      at,
    });
    return true;
  });
}

/** Why {@link setMemberBuddy} changed nothing. */
export type BuddyRefusal = 'no-member' | 'no-buddy-member' | 'own-buddy' | 'buddy-left';

/**
 * Sets or clears a newcomer's buddy (docs/product.md#team-tasks), audited as `buddy-change` with the buddy before and
 * after. The buddy must be a member record of someone who has not left, and not the newcomer.
 * @param db the database (or a transaction)
 * @param email the newcomer, any case
 * @param buddy the buddy's address (any case), or null for none
 * @returns `{ row, before }` (before: the previous buddy or null), or `{ refused }` saying why nothing changed
 */
export async function setMemberBuddy(
  db: Database,
  email: string,
  buddy: string | null,
  actor: MemberWriteActor,
  at: Date,
): Promise<{ row: MemberRow; before: string | null } | { refused: BuddyRefusal }> {
  return db.transaction(async (tx) => {
    const subject = email.toLowerCase();
    const next = buddy === null ? null : buddy.toLowerCase();
    const record = await getMember(tx, subject);
    if (!record) return { refused: 'no-member' as const };
    if (next !== null) {
      if (next === subject) return { refused: 'own-buddy' as const };
      const other = await getMember(tx, next);
      if (!other) return { refused: 'no-buddy-member' as const };
      if (other.leftAt !== null) return { refused: 'buddy-left' as const };
    }
    const row = await storeMemberBuddy(tx, subject, next, at);
    if (!row) return { refused: 'no-member' as const };
    if (record.buddy !== next) {
      await recordAudit(tx, {
        kind: 'buddy-change',
        outcome: 'ok',
        ...actor,
        subject,
        details: { buddy: next, previous: record.buddy },
        at,
      });
    }
    return { row, before: record.buddy };
  });
}
