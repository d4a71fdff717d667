import { asc, eq } from 'drizzle-orm';
import type { StepAdjustmentRule } from '../../../shared/adjustments.js';
import type { Database } from '../../db/client.js';
import { memberStepAdjustments } from '../../db/schema.js';
import type { RoleStepRow } from './role-steps.js';

/** A row of `member_step_adjustments` (db/schema.ts). */
export type StepAdjustmentRow = typeof memberStepAdjustments.$inferSelect;

/** Where an extra step sits after a role's steps: its ordinal is this plus its place among the extra steps. */
export const EXTRA_STEP_ORDINAL_BASE = 100_000;

/**
 * A person's per-person adjustments (docs/product.md#per-person-adjustments), oldest first.
 * @param db the database
 * @param email the person's address, lower case
 * @returns their rows of `member_step_adjustments`
 */
export async function listStepAdjustments(db: Database, email: string): Promise<StepAdjustmentRow[]> {
  return db
    .select()
    .from(memberStepAdjustments)
    .where(eq(memberStepAdjustments.email, email))
    .orderBy(asc(memberStepAdjustments.seq));
}

/**
 * The rules' view of a row (src/shared/adjustments.ts).
 * @param row a stored adjustment
 * @returns kind, step id, title, description and due days
 */
export function adjustmentRule(row: StepAdjustmentRow): StepAdjustmentRule {
  return {
    kind: row.kind === 'extra' ? 'extra' : 'skip',
    stepId: row.stepId,
    title: row.title,
    description: row.description,
    dueAfterDays: row.dueAfterDays,
  };
}

/**
 * One person's steps as rows (docs/product.md#per-person-adjustments): their role's rows without the steps skipped for
 * them, then their extra steps (ordinals from {@link EXTRA_STEP_ORDINAL_BASE}, no version date). The SQL of
 * admin-members.ts and mail/planner.ts does the same.
 * @param roleRows the rows of the person's role (role-steps.ts `roleStepRows`, filtered to the role)
 * @param adjustments the person's adjustments, oldest first
 * @returns the rows, in order
 */
export function adjustedStepRows(
  roleRows: readonly RoleStepRow[],
  adjustments: readonly StepAdjustmentRule[],
): RoleStepRow[] {
  const skipped = new Set(adjustments.filter((a) => a.kind === 'skip').map((a) => a.stepId));
  const roleKey = roleRows[0]?.roleKey ?? '';
  return [
    ...roleRows.filter((r) => !skipped.has(r.stepId)),
    ...adjustments
      .filter((a) => a.kind === 'extra')
      .map((a, i) => ({
        roleKey,
        stepId: a.stepId,
        ordinal: EXTRA_STEP_ORDINAL_BASE + i,
        title: a.title ?? a.stepId,
        dueAfterDays: a.dueAfterDays,
        versionDate: null,
      })),
  ];
}
