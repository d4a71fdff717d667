import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { ADMIN_SAMPLES, SCALES, budgets, checks, results, root, round, tempDir, withSignedInApp } from '../common.js';

/** Seeds up to `count` members; returns the time taken and the seed's own line (members added, progress rows). */
export function seed(dataDir: string, count: number): { ms: number; summary: string } {
  const t0 = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'seed-members.ts'), String(count), '--no-dotenv'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`seeding ${count} members failed (exit ${r.status})`);
  return { ms: Date.now() - t0, summary: r.stdout.trim().split('\n').at(-1) ?? '' };
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when it is empty. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * GET /api/admin/members — first page, a filter, sorts by percent and by current step — at 1,000 and 10,000 seeded
 * members (progress over every step of their roles, scripts/seed-members.ts): p50/p95 of sequential requests against
 * the budget, and how they grow from 1,000 to 10,000. Also reported, not budgeted: the first request after seeding
 * (it computes the new members' stored progress figures) and a CSV export of everyone.
 */
export async function scale(): Promise<void> {
  const queries = {
    'first page': '',
    'filter complete=false&role=finance': '?complete=false&role=finance',
    'sort percent desc': '?sort=percent&dir=desc',
    'sort current step': '?sort=currentStep',
  };
  const dataDir = tempDir('scale');
  const scaleResults: Record<
    string,
    {
      seed: string;
      seedMs: number;
      firstRequestMs: number;
      csvMs: number;
      queries: Record<string, { p50Ms: number; p95Ms: number }>;
    }
  > = {};
  for (const count of SCALES) {
    // The seed adds to what is there (members seed-00001… are kept), so 10,000 tops up the 1,000.
    console.log(`• scale: seeding up to ${count} members`);
    const seeded = seed(dataDir, count);
    console.log(`  ${seeded.summary}`);
    await withSignedInApp({ dataDir }, async (app, cookie) => {
      const timed = async (url: string) => {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.text();
        if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
        return { ms: performance.now() - t0, body };
      };
      // The first request after seeding computes the admin_members rows of every new member
      // (docs/decisions/010-admin-members-table.md): reported, not budgeted.
      const firstRequestMs = round((await timed(`${app.base}/api/admin/members`)).ms);
      const perQuery: Record<
        string,
        { query: string; samples: number; matching: number | undefined; p50Ms: number; p95Ms: number; maxMs: number }
      > = {};
      for (const [label, query] of Object.entries(queries)) {
        const url = `${app.base}/api/admin/members${query}`;
        const get = async () => {
          const r = await timed(url);
          return { ms: r.ms, total: (JSON.parse(r.body) as { total?: number }).total };
        };
        for (let i = 0; i < 3; i += 1) await get(); // warm-up
        const times: number[] = [];
        let total: number | undefined;
        for (let i = 0; i < ADMIN_SAMPLES; i += 1) {
          const r = await get();
          times.push(r.ms);
          total = r.total;
        }
        times.sort((a, b) => a - b);
        const p50 = round(percentile(times, 50));
        const p95 = round(percentile(times, 95));
        perQuery[label] = {
          query,
          samples: ADMIN_SAMPLES,
          matching: total,
          p50Ms: p50,
          p95Ms: p95,
          maxMs: round(times.at(-1) ?? NaN),
        };
        const smaller = SCALES.filter((n) => n < count).at(-1);
        const before = smaller === undefined ? undefined : scaleResults[String(smaller)]?.queries[label];
        const growth =
          before === undefined
            ? ''
            : `, ×${round(p95 / before.p95Ms)} p95 / ×${round(p50 / before.p50Ms)} p50 from ${smaller?.toLocaleString('en')}`;
        checks.push({
          name: `admin ${count.toLocaleString('en')}: ${label}`,
          value: `p95 ${p95} ms (p50 ${p50}, ${total} match${growth})`,
          budget: `< ${budgets.admin.p95MaxMs} ms`,
          ok: p95 < budgets.admin.p95MaxMs,
        });
      }
      // Last, so that its 10,000 rows do not weigh on the timed requests (garbage collection).
      const csvMs = round((await timed(`${app.base}/api/admin/members.csv`)).ms);
      checks.push(
        {
          name: `admin ${count.toLocaleString('en')}: first request after seeding`,
          value: `${firstRequestMs} ms`,
          budget: '—',
          ok: null,
        },
        { name: `admin ${count.toLocaleString('en')}: CSV export of all`, value: `${csvMs} ms`, budget: '—', ok: null },
      );
      scaleResults[String(count)] = {
        seed: seeded.summary,
        seedMs: seeded.ms,
        firstRequestMs,
        csvMs,
        queries: perQuery,
      };
    });
  }
  results.scale = scaleResults;
}
