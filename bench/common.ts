/** What the parts of `npm run bench` (bench/run.ts) share: the build, the budgets, the results table, starting and loading the app. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

import { freePort } from '../src/server/test/server-process.js';

/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built client (`npm run build`). */
export const CLIENT_DIR = path.join(root, 'dist', 'client');

/**
 * The gzip size (node:zlib, default level) of the built files of one kind among `files`.
 * @param files paths relative to dist/client, e.g. 'assets/main-abc.js'
 * @returns bytes, summed over the .js/.mjs (`js`) or .css (`css`) files
 */
export function gzipBytes(files: Iterable<string>, kind: 'js' | 'css'): number {
  const ending = kind === 'js' ? /\.m?js$/ : /\.css$/;
  return [...files]
    .filter((f) => ending.test(f))
    .reduce((total, f) => total + gzipSync(readFileSync(path.join(CLIENT_DIR, f))).length, 0);
}
/** The budgets every part checks its figures against (bench/budgets.json). */
export const budgets = JSON.parse(readFileSync(path.join(root, 'bench', 'budgets.json'), 'utf8')) as {
  api: {
    onboardingReadMinRatioToBaseline: number;
    onboardingReadMinRatioToSamePayload: number;
    onboardingReadMaxWireKb: number;
    progressWriteMinRatioToBaseline: number;
    progressWriteP99MaxMs: number;
    onboardingReadP99MaxMs: number;
  };
  bundle: { loginJsMaxGzipKb: number; dashboardJsMaxGzipKb: number };
  admin: { p95MaxMs: number };
  insights: { p95MaxMs: number };
  lighthouse: {
    desktopPerformanceMin: number;
    accessibilityMin: number;
    mobileRelative: {
      performanceMaxPointsBelowFloor: number;
      tbtMaxMsAboveFloor: number;
      dashboardTbtMaxMsAboveFloorEveryRun: number;
      lcpMaxMsAboveFloor: number;
    };
    dashboardDocumentInFirstTcpWindow: boolean;
  };
  signin: { flows: number; wallMaxS: number; serverP95MaxMs: number };
  preferences: { addedDashboardJsMaxGzipKb: number };
  restart: { members: number; healthyMaxS: number };
  room: { members: number; workSeconds: number; signInP99MaxMs: number; onboardingP99MaxMs: number };
  studio: { publishP95MaxMs: number };
  reminders: { planMaxMs: number };
  teamTasks: { import1000MaxMs: number; create1000MaxMs: number; myTasksP95MaxMs: number };
  workspace: { newcomers: number; wallMaxRatioToPace: number };
};
/** The Workspace domain of the bench's people. */
export const DOMAIN = 'inspired2uplift.org';
export const ADMIN_EMAIL = `bench-admin@${DOMAIN}`;
export const STEP_ID = 'sign-in-chrome-profile';
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Concurrent connections of each autocannon load. */
export const CONNECTIONS = 50;
export const ADMIN_SAMPLES = 30;
/** The member counts the scale part seeds and measures at. */
export const SCALES = [1_000, 10_000];

interface Check {
  name: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
export const checks: Check[] = [];
export const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
};
export const started: ChildProcess[] = [];
export const tempDirs: string[] = [];

/** Rounds `n` to `digits` decimals (default 1). */
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A fresh temporary folder, removed when the bench ends.
 * @param label part of the folder's name
 * @returns its path
 */
export function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `onboarding-bench-${label}-`));
  tempDirs.push(dir);
  return dir;
}

/** Starts a process whose stdout is discarded (the server logs every request at info, as in production). */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  // BENCH_PROF=DIR: each app server writes a V8 CPU profile there (open it in Chromium's DevTools, Performance tab).
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null)
      console.error(`${args.join(' ')} exited with ${code}:\n${stderr}`);
  });
  started.push(child);
  return child;
}

/** Stops a started process: SIGTERM, then SIGKILL after 10 s; resolves when it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Waits until `url` answers 2xx.
 * @param url the address to poll
 * @param child the process that should answer (its exit fails the wait)
 * @param timeoutMs how long to wait, ms
 * @throws when the process exits or the time runs out
 */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface Server {
  base: string;
  child: ChildProcess;
}

/**
 * Starts the compiled server (development sign-in) on a free port with its own data folder.
 * @param dataDir DATA_DIR of the server
 * @param extraEnv further environment variables
 * @param startTimeoutMs how long /api/health may take to answer
 * @returns its base URL and process, once /api/health answers
 */
export async function startApp(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  startTimeoutMs = 60_000,
): Promise<Server> {
  const port = await freePort();
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = startProcess([path.join(root, 'dist', 'node', 'server', 'server.js')], env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, startTimeoutMs);
  return { base, child };
}

/** Signs in with development sign-in; returns the `name=value` of the session cookie. */
export async function devLogin(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/dev-login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`dev-login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (cookie === undefined) throw new Error('dev-login set no cookie');
  return cookie;
}

/**
 * The start and end every part that measures the running app shares: starts the compiled server ({@link startApp}),
 * signs one person in with development sign-in, runs `work`, and stops the server when `work` is done or fails.
 * @param start `dataDir` (DATA_DIR of the server); `email`, whom to sign in: the bench's admin when absent
 *   ({@link ADMIN_EMAIL}, made an admin with ADMIN_EMAILS); `env`, further variables; `startTimeoutMs`, how long
 *   /api/health may take (ms; 60 s when absent)
 * @param work what the part measures, given the server (base URL, process) and the session cookie (`name=value`)
 * @returns what `work` returns
 * @throws what starting, signing in or `work` throws (the server is stopped first)
 */
export async function withSignedInApp<T>(
  start: { dataDir: string; email?: string; env?: Record<string, string>; startTimeoutMs?: number },
  work: (app: Server, cookie: string) => Promise<T>,
): Promise<T> {
  const env = start.email === undefined ? { ADMIN_EMAILS: ADMIN_EMAIL, ...start.env } : start.env;
  const app = await startApp(start.dataDir, env, start.startTimeoutMs);
  try {
    return await work(app, await devLogin(app.base, start.email ?? ADMIN_EMAIL));
  } finally {
    await stopProcess(app.child);
  }
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

/**
 * Loads `url` with autocannon for DURATION_S seconds over CONNECTIONS connections (or `options.connections`).
 * @param options the request (method, headers, body), or `requests` that each connection sends in turn
 * @returns requests per second, p50 and p99 latency (ms), totals, non-2xx answers and errors
 */
export async function load(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    requests?: { method?: string; headers?: Record<string, string>; body?: string }[];
  } = {},
): Promise<LoadResult> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    reqPerSec: round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Builds the app unless the build is current (`scripts/start.mjs --build-only`); throws when the build fails. */
export function build(): void {
  console.log('• build (if needed)');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--build-only'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`the build failed (exit ${r.status})`);
}
