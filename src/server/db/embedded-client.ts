import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { withoutDrizzleParsers } from './embedded-parsers.js';
import type {
  EmbeddedAsk,
  EmbeddedMessage,
  EmbeddedRequest,
  EmbeddedWorkerData,
  WireError,
  WireQueryOptions,
} from './embedded-worker.js';

/** What the app uses of a PGlite database: the same on PGlite itself and on {@link WorkerPGlite}. */
export type EmbeddedClient = Pick<
  PGlite,
  'query' | 'exec' | 'transaction' | 'dumpDataDir' | 'listen' | 'close' | 'closed' | 'waitReady'
>;

/** The error of a statement when the embedded database's thread has ended. */
export class EmbeddedDatabaseLostError extends Error {
  constructor(reason: string) {
    super(`PGlite is closed: the embedded database's thread ended (${reason})`);
    this.name = 'EmbeddedDatabaseLostError';
  }
}

function fromWireError(wire: WireError): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire.properties);
  error.name = wire.name;
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}

/**
 * Starts the worker: the compiled .js beside this file, or (tests, `npm run dev`) the .ts source, imported after tsx's
 * loader is registered in the worker (Node does not run a worker's main file through the loader its parent has).
 */
function startWorker(data: EmbeddedWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./embedded-worker.js', import.meta.url), { workerData: data });
  const source = new URL('./embedded-worker.ts', import.meta.url).href;
  const api = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm')), 'api', 'index.mjs');
  const code = `import(${JSON.stringify(pathToFileURL(api).href)})
    .then((tsx) => tsx.register())
    .then(() => import(${JSON.stringify(source)}));`;
  return new Worker(code, { eval: true, workerData: data });
}

/**
 * PGlite in a worker thread (docs/architecture.md#database, docs/decisions/079-embedded-database-off-the-request-thread.md):
 * what drizzle's PGlite driver, the backups and the change feed call on a PGlite database (`query`, `exec`,
 * `transaction`, `dumpDataDir`, `listen`, `close`, `closed`, `waitReady`), each forwarded to the thread that runs the
 * database, so that PostgreSQL's work leaves the thread that serves requests. A transaction's statements carry its id,
 * so only they run inside it; PGlite keeps every other statement waiting until it ends. Rows come back through the
 * structured clone (dates and intervals are text here as on PGlite itself: see db/embedded-parsers.ts); parsers a
 * statement brings beyond drizzle's own run here on the text the worker hands back for their types.
 * When the thread ends without `close()`, every waiting and later statement fails and `onLost` is called: nothing is
 * answered as stored that was not.
 */
