import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
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
} from '../../db/schema.js';

/**
 * What the database stores by a content id — a step's id, a role's key — and what a rename does with it
 * (docs/decisions/056-renaming-keeps-progress.md, docs/decisions/062-renaming-a-role.md). One entry per table and
 * column, so a table added with such a column is added here once: stored-by-id.test.ts reads the schema and fails
 * for a table with a `step_id` or role column that is not listed.
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

/** Everything stored by a step's id. */
export const STORED_BY_STEP_ID: readonly Stored[] = [
  { name: 'completions', table: stepProgress, column: stepProgress.stepId },
  { name: 'ticks', table: stepItemProgress, column: stepItemProgress.stepId },
  { name: 'formAnswers', table: formAnswers, column: formAnswers.stepId },
  { name: 'formFiles', table: formFiles, column: formFiles.stepId },
  { name: 'quizTries', table: quizTries, column: quizTries.stepId },
  { name: 'sendKeys', table: sendKeys, column: sendKeys.stepId },
  {
    name: 'skips',
    table: memberStepAdjustments,
    column: memberStepAdjustments.stepId,
    only: eq(memberStepAdjustments.kind, 'skip'),
  },
  { name: 'reminders', table: mailReminderSteps, column: mailReminderSteps.stepId },
  {
    name: 'acknowledgments',
    table: acknowledgments,
    column: acknowledgments.stepId,
    kept: 'append-only signed records: a rename of a step members agreed to is refused',
  },
];

/** Everything stored by a role's key. */
export const STORED_BY_ROLE_KEY: readonly Stored[] = [
  { name: 'members', table: members, column: members.role, stamp: 'updatedAt' },
  { name: 'users', table: users, column: users.role },
  { name: 'teamTasks', table: teamTasks, column: teamTasks.roleKey },
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
