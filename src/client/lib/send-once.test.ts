import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { sendOnce } from './send-once';

/** Sends through `sendOnce` and says which key it used and how it ended. */
async function keyOf(place: string, body: unknown, outcome: 'ok' | number): Promise<string> {
  let used = '';
  await sendOnce(place, body, async (key) => {
    used = key;
    if (outcome === 'ok') return 'stored';
    throw new ApiError(outcome, outcome === 0 ? NETWORK_ERROR_MESSAGE : 'Refused.');
  }).catch(() => undefined);
  return used;
}

describe('sendOnce (docs/reliability.md#a-send-that-counts-once)', () => {
  it('keeps the key while the same answers are sent again without a definite answer', async () => {
    const body = { answers: { name: 'Sam' } };
    const lost = await keyOf('form:a', body, 0);
    expect(lost).toMatch(/^[0-9a-f]{32}$/u);
    expect(await keyOf('form:a', body, 503)).toBe(lost);
    expect(await keyOf('form:a', body, 'ok')).toBe(lost);
    // Answered: the next send is a new one, even with the same answers.
    const next = await keyOf('form:a', body, 'ok');
    expect(next).not.toBe(lost);
  });

  it('makes a new key for other answers, after a refusal, and for each place', async () => {
    const first = await keyOf('quiz:b', { answers: { who: ['lead'] } }, 0);
    expect(await keyOf('quiz:b', { answers: { who: ['nobody'] } }, 0)).not.toBe(first);
    const refused = await keyOf('quiz:b', { answers: { who: ['nobody'] } }, 409);
    expect(await keyOf('quiz:b', { answers: { who: ['nobody'] } }, 0)).not.toBe(refused);
    // Each place keeps its own unanswered send.
    const onB = await keyOf('quiz:b', { answers: { who: ['lead'] } }, 0);
    const onC = await keyOf('quiz:c', { answers: { who: ['lead'] } }, 0);
    expect(onC).not.toBe(onB);
    expect(await keyOf('quiz:b', { answers: { who: ['lead'] } }, 0)).toBe(onB);
  });
});
