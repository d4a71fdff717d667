import confetti from 'canvas-confetti';
import { describe, expect, it, vi } from 'vitest';
import { CONFETTI_DURATION_MS, DASHBOARD_CONFETTI_PIECES, DEMO_CONFETTI_PIECES, playConfetti } from './confetti';

// canvas-confetti is replaced by a mock for every client test (test/setup.ts).
const fire = vi.mocked(confetti);

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const pieces = () => fire.mock.calls.reduce((sum, [options]) => sum + (options?.particleCount ?? 0), 0);

describe('playConfetti', () => {
  it.each([DASHBOARD_CONFETTI_PIECES, DEMO_CONFETTI_PIECES])('plays %i pieces over 10 s', async (count) => {
    fire.mockClear();
    vi.useFakeTimers();
    stubReducedMotion(false);
    playConfetti(count);
    await vi.dynamicImportSettled();
    expect(fire).toHaveBeenCalled();
    vi.advanceTimersByTime(CONFETTI_DURATION_MS / 2);
    expect(pieces()).toBeLessThan(count);
    vi.advanceTimersByTime(CONFETTI_DURATION_MS);
    expect(pieces()).toBe(count);
    expect(CONFETTI_DURATION_MS).toBe(10_000);
  });

  it('plays nothing under prefers-reduced-motion', async () => {
    fire.mockClear();
    stubReducedMotion(true);
    playConfetti(DASHBOARD_CONFETTI_PIECES);
    await vi.dynamicImportSettled();
    expect(fire).not.toHaveBeenCalled();
  });

  it('stops when asked', async () => {
    fire.mockClear();
    vi.useFakeTimers();
    stubReducedMotion(false);
    const stop = playConfetti(DASHBOARD_CONFETTI_PIECES);
    await vi.dynamicImportSettled();
    stop();
    const fired = fire.mock.calls.length;
    vi.advanceTimersByTime(CONFETTI_DURATION_MS);
    expect(fire.mock.calls.length).toBe(fired);
  });
});
