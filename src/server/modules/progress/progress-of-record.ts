import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { CompletedStep } from './progress.repository.js';
import type { DoneItem } from './step-items.repository.js';

/** A user's completed steps and ticked items, and whether they have any acknowledgment record. */
export interface ProgressOfRecord {
  /** Oldest first (as `listCompletedSteps`). */
  completed: CompletedStep[];
  /** Oldest first (as `listDoneItems`). */
  items: DoneItem[];
  /** Whether the `acknowledgments` table holds any record of the user (the caller then reads them). */
  hasAcknowledgments: boolean;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** A JSON array column as the driver gives it: parsed already (both drivers parse json), or its text. */
const jsonArray = (value: unknown): unknown[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed : [];
};

/**
 * A user's progress of record in one statement (the read cache's miss, docs/architecture.md#read-cache-and-change-feed):
 * the completed steps and ticked items, each in the order `listCompletedSteps` and `listDoneItems` give them, and
 * whether any acknowledgment record exists. On the embedded database every statement costs a fixed half millisecond
 * or so whatever it reads, and a member's dashboard after each of their steps misses the cache: one statement instead of
 * three (two, and the acknowledgment records only for those who have some).
 * @param db the database
 * @param userId the user's id
 * @returns their progress of record (empty arrays when none)
 */
export async function loadProgressOfRecord(db: Database, userId: string): Promise<ProgressOfRecord> {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_array(p.step_id, p.completed_at) order by p.completed_at, p.step_id), '[]')
          from step_progress p where p.user_id = ${userId}) as completed,
        (select coalesce(json_agg(json_build_array(i.step_id, i.item_id, i.done_at)
            order by i.done_at, i.step_id, i.item_id), '[]')
          from step_item_progress i where i.user_id = ${userId}) as items,
        exists (select 1 from acknowledgments a where a.user_id = ${userId}) as has_acknowledgments`),
  );
  const completed = jsonArray(row?.completed).map((entry) => {
    const [stepId, at] = entry as [string, string];
    return { stepId, completedAt: new Date(at) };
  });
  const items = jsonArray(row?.items).map((entry) => {
    const [stepId, itemId, at] = entry as [string, string, string];
    return { stepId, itemId, doneAt: new Date(at) };
  });
  return { completed, items, hasAcknowledgments: row?.has_acknowledgments === true };
}
