import { and, asc, eq } from 'drizzle-orm';
import { announcing } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { stepProgress } from '../../db/schema.js';

/** One completed step: its stable id and when it was first completed. */
export interface CompletedStep {
  stepId: string;
  completedAt: Date;
}

/**
 * Every step the user completed, under any role (DESIGN.md §3 "Progress": by stable step id).
 * @returns completed steps, oldest first
 */
export async function listCompletedSteps(db: Database, userId: string): Promise<CompletedStep[]> {
  return db
    .select({ stepId: stepProgress.stepId, completedAt: stepProgress.completedAt })
    .from(stepProgress)
    .where(eq(stepProgress.userId, userId))
    .orderBy(asc(stepProgress.completedAt), asc(stepProgress.stepId));
}

/**
 * Marks a step completed. Idempotent: completing it again keeps the first completion time. A new completion
 * announces the user's progress change (db/changes.ts) in the same statement.
 * @param now the completion time to store when the step was not completed yet
 * @returns the stored completion
 */
export async function completeStep(db: Database, userId: string, stepId: string, now: Date): Promise<CompletedStep> {
  const columns = { stepId: stepProgress.stepId, completedAt: stepProgress.completedAt };
  const [inserted] = await db
    .insert(stepProgress)
    .values({ userId, stepId, completedAt: now })
    .onConflictDoNothing()
    .returning({ ...columns, ...announcing({ kind: 'progress', userId }) });
  if (inserted) return { stepId: inserted.stepId, completedAt: inserted.completedAt };
  const [existing] = await db
    .select(columns)
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)));
  // Only a concurrent un-complete between the two statements gets here; the step then counts as completed now.
  return existing ?? completeStep(db, userId, stepId, now);
}

/**
 * Marks a step not completed, announcing the change when there was one. Idempotent: un-completing a step that is not
 * completed changes nothing.
 */
export async function uncompleteStep(db: Database, userId: string, stepId: string): Promise<void> {
  await db
    .delete(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)))
    .returning(announcing({ kind: 'progress', userId }));
}

/**
 * One step's completion.
 * @returns the completion, or undefined when the user has not completed the step
 */
export async function findCompletedStep(db: Database, userId: string, stepId: string): Promise<CompletedStep | undefined> {
  const [row] = await db
    .select({ stepId: stepProgress.stepId, completedAt: stepProgress.completedAt })
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)));
  return row;
}
