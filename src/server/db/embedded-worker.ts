import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { parseDrizzleTypesAsText } from './embedded-parsers.js';

/*
 * The embedded database's own thread (docs/architecture.md#database, docs/decisions/079-embedded-database-off-the-request-thread.md):
 * it opens PGlite and runs what the server thread's client (db/embedded-client.ts) asks of it, one message at a time
 * as PGlite runs them. A transaction is opened by `begin` and stays open until `end`: only statements that carry its id
 * run in it; PGlite's own lock keeps every other statement waiting meanwhile.
 */

/** What the worker is started with. */
export interface EmbeddedWorkerData {
  /** PGlite's data directory; undefined for an in-memory database. */
  dataDir?: string;
  /** In memory only: start from this copy of a data directory. */
  loadDataDir?: Blob;
}

/** The options of a statement that can cross to the worker (no functions). */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  blob?: Blob | File;
  /** Types to hand back as the text PostgreSQL sent: the server thread parses them with the statement's own parsers. */
  textTypes?: number[];
}

/** What the server thread asks; `tx` names the open transaction the statement belongs to. */
export type EmbeddedAsk =
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireQueryOptions; tx?: number }
  | { op: 'exec'; sql: string; options?: WireQueryOptions; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

/** A request as it crosses: what is asked, and its id for the answer. */
export type EmbeddedRequest = { id: number } & EmbeddedAsk;

/** An error as it crosses threads: its message, name and own properties (PostgreSQL's `code`, `detail`, …). */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  properties: Record<string, unknown>;
}

/** The worker's messages: answers by request id, notifications, and the one `ready` (or its failure) at start. */
export type EmbeddedMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'answer'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notification'; channel: string; payload: string };

/**
 * An error as plain data that survives the structured clone, own properties included.
 * @param error anything thrown
 * @returns its name, message, stack and own enumerable properties that clone
 */
export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), properties: {} };
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'function' || typeof value === 'symbol') continue;
    properties[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, properties };
}

function post(message: EmbeddedMessage): void {
  parentPort?.postMessage(message);
}

/** PGlite's options from those that crossed; the types to read as text get a parser that keeps the text. */
function queryOptions(options: WireQueryOptions | undefined): QueryOptions | undefined {
  if (options === undefined) return undefined;
  const { textTypes, ...rest } = options;
  if (textTypes === undefined || textTypes.length === 0) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((type) => [type, (text: string) => text])) };
}

async function serve(data: EmbeddedWorkerData): Promise<void> {
  const client =
    data.dataDir !== undefined
      ? new PGlite(data.dataDir)
      : data.loadDataDir !== undefined
        ? new PGlite({ loadDataDir: data.loadDataDir })
        : new PGlite();
  try {
    await client.waitReady;
  } catch (error) {
    post({ kind: 'failed', error: toWireError(error) });
    return;
  }
  parseDrizzleTypesAsText(client);

  let nextTx = 1;
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
  const unlistens = new Map<string, () => Promise<void>>();

  const runner = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const entry = open.get(tx);
    if (entry === undefined) throw new Error(`The transaction ${tx} is not open`);
    return entry.tx;
  };

  const handle = async (request: EmbeddedRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return runner(request.tx).query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return runner(request.tx).exec(request.sql, queryOptions(request.options));
      case 'begin': {
        const id = nextTx++;
        return new Promise<number>((started, failed) => {
          let ending: ((commit: boolean) => void) | undefined;
          const done = client.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                ending = (yes) => (yes ? commit() : rollback(new Error('rolled back')));
                open.set(id, { tx, end: (yes) => ending?.(yes), done });
                started(id);
              }),
          );
          // BEGIN itself failed: the callback never ran.
          done.catch((error: unknown) => {
            if (!open.has(id)) failed(error);
          });
        });
      }
      case 'end': {
        const entry = open.get(request.tx);
        if (entry === undefined) throw new Error(`The transaction ${request.tx} is not open`);
        entry.end(request.commit);
        try {
          await entry.done;
        } catch (error) {
          // A rollback asked for is not an error; a failed COMMIT is.
          if (request.commit) throw error;
        } finally {
          open.delete(request.tx);
        }
        return undefined;
      }
      case 'dump':
        return client.dumpDataDir(request.compression);
      case 'listen': {
        if (unlistens.has(request.channel)) return undefined;
        const channel = request.channel;
        const unlisten = await client.listen(channel, (payload) => post({ kind: 'notification', channel, payload }));
        unlistens.set(channel, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = unlistens.get(request.channel);
        unlistens.delete(request.channel);
        if (unlisten !== undefined && !client.closed) await unlisten();
        return undefined;
      }
      case 'close':
        if (!client.closed) await client.close();
        return undefined;
    }
  };

  parentPort?.on('message', (request: EmbeddedRequest) => {
    handle(request).then(
      (result) => {
        post({ kind: 'answer', id: request.id, result: stripFunctions(result) });
        if (request.op === 'close') parentPort?.close();
      },
      (error: unknown) => post({ kind: 'error', id: request.id, error: toWireError(error) }),
    );
  });
  post({ kind: 'ready' });
}

/** Results as they clone: PGlite's results are plain data, but a Blob or File answers (dumps) go as they are. */
function stripFunctions(result: unknown): unknown {
  if (result === undefined || result === null || typeof result !== 'object') return result;
  if (result instanceof Blob) return result;
  if (Array.isArray(result)) return result.map((one) => stripResults(one as Results));
  return stripResults(result as Results);
}

function stripResults(results: Results): Results {
  const { rows, affectedRows, fields, blob } = results;
  return { rows, affectedRows, fields, ...(blob === undefined ? {} : { blob }) };
}

void serve(workerData as EmbeddedWorkerData);