export class WorkerPGlite implements EmbeddedClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  #closing = false;
  #lost: Error | undefined;
  readonly waitReady: Promise<void>;

  /**
   * Starts the worker and opens the database in it.
   * @param data the data directory, or (in memory) a copy to start from
   * @param onLost called once when the worker ends without `close()` (the server ends then)
   */
  constructor(data: EmbeddedWorkerData, onLost?: (error: Error) => void) {
    this.#worker = startWorker(data);
    let ready: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.#worker.on('message', (message: EmbeddedMessage) => {
      switch (message.kind) {
        case 'ready':
          ready();
          return;
        case 'failed':
          failed(fromWireError(message.error));
          return;
        case 'answer':
          this.#pending.get(message.id)?.resolve(message.result);
          this.#pending.delete(message.id);
          return;
        case 'error':
          this.#pending.get(message.id)?.reject(fromWireError(message.error));
          this.#pending.delete(message.id);
          return;
        case 'notification':
          for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
          return;
      }
    });
    const lose = (reason: string) => {
      if (this.#closed) return;
      this.#closed = true;
      const error = new EmbeddedDatabaseLostError(reason);
      this.#lost = error;
      failed(error);
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      if (!this.#closing) onLost?.(error);
    };
    this.#worker.on('error', (error) => lose(error.message));
    this.#worker.on('exit', (code) => lose(`exit code ${code}`));
  }

  /** Whether the database is closed (or its thread ended). */
  get closed(): boolean {
    return this.#closed;
  }

  #ask<T>(request: EmbeddedAsk): Promise<T> {
    if (this.#lost !== undefined) return Promise.reject(this.#lost);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const message: EmbeddedRequest = { ...request, id };
      this.#worker.postMessage(message);
    });
  }

  async #query<T>(
    statement: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> {
    const { wire, parsers } = wireOptions(options);
    const results = await this.#ask<Results<T>>({ op: 'query', sql: statement, params, options: wire, tx });
    return parsers === undefined ? results : parsed(results, parsers);
  }

  async #exec(statement: string, options: QueryOptions | undefined, tx: number | undefined): Promise<Results[]> {
    const { wire, parsers } = wireOptions(options);
    const results = await this.#ask<Results[]>({ op: 'exec', sql: statement, options: wire, tx });
    return parsers === undefined ? results : results.map((one) => parsed(one, parsers));
  }

  /** PGlite's `query`, run in the worker. */
  query<T>(statement: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(statement, params, options, undefined);
  }

  /** PGlite's `exec`, run in the worker. */
  exec(statement: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(statement, options, undefined);
  }

  /**
   * PGlite's `transaction`: BEGIN in the worker, the callback's statements inside it, then COMMIT, or ROLLBACK when the
   * callback throws (its error is thrown again).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#ask<number>({ op: 'begin' });
    let closed = false;
    const tx: Transaction = {
      query: <R>(statement: string, params?: unknown[], options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.#query<R>(statement, params, options, id);
      },
      exec: (statement: string, options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.#exec(statement, options, id);
      },
      sql: () => Promise.reject(new Error('sql`` is not available on the embedded database in its worker')),
      rollback: async () => {
        await this.#ask({ op: 'end', tx: id, commit: false });
        closed = true;
      },
      listen: () => Promise.reject(new Error('listen in a transaction is not available in the worker')),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#ask({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** PGlite's `dumpDataDir`, taken in the worker (inside a transaction too: it waits for no lock of the transaction). */
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    return this.#ask<Blob>({ op: 'dump', compression });
  }

  /** PGlite's `listen`: the worker listens on the channel and sends each notification here. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
    }
    listeners.add(callback);
    await this.#ask({ op: 'listen', channel });
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && !this.#closed) await this.#ask({ op: 'unlisten', channel });
    };
  }

  /** Closes the database in the worker (its files are whole), then ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    await this.#ask({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}

type Parsers = NonNullable<QueryOptions['parsers']>;

/** A statement's options as they cross: drizzle's own parsers dropped, any other parsers' types read as text. */
function wireOptions(options: QueryOptions | undefined): { wire?: WireQueryOptions; parsers?: Parsers } {
  const rest = withoutDrizzleParsers(options);
  if (rest === undefined) return {};
  if (rest.serializers !== undefined || rest.onNotice !== undefined)
    throw new Error('serializers and onNotice are not available on the embedded database in its worker');
  const { parsers, rowMode, paramTypes, blob } = rest;
  const wire: WireQueryOptions = {
    ...(rowMode === undefined ? {} : { rowMode }),
    ...(paramTypes === undefined ? {} : { paramTypes }),
    ...(blob === undefined ? {} : { blob }),
    ...(parsers === undefined ? {} : { textTypes: Object.keys(parsers).map(Number) }),
  };
  return { wire, parsers };
}

/** Results with the statement's own parsers run on the text of their types' fields. */
function parsed<T>(results: Results<T>, parsers: Parsers): Results<T> {
  const columns = results.fields
    .map((field, index) => ({ name: field.name, index, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse !== undefined);
  if (columns.length === 0) return results;
  const rows = results.rows.map((row) => {
    if (Array.isArray(row)) {
      const copy: unknown[] = [...(row as unknown[])];
      for (const { index, parse } of columns) {
        const value = copy[index];
        if (typeof value === 'string') copy[index] = parse?.(value);
      }
      return copy as T;
    }
    const copy = { ...(row as Record<string, unknown>) };
    for (const { name, parse } of columns) {
      const value = copy[name];
      if (typeof value === 'string') copy[name] = parse?.(value);
    }
    return copy as T;
  });
  return { ...results, rows };
}
