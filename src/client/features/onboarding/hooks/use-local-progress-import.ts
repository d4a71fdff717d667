import type { OnboardingResponse } from '@shared/api';
import { orderedStepIds } from '@shared/roles';
import { useEffect } from 'react';
import { useSetStepProgress } from '../api/set-step-progress';

/**
 * The browser keys where the earlier, browser-only version of the app kept a member's progress: step indexes (in the
 * order of the member's resolved steps) as a JSON array, under the member's own key and an older shared key.
 * @param userId the signed-in member's id
 */
export function localProgressKeys(userId: string): string[] {
  return [`completed_steps_${userId}`, 'completed_steps'];
}

/**
 * Members whose import was tried in this page: once per page load, so that a second effect run (strict mode) or a
 * refused write (which changes the cached onboarding again) does not repeat it.
 */
const attempted = new Set<string>();

/** Reads one key's step indexes; an entry that cannot be read is logged and removed (the product rule). */
function readIndexes(key: string): number[] {
  const text = localStorage.getItem(key);
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) throw new TypeError('not a list');
    return value.filter((i): i is number => Number.isInteger(i) && i >= 0);
  } catch {
    console.error('Error parsing saved progress', key);
    localStorage.removeItem(key);
    return [];
  }
}

/**
 * Imports the progress the earlier, browser-only version of the app kept in this browser (see
 * {@link localProgressKeys}) into the member's progress of record, once: every step index not completed yet is
 * completed through the progress API, and the keys are removed once all of those writes are saved. Indexes beyond
 * the member's steps are ignored. Safe to run again: completing a completed step changes nothing, and after a failed
 * write the keys stay for the next page load. Never runs for a role preview.
 * @param userId the signed-in member's id, or undefined while unknown
 * @param onboarding the member's own onboarding (steps and progress), or undefined while it loads
 */
export function useLocalProgressImport(userId: string | undefined, onboarding: OnboardingResponse | undefined): void {
  const { mutateAsync: setStepProgress } = useSetStepProgress();
  useEffect(() => {
    if (userId === undefined || onboarding === undefined || onboarding.preview === true) return;
    const keys = localProgressKeys(userId).filter((key) => localStorage.getItem(key) !== null);
    if (keys.length === 0 || attempted.has(userId)) return;
    attempted.add(userId);
    const ids = orderedStepIds(onboarding);
    const completed = new Set(onboarding.progress.completed.map((c) => c.stepId));
    const toComplete = new Set<string>();
    for (const key of keys) {
      for (const index of readIndexes(key)) {
        const stepId = ids[index];
        if (stepId !== undefined && !completed.has(stepId)) toComplete.add(stepId);
      }
    }
    Promise.all([...toComplete].map((stepId) => setStepProgress({ stepId, completed: true })))
      .then(() => {
        for (const key of keys) localStorage.removeItem(key);
      })
      .catch(() => {
        // The failed write said so in its toast; the keys stay, and the next page load tries again.
      });
  }, [userId, onboarding, setStepProgress]);
}
