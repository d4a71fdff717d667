import { ADMIN_SAMPLES, budgets, checks, results, round, tempDir, withSignedInApp } from '../common.js';
import { percentile, seed } from './scale.js';

/** Members seeded for the insights part. */
const INSIGHTS_MEMBERS = 10_000;

/**
 * The insights page's charts (one SQL query each over the derived members table) at 10,000 seeded members with
 * progress over every step of their roles: p50/p95 of sequential requests per chart, unfiltered and filtered by a
 * role, against the budget. The first request after seeding (which computes the derived rows) is reported apart.
 */
export async function insights(): Promise<void> {
  const dataDir = tempDir('insights');
  console.log(`• insights: seeding ${INSIGHTS_MEMBERS} members`);
  const seeded = seed(dataDir, INSIGHTS_MEMBERS);
  console.log(`  ${seeded.summary}`);
  const perQuery: Record<string, { p50Ms: number; p95Ms: number; maxMs: number }> = {};
  await withSignedInApp({ dataDir }, async (app, cookie) => {
    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
      return performance.now() - t0;
    };
    const firstRequestMs = round(await timed(`${app.base}/api/admin/insights/funnel`));
    checks.push({
      name: `insights ${INSIGHTS_MEMBERS.toLocaleString('en')}: first request after seeding`,
      value: `${firstRequestMs} ms`,
      budget: '—',
      ok: null,
    });
    for (const chart of ['funnel', 'time-to-complete', 'cohorts', 'activity']) {
      for (const [label, query] of [
        ['all', ''],
        ['role=volunteer', '?role=volunteer'],
      ] as const) {
        const url = `${app.base}/api/admin/insights/${chart}${query}`;
        for (let i = 0; i < 3; i += 1) await timed(url); // warm-up
        const times: number[] = [];
        for (let i = 0; i < ADMIN_SAMPLES; i += 1) times.push(await timed(url));
        times.sort((a, b) => a - b);
        const p50 = round(percentile(times, 50));
        const p95 = round(percentile(times, 95));
        perQuery[`${chart} ${label}`] = { p50Ms: p50, p95Ms: p95, maxMs: round(times.at(-1) ?? NaN) };
        checks.push({
          name: `insights ${INSIGHTS_MEMBERS.toLocaleString('en')}: ${chart} (${label})`,
          value: `p95 ${p95} ms (p50 ${p50})`,
          budget: `< ${budgets.insights.p95MaxMs} ms`,
          ok: p95 < budgets.insights.p95MaxMs,
        });
      }
    }
    results.insights = { seed: seeded.summary, firstRequestMs, queries: perQuery };
  });
}
