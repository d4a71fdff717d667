import { budgets, checks, results, round, tempDir, withSignedInApp } from '../common.js';

import { percentile } from './scale.js';

/** How many publishes the studio part times. */
const STUDIO_PUBLISHES = 20;

/**
 * Publishing the current catalog from the content studio: each round saves a draft of the published catalog with one
 * changed step title (so every publish is a real new version) and times POST /api/studio/publish alone.
 */
export async function studio(): Promise<void> {
  await withSignedInApp({ dataDir: tempDir('studio') }, async (app, cookie) => {
    const headers = { cookie, origin: app.base, 'x-requested-with': 'onboarding', 'content-type': 'application/json' };
    const times: number[] = [];
    let roles = 0;
    let steps = 0;
    for (let i = 0; i < STUDIO_PUBLISHES + 2; i += 1) {
      const state = (await (await fetch(`${app.base}/api/studio`, { headers })).json()) as {
        published: { catalog: { key: string; scopes: { steps: { title: string }[] }[] }[] };
        draft: { updatedAt: string } | null;
      };
      const catalog = state.published.catalog;
      roles = catalog.length;
      steps = catalog.reduce((n, c) => n + c.scopes.reduce((m, sc) => m + sc.steps.length, 0), 0);
      const step = catalog.find((c) => c.key === 'volunteer')?.scopes[0]?.steps[0];
      if (!step) throw new Error('the volunteer role has no first step');
      step.title = `${step.title.replace(/ \(\d+\)$/u, '')} (${i})`;
      const saved = await fetch(`${app.base}/api/studio/draft`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ catalog, baseUpdatedAt: state.draft?.updatedAt ?? null }),
      });
      if (!saved.ok)
        throw new Error(`saving the draft answered ${saved.status}: ${(await saved.text()).slice(0, 500)}`);
      const t0 = performance.now();
      const res = await fetch(`${app.base}/api/studio/publish`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ materialChanges: [] }),
      });
      const body = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`publishing answered ${res.status}: ${body.slice(0, 500)}`);
      if (i >= 2) times.push(ms); // the first two warm up
    }
    times.sort((a, b) => a - b);
    const p50 = round(percentile(times, 50));
    const p95 = round(percentile(times, 95));
    checks.push({
      name: `studio: publish a catalog of ${roles} roles, ${steps} steps (embedded database)`,
      value: `p95 ${p95} ms (p50 ${p50})`,
      budget: `< ${budgets.studio.publishP95MaxMs} ms`,
      ok: p95 < budgets.studio.publishP95MaxMs,
    });
    results.studio = {
      roles,
      steps,
      publishes: times.length,
      p50Ms: p50,
      p95Ms: p95,
      maxMs: round(times.at(-1) ?? NaN),
    };
  });
}

/** `--only=api,bundle,scale,insights,lighthouse,signin,studio,reminders` runs just those parts (default: all). */
