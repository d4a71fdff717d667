import pg from 'pg';

/**
 * Failing fast while PostgreSQL does not answer (docs/architecture.md#database-unavailable, decision
 * docs/decisions/040-fail-fast-while-the-database-does-not-answer.md). A database that is frozen (SIGSTOP, a hung
 * host) accepts connections and statements and answers nothing; each wait is cut off by DATABASE_TIMEOUT_SECONDS, but
 * a request that asks the database again after a failure (recording the failure, settling its answer with the change
 * feed) would wait once more for every such step, so requests answered after two or three times the limit. Here the
 * first wait that runs out marks the database as not answering; from then on the pool hands out no connection (every
 * statement fails at once with {@link DatabaseNotAnsweringError}) until a probe, a `select 1` on a connection of its
 * own, is answered. The probe is tried again every {@link PROBE_INTERVAL_MS} (each waiting at most the limit), so the
 * server is back within about that after the database is.
 */

/** The least time between the starts of two probes while the database does not answer. */
export const PROBE_INTERVAL_MS = 1_000;

/** node-postgres's errors of a database that did not answer at all within the limit (not of a refused connection). */
const NO_ANSWER = /^(?:Connection terminated due to connection timeout|Query read timeout)$/u;

/** A statement refused at once because the database has not been answering (see this module's comment). */
export class DatabaseNotAnsweringError extends Error {
  /** @param limitSeconds the time limit the database did not answer within (DATABASE_TIMEOUT_SECONDS) */
  constructor(limitSeconds: number) {
    super(`The database did not answer within ${limitSeconds} s; it is not asked again until a probe is answered.`);
    this.name = 'DatabaseNotAnsweringError';
  }
}

/** The state of a guarded pool. */
export interface AnswerGuard {
  /** False from the first wait that ran out until a probe is answered. */
  readonly answering: boolean;
  /** Stops probing (the pool is being closed). */
  close(): void;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * Makes a pool fail fast while its database does not answer (see this module's comment): its `connect` — which its
 * `query` and drizzle's transactions use — rejects with {@link DatabaseNotAnsweringError} while the database is
 * marked as not answering. A new connection that timed out or a statement that got no answer in time (`query_timeout`)
 * marks it; a refused connection or a statement PostgreSQL cancelled itself (`statement_timeout`) does not, as the
 * database answered.
 * @param pool a pool with `connectionTimeoutMillis` and `query_timeout` set to `limitMs`
 * @param limitMs the time limit in ms (DATABASE_TIMEOUT_SECONDS × 1000): each probe waits at most this long
 * @returns the guard's state and `close()`
 */
export function failFastWhileUnanswered(pool: pg.Pool, limitMs: number): AnswerGuard {
  let answering = true;
  let probing = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const probe = async (): Promise<void> => {
    probing = true;
    const started = performance.now();
    const client = new pg.Client({ ...pool.options, connectionTimeoutMillis: limitMs, query_timeout: limitMs });
    client.on('error', () => {}); // a failed probe is expected while the database does not answer
    try {
      await client.connect();
      await client.query('select 1');
      answering = true;
    } catch {
      // still not answering: tried again below
    } finally {
      // Not awaited: ending a connection to a frozen database waits for it.
      client.end().catch(() => {});
      probing = false;
    }
    if (answering || closed) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void probe();
      },
      Math.max(0, PROBE_INTERVAL_MS - (performance.now() - started)),
    );
  };

  const noticed = (error: unknown): void => {
    if (closed || !(error instanceof Error) || !NO_ANSWER.test(error.message)) return;
    answering = false;
    if (!probing && timer === undefined) void probe();
  };

  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guarded = (callback?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    if (!answering) {
      const error = new DatabaseNotAnsweringError(limitMs / 1000);
      if (callback === undefined) return Promise.reject(error);
      process.nextTick(() => callback(error, undefined, () => {}));
      return undefined;
    }
    if (callback !== undefined) {
      return connect((error, client, done) => {
        noticed(error);
        callback(error, client, done);
      });
    }
    const connecting = connect();
    connecting?.catch(noticed);
    return connecting;
  };
  pool.connect = guarded as typeof pool.connect;
  // A statement without an answer in time: the pool's own `query` and db/client.ts release the connection with it.
  pool.on('release', (error) => noticed(error));

  return {
    get answering() {
      return answering;
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
