import path from 'node:path';
import { freePort } from '../../src/server/test/server-process.js';
import {
  CONNECTIONS,
  DOMAIN,
  DURATION_S,
  type LoadResult,
  STEP_ID,
  budgets,
  checks,
  devLogin,
  load,
  results,
  root,
  round,
  startApp,
  startProcess,
  stopProcess,
  tempDir,
  waitFor,
} from '../common.js';

/** Part 1, API: GET /api/onboarding and PUT /api/progress against the compiled server and a bare Fastify baseline (bench/run.ts). */
export async function api(): Promise<void> {
  console.log(`• API: ${DURATION_S} s × ${CONNECTIONS} connections each`);
  const basePort = await freePort();
  const baselineChild = startProcess(['--import', 'tsx', path.join(root, 'bench', 'baseline-server.ts')], {
    PORT: String(basePort),
  });
  await waitFor(`http://127.0.0.1:${basePort}/`, baselineChild);
  const baseline = await load(`http://127.0.0.1:${basePort}/`);
  await stopProcess(baselineChild);

  const app = await startApp(tempDir('api'));
  try {
    const cookie = await devLogin(app.base, `bench-member@${DOMAIN}`);
    const writeHeaders = { cookie, origin: app.base, 'content-type': 'application/json' };
    const body = JSON.stringify({ completed: true });
    // One request each first, so that a wrong setup fails loudly instead of measuring error responses.
    const read = await fetch(`${app.base}/api/onboarding`, { headers: { cookie } });
    if (!read.ok) throw new Error(`GET /api/onboarding answered ${read.status}: ${await read.text()}`);
    const write = await fetch(`${app.base}/api/progress/steps/${STEP_ID}`, {
      method: 'PUT',
      headers: writeHeaders,
      body,
    });
    if (!write.ok)
      throw new Error(`PUT /api/progress/steps/${STEP_ID} answered ${write.status}: ${await write.text()}`);

    const onboarding = await load(`${app.base}/api/onboarding`, { headers: { cookie } });
    const progress = await load(`${app.base}/api/progress/steps/${STEP_ID}`, {
      method: 'PUT',
      headers: writeHeaders,
      body,
    });
    const ratio = (r: LoadResult) => round(r.reqPerSec / baseline.reqPerSec, 3);
    results.api = {
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      baseline,
      onboardingRead: { ...onboarding, ratioToBaseline: ratio(onboarding) },
      progressWrite: { ...progress, ratioToBaseline: ratio(progress) },
    };
    const line = (r: LoadResult) =>
      `${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx + r.errors > 0 ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;
    const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;
    checks.push(
      { name: 'baseline hello world', value: line(baseline), budget: '—', ok: null },
      { name: 'GET /api/onboarding', value: line(onboarding), budget: 'no errors', ok: clean(onboarding) },
      {
        name: 'GET /api/onboarding ÷ baseline',
        value: `${ratio(onboarding)}`,
        budget: `≥ ${budgets.api.onboardingReadMinRatioToBaseline}`,
        ok: ratio(onboarding) >= budgets.api.onboardingReadMinRatioToBaseline,
      },
      {
        name: 'GET /api/onboarding p99',
        value: `${onboarding.p99Ms} ms`,
        budget: `< ${budgets.api.onboardingReadP99MaxMs} ms`,
        ok: onboarding.p99Ms < budgets.api.onboardingReadP99MaxMs,
      },
      { name: `PUT /api/progress/steps/…`, value: line(progress), budget: 'no errors', ok: clean(progress) },
      { name: 'PUT progress ÷ baseline', value: `${ratio(progress)}`, budget: '—', ok: null },
    );
  } finally {
    await stopProcess(app.child);
  }
}
