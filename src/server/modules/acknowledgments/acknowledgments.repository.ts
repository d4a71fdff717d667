import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { announcing } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { acknowledgments } from '../../db/schema.js';

/**
 * The acknowledgment record (db/schema.ts `acknowledgments`). Append-only by design: this module inserts and reads,
 * and has no way to change or remove a record (a test checks that; the database refuses it too).
 */

/** One stored acknowledgment. */
export type AcknowledgmentRow = typeof acknowledgments.$inferSelect;

/** What a new record holds; `id` and `seq` are made by the database. */
export type NewAcknowledgment = Omit<AcknowledgmentRow, 'id' | 'seq'>;

/**
 * Adds a record, announcing the user's progress change (db/changes.ts), so their answers are made again.
 * @returns the stored record
 */
export async function insertAcknowledgment(db: Database, record: NewAcknowledgment): Promise<AcknowledgmentRow> {
  const [row] = await db
    .insert(acknowledgments)
    .values(record)
    .returning({ ...rowColumns, ...announcing({ kind: 'progress', userId: record.userId }) });
  if (!row) throw new Error('the acknowledgment was not stored');
  const { announced: _announced, ...stored } = row;
  return stored;
}

const rowColumns = {
  id: acknowledgments.id,
  seq: acknowledgments.seq,
  at: acknowledgments.at,
  userId: acknowledgments.userId,
  email: acknowledgments.email,
  signInMethod: acknowledgments.signInMethod,
  kind: acknowledgments.kind,
  stepId: acknowledgments.stepId,
  itemId: acknowledgments.itemId,
  stepTitle: acknowledgments.stepTitle,
  stepVersion: acknowledgments.stepVersion,
  textHash: acknowledgments.textHash,
  documentHash: acknowledgments.documentHash,
  signedName: acknowledgments.signedName,
};

/**
 * Every record of one user (a person is their user id, not their address: docs/decisions/035-a-person-is-their-user-id.md;
 * `email` of a record is the address they had when they agreed).
 * @param userId the user's id
 * @param order 'oldest first' (the default), or 'newest first' (the admin's member page)
 */
export async function listAcknowledgmentsOfUser(
  db: Database,
  userId: string,
  order: 'oldest first' | 'newest first' = 'oldest first',
): Promise<AcknowledgmentRow[]> {
  const by = order === 'oldest first' ? asc : desc;
  return db
    .select(rowColumns)
    .from(acknowledgments)
    .where(eq(acknowledgments.userId, userId))
    .orderBy(by(acknowledgments.at), by(acknowledgments.seq));
}

/** One record by id, or undefined. */
export async function findAcknowledgment(db: Database, id: string): Promise<AcknowledgmentRow | undefined> {
  const [row] = await db.select(rowColumns).from(acknowledgments).where(eq(acknowledgments.id, id));
  return row;
}

/**
 * The records whose text or document hash is `hash` (hex SHA-256, lower case), newest first, at most `limit`.
 */
export async function findAcknowledgmentsByHash(db: Database, hash: string, limit = 50): Promise<AcknowledgmentRow[]> {
  return db
    .select(rowColumns)
    .from(acknowledgments)
    .where(or(eq(acknowledgments.textHash, hash), eq(acknowledgments.documentHash, hash)))
    .orderBy(desc(acknowledgments.at), desc(acknowledgments.seq))
    .limit(limit);
}

/**
 * Every record, oldest first, optionally of one step and within `[from, to)`.
 * @param filter `stepId`; `from` / `to` times (either may be left out)
 */
export async function listAcknowledgments(
  db: Database,
  filter: { stepId?: string | undefined; from?: Date | undefined; to?: Date | undefined } = {},
): Promise<AcknowledgmentRow[]> {
  const conditions: SQL[] = [];
  if (filter.stepId !== undefined) conditions.push(eq(acknowledgments.stepId, filter.stepId));
  if (filter.from !== undefined) conditions.push(gte(acknowledgments.at, filter.from));
  if (filter.to !== undefined) conditions.push(lt(acknowledgments.at, filter.to));
  return db
    .select(rowColumns)
    .from(acknowledgments)
    .where(conditions.length === 0 ? sql`true` : and(...conditions))
    .orderBy(asc(acknowledgments.at), asc(acknowledgments.seq));
}
