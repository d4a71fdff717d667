/**
 * `npm run bench` (docs/architecture.md#performance-budgets; not part of `npm test`): measures the production build and
 * checks the figures against bench/budgets.json. Prints a table, writes bench/results.json, exits 1 when a budget is
 * missed.
 *
 * 1. API: autocannon, 10 s × 50 connections each, against the compiled server (`dist/node/server/server.js`, run
 *    with NODE_ENV=development because development sign-in is the only sign-in without Google; same compiled code)
 *    on a fresh temporary database: GET /api/onboarding (asked for as a browser asks, with Accept-Encoding; its
 *    bytes on the wire, and those of the role content it names, reported apart: docs/architecture.md#role-content),
 *    PUT /api/progress/steps/:id, and two bare Fastify baselines, each in its own process: 'hello world', and the
 *    same-payload floor, which answers with the exact bytes the read sent (bench/baseline-server.ts).
 * 2. Bundle: gzip size of the JS and CSS that /login and /dashboard load: /login is its own document (login.html's
 *    entry with its preloads and static imports); /dashboard is index.html's entry (with its preloads) and the chunks
 *    of the page's lazy routes, each with its static imports in Vite's manifest (dynamic imports inside a page — PDF
 *    viewer, confetti, dialogs — and other pages' chunks are not counted).
 * 3. Scale: GET /api/admin/members (first page, a filter, a sort) at 1,000 and 10,000 seeded members, p95 of
 *    sequential requests.
 * 4. Insights: each chart of the insights page (GET /api/admin/insights/…), unfiltered and filtered by role, at
 *    10,000 seeded members, p95 of sequential requests.
 * 5. Lighthouse 12 (system Chromium): performance and accessibility of /login and /dashboard, mobile and desktop; on
 *    mobile against a floor page (bare React 19, built by the bench) measured in the same run.
 * 6. Sign-in rush: 60 (budgets.json) complete Google sign-ins from one address (127.0.0.1), each person with their own
 *    Google account, through a local OpenID Connect provider (oauth2-mock-server), against the compiled server with its
 *    default rate limits on a fresh embedded database, arriving as a room (one every 500 ms), a crowd (within 6 s) and a
 *    burst (the same instant): flows per second, none refused, p95 of the server's part of a flow (start + callback,
 *    less the provider's own time) and the server's CPU time per flow.
 * 7. Studio: publishing a catalog of the current size (the real content/roles, about 13 roles and 70 steps) through
 *    POST /api/studio/publish on the compiled server and a fresh embedded database — the whole catalog's checks, the
 *    members-per-role and removal checks and the one transaction — STUDIO_PUBLISHES times, p95.
 * 8. Reminders: planning a day's reminders for 10,000 members on the embedded database.
 * 9. Preferences: the JavaScript the reading and display preferences add to /dashboard (the client built with and
 *    without them), the legible font downloaded only when chosen, Lighthouse accessibility on /dashboard in each
 *    theme (bench/parts/preferences.ts).
 * 10. Team tasks: importing 1,000 volunteers who start the same day (POST /api/admin/import, which creates their 3,000
 *    team tasks), and "My tasks" (GET /api/team-tasks/mine) of a lead with 500 open tasks, p95 of sequential requests
 *    (bench/parts/team-tasks.ts).
 * 11. Room: 200 imported members signing in with Google together, then working for 60 s (bench/parts/room.ts), on the
 *    embedded database and, with BENCH_POSTGRES_URL, on PostgreSQL.
 * 12. Restart: start to healthy on a 10,000-member embedded data folder, first, after a crash and after a clean stop
 *    (bench/parts/restart.ts).
 * 13. Workspace: Google accounts for a CSV import of 200 newcomers against a local peer of Google's Directory API that
 *    enforces Google's documented quota (bench/parts/workspace.ts).
 * The API part also times each statement of the progress write path in this process (bench/parts/write-path.ts).
 * `npm run bench -- --only=api` (or bundle, scale, insights, lighthouse, signin, room, restart, studio, reminders,
 * preferences, team-tasks, workspace; comma-separated)
 * runs just those parts. Each part is a file of bench/parts/; what they share (the build, budgets, results, starting
 * and loading the app) is bench/common.ts.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { api } from './parts/api.js';
import { bundle, loadedInBrowser } from './parts/bundle.js';
import { build, checks, results, root, started, stopProcess, tempDirs } from './common.js';
import { insights } from './parts/insights.js';
import { lighthouseScores } from './parts/lighthouse.js';
import { preferencesBudgets } from './parts/preferences.js';
import { reminders } from './parts/reminders.js';
import { restart } from './parts/restart.js';
import { room } from './parts/room.js';
import { scale } from './parts/scale.js';
import { signinRush } from './parts/signin.js';
import { studio } from './parts/studio.js';
import { teamTasks } from './parts/team-tasks.js';
import { workspace } from './parts/workspace.js';

function printTable(): void {
  const rows = checks.map((c) => [c.name, c.value, c.budget, c.ok === null ? '' : c.ok ? 'ok' : 'MISSED']);
  const head = ['measure', 'value', 'budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(fmt(r));
}

const only = new Set(
  (
    process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ??
    'bundle,api,scale,insights,lighthouse,signin,room,restart,studio,reminders,preferences,team-tasks,workspace'
  ).split(','),
);

async function main(): Promise<number> {
  build();
  if (only.has('bundle')) {
    bundle();
    await loadedInBrowser();
  }
  if (only.has('api')) await api();
  if (only.has('scale')) await scale();
  if (only.has('insights')) await insights();
  if (only.has('lighthouse')) await lighthouseScores();
  if (only.has('signin')) await signinRush();
  if (only.has('room')) await room();
  if (only.has('restart')) await restart();
  if (only.has('studio')) await studio();
  if (only.has('reminders')) await reminders();
  if (only.has('preferences')) await preferencesBudgets();
  if (only.has('team-tasks')) await teamTasks();
  if (only.has('workspace')) await workspace();
  results.checks = checks;
  const missed = checks.filter((c) => c.ok === false);
  results.budgetsMissed = missed.map((c) => c.name);
  printTable();
  writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nbench/results.json written. ${missed.length === 0 ? 'Every budget met.' : `${missed.length} budget(s) missed: ${missed.map((c) => c.name).join('; ')}`}`,
  );
  return missed.length === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await Promise.all(started.map((child) => stopProcess(child)));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
