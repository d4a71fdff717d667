import { and, asc, eq } from 'drizzle-orm';
import type { StepItemKind } from '../../../shared/step-items.js';
import { announcing } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { stepItemProgress } from '../../db/schema.js';

/** One ticked item of one step: the ids and when it was first ticked. */
export interface DoneItem {
  stepId: string;
  itemId: string;
  doneAt: Date;
}

const columns = { stepId: stepItemProgress.stepId, itemId: stepItemProgress.itemId, doneAt: stepItemProgress.doneAt };

/**
 * Every item the user ticked, of any step (docs/product.md#progress-rules: per item, by stable ids).
 * @returns ticked items, oldest first
 */
export async function listDoneItems(db: Database, userId: string): Promise<DoneItem[]> {
  return db
    .select(columns)
    .from(stepItemProgress)
    .where(eq(stepItemProgress.userId, userId))
    .orderBy(asc(stepItemProgress.doneAt), asc(stepItemProgress.stepId), asc(stepItemProgress.itemId));
}

/**
 * The ids of the items of one step the user ticked.
 * @returns a set of item ids (empty when none)
 */
export async function doneItemIdsOfStep(db: Database, userId: string, stepId: string): Promise<Set<string>> {
  const rows = await db
    .select({ itemId: stepItemProgress.itemId })
    .from(stepItemProgress)
    .where(and(eq(stepItemProgress.userId, userId), eq(stepItemProgress.stepId, stepId)));
  return new Set(rows.map((r) => r.itemId));
}

/**
 * Ticks an item. Idempotent: ticking it again keeps the first time (an acknowledgment's time is a record). A new tick
 * announces the user's progress change (db/changes.ts) in the same statement.
 * @param kind 'checklist' or 'acknowledgment', stored with the tick
 * @param now the time to store when the item was not ticked yet
 * @returns the stored tick
 */
export async function tickItem(
  db: Database,
  tick: { userId: string; stepId: string; itemId: string; kind: StepItemKind },
  now: Date,
): Promise<DoneItem> {
  const [inserted] = await db
    .insert(stepItemProgress)
    .values({ ...tick, doneAt: now })
    .onConflictDoNothing()
    .returning({ ...columns, ...announcing({ kind: 'progress', userId: tick.userId }) });
  if (inserted) return { stepId: inserted.stepId, itemId: inserted.itemId, doneAt: inserted.doneAt };
  const [existing] = await db
    .select(columns)
    .from(stepItemProgress)
    .where(
      and(
        eq(stepItemProgress.userId, tick.userId),
        eq(stepItemProgress.stepId, tick.stepId),
        eq(stepItemProgress.itemId, tick.itemId),
      ),
    );
  // Only a concurrent untick between the two statements gets here; the item then counts as ticked now.
  return existing ?? tickItem(db, tick, now);
}

/**
 * Unticks an item, announcing the change when there was one. Idempotent: unticking an item that is not ticked changes
 * nothing.
 */
export async function untickItem(db: Database, userId: string, stepId: string, itemId: string): Promise<void> {
  await db
    .delete(stepItemProgress)
    .where(
      and(
        eq(stepItemProgress.userId, userId),
        eq(stepItemProgress.stepId, stepId),
        eq(stepItemProgress.itemId, itemId),
      ),
    )
    .returning(announcing({ kind: 'progress', userId }));
}

/**
 * Unticks every item of a step (the checklist's Reset, and resetting the step; docs/product.md#progress-rules),
 * announcing the change when there was one.
 */
export async function untickAllItems(db: Database, userId: string, stepId: string): Promise<void> {
  await db
    .delete(stepItemProgress)
    .where(and(eq(stepItemProgress.userId, userId), eq(stepItemProgress.stepId, stepId)))
    .returning(announcing({ kind: 'progress', userId }));
}
