/**
 * Reliability (docs/architecture.md#database-unavailable): a PostgreSQL that stops answering — frozen, as by SIGSTOP,
 * with its connections open — must not hold requests. Between the app and PostgreSQL runs a loopback TCP proxy that
 * the test freezes (it accepts connections and bytes but passes nothing on, either way, as a stopped server's kernel
 * does) and thaws (everything held is passed on, in order). The whole server (a process, over HTTP, with the default
 * DATABASE_TIMEOUT_SECONDS of 5) answers every request that needs the database 503 with Retry-After within the limit
 * and a little — however many arrive together and however often a request asks the database again — /api/health says
 * the database is not answering, and after the thaw the server is back by itself with every write it acknowledged
 * before. With a time limit, a transaction cut off by it is rolled back, more transactions than the pool has
 * connections fail within the limit instead of waiting, and after the thaw no connection is lost or used again inside
 * the stale transaction. Runs with TEST_DATABASE_URL (PostgreSQL).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { onboardingResponseSchema } from '../../shared/api.js';
import { openDatabase } from '../db/client.js';
import { DatabaseNotAnsweringError } from '../db/unanswered-database.js';
import { fetchOnboardingView } from '../test/onboarding-view.js';
import { api, createEmptyPostgresDatabase, devSignIn, freePort, startServer } from '../test/server-process.js';

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

  it('a whole server answers every request 503 within the limit, says why on /api/health, and keeps every acknowledged write', async () => {
    const LIMIT_MS = 5_000; // DATABASE_TIMEOUT_SECONDS's default: the server is started without it
    const { proxiedUrl, proxy } = await frozenSetup();
    const server = await startServer({ env: { DATABASE_URL: proxiedUrl }, readyTimeoutMs: 90_000 });
    cleanups.push(() => server.kill());
    const { origin } = server;
    const cookie = await devSignIn(origin, 'frozen@inspired2uplift.org');
    const steps = (await fetchOnboardingView(origin, cookie)).scopes.flatMap((s) => s.steps.map((step) => step.id));
    // Acknowledged writes: every step that can be completed at once (a checklist step answers 409: items first).
    const acknowledged: string[] = [];
    for (const stepId of steps) {
      const res = await api(origin, cookie, 'PUT', `/api/progress/steps/${stepId}`, { completed: true });
      if (res.status === 200) acknowledged.push(stepId);
      else expect(res.status, JSON.stringify(res.body)).toBe(409);
    }
    expect(acknowledged.length, 'steps completed before the freeze').toBeGreaterThanOrEqual(2);

    /** One request, timed from `since` (ms); status 0 when no answer came within the limit and 10 s. */
    const send = async (since: number, path: string, init: RequestInit = {}) => {
      try {
        const res = await fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(LIMIT_MS + 10_000) });
        const body = await res.text();
        const retryAfter = res.headers.get('retry-after');
        return { path, ms: performance.now() - since, status: res.status, retryAfter, body };
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
        return { path, ms: performance.now() - since, status: 0, retryAfter: null, body: 'no answer' };
      }
    };
    const times = (answers: { ms: number; status: number }[]) =>
      [...answers]
        .sort((a, b) => a.ms - b.ms)
        .map((a) => `${Math.round(a.ms)} ms (${a.status})`)
        .join(', ');
    const json = { origin, cookie, 'content-type': 'application/json' };
    proxy.freeze();
    const frozenAt = performance.now();
    // More at once than the pool has connections (10): writes that would undo the acknowledged ones, sign-ins (each asks
    // the database again after its first failure, to record it) and health checks.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        send(frozenAt, `/api/progress/steps/${acknowledged[i % acknowledged.length] ?? ''}`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ completed: false }),
        }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        send(frozenAt, '/api/auth/dev-login', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: `frozen-${i}@inspired2uplift.org` }),
        }),
      ),
      send(frozenAt, '/api/health'),
      send(frozenAt, '/api/health'),
    ]);
    const NOT_ANSWERING = {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is not answering within 5 s. Please try again in a moment.',
    };
    console.info(`frozen database: ${answers.length} requests answered after ${times(answers)}`);
    for (const answer of answers) {
      expect(answer.status, `${answer.path}: ${answer.body}`).toBe(503);
      expect(answer.retryAfter, answer.path).toBe('5');
      expect(answer.ms, `${answer.path} answered after ${Math.round(answer.ms)} ms`).toBeLessThan(LIMIT_MS + 3_000);
      if (answer.path === '/api/health') expect(JSON.parse(answer.body)).toEqual(NOT_ANSWERING);
    }
    // Still frozen: now that the server knows, it answers at once.
    const askedAgainAt = performance.now();
    const again = await Promise.all([
      send(askedAgainAt, '/api/health'),
      send(askedAgainAt, `/api/progress/steps/${acknowledged[0] ?? ''}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ completed: false }),
      }),
    ]);
    console.info(`frozen database, asked again: ${times(again)}`);
    for (const answer of again) {
      expect(answer.status, `${answer.path}: ${answer.body}`).toBe(503);
      expect(answer.retryAfter).toBe('5');
      expect(answer.ms, `${answer.path} answered again after ${Math.round(answer.ms)} ms`).toBeLessThan(1_000);
    }
    expect(JSON.parse(again[0]?.body ?? '')).toEqual(NOT_ANSWERING);

    proxy.thaw();
    const thawedAt = performance.now();
    let health = 0;
    while (health !== 200 && performance.now() - thawedAt < LIMIT_MS + 5_000) {
      health = (await send(thawedAt, '/api/health')).status;
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recoveredMs = performance.now() - thawedAt;
    expect(health, 'healthy again after the thaw, without a restart').toBe(200);
    const after = await api(origin, cookie, 'GET', '/api/onboarding');
    expect(after.status).toBe(200);
    const completed = onboardingResponseSchema.parse(after.body).progress.completed.map((c) => c.stepId);
    expect(completed.sort(), 'every write acknowledged before the freeze, none of the 503 ones').toEqual(
      [...acknowledged].sort(),
    );
    expect(
      (await api(origin, cookie, 'PUT', `/api/progress/steps/${acknowledged[0] ?? ''}`, { completed: false })).status,
    ).toBe(200);
    expect((await devSignIn(origin, 'thawed@inspired2uplift.org')).startsWith('onboarding_session=')).toBe(true);
    console.info(`thawed: healthy again after ${Math.round(recoveredMs)} ms`);
  }, 180_000);

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
    // Transactions while frozen, 12 of them (the pool holds 10): none waits past the limit (since the cut-off statement,
    // the database is known not to answer, and they fail at once).
    const begins = Array.from({ length: 12 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into marks values (3)`);
      }),
    );
    const settled = await timed(Promise.allSettled(begins), 6_000);
    expect(settled?.value.every((r) => r.status === 'rejected')).toBe(true);
    proxy.thaw();
    // Back by itself once a probe is answered: until then a transaction fails at once and writes nothing.
    const thawedAt = performance.now();
    for (;;) {
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into marks values (4)`);
        });
        break;
      } catch (error) {
        expect(error).toBeInstanceOf(DatabaseNotAnsweringError);
        expect(performance.now() - thawedAt, 'back within 3 s of the thaw').toBeLessThan(3_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
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
