import type { Onboarding } from '@shared/onboarding-join';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testOnboarding } from '@/test/fixtures';
import {
  MAX_RETRY_DELAY_MS,
  PROGRESS_MUTATION_KEY,
  PROGRESS_MUTATION_SCOPE,
  type ItemWrite,
  retryDelay,
  retryWhileUnavailable,
  unsavedReason,
  withPendingProgressWrites,
} from './progress-cache';

const checklistStep = {
  id: 'first-call',
  isChecklistStep: true,
  isAcknowledgmentStep: false,
  content: { checklist: [{ id: 'a' }, { id: 'b' }], acknowledgments: [] },
} as unknown as ItemWrite['step'];

describe('retrying progress writes (docs/architecture.md#database-unavailable)', () => {
  it('retries only while the server is unavailable (503) or unreachable (status 0)', () => {
    expect(unsavedReason(new ApiError(503, 'down'))).toBe('database');
    expect(unsavedReason(new ApiError(0, 'offline'))).toBe('network');
    for (const status of [400, 401, 403, 404, 409, 429, 500]) {
      expect(unsavedReason(new ApiError(status, 'no'))).toBeNull();
      expect(retryWhileUnavailable(1, new ApiError(status, 'no'))).toBe(false);
    }
    expect(unsavedReason(new Error('not an API error'))).toBeNull();
    expect(retryWhileUnavailable(50, new ApiError(503, 'down'))).toBe(true);
  });

  it('waits 1 s, 2 s, 4 s … between tries, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(retryDelay(5)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(40)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('withPendingProgressWrites', () => {
  /** A query client whose progress writes never settle, with `writes` made in this order. */
  function clientWithPendingWrites(writes: unknown[]) {
    const queryClient = new QueryClient();
    for (const variables of writes) {
      void queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationKey: PROGRESS_MUTATION_KEY,
          scope: PROGRESS_MUTATION_SCOPE,
          mutationFn: () => new Promise(() => {}),
        })
        .execute(variables)
        .catch(() => {});
    }
    return queryClient;
  }

  it('lays the writes the server has not stored over its answer, in the order they were made', () => {
    const answer = testOnboarding({ completed: ['change-password'] }) as Onboarding;
    const queryClient = clientWithPendingWrites([
      { stepId: 'sign-in-to-chrome', completed: true },
      { stepId: 'change-password', completed: false },
      { stepId: 'set-up-slack', completed: true },
      { stepId: 'set-up-slack', completed: false },
      { step: checklistStep, itemId: 'a', done: true },
      { step: checklistStep, itemId: 'b', done: true },
    ]);
    const shown = withPendingProgressWrites(queryClient, answer);
    expect(shown.progress.completed.map((c) => c.stepId).sort()).toEqual(['first-call', 'sign-in-to-chrome']);
    expect(shown.progress.items.map((i) => i.itemId)).toEqual(['a', 'b']);
    // The answer itself is not changed.
    expect(answer.progress.completed.map((c) => c.stepId)).toEqual(['change-password']);
  });

  it('returns the answer as it is when nothing waits', () => {
    const answer = testOnboarding() as Onboarding;
    expect(withPendingProgressWrites(new QueryClient(), answer)).toBe(answer);
  });
});
