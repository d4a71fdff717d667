import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../env.js';
import { projectRoot } from '../project-root.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { type EmbeddedClient, WorkerPGlite } from './embedded-client.js';
import { parseDrizzleTypesAsText, withoutDrizzleParsers } from './embedded-parsers.js';
import { makePrivate } from './private-files.js';
import * as schema from './schema.js';
import { failFastWhileUnanswered } from './unanswered-database.js';

/**
 * The drizzle database the repositories use; the same type for PGlite and PostgreSQL (docs/architecture.md#database).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Whether a client is an embedded database: PGlite itself (in this thread) or PGlite in its worker thread.
 * @param client anything, e.g. drizzle's `$client`
 * @returns true for either form of the embedded database
 */
export function isEmbeddedClient(client: unknown): client is EmbeddedClient {
  return client instanceof PGlite || client instanceof WorkerPGlite;
}

/**
 * Whether a database is the embedded one (PGlite: one connection, in the server's own thread or in its worker thread),
 * as drizzle's `$client` says; a transaction, or a database of another driver, is not.
 * @param db a database or transaction
 * @returns true for the embedded database itself
 */
export function isEmbedded(db: Database): boolean {
  return isEmbeddedClient((db as Database & { $client?: unknown }).$client);
}

/** An open database and the driver behind it. */
export interface OpenDatabase {
  db: Database;
  driver: { kind: 'pglite'; client: EmbeddedClient } | { kind: 'postgres'; pool: pg.Pool };
  /** Closes the connection(s); the database cannot be used afterwards. */
  close(): Promise<void>;
}

/** Where the committed migrations are (drizzle-kit output, see drizzle.config.ts). */
export const MIGRATIONS_DIR = path.join(projectRoot, 'src', 'server', 'db', 'migrations');

/**
 * An embedded database as drizzle should be given it. PGlite merges the parsers a statement comes with into its own
 * table of ~320 type parsers, a copy for every statement; drizzle's driver hands the same nine with every statement,
 * which cost about a fifth of a millisecond each time, a third of a sign-in's database time
 * (docs/decisions/027-sign-in-rush-on-the-embedded-database.md). Here those nine are in PGlite's own table once (text as
 * it came: so raw `client.query` results, too, carry timestamps, dates and intervals as text, as drizzle reads them), and
 * statements — in and outside transactions — are run without the copy. Results are the same.
 * @param client a PGlite database, ready (`waitReady`)
 * @returns the same client, its `query` and `transaction` wrapped
 */
function embedded(client: PGlite): PGlite {
  parseDrizzleTypesAsText(client);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (statement, params, options) => query(statement, params, withoutDrizzleParsers(options));
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      // `closed` is a getter of the transaction: the wrapper inherits it rather than copying its value.
      const wrapped: Transaction = Object.create(tx, {
        query: {
          value: ((statement, params, options) =>
            txQuery(statement, params, withoutDrizzleParsers(options))) as Transaction['query'],
          writable: true,
          enumerable: true,
          configurable: true,
        },
      });
      return callback(wrapped);
    });
  return client;
}

/** node-postgres's error when a statement ran past `query_timeout` (the database did not answer in time). */
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * Makes a pooled client leave the pool when a statement of its holder runs out of time. node-postgres only fails the
 * statement: the connection stays with it in flight, and a transaction's holder (drizzle) hands it back without an
 * error, or, when its BEGIN timed out, never — so the next user would run inside the stale transaction, or the pool
 * would lose the connection for good. Here the connection is handed back with the error at once (the pool closes it,
 * and PostgreSQL rolls the transaction back) and the holder's own later release does nothing.
 * Only the promise form is watched: the pool's own `query` uses the callback form and already releases with the error.
 * @param client a client the pool has just connected (its 'connect' event)
 */
function discardOnTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== QUERY_TIMEOUT_MESSAGE) return;
        const release = client.release.bind(client);
        client.release = () => {};
        release(error);
      });
    }
    return result;
  };
  client.query = watched as typeof client.query;
}

