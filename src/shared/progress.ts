/**
 * Status of one step (docs/product.md#progress-rules): completed, active (the current step) or pending ('not yet
 * active').
 */
export type StepStatus = 'completed' | 'active' | 'pending';

/** Progress figures derived from a member's ordered steps and the ids they completed. */
export interface DerivedProgress {
  /** One status per step, in the order given. */
  statuses: StepStatus[];
  /** Index of the current step: the first not completed, or the last step when all are done; -1 with no steps. */
  currentIndex: number;
  completedCount: number;
  total: number;
  /** completed / total × 100, rounded to a whole number; 0 when there are no steps (docs/product.md#progress-rules). */
  percent: number;
}

/**
 * Derives step statuses, the current step and the percentage (docs/product.md#progress-rules).
 * @param stepIds the member's step ids in display order (all scopes, in order)
 * @param completed ids of completed steps; ids not in `stepIds` (e.g. from an old role) are ignored
 * @returns statuses, current index, counts and the rounded percentage (0–100)
 */
export function deriveProgress(stepIds: readonly string[], completed: Iterable<string>): DerivedProgress {
  const done = new Set(completed);
  const total = stepIds.length;
  let completedCount = 0;
  let firstOpen = -1;
  stepIds.forEach((id, i) => {
    if (done.has(id)) completedCount += 1;
    else if (firstOpen === -1) firstOpen = i;
  });
  const currentIndex = total === 0 ? -1 : firstOpen === -1 ? total - 1 : firstOpen;
  const statuses = stepIds.map((id, i): StepStatus =>
    done.has(id) ? 'completed' : i === currentIndex ? 'active' : 'pending',
  );
  const percent = total === 0 ? 0 : Math.round((completedCount / total) * 100);
  return { statuses, currentIndex, completedCount, total, percent };
}
