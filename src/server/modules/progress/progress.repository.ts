import { and, asc, eq, sql } from 'drizzle-orm';
import { announcing, announcingCompletions } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { progressImports, stepProgress } from '../../db/schema.js';

/** One completed step: its stable id and when it was first completed. */
export interface CompletedStep {
  stepId: string;
  completedAt: Date;
}

/**
 * Every step the user completed, under any role (docs/product.md#progress-rules: by stable step id).
 * @returns completed steps, oldest first
 */
export async function listCompletedSteps(db: Database, userId: string): Promise<CompletedStep[]> {
  return db
    .select({ stepId: stepProgress.stepId, completedAt: stepProgress.completedAt })
    .from(stepProgress)
    .where(eq(stepProgress.userId, userId))
    .orderBy(asc(stepProgress.completedAt), asc(stepProgress.stepId));
}

/** The statement of {@link completeStep}, prepared once per database: its SQL is built once (and planned once per
 * PostgreSQL connection). */
function prepareCompleteStep(db: Database) {
  const userId = sql.placeholder('userId');
  const stepId = sql.placeholder('stepId');
  const inserted = db.$with('inserted').as(
    db
      .insert(stepProgress)
      .values({ userId, stepId, completedAt: sql.placeholder('completedAt') })
      .onConflictDoNothing()
      .returning({
        stepId: stepProgress.stepId,
        completedAt: stepProgress.completedAt,
        ...announcingCompletions(stepProgress),
      }),
  );
  const existing = db
    .select({ stepId: stepProgress.stepId, completedAt: stepProgress.completedAt })
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)))
    .as('existing');
  // One of the two has the row: the new completion, or the stored one (the statement does not see what it inserts).
  return db
    .with(inserted)
    .select({
      completedAt: sql`coalesce(${inserted.completedAt}, ${existing.completedAt})`.mapWith(stepProgress.completedAt),
    })
    .from(inserted)
    .fullJoin(existing, eq(inserted.stepId, existing.stepId))
    .prepare('complete_step');
}

const completeStepStatements = new WeakMap<Database, ReturnType<typeof prepareCompleteStep>>();

/**
 * Marks a step completed. Idempotent: completing it again keeps the first completion time. One statement: it inserts
 * the completion, or else reads the stored one; a new completion announces itself (`step-completed`, db/changes.ts)
 * in the same statement.
 * @param now the completion time to store when the step was not completed yet
 * @returns the stored completion
 */
export async function completeStep(db: Database, userId: string, stepId: string, now: Date): Promise<CompletedStep> {
  let statement = completeStepStatements.get(db);
  if (!statement) {
    statement = prepareCompleteStep(db);
    completeStepStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, stepId, completedAt: now });
  // No row: the step was completed by a transaction that committed after this statement began (it waited for it,
  // then found nothing to insert and could not see the new row), or un-completed just now. Asking again settles it.
  return row ? { stepId, completedAt: row.completedAt } : completeStep(db, userId, stepId, now);
}

/**
 * Marks a step not completed, announcing the change when there was one. Idempotent: un-completing a step that is not
 * completed changes nothing.
 */
export async function uncompleteStep(db: Database, userId: string, stepId: string): Promise<void> {
  await db
    .delete(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)))
    .returning(announcing({ kind: 'step-uncompleted', userId, stepId, withItems: false }));
}

/**
 * Marks a step not completed and unticks all its items, in one statement (so atomic without a transaction of its own,
 * and one statement, not four, on the embedded database), announcing the change when there was one. Idempotent.
 * @param db the database or a transaction
 * @param userId the user's id
 * @param stepId the step's stable id
 */
export async function uncompleteStepAndItems(db: Database, userId: string, stepId: string): Promise<void> {
  await db.execute(sql`
    with unticked as (
      delete from step_item_progress where user_id = ${userId} and step_id = ${stepId} returning 1
    ), uncompleted as (
      delete from step_progress where user_id = ${userId} and step_id = ${stepId} returning 1
    )
    select ${announcing({ kind: 'step-uncompleted', userId, stepId, withItems: true }).announced}
    from (select 1 from unticked union all select 1 from uncompleted) as changed
    limit 1`);
}

/**
 * One step's completion.
 * @returns the completion, or undefined when the user has not completed the step
 */
export async function findCompletedStep(
  db: Database,
  userId: string,
  stepId: string,
): Promise<CompletedStep | undefined> {
  const [row] = await db
    .select({ stepId: stepProgress.stepId, completedAt: stepProgress.completedAt })
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)));
  return row;
}

/**
 * Records that the user's progress kept in the browser was imported (docs/product.md#progress-rules), unless it was
 * already: the table's key is the user id, so of two imports, even at the same moment, only one is recorded.
 * @param stepIds the steps the import completes (possibly none)
 * @param at the time to store
 * @returns true when recorded now, false when the user's progress was imported before
 */
export async function recordProgressImport(
  db: Database,
  userId: string,
  stepIds: string[],
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(progressImports)
    .values({ userId, stepIds, importedAt: at })
    .onConflictDoNothing()
    .returning({ userId: progressImports.userId });
  return rows.length > 0;
}
