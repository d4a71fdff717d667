import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CHANGES_CHANNEL, parseChange, type Change } from './changes.js';
import { isEmbeddedClient, type Database } from './client.js';
import type { EmbeddedClient } from './embedded-client.js';

/**
 * The change feed (docs/decisions/008-read-cache.md): this process hears every change announced on the database
 * (db/changes.ts), its own and other processes'. PGlite delivers the notifications of its one process before the
 * writing query returns. On PostgreSQL one dedicated connection LISTENs; when it is lost the feed says so (`reset`,
 * `live` false) and connects again, with a growing pause (at most {@link MAX_RECONNECT_DELAY_MS}).
 */

/** What a subscriber of the feed is told. */
export interface ChangeHandler {
  /** Something changed (committed). */
  change(change: Change): void;
  /** The feed lost or regained its connection: changes may have been missed; forget everything. */
  reset(): void;
}

/** A process's view of the announced changes. */
export interface ChangeFeed {
  /**
   * Whether every committed change reaches the subscribers: always on PGlite; on PostgreSQL while the listening
   * connection is up. A cache may keep entries only while it is.
   */
  readonly live: boolean;
  /** Adds a subscriber (for the life of the feed). */
  subscribe(handler: ChangeHandler): void;
  /**
   * Waits until the changes this process committed before the call have reached the feed (PostgreSQL: a marker
   * announced after them came back; at most {@link SETTLE_TIMEOUT_MS}), so that an answer sent afterwards never
   * races its own invalidation. Immediate on PGlite and while the feed is not live.
   */
  settle(): Promise<void>;
  /** Stops listening (the app closes); the feed is not live afterwards. */
  close(): Promise<void>;
}

/** The longest pause between attempts to connect the listening connection again. */
export const MAX_RECONNECT_DELAY_MS = 5_000;
/** How long {@link ChangeFeed.settle} waits for its marker at most. */
export const SETTLE_TIMEOUT_MS = 2_000;

/** Callbacks shared by every feed. */
class Subscribers implements ChangeHandler {
  readonly #handlers: ChangeHandler[] = [];
  add(handler: ChangeHandler): void {
    this.#handlers.push(handler);
  }
  change(change: Change): void {
    for (const handler of this.#handlers) handler.change(change);
  }
  reset(): void {
    for (const handler of this.#handlers) handler.reset();
  }
  deliver(payload: string): void {
    const change = parseChange(payload);
    if (change) this.change(change);
  }
}

/** PGlite: one process, so its own notifications are all there is. */
async function pgliteFeed(client: EmbeddedClient): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  let live = true;
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => subscribers.deliver(payload));
  return {
    get live() {
      return live;
    },
    subscribe: (handler) => subscribers.add(handler),
    settle: async () => {},
    close: async () => {
      if (!live) return;
      live = false;
      subscribers.reset();
      if (!client.closed) await unlisten();
    },
  };
}

/** What the PostgreSQL feed reports about its connection (for the log). */
export interface FeedEvents {
  /** The listening connection was lost or could not be made; the feed tries again. */
  onDown?: (error: unknown) => void;
  /** The listening connection is (again) up. */
  onUp?: () => void;
}

/** PostgreSQL: a dedicated LISTEN connection next to the pool, reconnected when lost. */
class PostgresFeed implements ChangeFeed {
  readonly #pool: pg.Pool;
  readonly #events: FeedEvents;
  readonly #subscribers = new Subscribers();
  /** Sync markers of this process: `sync:<origin>:<n>`. */
  readonly #origin = randomUUID();
  #sequence = 0;
  readonly #waiting = new Map<string, () => void>();
  /** The marker that settles asked for now will wait for (not announced yet). */
  #nextMarker: Promise<void> | null = null;
  #client: pg.Client | null = null;
  #live = false;
  #closed = false;
  #delayMs = 100;
  #timer: NodeJS.Timeout | null = null;

  constructor(pool: pg.Pool, events: FeedEvents) {
    this.#pool = pool;
    this.#events = events;
  }

  get live(): boolean {
    return this.#live;
  }

  subscribe(handler: ChangeHandler): void {
    this.#subscribers.add(handler);
  }

  /** Connects and LISTENs; on failure, tries again later. Never throws. */
  async connect(): Promise<void> {
    // Keep-alive: a connection that silently stops answering (a dropped network path) is noticed and replaced.
    const client = new pg.Client({ ...this.#pool.options, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('the listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || message.payload === undefined) return;
      const marker = message.payload.startsWith('sync:') ? message.payload.slice('sync:'.length) : undefined;
      if (marker === undefined) this.#subscribers.deliver(message.payload);
      else this.#waiting.get(marker)?.();
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    if (this.#client !== client) return; // lost meanwhile
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#delayMs = 100;
    // Whatever was kept before may have changed unheard while no connection listened.
    this.#subscribers.reset();
    this.#live = true;
    this.#events.onUp?.();
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== client) return;
    this.#client = null;
    const wasLive = this.#live;
    this.#live = false;
    this.#subscribers.reset();
    for (const release of this.#waiting.values()) release();
    client.removeAllListeners('notification');
    client.on('error', () => {}); // a dead client may still report; nobody listens any more
    void client.end().catch(() => {});
    if (this.#closed) return;
    if (wasLive || this.#delayMs === 100) this.#events.onDown?.(error);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.connect();
    }, this.#delayMs);
    this.#delayMs = Math.min(this.#delayMs * 2, MAX_RECONNECT_DELAY_MS);
  }

  /**
   * Every settle asked for before the next marker is announced waits for that one marker: their changes committed
   * before it, and PostgreSQL delivers notifications in commit order. So under load one marker serves many answers.
   */
  settle(): Promise<void> {
    if (!this.#live) return Promise.resolve();
    this.#nextMarker ??= this.#announceMarker();
    return this.#nextMarker;
  }

  /** Announces a marker on the next turn of the event loop and resolves when it comes back (or after the timeout). */
  async #announceMarker(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.#nextMarker = null; // later settles need a later marker
    this.#sequence += 1;
    const marker = `${this.#origin}:${this.#sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.#waiting.set(marker, resolve);
      timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    });
    try {
      await this.#pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `sync:${marker}`]);
      await arrived;
    } catch {
      // The database is not reachable: the answer already says what happened; there is nothing to wait for.
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(marker);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    this.#live = false;
    for (const release of this.#waiting.values()) release();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/** A feed that never hears anything (a database this module does not know): nothing may be kept. */
const deafFeed: ChangeFeed = { live: false, subscribe: () => {}, settle: async () => {}, close: async () => {} };

/**
 * Opens the change feed of a database: PGlite's own notifications, or a LISTEN connection to PostgreSQL made with
 * the pool's settings (in the background: the feed is not live until it is up, and start-up does not wait for it).
 * @param db the database (drizzle's `$client` says which driver it has)
 * @param events what to report about the PostgreSQL connection
 * @returns the feed; close it when the app closes
 */
export async function openChangeFeed(db: Database, events: FeedEvents = {}): Promise<ChangeFeed> {
  const client = (db as Database & { $client?: unknown }).$client;
  if (isEmbeddedClient(client)) return pgliteFeed(client);
  if (client instanceof pg.Pool) {
    const feed = new PostgresFeed(client, events);
    void feed.connect();
    return feed;
  }
  return deafFeed;
}
