import { describe, expect, it } from 'vitest';
import { demoDeadline, formatDemoDeadline } from './demo-deadline';

describe('demoDeadline (docs/product.md#demo-page)', () => {
  it.each([
    ['2026-11-26', 'Saturday 5 December'], // a Thursday: the Saturday after next
    ['2026-11-28', 'Saturday 5 December'], // a Saturday: one week later
    ['2026-11-29', 'Saturday 12 December'], // a Sunday: 13 days later
    ['2026-12-27', 'Saturday 9 January'], // across the year's end
  ])('from %s → %s', (today, expected) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    expect(formatDemoDeadline(demoDeadline(new Date(y, m - 1, d, 15, 30)))).toBe(expected);
  });

  it('is always a Saturday 7 to 13 days ahead', () => {
    for (let offset = 0; offset < 60; offset += 1) {
      const today = new Date(2026, 0, 1 + offset);
      const deadline = demoDeadline(today);
      const days = Math.round(
        (deadline.getTime() - new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()) / 86_400_000,
      );
      expect(deadline.getDay()).toBe(6);
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(13);
    }
  });
});
