import { describe, expect, it } from 'vitest';
import { LoadingCache } from './loading-cache.js';

/** A load the test finishes by hand, counting how often the key was read. */
function manualLoads() {
  const pending: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let reads = 0;
  const load = (key: string) => {
    reads += 1;
    return new Promise<string>((resolve, reject) => pending.push({ key, resolve, reject }));
  };
  return {
    load,
    pending,
    reads: () => reads,
    finish: (value: string) => {
      const next = pending.shift();
      if (!next) throw new Error('no load under way');
      next.resolve(value);
    },
  };
}

const counting = () => {
  let reads = 0;
  return { load: async (key: string) => `${key}#${(reads += 1)}`, reads: () => reads };
};

describe('LoadingCache', () => {
  it('keeps what it read and answers from it', async () => {
    const cache = new LoadingCache<string, string>({ maxEntries: 10, isLive: () => true });
    const source = counting();
    expect(await cache.get('a', source.load)).toBe('a#1');
    expect(await cache.get('a', source.load)).toBe('a#1');
    expect(source.reads()).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('shares one read between misses of the same key that overlap', async () => {
    const cache = new LoadingCache<string, string>({ maxEntries: 10, isLive: () => true });
    const loads = manualLoads();
    const first = cache.get('a', loads.load);
    const second = cache.get('a', loads.load);
    loads.finish('value');
    expect(await Promise.all([first, second])).toEqual(['value', 'value']);
    expect(loads.reads()).toBe(1);
  });

  it('answers but does not keep a read that was under way when its key was invalidated', async () => {
    const cache = new LoadingCache<string, string>({ maxEntries: 10, isLive: () => true });
    const loads = manualLoads();
    const before = cache.get('a', loads.load);
    cache.delete('a'); // the change committed while the read was under way
    const after = cache.get('a', loads.load); // a new read, not the stale one
    loads.finish('old');
    loads.finish('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get('a', loads.load)).toBe('new');
    expect(loads.reads()).toBe(2);
  });

  it('keeps nothing while not live, and forgets reads under way when cleared', async () => {
    let live = false;
    const cache = new LoadingCache<string, string>({ maxEntries: 10, isLive: () => live });
    const source = counting();
    await cache.get('a', source.load);
    await cache.get('a', source.load);
    expect(source.reads()).toBe(2);
    expect(cache.size).toBe(0);

    live = true;
    const loads = manualLoads();
    const under = cache.get('b', loads.load);
    cache.clear();
    loads.finish('stale');
    await under;
    expect(cache.size).toBe(0);
  });

  it('forgets entries by value, and reads under way then', async () => {
    const cache = new LoadingCache<string, { user: string }>({ maxEntries: 10, isLive: () => true });
    await cache.get('t1', async () => ({ user: 'u1' }));
    await cache.get('t2', async () => ({ user: 'u2' }));
    cache.deleteWhere((value) => value.user === 'u1');
    expect(cache.size).toBe(1);
    expect(await cache.get('t2', async () => ({ user: 'changed' }))).toEqual({ user: 'u2' });
  });

  it('keeps only the values it is told to keep', async () => {
    const cache = new LoadingCache<string, string | undefined>({
      maxEntries: 10,
      isLive: () => true,
      keeps: (v) => v !== undefined,
    });
    let reads = 0;
    const missing = async () => {
      reads += 1;
      return undefined;
    };
    await cache.get('unknown', missing);
    await cache.get('unknown', missing);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('reads again on refresh, replaces a kept value, and drops the oldest entry when full', async () => {
    const cache = new LoadingCache<string, string>({ maxEntries: 2, isLive: () => true });
    const source = counting();
    await cache.get('a', source.load);
    expect(await cache.refresh('a', source.load)).toBe('a#2');
    cache.replace('a', 'replaced');
    expect(await cache.get('a', source.load)).toBe('replaced');
    cache.replace('absent', 'x'); // only kept values are replaced
    expect(cache.size).toBe(1);

    await cache.get('b', source.load);
    await cache.get('c', source.load);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', source.load)).toBe('b#3');
    expect(await cache.get('a', source.load)).toBe('a#5'); // 'a' was the oldest and went
  });

  it('keeps nothing from a failed read', async () => {
    const cache = new LoadingCache<string, string>({ maxEntries: 10, isLive: () => true });
    await expect(cache.get('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('a', async () => 'fine')).toBe('fine');
  });
});
