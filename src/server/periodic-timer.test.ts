import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTimer } from './periodic-timer.js';

describe('PeriodicTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks at once, then once every period, and no more after stop', async () => {
    const timer = new PeriodicTimer();
    let ticks = 0;
    timer.start(1_000, () => {
      ticks += 1;
    });
    expect(ticks).toBe(1);
    expect(timer.started).toBe(true);
    vi.advanceTimersByTime(999);
    expect(ticks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(ticks).toBe(2);
    vi.advanceTimersByTime(3_000);
    expect(ticks).toBe(5);
    await timer.stop();
    expect(timer.started).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toBe(5);
  });

  it('stop waits for the run in progress, and a failed run does not fail it', async () => {
    const timer = new PeriodicTimer();
    timer.start(1_000, () => undefined);
    let finish: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let stopped = false;
    const stopping = timer.stop(running).then(() => {
      stopped = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await expect(timer.stop(Promise.reject(new Error('the run failed')))).resolves.toBeUndefined();
  });
});
