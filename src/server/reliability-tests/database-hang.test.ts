/**
 * Reliability (docs/architecture.md#database-unavailable): a PostgreSQL that stops answering — frozen, as by SIGSTOP,
 * with its connections open — must not hold requests. Between the app and PostgreSQL runs a loopback TCP proxy that
 * the test freezes (it accepts connections and bytes but passes nothing on, either way, as a stopped server's kernel
 * does) and thaws (everything held is passed on, in order). With a time limit (DATABASE_TIMEOUT_SECONDS) a transaction
 * cut off by it is rolled back, more transactions than the pool has connections fail within the limit instead of
 * waiting, and after the thaw no connection is lost or used again inside the stale transaction.
 * Runs with TEST_DATABASE_URL (PostgreSQL).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { createEmptyPostgresDatabase, freePort } from '../test/server-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A loopback TCP proxy to `target` that can be frozen (nothing passed on, nothing dropped) and thawed. */
async function freezableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let frozen = false;
  const held: (() => void)[] = [];
  const later = (action: () => void) => (frozen ? held.push(action) : action());
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => later(() => to.write(chunk)));
      from.on('error', () => later(() => to.destroy()));
      from.on('close', () => {
        sockets.delete(from);
        later(() => to.destroy());
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const action of held.splice(0)) action();
    },
    async close() {
      this.thaw();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The time `promise` takes to settle, in ms, or `null` when it has not within `limitMs`. */
async function timed<T>(promise: Promise<T>, limitMs: number): Promise<{ ms: number; value: T } | null> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), limitMs);
  });
  const result = await Promise.race([promise.then((value) => ({ ms: performance.now() - started, value })), late]);
  clearTimeout(timer);
  return result;
}

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
// On the embedded database there is no connection to freeze: the suite runs with TEST_DATABASE_URL (CI's PostgreSQL run).
describe.skipIf(!postgresUrl)('PostgreSQL stops answering (frozen)', () => {
  async function frozenSetup() {
    const created = await createEmptyPostgresDatabase(postgresUrl ?? '');
    cleanups.push(() => created.drop());
    const direct = new URL(created.url);
    const proxy = await freezableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(created.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    return { directUrl: created.url, proxiedUrl: proxied.toString(), proxy };
  }

  it('rolls back a transaction cut off by the limit and never reuses its connection', async () => {
    const { directUrl, proxiedUrl, proxy } = await frozenSetup();
    const database = await openDatabase({ url: proxiedUrl, timeoutSeconds: 1 });
    cleanups.push(async () => {
      proxy.thaw();
      await database.close();
    });
    await database.db.execute(sql`create table marks (n integer not null)`);
    const cut = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into marks values (1)`);
      proxy.freeze();
      await tx.execute(sql`insert into marks values (2)`);
    });
    expect(
      await timed(
        cut.then(
          () => 'committed',
          () => 'failed',
        ),
        4_000,
      ),
    ).toMatchObject({ value: 'failed' });
    // Transactions while frozen: each BEGIN times out, 12 of them (the pool holds 10).
    const begins = Array.from({ length: 12 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into marks values (3)`);
      }),
    );
    const settled = await timed(Promise.allSettled(begins), 6_000);
    expect(settled?.value.every((r) => r.status === 'rejected')).toBe(true);
    proxy.thaw();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into marks values (4)`);
    });
    const check = new pg.Client({ connectionString: directUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>('select n from marks order by n');
      expect(rows.map((r) => r.n)).toEqual([4]);
    } finally {
      await check.end();
    }
  });
});
