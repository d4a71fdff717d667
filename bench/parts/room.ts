import os from 'node:os';

import { createEmptyPostgresDatabase } from '../../src/server/test/server-process.js';
import { DOMAIN, budgets, checks, results, round, tempDir, withSignedInApp } from '../common.js';
import { type GoogleStandIn, startGoogleStandIn } from '../google.js';
import { BROWSER_ACCEPT_ENCODING } from './api.js';
import { percentile } from './scale.js';
import { cpuMsOf } from './signin.js';

/** The most any one request of the room may take before the person counts it as unanswered, ms. */
const TIMEOUT_MS = 10_000;

/** The items of a non-empty list, round after round without end, each with its turn's number. */
function* cycle<T>(items: readonly T[]): Generator<[number, T]> {
  let turn = 0;
  for (;;) for (const item of items) yield [turn++, item];
}

const memberOf = (i: number) => `room-${String(i).padStart(3, '0')}@${DOMAIN}`;

/** A step of the role's content (GET /api/content/roles/:roleKey/:version), as far as the room needs it. */
interface AnsweredStep {
  id: string;
  isChecklistStep?: boolean;
  isAcknowledgmentStep?: boolean;
  signature?: boolean;
  form?: unknown;
  quiz?: unknown;
}

/** The times of one kind of request over the room, and how many failed. */
class Timings {
  readonly ms: number[] = [];
  /** Answered, but not 2xx, by status. */
  readonly refused = new Map<number, number>();
  timeouts = 0;

  add(status: number, ms: number): void {
    if (status === 0) this.timeouts += 1;
    else if (status < 200 || status > 299) this.refused.set(status, (this.refused.get(status) ?? 0) + 1);
    else this.ms.push(ms);
  }

  get errors(): number {
    return [...this.refused.values()].reduce((a, b) => a + b, 0);
  }

  summary() {
    const sorted = [...this.ms].sort((a, b) => a - b);
    return {
      count: this.ms.length + this.errors + this.timeouts,
      errors: this.errors,
      refusedStatuses: Object.fromEntries(this.refused),
      timeouts: this.timeouts,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? NaN),
    };
  }
}

/**
 * One room on a fresh server: ROOM_MEMBERS (budgets.room.members, 200) volunteers imported with today's start date
 * sign in with Google at the same instant (bench/google.ts), each opens the dashboard (GET /api/onboarding, then the
 * role's content at the address it names, once), then
 * works for budgets.room.workSeconds, asking as Chromium asks (its Accept-Encoding: brotli answers): GET /api/onboarding, PUT /api/progress/steps/:id (the member's plain steps
 * completed one by one, then reset one by one), GET /api/team-tasks/mine, then a pause of 0.8–1.2 s, as people read.
 * A request unanswered after {@link TIMEOUT_MS} counts as a timeout.
 * @param google the provider the members sign in through
 * @param databaseUrl PostgreSQL (an empty database) instead of the embedded one
 */
