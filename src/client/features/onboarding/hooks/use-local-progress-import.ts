import type { Onboarding } from '@shared/onboarding-join';
import { orderedStepIds } from '@shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '@/config/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { progressImportDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';

/**
 * The browser keys where the earlier, browser-only version of the app kept a member's progress: step indexes (in the
 * order of the member's resolved steps) as a JSON array, under the member's own key and an older shared key.
 * @param userId the signed-in member's id
 */
export function localProgressKeys(userId: string): string[] {
  return [`completed_steps_${userId}`, 'completed_steps'];
}

/**
 * Members whose import was tried in this page: once per page load, so that a second effect run (strict mode) or the
 * refetched onboarding does not repeat it.
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
 * Sends the kept steps to POST /api/progress/import. The server imports them once per member, into the member's own
 * steps only, leaving steps that ask for an agreement (docs/product.md#progress-rules).
 * @returns whether the keys may be removed: the import was saved now, or was saved before (409)
 */
async function sendImport(stepIds: string[]): Promise<boolean> {
  try {
    await apiRequest(apiPaths.progressImport, progressImportDecoder, { method: 'POST', body: { stepIds } });
    return true;
  } catch (error) {
    return error instanceof ApiError && error.status === 409;
  }
}

/**
 * Imports the progress the earlier, browser-only version of the app kept in this browser (see
 * {@link localProgressKeys}) into the member's progress of record, once: the kept step indexes are sent as step ids
 * to the import route, which completes the member's plain steps among them (never a step that asks for an agreement)
 * and refuses a second import. The keys are removed once the import is saved, or when the server says it was done
 * before; after any other failure they stay for the next page load. Indexes beyond the member's steps are ignored.
 * Never runs for a role preview.
 * @param userId the signed-in member's id, or undefined while unknown
 * @param onboarding the member's own onboarding (steps and progress), or undefined while it loads
 */
export function useLocalProgressImport(userId: string | undefined, onboarding: Onboarding | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined || onboarding === undefined || onboarding.preview === true) return;
    const keys = localProgressKeys(userId).filter((key) => localStorage.getItem(key) !== null);
    if (keys.length === 0 || attempted.has(userId)) return;
    attempted.add(userId);
    const ids = orderedStepIds(onboarding);
    const kept = new Set<string>();
    for (const key of keys) {
      for (const index of readIndexes(key)) {
        const stepId = ids[index];
        if (stepId !== undefined) kept.add(stepId);
      }
    }
    const removeKeys = () => {
      for (const key of keys) localStorage.removeItem(key);
    };
    // Nothing readable was kept: nothing to import, and the member's one import stays for a browser that has some.
    if (kept.size === 0) {
      removeKeys();
      return;
    }
    void sendImport([...kept]).then((done) => {
      if (!done) return;
      removeKeys();
      void queryClient.invalidateQueries({ queryKey: queryKeys.onboarding, exact: true });
    });
  }, [userId, onboarding, queryClient]);
}
