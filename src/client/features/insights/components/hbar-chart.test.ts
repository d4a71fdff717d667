import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrapWords } from './hbar-chart';

describe('wrapWords (a bar text under its bar, on as many lines as it needs)', () => {
  const words = fc.array(fc.stringMatching(/^[a-z0-9%(),.]{1,12}$/u), { minLength: 1, maxLength: 12 });

  it('keeps every word, in order, and no line longer than the width unless it is one word', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 40 }), (list, maxChars) => {
        const lines = wrapWords(list.join(' '), maxChars);
        expect(lines.join(' ')).toBe(list.join(' '));
        for (const line of lines) expect(line.length <= maxChars || !line.includes(' ')).toBe(true);
      }),
    );
  });

  it('fills each line before starting the next', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 40 }), (list, maxChars) => {
        const lines = wrapWords(list.join(' '), maxChars);
        for (const [i, line] of lines.slice(0, -1).entries()) {
          const next = (lines[i + 1] ?? '').split(' ')[0] ?? '';
          expect(line.length + 1 + next.length).toBeGreaterThan(maxChars);
        }
      }),
    );
  });

  it('wraps a funnel text at 200% text on a phone', () => {
    expect(wrapWords('3 on it now, median wait 15 days', 16)).toEqual(['3 on it now,', 'median wait 15', 'days']);
  });
});