async function oneRoom(google: GoogleStandIn, databaseUrl?: string) {
  const size = Number(process.env.ROOM_MEMBERS ?? budgets.room.members);
  const workMs = budgets.room.workSeconds * 1000;
  const start = {
    dataDir: tempDir('room'),
    env: {
      ...google.appEnv,
      // Development sign-in for the admin's import only; the members sign in with Google.
      AUTH_DEV_LOGIN: 'true',
      // The room's sign-in starts come from one address: more than the default 120 a minute (decision 016).
      AUTH_RATE_LIMIT_PER_MINUTE: String(size * 2),
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    },
    startTimeoutMs: 180_000,
  };
  return withSignedInApp(start, async (app, adminCookie) => {
    const headers = { cookie: adminCookie, origin: app.base, 'content-type': 'application/json' };
    const departments = (await (await fetch(`${app.base}/api/admin/departments`, { headers })).json()) as {
      items: { name: string; retired: boolean }[];
    };
    const department = departments.items.find((d) => !d.retired)?.name ?? '';
    const today = new Date().toISOString().slice(0, 10);
    const csv = [
      'email,role,department,startDate',
      ...Array.from({ length: size }, (_, i) => `${memberOf(i)},volunteer,${department},${today}`),
    ].join('\n');
    const imported = await fetch(`${app.base}/api/admin/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ csv }),
    });
    if (!imported.ok) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
    // Discovery and the first sign-in's warm-up, as on a server that has been up a while.
    const warm = await google.flow(app.base, `room-warm-up@${DOMAIN}`);
    if (!warm.ok) throw new Error(`the warm-up sign-in answered ${warm.status}`);

    const signIn = new Timings();
    const dashboard = new Timings();
    const contents = new Timings();
    const reads = new Timings();
    const writes = new Timings();
    const tasks = new Timings();
    const call = async (into: Timings, url: string, cookie: string, put?: unknown): Promise<unknown> => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${app.base}${url}`, {
          ...(put === undefined
            ? { headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } }
            : {
                method: 'PUT',
                headers: {
                  cookie,
                  origin: app.base,
                  'content-type': 'application/json',
                  'accept-encoding': BROWSER_ACCEPT_ENCODING,
                },
                body: JSON.stringify(put),
              }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const body = (await res.json()) as unknown;
        into.add(res.status, performance.now() - t0);
        return res.ok ? body : undefined;
      } catch {
        into.add(0, performance.now() - t0);
        return undefined;
      }
    };
    const cpuBefore = cpuMsOf(app.child.pid);
    const loadBefore = os.loadavg().map((l) => round(l, 2));
    const began = performance.now();
    const member = async (i: number) => {
      const flow = await google.flow(app.base, memberOf(i), TIMEOUT_MS);
      signIn.add(flow.ok ? 200 : flow.status, flow.serverMs);
      if (!flow.ok || flow.cookie === undefined) return;
      const { cookie } = flow;
      const answer = (await call(dashboard, '/api/onboarding', cookie)) as { content: string } | undefined;
      if (answer === undefined) return;
      // The role's steps, at the address the answer names: a dashboard asks for them once per content version.
      const content = (await call(contents, answer.content, cookie)) as
        { scopes: { steps: AnsweredStep[] }[] } | undefined;
      if (content === undefined) return;
      const plain = content.scopes
        .flatMap((s) => s.steps)
        .filter(
          (s) =>
            s.isChecklistStep !== true &&
            s.isAcknowledgmentStep !== true &&
            s.signature !== true &&
            s.form == null &&
            s.quiz == null,
        );
      // A room without writes would measure reads alone: the bench's volunteer role has plain steps.
      if (plain.length === 0) throw new Error(`the role content at ${answer.content} has no plain step to complete`);
      const until = performance.now() + workMs;
      for (const [turn, step] of cycle(plain)) {
        if (performance.now() >= until) break;
        await call(reads, '/api/onboarding', cookie);
        const completed = Math.floor(turn / plain.length) % 2 === 0;
        await call(writes, `/api/progress/steps/${step.id}`, cookie, { completed });
        await call(tasks, '/api/team-tasks/mine', cookie);
        await new Promise((resolve) => setTimeout(resolve, 800 + Math.random() * 400));
      }
    };
    await Promise.all(Array.from({ length: size }, (_, i) => member(i)));
    const wallS = round((performance.now() - began) / 1000, 1);
    const cpuAfter = cpuMsOf(app.child.pid);
    const allReads = new Timings();
    for (const t of [dashboard, reads]) {
      allReads.ms.push(...t.ms);
      allReads.timeouts += t.timeouts;
      for (const [status, n] of t.refused) allReads.refused.set(status, (allReads.refused.get(status) ?? 0) + n);
    }
    return {
      members: size,
      workSeconds: budgets.room.workSeconds,
      wallS,
      signIn: signIn.summary(),
      dashboard: dashboard.summary(),
      roleContent: contents.summary(),
      onboardingReads: allReads.summary(),
      progressWrites: writes.summary(),
      myTasks: tasks.summary(),
      serverCpuS: cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / 1000, 1),
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((l) => round(l, 2)),
    };
  });
}

