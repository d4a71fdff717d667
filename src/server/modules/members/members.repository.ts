import { asc, eq, getTableColumns } from 'drizzle-orm';
import { announcingEach, withoutAnnounced } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { members } from '../../db/schema.js';

/**
 * Member records (docs/product.md#member-records): e-mail → role text, department, admin flag. E-mail addresses are
 * compared in lower case; every function lower-cases the address it is given. Every write announces the change of the
 * record (db/changes.ts), in the same statement.
 */

/** A row of the members table. */
export type MemberRow = typeof members.$inferSelect;

/** What an administrator sets for one e-mail address. */
export interface MemberInput {
  /** Any case; stored lower case. */
  email: string;
  /** The role text as written (a key, an alias or a job title); resolved through the role lookup when read. */
  role: string;
  department: string;
  isAdmin: boolean;
  /** The departments the person leads (default: none; read-only admin access to them). */
  leadOf?: readonly string[];
  /** A content editor (default: no). */
  isEditor?: boolean;
}

/**
 * The member record of an e-mail address.
 * @param db the database
 * @param email any case
 * @returns the record, or undefined when there is none
 */
export async function getMember(db: Database, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.email, email.toLowerCase()));
  return row;
}

/**
 * Creates or replaces the member record of `input.email`. Replacing keeps `createdAt` and sets `updatedAt`, and keeps
 * `leadOf` / `isEditor` when the input leaves them out.
 * @param db the database
 * @param input e-mail, role text, department and admin flag
 * @param now the time written to `updatedAt` (and `createdAt` of a new record)
 * @returns the stored record
 * @throws the database error when the write fails
 */
export async function upsertMember(db: Database, input: MemberInput, now: Date = new Date()): Promise<MemberRow> {
  const values = {
    role: input.role,
    department: input.department,
    isAdmin: input.isAdmin,
    ...(input.leadOf === undefined
      ? {}
      : { leadOf: [...new Set(input.leadOf.map((d) => d.trim()).filter((d) => d !== ''))] }),
    ...(input.isEditor === undefined ? {} : { isEditor: input.isEditor }),
    updatedAt: now,
  };
  const [row] = await db
    .insert(members)
    .values({ email: input.email.toLowerCase(), ...values, createdAt: now })
    .onConflictDoUpdate({ target: members.email, set: values })
    .returning({ ...getTableColumns(members), ...announcingEach('member', members.email) });
  if (!row) throw new Error(`upsert of member ${input.email} returned no row`);
  return withoutAnnounced(row);
}

/**
 * Every member record, ordered by e-mail address.
 * @param db the database
 */
export async function listMembers(db: Database): Promise<MemberRow[]> {
  return db.select().from(members).orderBy(asc(members.email));
}

/**
 * Deletes the member record of an e-mail address; the person falls back to the default role. Their progress of
 * record (by step id) is untouched.
 * @param db the database
 * @param email any case
 * @returns true when a record was deleted, false when there was none
 */
export async function deleteMember(db: Database, email: string): Promise<boolean> {
  const deleted = await db
    .delete(members)
    .where(eq(members.email, email.toLowerCase()))
    .returning(announcingEach('member', members.email));
  return deleted.length > 0;
}

/**
 * Marks the person of a member record as having left the organisation (offboarding), or clears it. Announces the
 * change of the record (db/changes.ts). Their sessions are the caller's to end.
 * @param db the database (or a transaction)
 * @param email any case
 * @param left `{ at, note }`, or null to mark them a member again
 * @param now the time written to `updatedAt`
 * @returns true when a record was changed, false when there is none
 */
export async function setMemberLeft(
  db: Database,
  email: string,
  left: { at: Date; note: string | null } | null,
  now: Date,
): Promise<boolean> {
  const changed = await db
    .update(members)
    .set({ leftAt: left?.at ?? null, leftNote: left?.note ?? null, updatedAt: now })
    .where(eq(members.email, email.toLowerCase()))
    .returning(announcingEach('member', members.email));
  return changed.length > 0;
}

/**
 * Sets the buddy of a member record (docs/product.md#team-tasks). Announces the change of the record.
 * @param db the database (or a transaction)
 * @param email the newcomer, any case
 * @param buddy the buddy's address in lower case, or null
 * @param now the time written to `updatedAt`
 * @returns the record, or undefined when there is none
 */
export async function setMemberBuddy(
  db: Database,
  email: string,
  buddy: string | null,
  now: Date,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set({ buddy, updatedAt: now })
    .where(eq(members.email, email.toLowerCase()))
    .returning({ ...getTableColumns(members), ...announcingEach('member', members.email) });
  return row === undefined ? undefined : withoutAnnounced(row);
}
