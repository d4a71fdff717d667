import os from 'node:os';

import { budgets, checks, results, round, startApp, stopProcess, tempDir } from '../common.js';
import { seed } from './scale.js';

/**
 * Start to healthy on a large embedded data folder (docs/reliability.md#restart-time): budgets.restart.members
 * (10,000) members seeded (scripts/seed-members.ts: progress over every step), then the compiled server started three
 * times on that folder, each timed from the process's start to the first 2xx of /api/health: the first start after
 * seeding, a start after the server was killed (SIGKILL, as a crash), and a start after a clean stop (SIGTERM). The
 * slowest of the three has the budget.
 */
export async function restart(): Promise<void> {
  const members = budgets.restart.members;
  console.log(`• restart: start to healthy on ${members.toLocaleString('en')} members`);
  const dataDir = tempDir('restart');
  const seeded = seed(dataDir, members);
  const timedStart = async () => {
    const loadAverage = round(os.loadavg()[0] ?? NaN, 2);
    const t0 = performance.now();
    const app = await startApp(dataDir, {}, 120_000);
    return { app, s: round((performance.now() - t0) / 1000, 2), loadAverage };
  };
  const starts: Record<string, { s: number; loadAverage: number }> = {};
  const first = await timedStart();
  starts['first start after seeding'] = { s: first.s, loadAverage: first.loadAverage };
  // A crash: no shutdown at all, the data folder's lock left behind.
  const killed = new Promise<void>((resolve) => first.app.child.once('exit', () => resolve()));
  first.app.child.kill('SIGKILL');
  await killed;
  const afterCrash = await timedStart();
  starts['after a crash (SIGKILL)'] = { s: afterCrash.s, loadAverage: afterCrash.loadAverage };
  await stopProcess(afterCrash.app.child);
  const afterStop = await timedStart();
  starts['after a clean stop (SIGTERM)'] = { s: afterStop.s, loadAverage: afterStop.loadAverage };
  await stopProcess(afterStop.app.child);
  results.restart = { members, seedMs: seeded.ms, seed: seeded.summary, starts };
  const slowest = Math.max(...Object.values(starts).map((s) => s.s));
  checks.push({
    name: `restart: start to healthy, ${members.toLocaleString('en')} members`,
    value: Object.entries(starts)
      .map(([label, s]) => `${label} ${s.s} s (load ${s.loadAverage})`)
      .join('; '),
    budget: `each ≤ ${budgets.restart.healthyMaxS} s`,
    ok: slowest <= budgets.restart.healthyMaxS,
  });
}
