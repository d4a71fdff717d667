/**
 * Runs the real server (src/server/server.ts) as a child process for the reliability tests: one Node process with
 * tsx's loader (`node --import tsx`), so that a SIGKILL reaches the server itself, and so the tests need no build
 * (`npm test` runs vitest before the build). Loopback only: HOST is 127.0.0.1 and the port a free one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../project-root.js';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running server child process. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr (for failure messages). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGKILL: no graceful shutdown, no lock release, no database close. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), then SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the server with a clean environment (nothing of the caller's DATABASE_URL, GOOGLE_*, …) and waits until
 * GET /api/health answers 200.
 * @param options.env the database settings (DATA_DIR or DATABASE_URL) and anything else to add
 * @param options.port the port (default: a free one)
 * @param options.readyTimeoutMs how long to wait for the health check (default 30 s)
 * @param options.entry `source` (default: src/server/server.ts through tsx) or `build` (the compiled server of
 *   `npm start`, dist/node/server/server.js, as the e2e tests run it)
 * @throws Error with the server's output when it exits or is not healthy in time
 */
export async function startServer(options: {
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
  entry?: 'source' | 'build';
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const args =
    options.entry === 'build'
      ? [path.join(projectRoot, 'dist', 'node', 'server', 'server.js')]
      : ['--import', 'tsx', path.join(projectRoot, 'src', 'server', 'server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const server: ServerProcess = {
    origin,
    child,
    output: () => output,
    exited,
    async kill() {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`the server was not healthy within the time limit:\n${output}`);
}

/**
 * Signs in through the development sign-in (with the server's own Origin, as the SPA would).
 * @returns the `cookie` header value
 */
export async function devSignIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/dev-login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('onboarding_session'));
  if (res.status !== 200 || setCookie === undefined)
    throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return setCookie.split(';')[0] ?? '';
}

/** A JSON request to the server with the session cookie and own Origin. */
export async function api(
  origin: string,
  cookie: string,
  method: string,
  urlPath: string,
  body?: unknown,
  timeoutMs = 5_000,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${origin}${urlPath}`, {
    method,
    headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON; keep the text
  }
  return { status: res.status, body: parsed };
}

/**
 * A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server (as test-db.ts makes one, but not migrated:
 * the servers under test migrate it at start-up).
 * @returns its URL and `drop()`, which removes it (force-closing leftover connections)
 */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `onboarding_reliability_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
