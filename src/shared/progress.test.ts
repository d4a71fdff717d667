import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveProgress } from './progress.js';

describe('deriveProgress (docs/product.md#progress-rules)', () => {
  it('marks completed steps, the first open step active and the rest pending', () => {
    const p = deriveProgress(['a', 'b', 'c', 'd'], ['a', 'c']);
    expect(p.statuses).toEqual(['completed', 'active', 'completed', 'pending']);
    expect(p.currentIndex).toBe(1);
    expect(p.completedCount).toBe(2);
    expect(p.total).toBe(4);
    expect(p.percent).toBe(50);
  });

  it('makes the first step active when nothing is done', () => {
    const p = deriveProgress(['a', 'b', 'c'], []);
    expect(p.statuses).toEqual(['active', 'pending', 'pending']);
    expect(p.currentIndex).toBe(0);
    expect(p.percent).toBe(0);
  });

  it('points at the last step when all are done, with no active step', () => {
    const p = deriveProgress(['a', 'b', 'c'], ['c', 'b', 'a']);
    expect(p.statuses).toEqual(['completed', 'completed', 'completed']);
    expect(p.currentIndex).toBe(2);
    expect(p.percent).toBe(100);
  });

  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [1, 6, 17],
    [1, 8, 13],
    [1, 200, 1],
    [199, 200, 100],
  ])('rounds %i of %i to %i percent', (done, total, percent) => {
    const ids = Array.from({ length: total }, (_, i) => `s${i}`);
    expect(deriveProgress(ids, ids.slice(0, done)).percent).toBe(percent);
  });

  it('gives 0 percent and current index -1 with no steps', () => {
    expect(deriveProgress([], ['a'])).toEqual({
      statuses: [],
      currentIndex: -1,
      completedCount: 0,
      total: 0,
      percent: 0,
    });
  });

  it('ignores completed ids that are not among the steps, and duplicates', () => {
    const p = deriveProgress(['a', 'b'], ['old-step', 'a', 'a', 'another-role-step']);
    expect(p.completedCount).toBe(1);
    expect(p.percent).toBe(50);
    expect(p.statuses).toEqual(['completed', 'active']);
  });

  it('accepts any iterable of completed ids', () => {
    expect(deriveProgress(['a', 'b'], new Set(['b'])).statuses).toEqual(['active', 'completed']);
  });
});

describe('deriveProgress properties', () => {
  const stepIds = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 30 });
  const scenario = stepIds.chain((ids) =>
    fc.tuple(fc.constant(ids), fc.subarray(ids), fc.array(fc.stringMatching(/^[A-Z]{1,4}$/), { maxLength: 5 })),
  );

  it('keeps percent within 0..100, equal to the rounded share of completed steps', () => {
    fc.assert(
      fc.property(scenario, ([ids, done, unknown]) => {
        const p = deriveProgress(ids, [...done, ...unknown]);
        expect(p.percent).toBeGreaterThanOrEqual(0);
        expect(p.percent).toBeLessThanOrEqual(100);
        expect(Number.isInteger(p.percent)).toBe(true);
        expect(p.percent).toBe(ids.length === 0 ? 0 : Math.round((done.length / ids.length) * 100));
      }),
    );
  });

  it('has exactly one active step unless every step is completed (or there are none)', () => {
    fc.assert(
      fc.property(scenario, ([ids, done]) => {
        const p = deriveProgress(ids, done);
        const active = p.statuses.filter((s) => s === 'active').length;
        expect(active).toBe(done.length === ids.length ? 0 : 1);
        if (active === 1) expect(p.statuses[p.currentIndex]).toBe('active');
        expect(p.statuses.slice(0, Math.max(p.currentIndex, 0)).every((s) => s === 'completed')).toBe(true);
      }),
    );
  });

  it('counts completed steps consistently: completedCount ≤ total and matches the statuses', () => {
    fc.assert(
      fc.property(scenario, ([ids, done, unknown]) => {
        const p = deriveProgress(ids, [...unknown, ...done]);
        expect(p.total).toBe(ids.length);
        expect(p.statuses).toHaveLength(ids.length);
        expect(p.completedCount).toBeLessThanOrEqual(p.total);
        expect(p.completedCount).toBe(p.statuses.filter((s) => s === 'completed').length);
        expect(p.completedCount).toBe(done.length);
      }),
    );
  });
});
