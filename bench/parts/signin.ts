import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { DOMAIN, type Server, budgets, checks, results, round, startApp, stopProcess, tempDir } from '../common.js';
import { type FlowOutcome, startGoogleStandIn } from '../google.js';

import { percentile } from './scale.js';

/** Clock ticks per second of /proc's CPU times (Linux: `getconf CLK_TCK`, almost always 100). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * The CPU time a process has used so far (user + system), from /proc/<pid>/stat.
 * @returns milliseconds, or null where there is no /proc (not Linux)
 */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')'): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * A room signing in: `budgets.signin.flows` complete Google sign-ins from one address, first one every
 * SIGNIN_INTERVAL_MS (500 ms: the room, whose p95 has the budget), then SIGNIN_CONCURRENCY (10) people signing in at
 * every moment (N concurrent flows: budgeted too), then one every 100 ms (a crowd: all within 6 s), then all in the same
 * instant (a burst), each on a fresh server; each
 * as a browser does it — GET /api/auth/google/start, the provider's authorization endpoint (which answers at once
 * with a code), POST /api/auth/google/callback with the transaction cookie — each as a different member of the
 * domain. The server's part of a flow is the time of its two requests as the browser sees them, less the time the
 * provider took to answer the server's token request of that flow (measured inside the provider, from its receiving
 * the request to its having sent the answer): what is left is the server's own work and its queue. The server's CPU
 * time (/proc) over each rush, divided by the flows, is the cost of a flow whatever else runs on the machine.
 */
