import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Person } from '../../../shared/api.js';
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

/**
 * A member's own people (docs/product.md#your-people): the leads of their department (member records whose `leadOf`
 * names it, compared trimmed and in any case) and their buddy, each once, with the name and picture of their latest
 * sign-in (the address and no picture without one). Nobody who left, never the member themselves; leads first, then
 * by name.
 * @param db the database
 * @param member the member's address (any case), their department (as decided for them) and their buddy's address
 *   (any case; null: none)
 * @returns the people, nothing else about them
 */
export async function listPeopleOf(
  db: Database,
  member: { email: string; department: string; buddy: string | null },
): Promise<Person[]> {
  const self = member.email.toLowerCase();
  const department = member.department.trim().toLowerCase();
  const buddy = member.buddy?.toLowerCase() ?? '';
  const result = await db.execute(sql`
    select m.email, u.name, u.picture,
      exists (select 1 from unnest(m.lead_of) d where lower(btrim(d)) = ${department}) as is_lead,
      (m.email = ${buddy}) as is_buddy
    from members m left join users u on u.email = m.email
    where m.left_at is null and m.email <> ${self}
      and (m.email = ${buddy} or exists (select 1 from unnest(m.lead_of) d where lower(btrim(d)) = ${department}))`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const people = rows.map((r): Person => {
    const email = String(r.email);
    const relations: Person['relations'] = [];
    if (r.is_lead === true) relations.push('lead');
    if (r.is_buddy === true) relations.push('buddy');
    return {
      email,
      name: typeof r.name === 'string' && r.name.trim() !== '' ? r.name : email,
      picture: typeof r.picture === 'string' && r.picture !== '' ? r.picture : null,
      relations,
    };
  });
  const rank = (p: Person) => (p.relations.includes('lead') ? 0 : 1);
  return people.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}
