import type { Step } from './content-schema.js';

/** The kinds of items a step asks the member to tick (docs/product.md#step-widgets). */
export type StepItemKind = 'checklist' | 'acknowledgment';

/** One item of a step that has to be ticked before the step is complete. */
export interface StepItem {
  id: string;
  kind: StepItemKind;
}

/**
 * The items a step asks the member to tick (docs/product.md#progress-rules: a checklist or acknowledgment
 * step is complete when every item is ticked): the checklist of a checklist step, then the acknowledgments of an
 * acknowledgment step. A step that is neither has none.
 * @param step a step of the content (its `isChecklistStep` / `isAcknowledgmentStep` flags and item lists)
 * @returns the items in display order, each with its kind
 */
export function stepItems(step: Pick<Step, 'isChecklistStep' | 'isAcknowledgmentStep' | 'content'>): StepItem[] {
  return [
    ...(step.isChecklistStep ? step.content.checklist.map((i) => ({ id: i.id, kind: 'checklist' as const })) : []),
    ...(step.isAcknowledgmentStep
      ? step.content.acknowledgments.map((i) => ({ id: i.id, kind: 'acknowledgment' as const }))
      : []),
  ];
}

/**
 * Whether every item of a step is ticked (docs/product.md#progress-rules). A step without items counts as done: nothing
 * blocks it.
 * @param step the step
 * @param doneItemIds ids of the step's ticked items; ids that are not items of the step are ignored
 */
export function areStepItemsDone(
  step: Pick<Step, 'isChecklistStep' | 'isAcknowledgmentStep' | 'content'>,
  doneItemIds: ReadonlySet<string>,
): boolean {
  return stepItems(step).every((item) => doneItemIds.has(item.id));
}