export async function signinRush(): Promise<void> {
  console.log('• sign-in rush');
  const flows = budgets.signin.flows;
  const google = await startGoogleStandIn();
  /** A fresh server (its own database and rate-limit counters) signed in once, so discovery is done. */
  const googleApp = async (label: string): Promise<Server> => {
    const server = await startApp(tempDir(label), { ...google.appEnv, AUTH_DEV_LOGIN: 'false' });
    app = server;
    await flow(`warm-up-${label}`);
    return server;
  };
  let app: Server | undefined;
  const flow = async (who: string): Promise<FlowOutcome> => {
    if (app === undefined) throw new Error('no server');
    return google.flow(app.base, `rush-${who}@${DOMAIN}`);
  };
  /**
   * Runs `flows` flows: with `intervalMs`, the i-th started `i × intervalMs` after the first; with `concurrency`, that
   * many people signing in at every moment (each starts the next flow as soon as theirs is done) until all have.
   */
  const rush = async (label: string, arrival: { intervalMs: number } | { concurrency: number }) => {
    const child = app?.child;
    const cpuBefore = cpuMsOf(child?.pid);
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const began = performance.now();
    let outcomes: FlowOutcome[];
    if ('intervalMs' in arrival) {
      outcomes = await Promise.all(
        Array.from({ length: flows }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * arrival.intervalMs));
          return flow(`${label}-${i}`);
        }),
      );
    } else {
      outcomes = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: arrival.concurrency }, async () => {
          while (next < flows) {
            const i = next++;
            outcomes.push(await flow(`${label}-${i}`));
          }
        }),
      );
    }
    const wallS = (performance.now() - began) / 1000;
    const cpuAfter = cpuMsOf(child?.pid);
    lag.disable();
    const refused = outcomes.filter((o) => !o.ok);
    const times = outcomes.map((o) => o.serverMs).sort((a, b) => a - b);
    const provider = outcomes.map((o) => o.providerMs).sort((a, b) => a - b);
    const result = {
      label,
      intervalMs: 'intervalMs' in arrival ? arrival.intervalMs : null,
      concurrency: 'concurrency' in arrival ? arrival.concurrency : null,
      flows,
      wallS: round(wallS, 2),
      flowsPerSecond: round(flows / wallS),
      refused: refused.length,
      refusedStatuses: [...new Set(refused.map((o) => o.status))],
      serverP50Ms: round(percentile(times, 50)),
      serverP95Ms: round(percentile(times, 95)),
      serverMaxMs: round(times.at(-1) ?? NaN),
      // The app server's CPU time (user + system) over the rush, per flow; null without /proc.
      serverCpuMsPerFlow: cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / flows),
      providerP95Ms: round(percentile(provider, 95)),
      // How late this process's own timers ran (the browsers' and the provider's event loop), p99.
      benchLoopDelayP99Ms: round(lag.percentile(99) / 1e6),
      loadAverage: os.loadavg().map((l) => round(l, 2)),
    };
    console.log(`  ${label}: ${JSON.stringify(result)}`);
    return result;
  };
  try {
    // Each arrival on a fresh server (its own database and rate-limit counters: three rooms from one address within a
    // minute would be more starts than the start limit allows).
    const arrive = async (label: string, arrival: { intervalMs: number } | { concurrency: number }) => {
      if (app !== undefined) await stopProcess(app.child);
      await googleApp(`signin-${label}`);
      return rush(label, arrival);
    };
    // A room: a new person every SIGNIN_INTERVAL_MS (default 500 ms: 60 people in 30 s), flows overlapping. The budget.
    const room = await arrive('room', { intervalMs: Number(process.env.SIGNIN_INTERVAL_MS ?? 500) });
    // N concurrent: SIGNIN_CONCURRENCY (default 10) people signing in at every moment until all 60 have. The budget too.
    const concurrent = await arrive('concurrent', { concurrency: Number(process.env.SIGNIN_CONCURRENCY ?? 10) });
    // A crowd: the whole room within 6 seconds (one every 100 ms), e.g. everyone pressing "Sign in" when told to.
    const crowd = await arrive('crowd', { intervalMs: 100 });
    // Everyone in the same instant: a queue that no room makes, reported with its figures and no budget on its times.
    const burst = await arrive('burst', { intervalMs: 0 });
    results.signin = { room, concurrent, crowd, burst, providerRequests: Object.fromEntries(google.requests) };
    const cpu = (r: typeof room) => (r.serverCpuMsPerFlow === null ? '' : `, ${r.serverCpuMsPerFlow} ms CPU a flow`);
    const timesOf = (r: typeof room) =>
      `${r.wallS} s, ${r.flowsPerSecond} flows/s, ${r.refused} refused${r.refused > 0 ? ` (${r.refusedStatuses.join(', ')})` : ''}`;
    checks.push(
      {
        name: `sign-in rush: ${flows} flows from one address, one every ${room.intervalMs ?? 0} ms`,
        value: timesOf(room),
        budget: `< ${budgets.signin.wallMaxS} s, none refused`,
        ok: room.wallS < budgets.signin.wallMaxS && room.refused === 0,
      },
      {
        name: 'sign-in rush: server part of a flow (start + callback)',
        value: `p95 ${room.serverP95Ms} ms (p50 ${room.serverP50Ms}, max ${room.serverMaxMs}${cpu(room)})`,
        budget: `p95 < ${budgets.signin.serverP95MaxMs} ms`,
        ok: room.serverP95Ms < budgets.signin.serverP95MaxMs,
      },
      {
        name: `sign-in rush: ${flows} flows from one address, ${concurrent.concurrency} concurrent at every moment`,
        value: `${timesOf(concurrent)}; server part p95 ${concurrent.serverP95Ms} ms (p50 ${concurrent.serverP50Ms}${cpu(concurrent)})`,
        budget: `< ${budgets.signin.wallMaxS} s, none refused, p95 < ${budgets.signin.serverP95MaxMs} ms`,
        ok:
          concurrent.wallS < budgets.signin.wallMaxS &&
          concurrent.refused === 0 &&
          concurrent.serverP95Ms < budgets.signin.serverP95MaxMs,
      },
      ...[crowd, burst].map((r) => ({
        name:
          r === crowd
            ? `sign-in crowd: ${flows} flows within 6 s, one every ${r.intervalMs ?? 0} ms`
            : `sign-in burst: ${flows} flows in the same instant`,
        value: `${timesOf(r)}; server part p95 ${r.serverP95Ms} ms (p50 ${r.serverP50Ms}${cpu(r)})`,
        budget: 'none refused',
        ok: r.refused === 0,
      })),
    );
    console.log(
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}; provider requests ${JSON.stringify(Object.fromEntries(google.requests))}`,
    );
  } finally {
    if (app !== undefined) await stopProcess(app.child);
    await google.close();
  }
}