/** Any fixed number: the key of the PostgreSQL advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_340_291_105;

/**
 * Opens the database (docs/architecture.md#database): PostgreSQL via `pg` when `url` is given, otherwise embedded
 * PGlite, file-backed under `dataDir` (created if missing) or in memory.
 * @param options.url a postgres:// URL; wins over the other options
 * @param options.dataDir directory of the PGlite database files
 * @param options.inMemory an in-memory PGlite database (tests)
 * @param options.fromDump in memory only: start from this copy of a data directory (PGlite's `dumpDataDir`, an
 *   uncompressed tar) instead of an empty one — the tests' migrated template, which opens in about half the time
 * @param options.inWorker embedded only: PGlite runs in a worker thread (db/embedded-client.ts), so that its work leaves
 *   the thread that serves requests (docs/decisions/079-embedded-database-off-the-request-thread.md); the default for
 *   a `dataDir`, while an in-memory database (tests) stays in this thread unless asked
 * @param options.onLost embedded in its worker only: called once when the worker ends without `close()` (its statements
 *   then fail); the server ends on it
 * @param options.timeoutSeconds PostgreSQL only: the most a connection, a wait for one, or a statement may take (the
 *   server's DATABASE_TIMEOUT_SECONDS; none when not given). A statement past it fails and its connection is closed, so
 *   a transaction it was part of is rolled back, never continued by the next user of the connection; once a wait ran
 *   out, statements fail at once until the database answers again (db/unanswered-database.ts)
 *   (docs/architecture.md#database-unavailable)
 * @returns the drizzle database, its driver and `close()`
 * @throws Error when none of the options is given, or PGlite cannot open `dataDir`
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  inMemory?: boolean;
  fromDump?: Blob;
  inWorker?: boolean;
  onLost?: (error: Error) => void;
  timeoutSeconds?: number;
}): Promise<OpenDatabase> {
  if (options.url !== undefined) {
    const limitMs = options.timeoutSeconds === undefined ? undefined : options.timeoutSeconds * 1000;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(limitMs === undefined
        ? {}
        : { connectionTimeoutMillis: limitMs, query_timeout: limitMs, statement_timeout: limitMs }),
    });
    if (limitMs !== undefined) pool.on('connect', discardOnTimeout);
    const guard = limitMs === undefined ? undefined : failFastWhileUnanswered(pool, limitMs);
    // An idle connection that the server drops (a restart, a failover) makes the pool emit 'error'; unhandled, that
    // would end the process. The pool has already discarded the connection and opens a new one when next asked
    // (docs/architecture.md#database-unavailable: the server recovers by itself), so there is nothing more to do here.
    pool.on('error', () => {});
    const db: Database = drizzleNodePostgres(pool, { schema });
    const close = async () => {
      guard?.close();
      await pool.end();
    };
    return { db, driver: { kind: 'postgres', pool }, close };
  }
  if (options.dataDir === undefined && options.inMemory !== true) {
    throw new Error('openDatabase needs a url, a dataDir or inMemory: true');
  }
  const dataDir = options.dataDir;
  if (dataDir !== undefined) makePrivate(dataDir);
  const inWorker = options.inWorker ?? dataDir !== undefined;
  let client: EmbeddedClient;
  if (inWorker) {
    const worker = new WorkerPGlite(
      dataDir !== undefined ? { dataDir } : { loadDataDir: options.fromDump },
      options.onLost,
    );
    try {
      await worker.waitReady;
    } catch (error) {
      await worker.close().catch(() => undefined);
      throw error;
    }
    client = worker;
  } else {
    const pglite =
      dataDir !== undefined
        ? new PGlite(dataDir)
        : options.fromDump === undefined
          ? new PGlite()
          : new PGlite({ loadDataDir: options.fromDump });
    // Ready first: PGlite sets the parsers of array types as it starts.
    await pglite.waitReady;
    client = embedded(pglite);
  }
  // PGlite writes its files 0666: only the server's user may read them (docs/operations.md#backups).
  if (dataDir !== undefined) makePrivate(dataDir);
  // drizzle's PGlite driver calls only what EmbeddedClient has (query, transaction; their results are PGlite's).
  const db: Database = drizzlePglite(client as PGlite, { schema });
  const close = async () => {
    await client.close();
    if (dataDir !== undefined) makePrivate(dataDir);
  };
  return { db, driver: { kind: 'pglite', client }, close };
}

/**
 * Opens the database a process is configured for (docs/architecture.md#database): PostgreSQL when DATABASE_URL is set;
 * otherwise the embedded database under DATA_DIR, after taking the data folder's lock (db/data-dir-lock.ts), so that
 * the server and the command-line tools never open it at the same time. `close()` also releases the lock.
 * @param config `databaseUrl` and `dataDir`
 * @param holder what this process is, for the lock and its messages: 'server', 'npm run members', …
 * @param onLost the embedded database only: called once when its worker thread ends without `close()`
 * @returns the open database
 * @throws DataDirBusyError when another running process holds the embedded database
 * @throws Error when PGlite cannot open DATA_DIR (the lock is released first)
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseTimeoutSeconds'>>,
  holder: string,
  onLost?: (error: Error) => void,
): Promise<OpenDatabase> {
  if (config.databaseUrl !== undefined) {
    return openDatabase({ url: config.databaseUrl, timeoutSeconds: config.databaseTimeoutSeconds });
  }
  const lock = acquireDataDirLock(config.dataDir, holder);
  let database: OpenDatabase;
  try {
    database = await openDatabase({ dataDir: config.dataDir, onLost });
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Applies the committed migrations that the database has not seen yet. On PostgreSQL it holds an advisory lock on
 * one dedicated connection while migrating, so that several processes starting together migrate exactly once
 * (docs/architecture.md#scaling-out); PGlite has a single connection and needs no lock.
 * @param database an open database
 * @param migrationsFolder the drizzle-kit output folder (default: the committed migrations)
 * @throws the database error when a migration fails (the failing migration is rolled back)
 */
export async function migrate(database: OpenDatabase, migrationsFolder: string = MIGRATIONS_DIR): Promise<void> {
  if (database.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.driver.client as PGlite, { schema }), { migrationsFolder });
    return;
  }
  // Its own connection, without the pool's time limits: a migration, or the wait for another process's, may be long.
  const connection = new pg.Client({ ...database.driver.pool.options, query_timeout: 0, statement_timeout: false });
  await connection.connect();
  try {
    const db = drizzleNodePostgres(connection, { schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrateNodePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    await connection.end();
  }
}
