/**
 * A bounded map of values read from the database, filled on a miss (docs/decisions/008-read-cache.md).
 *
 * A read that was under way when its key was invalidated is answered but not kept: the value it read may be from
 * before the change. Misses of one key that overlap share one read. Nothing is kept while `isLive()` is false (the
 * change feed cannot tell what changed), and {@link LoadingCache.clear} forgets everything, reads under way included.
 * When full, the oldest entry goes.
 */
export class LoadingCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #loads = new Map<K, { promise: Promise<V>; stale: boolean }>();
  readonly #maxEntries: number;
  readonly #isLive: () => boolean;
  readonly #keeps: (value: V) => boolean;

  /**
   * @param options.maxEntries the most entries kept (the oldest goes first)
   * @param options.isLive whether entries may be kept now (the change feed is listening)
   * @param options.keeps which loaded values are kept (default: all); e.g. not "no such session"
   */
  constructor(options: { maxEntries: number; isLive: () => boolean; keeps?: (value: V) => boolean }) {
    this.#maxEntries = options.maxEntries;
    this.#isLive = options.isLive;
    this.#keeps = options.keeps ?? (() => true);
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value of `key`: the kept one, or what `load` reads (kept if nothing invalidated `key` meanwhile).
   * @throws what `load` throws (nothing is kept then)
   */
  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    if (!this.#isLive()) return load(key);
    const kept = this.#entries.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const under = this.#loads.get(key);
    if (under) return under.promise;
    const entry = { promise: load(key), stale: false };
    this.#loads.set(key, entry);
    entry.promise.then(
      (value) => {
        if (this.#loads.get(key) === entry) this.#loads.delete(key);
        if (!entry.stale && this.#isLive() && this.#keeps(value)) this.#keep(key, value);
      },
      () => {
        if (this.#loads.get(key) === entry) this.#loads.delete(key);
      },
    );
    return entry.promise;
  }

  /** Reads `key` again, whatever is kept, and keeps the answer as {@link get} would. */
  refresh(key: K, load: (key: K) => Promise<V>): Promise<V> {
    this.delete(key);
    return this.get(key, load);
  }

  /** Replaces the kept value of `key` (this process changed it), if one is kept. */
  replace(key: K, value: V): void {
    if (this.#entries.has(key)) this.#entries.set(key, value);
  }

  /**
   * Changes the kept value of `key` (a change announced in commit order, which `change` applies to what was read
   * before it); a read of `key` under way is not kept, as after {@link delete}: it may have read before or after the
   * change.
   * @param change the new value from the kept one, or undefined to forget the key instead
   */
  update(key: K, change: (kept: V) => V | undefined): void {
    this.#forgetLoad(key);
    const kept = this.#entries.get(key);
    if (kept === undefined) return;
    const changed = change(kept);
    if (changed === undefined) this.#entries.delete(key);
    else this.#entries.set(key, changed);
  }

  /** Forgets `key`; a read of it under way is not kept. */
  delete(key: K): void {
    this.#entries.delete(key);
    this.#forgetLoad(key);
  }

  /** A read of `key` under way is answered but not kept. */
  #forgetLoad(key: K): void {
    const under = this.#loads.get(key);
    if (under) {
      under.stale = true;
      this.#loads.delete(key);
    }
  }

  /** Forgets every entry whose value matches; no read under way is kept (their values are not known yet). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (matches(value)) this.#entries.delete(key);
    this.#forgetLoads();
  }

  /** Forgets everything, reads under way included. */
  clear(): void {
    this.#entries.clear();
    this.#forgetLoads();
  }

  #forgetLoads(): void {
    for (const under of this.#loads.values()) under.stale = true;
    this.#loads.clear();
  }

  #keep(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }
}
