import type { Agreement } from '@shared/acknowledgments-api';
import type { Step } from '@shared/content-schema';

/**
 * The progress a step list works with, wherever it is kept: on the server for the dashboard
 * (docs/product.md#progress-rules), in the browser for the demo page (docs/product.md#demo-page). The widgets only ever
 * talk to this.
 */
export interface OnboardingProgress {
  /** Ids of the completed steps. */
  completedIds: readonly string[];
  /** Ids of the ticked checklist items and acknowledgments of a step. */
  doneItemsOf: (stepId: string) => ReadonlySet<string>;
  /** Completes or resets a step; resetting also unticks its items (docs/product.md#progress-rules). */
  setStepCompleted: (step: Step, completed: boolean) => void;
  /**
   * Ticks or unticks one item; the last tick completes the step, an untick un-completes it
   * (docs/product.md#progress-rules).
   */
  setItemDone: (step: Step, itemId: string, done: boolean) => void;
  /** True when nothing can be changed (a role preview): controls are disabled. */
  readOnly: boolean;
  /**
   * The member's latest agreement to a step (progress of record only; the demo page keeps none). Present means steps
   * that ask for a signature are signed through the signature dialog.
   */
  agreementOf?: (stepId: string) => Agreement | undefined;
}

const NO_ITEMS: ReadonlySet<string> = new Set();

/**
 * Groups ticked items by step.
 * @param items `{ stepId, itemId }` pairs
 * @returns a lookup of the ticked item ids of a step (an empty set for a step without ticks)
 */
export function doneItemsLookup(
  items: readonly { stepId: string; itemId: string }[],
): (stepId: string) => ReadonlySet<string> {
  const byStep = new Map<string, Set<string>>();
  for (const { stepId, itemId } of items) {
    const set = byStep.get(stepId) ?? new Set<string>();
    set.add(itemId);
    byStep.set(stepId, set);
  }
  return (stepId) => byStep.get(stepId) ?? NO_ITEMS;
}
