import os from 'node:os';
import { DIRECTORY_QUERIES_PER_MINUTE } from '../../src/server/modules/workspace/connection.js';
import { WorkspacePeer } from '../../src/server/test/workspace-peer.js';
import { DOMAIN, budgets, checks, results, round, tempDir, withSignedInApp } from '../common.js';

/** The administrator the service account acts as. */
const DELEGATED = `directory-admin@${DOMAIN}`;
/** Google's documented default quota of the Directory API: queries a minute per user per Cloud project. */
const GOOGLE_QUOTA_PER_MINUTE = 2_400;
/** Admins pressing 'Create their Google account' at once (the requests the server has in hand together). */
const AT_ONCE = 10;

const newcomerOf = (i: number) => `bench-account-${String(i).padStart(3, '0')}@${DOMAIN}`;

/**
 * Google Workspace accounts for a large intake (docs/product.md#google-workspace-accounts, docs/performance.md): the
 * compiled server, writing on, against the local protocol peer of Google's token endpoint and Directory API
 * (src/server/test/workspace-peer.ts) enforcing Google's documented quota (2,400 queries in any minute, else 403
 * `userRateLimitExceeded`). A CSV import of budgets.workspace.newcomers volunteers with private addresses, then each
 * one's account created through the member page's route (AT_ONCE requests in flight). Checked: no request over the
 * quota, one account per newcomer, and the whole creation within what the client's own pace allows
 * (DIRECTORY_QUERIES_PER_MINUTE: the queries made, spaced evenly) times the budget's ratio.
 */
export async function workspace(): Promise<void> {
  const newcomers = budgets.workspace.newcomers;
  console.log(`• workspace: ${newcomers} Google accounts for a CSV import`);
  const peer = await WorkspacePeer.start(DELEGATED);
  peer.quota = { queries: GOOGLE_QUOTA_PER_MINUTE, windowMs: 60_000 };
  const start = {
    dataDir: tempDir('workspace'),
    env: { ...peer.appEnv, GOOGLE_WORKSPACE_WRITE: 'true', MAIL_EVERY_SECONDS: '99999' },
    startTimeoutMs: 180_000,
  };
  await withSignedInApp(start, async (app, cookie) => {
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await fetch(`${app.base}${url}`, {
        method,
        headers: { cookie, origin: app.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
      return JSON.parse(text) as unknown;
    };
    const csv = [
      'email,role,department,privateEmail',
      ...Array.from({ length: newcomers }, (_, i) => `${newcomerOf(i)},volunteer,Operations,home-${i}@example.com`),
    ].join('\n');
    await call('POST', '/api/admin/import', { csv });
    peer.requests.length = 0;
    const loadAverage = round(os.loadavg()[0] ?? Number.NaN, 2);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < newcomers) {
          const i = next++;
          const [given, family] = ['Bench', `Newcomer ${i}`];
          await call('POST', `/api/admin/members/${encodeURIComponent(newcomerOf(i))}/workspace-account`, {
            givenName: given,
            familyName: family,
          });
        }
      }),
    );
    const wallS = (performance.now() - t0) / 1000;
    const queries = peer.requests.length;
    const pacedS = (queries * 60) / DIRECTORY_QUERIES_PER_MINUTE;
    const googleS = (queries * 60) / GOOGLE_QUOTA_PER_MINUTE;
    const accounts = [...peer.users.keys()].filter((e) => e.startsWith('bench-account-')).length;
    results.workspace = {
      newcomers,
      queries,
      wallS: round(wallS, 2),
      pacedS: round(pacedS, 2),
      googleQuotaS: round(googleS, 2),
      overQuota: peer.overQuota,
      accounts,
      loadAverage,
    };
    checks.push({
      name: `workspace: ${newcomers} accounts, Directory API queries over Google's quota`,
      value: `${peer.overQuota} of ${queries} (load ${loadAverage})`,
      budget: '0',
      ok: peer.overQuota === 0 && accounts === newcomers,
    });
    checks.push({
      name: `workspace: ${newcomers} accounts created`,
      value: `${round(wallS, 1)} s (${queries} queries: ${round(pacedS, 1)} s at the client's pace, ${round(googleS, 1)} s at Google's quota)`,
      budget: `≤ ${budgets.workspace.wallMaxRatioToPace} × the client's pace`,
      ok: wallS <= pacedS * budgets.workspace.wallMaxRatioToPace,
    });
  }).finally(() => peer.stop());
}
