import { and, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import {
  acknowledgments,
  adminMembers,
  formAnswers,
  formFiles,
  mailReminderSteps,
  members,
  memberStepAdjustments,
  quizTries,
  sendKeys,
  stepItemProgress,
  stepProgress,
  teamTasks,
  users,
  workspaceMappings,
} from './schema.js';

/**
 * What the database stores by a content id — a step's id, a form's or quiz's question id, a role's key — and what a
 * rename does with it (docs/decisions/056-renaming-keeps-progress.md, docs/decisions/061-renaming-questions-and-team-tasks.md,
 * docs/decisions/062-renaming-a-role.md), and what becomes of a member's rows after they left (the answers sweep,
 * modules/answers/retention.ts). One entry per table and column, so a table added with such a column is added here
 * once: stored-by-id.test.ts reads the schema and fails for a table with a `step_id`, question (`field_id`,
 * `question_id`, a JSON `answers`) or role column that is not listed.
 */

/** A table and its column that holds the id. */
export interface Stored {
  /** The name the audit log's "moved" counts use (e.g. 'completions'). */
  name: string;
  table: PgTable;
  /** The column of `table` that holds the id. */
  column: PgColumn;
  /** Only the rows this picks move (e.g. skipped steps, not extra ones); all when absent. */
  only?: SQL;
  /** A column of a moved row that takes the publish's time (e.g. a member record's `updatedAt`). */
  stamp?: string;
  /** Why the rows never move, when they do not (a rename that would need them is refused, or they follow by themselves). */
  kept?: string;
}

/** A table stored by a step's id, and what becomes of a member's rows after they left. */
export interface StoredByStepId extends Stored {
  /**
   * What the hourly answers sweep does with a member's rows `ANSWERS_KEEP_DAYS_AFTER_LEAVING` days after they left
   * (docs/product.md#form-steps, modules/answers/retention.ts): `deleteBy` names the user id column they are deleted
   * by; `keep` says why they stay.
   */
  afterLeaving: { deleteBy: PgColumn } | { keep: string };
}

/** Kept after leaving: the organisation's record of the member's onboarding, not their answers. */
const PROGRESS_RECORD = "the organisation's record of the member's onboarding, not their answers";

/** Everything stored by a step's id. */
export const STORED_BY_STEP_ID: readonly StoredByStepId[] = [
  { name: 'completions', table: stepProgress, column: stepProgress.stepId, afterLeaving: { keep: PROGRESS_RECORD } },
  { name: 'ticks', table: stepItemProgress, column: stepItemProgress.stepId, afterLeaving: { keep: PROGRESS_RECORD } },
  {
    name: 'formAnswers',
    table: formAnswers,
    column: formAnswers.stepId,
    afterLeaving: { deleteBy: formAnswers.userId },
  },
  { name: 'formFiles', table: formFiles, column: formFiles.stepId, afterLeaving: { deleteBy: formFiles.userId } },
  { name: 'quizTries', table: quizTries, column: quizTries.stepId, afterLeaving: { deleteBy: quizTries.userId } },
  // The first answers of sends (a quiz's result): they go with the answers.
  { name: 'sendKeys', table: sendKeys, column: sendKeys.stepId, afterLeaving: { deleteBy: sendKeys.userId } },
  {
    name: 'skips',
    table: memberStepAdjustments,
    column: memberStepAdjustments.stepId,
    only: eq(memberStepAdjustments.kind, 'skip'),
    afterLeaving: { keep: "an admin's decision about the member's steps, not their answers" },
  },
  {
    name: 'reminders',
    table: mailReminderSteps,
    column: mailReminderSteps.stepId,
    afterLeaving: { keep: 'the mail history, by address: which reminders were sent' },
  },
  {
    name: 'acknowledgments',
    table: acknowledgments,
    column: acknowledgments.stepId,
    kept: 'append-only signed records: a rename of a step members agreed to is refused',
    afterLeaving: { keep: 'signed records the organisation may need to produce' },
  },
];

/** Everything stored by a role's key. */
export const STORED_BY_ROLE_KEY: readonly Stored[] = [
  { name: 'members', table: members, column: members.role, stamp: 'updatedAt' },
  { name: 'users', table: users, column: users.role },
  { name: 'teamTasks', table: teamTasks, column: teamTasks.roleKey },
  { name: 'workspaceMappings', table: workspaceMappings, column: workspaceMappings.roleKey },
  {
    name: 'adminMembers',
    table: adminMembers,
    column: adminMembers.roleKey,
    kept: 'derived: recomputed from the member records and the new catalog',
  },
];

/** The key of a column in its table's columns (`stepId` for `step_id`). */
function keyOf(table: PgTable, column: PgColumn): string {
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
  if (key === undefined) throw new Error(`the column ${column.name} is not one of its table's`);
  return key;
}

/**
 * Moves the rows of one table from one id to another (in the publish's transaction).
 * @param tx the publish's transaction
 * @param stored the table, its id column and which of its rows move
 * @param ids `from` and `to`
 * @param at the publish's time, for {@link Stored.stamp} (a table with a stamp moves nothing without it)
 * @returns how many rows moved
 */
export async function moveStored(
  tx: Database,
  stored: Stored,
  ids: { from: string; to: string },
  at?: Date,
): Promise<number> {
  const { table, column, only, stamp } = stored;
  if (stamp !== undefined && at === undefined) throw new Error(`moving ${stored.name} needs the publish's time`);
  const where = only === undefined ? eq(column, ids.from) : and(eq(column, ids.from), only);
  // Keys of a table chosen at run time: the type of `set` cannot name them.
  const set = {
    [keyOf(table, column)]: ids.to,
    ...(stamp === undefined ? {} : { [stamp]: at }),
  } as PgUpdateSetSource<PgTable>;
  const rows = await tx.update(table).set(set).where(where).returning({ x: column });
  return rows.length;
}

/** A table that holds a question's id (unique within its step only). */
export interface StoredByQuestion {
  /** The name the audit log's counts use. */
  name: string;
  /** Whose questions: a form's or a quiz's. */
  kind: 'form' | 'quiz';
  table: PgTable;
  /** The table's step id column. */
  step: PgColumn;
  /** The column that holds the question's id: as a key of its JSON object (`key`: answers), or as its value. */
  column: PgColumn;
  holds: 'key' | 'value';
}

/** Everything stored by a question's id. Answers to sensitive questions are sealed, so no row shows their ids. */
export const STORED_BY_QUESTION_ID: readonly StoredByQuestion[] = [
  {
    name: 'formAnswers',
    kind: 'form',
    table: formAnswers,
    step: formAnswers.stepId,
    column: formAnswers.answers,
    holds: 'key',
  },
  {
    name: 'formFiles',
    kind: 'form',
    table: formFiles,
    step: formFiles.stepId,
    column: formFiles.fieldId,
    holds: 'value',
  },
  {
    name: 'quizTries',
    kind: 'quiz',
    table: quizTries,
    step: quizTries.stepId,
    column: quizTries.answers,
    holds: 'key',
  },
];

/**
 * The rows of a table that hold a question's id under one of some steps.
 * @param stepIds the step ids (e.g. a step's published and new id)
 * @param id the question's id
 */
export function holdingQuestion(stored: StoredByQuestion, stepIds: readonly string[], id: string): SQL | undefined {
  const held = stored.holds === 'key' ? sql`(${stored.column} -> ${id}::text) is not null` : eq(stored.column, id);
  return and(inArray(stored.step, [...stepIds]), held);
}

/**
 * Moves a question's id in one table (in the publish's transaction): an answer under the old id is stored under the
 * new one; a file of the old question becomes the new one's.
 * @param stepId the step's id (its new id when it is renamed too: steps move first)
 * @param ids `from` and `to`
 * @returns how many rows moved
 */
export async function moveQuestion(
  tx: Database,
  stored: StoredByQuestion,
  stepId: string,
  ids: { from: string; to: string },
): Promise<number> {
  const { table, column } = stored;
  const value =
    stored.holds === 'key'
      ? sql`(${column} - ${ids.from}::text) || jsonb_build_object(${ids.to}::text, ${column} -> ${ids.from}::text)`
      : ids.to;
  // Keys of a table chosen at run time: the type of `set` cannot name them.
  const set = { [keyOf(table, column)]: value } as PgUpdateSetSource<PgTable>;
  const rows = await tx
    .update(table)
    .set(set)
    .where(holdingQuestion(stored, [stepId], ids.from))
    .returning({ x: stored.step });
  return rows.length;
}

/**
 * Whether a table has a row that matches.
 * @param where the condition (a stored id, with any other)
 */
export async function anyStored(db: Database, table: PgTable, where: SQL | undefined): Promise<boolean> {
  return (
    (
      await db
        .select({ x: sql`1` })
        .from(table)
        .where(where)
        .limit(1)
    ).length > 0
  );
}

/** Whether members sent sensitive answers to a form step (sealed with its id: they cannot move to another). */
export const hasSealedAnswers = (db: Database, stepId: string): Promise<boolean> =>
  anyStored(db, formAnswers, and(eq(formAnswers.stepId, stepId), isNotNull(formAnswers.sealed)));
