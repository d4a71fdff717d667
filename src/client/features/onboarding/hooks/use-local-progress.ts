import type { Step } from '@shared/content-schema';
import { areStepItemsDone } from '@shared/step-items';
import { useCallback, useMemo, useState } from 'react';
import { doneItemsLookup, type OnboardingProgress } from '../utils/onboarding-progress';

/**
 * Where the demo page keeps its progress (docs/product.md#demo-page, docs/product.md#browser-storage), and its ticked
 * items.
 */
export const DEMO_PROGRESS_KEYS = { steps: 'test_completed_steps', items: 'test_completed_items' } as const;

interface LocalState {
  completed: string[];
  items: { stepId: string; itemId: string }[];
}

/**
 * Reads a stored JSON value. Saved progress that cannot be parsed is discarded ('Error parsing saved progress' is
 * logged and the data removed).
 */
function readStored<T>(key: string, isValid: (value: unknown) => value is T, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
  } catch {
    // Not JSON: discarded below.
  }
  console.warn('Error parsing saved progress');
  localStorage.removeItem(key);
  return fallback;
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isItemMap = (v: unknown): v is Record<string, string[]> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isStringArray);

function load(keys: typeof DEMO_PROGRESS_KEYS): LocalState {
  const items = readStored(keys.items, isItemMap, {});
  return {
    completed: readStored(keys.steps, isStringArray, []),
    items: Object.entries(items).flatMap(([stepId, ids]) => ids.map((itemId) => ({ stepId, itemId }))),
  };
}

function save(keys: typeof DEMO_PROGRESS_KEYS, state: LocalState): void {
  const items: Record<string, string[]> = {};
  for (const { stepId, itemId } of state.items) (items[stepId] ??= []).push(itemId);
  try {
    localStorage.setItem(keys.steps, JSON.stringify(state.completed));
    localStorage.setItem(keys.items, JSON.stringify(items));
  } catch (error) {
    // Storage full or blocked: the demo still works for this visit.
    console.warn('Failed to save progress', error);
  }
}

/**
 * The demo page's progress, kept only in this browser under {@link DEMO_PROGRESS_KEYS} (no server writes). Follows the
 * same rules as the server: the last tick completes a step, an untick un-completes it, a reset unticks everything.
 */
export function useLocalProgress(keys: typeof DEMO_PROGRESS_KEYS = DEMO_PROGRESS_KEYS): OnboardingProgress {
  const [state, setState] = useState<LocalState>(() => load(keys));

  const update = useCallback(
    (change: (s: LocalState) => LocalState) => {
      setState((current) => {
        const next = change(current);
        save(keys, next);
        return next;
      });
    },
    [keys],
  );

  const setStepCompleted = useCallback(
    (step: Step, completed: boolean) =>
      update((s) => ({
        completed: completed
          ? [...s.completed.filter((id) => id !== step.id), step.id]
          : s.completed.filter((id) => id !== step.id),
        items: completed ? s.items : s.items.filter((i) => i.stepId !== step.id),
      })),
    [update],
  );

  const setItemDone = useCallback(
    (step: Step, itemId: string, done: boolean) =>
      update((s) => {
        const others = s.items.filter((i) => !(i.stepId === step.id && i.itemId === itemId));
        const items = done ? [...others, { stepId: step.id, itemId }] : others;
        const ticked = new Set(items.filter((i) => i.stepId === step.id).map((i) => i.itemId));
        const rest = s.completed.filter((id) => id !== step.id);
        const completed = done && areStepItemsDone(step, ticked) ? [...rest, step.id] : done ? s.completed : rest;
        return { completed, items };
      }),
    [update],
  );

  return useMemo(
    () => ({
      completedIds: state.completed,
      doneItemsOf: doneItemsLookup(state.items),
      setStepCompleted,
      setItemDone,
      readOnly: false,
    }),
    [state, setStepCompleted, setItemDone],
  );
}