/**
 * A room of 200 (docs/reliability.md#a-room-signing-in-together): {@link oneRoom} on the embedded database, then on
 * PostgreSQL when BENCH_POSTGRES_URL (a server the bench may create and drop a database on, e.g. TEST_DATABASE_URL)
 * is set. Budgets (bench/budgets.json, `room`): no errors and no timeouts of any request, sign-in p99 and
 * GET /api/onboarding p99 (the first dashboard and every round's).
 */
export async function room(): Promise<void> {
  console.log('• room: members signing in together, then working');
  const google = await startGoogleStandIn();
  try {
    const runs: Record<string, Awaited<ReturnType<typeof oneRoom>>> = {};
    runs.embedded = await oneRoom(google);
    console.log(`  embedded: ${JSON.stringify(runs.embedded)}`);
    const serverUrl = process.env.BENCH_POSTGRES_URL;
    if (serverUrl !== undefined && serverUrl !== '') {
      const database = await createEmptyPostgresDatabase(serverUrl);
      try {
        runs.postgres = await oneRoom(google, database.url);
        console.log(`  postgres: ${JSON.stringify(runs.postgres)}`);
      } finally {
        await database.drop();
      }
    }
    results.room = runs;
    const b = budgets.room;
    for (const [kind, r] of Object.entries(runs)) {
      const failed = (t: { errors: number; timeouts: number }) => t.errors + t.timeouts;
      const failures =
        failed(r.signIn) +
        failed(r.onboardingReads) +
        failed(r.roleContent) +
        failed(r.progressWrites) +
        failed(r.myTasks);
      const load = `load ${r.loadAverageBefore[0]} → ${r.loadAverageAfter[0]}`;
      checks.push(
        {
          name: `room of ${r.members} (${kind}): errors and timeouts of every request`,
          value: `${failures} (sign-in ${failed(r.signIn)}, reads ${failed(r.onboardingReads)}, role content ${failed(r.roleContent)}, writes ${failed(r.progressWrites)}, my tasks ${failed(r.myTasks)}; ${load})`,
          budget: '0',
          ok: failures === 0,
        },
        {
          name: `room of ${r.members} (${kind}): sign-in`,
          value: `p99 ${r.signIn.p99Ms} ms (p50 ${r.signIn.p50Ms})`,
          budget: `p99 ≤ ${b.signInP99MaxMs} ms`,
          ok: r.signIn.p99Ms <= b.signInP99MaxMs,
        },
        {
          name: `room of ${r.members} (${kind}): GET /api/onboarding`,
          value: `p99 ${r.onboardingReads.p99Ms} ms (p50 ${r.onboardingReads.p50Ms}; first dashboard p99 ${r.dashboard.p99Ms}; the role's content, once each, p99 ${r.roleContent.p99Ms})`,
          budget: `p99 ≤ ${b.onboardingP99MaxMs} ms`,
          ok: r.onboardingReads.p99Ms <= b.onboardingP99MaxMs,
        },
        {
          name: `room of ${r.members} (${kind}): PUT progress, my tasks`,
          value: `p99 ${r.progressWrites.p99Ms} ms, ${r.myTasks.p99Ms} ms (${r.progressWrites.count} and ${r.myTasks.count} requests; server CPU ${r.serverCpuS} s over ${r.wallS} s)`,
          budget: '—',
          ok: null,
        },
      );
    }
    if (runs.postgres === undefined)
      checks.push({
        name: 'room (postgres)',
        value: 'not run: set BENCH_POSTGRES_URL',
        budget: '—',
        ok: null,
      });
  } finally {
    await google.close();
  }
}
