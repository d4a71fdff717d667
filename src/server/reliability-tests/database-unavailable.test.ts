/**
 * Reliability (docs/architecture.md#database-unavailable): when the database cannot be reached, requests that need it
 * get 503
 * `{ statusCode, error, message: DATABASE_UNAVAILABLE_MESSAGE }` (plugins/error-handler.ts), never a 500 and never a
 * crash; requests that do not need it still work. Always: an app on a PostgreSQL URL where nothing listens. With
 * TEST_DATABASE_URL set (CI runs the server tests with PostgreSQL): an app whose connections pass through a loopback
 * TCP proxy, which the test cuts (dropping every open connection, as a database restart does) and restores; the app
 * answers 503 meanwhile and recovers by itself, with no restart. The read cache (docs/decisions/008-read-cache.md)
 * forgets everything when its LISTEN connection goes with the others, so a kept session never answers for a database
 * that is gone; it listens again once the database is back.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { migrate, openDatabase, type OpenDatabase } from '../db/client.js';
import { loadConfig } from '../env.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/error-handler.js';
import { createTestCatalog, GENEROUS_AUTH_LIMITS } from '../test/test-app.js';
import { createEmptyPostgresDatabase, freePort } from '../test/server-process.js';

const ORIGIN = 'http://localhost';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(url: string): Promise<{ app: FastifyInstance; database: OpenDatabase }> {
  const database = await openDatabase({ url });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    db: database.db,
    catalog: createTestCatalog(),
    clientDistDir: null,
    authLimits: GENEROUS_AUTH_LIMITS,
  });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}

/** Requests that each need the database: health, sign-in, a session lookup, a progress write. */
const databaseRequests = (cookie: string) =>
  [
    { method: 'GET', url: '/api/health' },
    { method: 'POST', url: '/api/auth/dev-login', payload: { email: 'down@inspired2uplift.org' } },
    { method: 'GET', url: '/api/me', headers: { cookie } },
    { method: 'GET', url: '/api/onboarding', headers: { cookie } },
    { method: 'PUT', url: '/api/progress/steps/change-password', headers: { cookie }, payload: { completed: true } },
  ] as const;

/** Waits (at most 10 s) until the app's change feed listens, so that its read cache keeps what it reads. */
async function untilLive(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!app.changeFeed.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(app.changeFeed.live, 'the change feed listens').toBe(true);
}

async function expectAll503(app: FastifyInstance, cookie: string): Promise<void> {
  for (const request of databaseRequests(cookie)) {
    const res = await app.inject({
      ...request,
      headers: { origin: ORIGIN, ...('headers' in request ? request.headers : {}) },
    });
    expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
  }
}

describe('the database is unreachable', () => {
  it('answers 503 JSON to requests that need it, and still serves the rest', async () => {
    const deadPort = await freePort(); // nothing listens there
    const { app } = await appOn(`postgres://postgres:postgres@127.0.0.1:${deadPort}/onboarding`);
    await expectAll503(app, 'onboarding_session=some-token');
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401); // no cookie: no lookup
  });
});

/** A loopback TCP proxy to `target` that can be cut (every connection dropped, no new ones) and restored. */
async function tcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const proxy = {
    port,
    async up() {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    },
    async down() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await proxy.up();
  return proxy;
}

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
if (postgresUrl) {
  describe('PostgreSQL goes away and comes back', () => {
    it('answers 503 while it is gone and recovers by itself when it returns', async () => {
      const created = await createEmptyPostgresDatabase(postgresUrl);
      cleanups.push(() => created.drop());
      const direct = new URL(created.url);
      const proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      cleanups.push(() => proxy.down());
      const proxied = new URL(created.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const { app, database } = await appOn(proxied.toString());
      await migrate(database);
      await untilLive(app);

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        headers: { origin: ORIGIN },
        payload: {},
      });
      expect(signIn.statusCode).toBe(200);
      const session = signIn.cookies.find((c) => c.name === 'onboarding_session');
      const cookie = `onboarding_session=${session?.value ?? ''}`;
      const write = (completed: boolean) =>
        app.inject({
          method: 'PUT',
          url: '/api/progress/steps/change-password',
          headers: { origin: ORIGIN, cookie },
          payload: { completed },
        });
      expect((await write(true)).statusCode).toBe(200);
      // Read, and kept: the session, the member record and the progress.
      expect((await app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } })).statusCode).toBe(200);

      await proxy.down(); // every pooled connection is dropped, and no new one can be made
      await expectAll503(app, cookie);
      await expectAll503(app, cookie); // and again, once the pool has noticed

      expect(app.changeFeed.live, 'the change feed knows it is not listening').toBe(false);

      await proxy.up();
      // Recovers with no restart: the pool opens new connections; the session and the earlier write are there.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await write(false)).statusCode).toBe(200);
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      await untilLive(app); // and the change feed listens again
    });
  });
}
