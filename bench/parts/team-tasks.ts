import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { loadContent } from '../../src/server/content/load-content.js';
import { migrate, openDatabase } from '../../src/server/db/client.js';
import { syncTeamTasks } from '../../src/server/modules/team-tasks/index.js';
import {
  ADMIN_SAMPLES,
  DOMAIN,
  budgets,
  checks,
  devLogin,
  results,
  root,
  round,
  tempDir,
  withSignedInApp,
} from '../common.js';
import { percentile } from './scale.js';

/** Newcomers imported in one file, all starting the same day. */
const NEWCOMERS = 1_000;
/** Buddies the newcomers share (members with no start date: not newcomers themselves). */
const BUDDIES = 50;
/** The organisation's time zone of the bench's server (the default of TIME_ZONE). */
const ZONE = 'Europe/London';

const leadOf = (i: number) => `bench-lead-${i}@${DOMAIN}`;
const buddyOf = (i: number) => `bench-buddy-${String(i % BUDDIES).padStart(2, '0')}@${DOMAIN}`;
const newcomerOf = (i: number) => `bench-new-${String(i).padStart(4, '0')}@${DOMAIN}`;

/**
 * Team tasks (docs/product.md#team-tasks) at the size of a large intake, on the compiled server and a fresh embedded
 * database:
 *
 * 1. Creating them: one CSV import (POST /api/admin/import, the path the admin's import takes) of 1,000 volunteers
 *    starting the same day, half in each of two departments with one lead each, each with one of 50 buddies. The
 *    volunteer role has three team tasks (the admins', the buddy's, the lead's), so the import creates 3,000; the
 *    whole request is timed (the file's checks, the records, start dates, buddies and their audit entries, the
 *    welcomes, and bringing the 1,000 newcomers' team tasks in line), once, against the budget. Its preview is
 *    reported beside it.
 * 2. "My tasks" of a lead with 500 open tasks (one welcome call per newcomer of their department): GET
 *    /api/team-tasks/mine, p50/p95 of sequential requests, against the budget.
 * 3. In this process on the same database once the server has stopped: the team tasks' own share of the import (the
 *    1,000 newcomers' tasks deleted, then created again by syncTeamTasks), against the budget; and, reported only,
 *    what the mail worker does at each of its runs before planning (syncTeamTasks of everyone), twice.
 *
 * The server's mail worker runs once at start (on the empty database) and not again during the timings
 * (MAIL_EVERY_SECONDS=99999); its run is item 3.
 */
export async function teamTasks(): Promise<void> {
  const dataDir = tempDir('team-tasks');
  const startOn = DateTime.now().setZone(ZONE).plus({ days: 7 }).toISODate() ?? '';
  // Up to 3 minutes to start: the machine the bench runs on may be busy.
  const start = { dataDir, env: { TIME_ZONE: ZONE, MAIL_EVERY_SECONDS: '99999' }, startTimeoutMs: 180_000 };
  const { importMs, previewMs, mine } = await withSignedInApp(start, async (app, adminCookie) => {
    const call = async (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${app.base}${url}`, {
        method,
        headers: {
          cookie,
          origin: app.base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
      return { ms: performance.now() - t0, json: JSON.parse(text) as unknown };
    };
    const listed = (await call(adminCookie, 'GET', '/api/admin/departments')).json as {
      items: { name: string; retired: boolean }[];
    };
    const [first, second] = listed.items.filter((d) => !d.retired).map((d) => d.name);
    if (first === undefined || second === undefined) throw new Error('the content lists fewer than two departments');

    // The people around the newcomers: a lead of each department and the buddies, without start dates.
    const people = [
      'email,role,department,leadOf',
      `${leadOf(0)},volunteer,${first},${first}`,
      `${leadOf(1)},volunteer,${second},${second}`,
      ...Array.from({ length: BUDDIES }, (_, i) => `${buddyOf(i)},volunteer,${i % 2 === 0 ? first : second},`),
    ].join('\n');
    await call(adminCookie, 'POST', '/api/admin/import', { csv: people });

    console.log(`• team-tasks: importing ${NEWCOMERS} volunteers starting on ${startOn}`);
    const intake = [
      'email,role,department,startDate,buddy',
      ...Array.from(
        { length: NEWCOMERS },
        (_, i) => `${newcomerOf(i)},volunteer,${i % 2 === 0 ? first : second},${startOn},${buddyOf(i)}`,
      ),
    ].join('\n');
    const preview = await call(adminCookie, 'POST', '/api/admin/import/preview', { csv: intake });
    const imported = await call(adminCookie, 'POST', '/api/admin/import', { csv: intake });
    const applied = (imported.json as { applied: number }).applied;
    if (applied !== NEWCOMERS) throw new Error(`the import applied ${applied} rows, not ${NEWCOMERS}`);

    const leadCookie = await devLogin(app.base, leadOf(0));
    const get = async () => {
      const r = await call(leadCookie, 'GET', '/api/team-tasks/mine');
      return { ms: r.ms, tasks: (r.json as { tasks: { status: string }[] }).tasks };
    };
    const expected = NEWCOMERS / 2;
    const open = (await get()).tasks.filter((t) => t.status === 'open').length;
    if (open !== expected) throw new Error(`the lead has ${open} open team tasks, not ${expected}`);
    for (let i = 0; i < 3; i += 1) await get(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < ADMIN_SAMPLES; i += 1) times.push((await get()).ms);
    times.sort((a, b) => a - b);
    const mine = {
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      maxMs: round(times.at(-1) ?? NaN),
      tasks: open,
    };
    return { importMs: round(imported.ms), previewMs: round(preview.ms), mine };
  });

  // The mail worker's step before planning, on the same database (the server has let it go).
  const catalog = await loadContent(path.join(root, 'content'));
  const database = await openDatabase({ dataDir });
  let created: number;
  const runs: { ms: number; written: number; closed: number }[] = [];
  let alone: { ms: number; written: number };
  try {
    await migrate(database);
    const counted: unknown = await database.db.execute(sql`select count(*)::int as n from team_tasks`);
    created = Number((counted as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const deps = { db: database.db, catalog, timeZone: ZONE, now: new Date() };
    // Two runs of the worker's step: the first in a new process (and for the two people who signed in since the
    // import: their first sign-in made them newcomers), the second as every later minute finds it.
    for (let i = 0; i < 2; i += 1) {
      const t0 = performance.now();
      const synced = await syncTeamTasks(deps);
      runs.push({ ms: round(performance.now() - t0), ...synced });
    }
    // The team tasks' own share of the import: the 1,000 newcomers' tasks deleted and created again by the service.
    const newcomers = Array.from({ length: NEWCOMERS }, (_, i) => newcomerOf(i));
    await database.db.execute(
      sql`delete from team_tasks where newcomer_email in (select jsonb_array_elements_text(${JSON.stringify(newcomers)}::jsonb))`,
    );
    const t1 = performance.now();
    const again = await syncTeamTasks(deps, newcomers);
    alone = { ms: round(performance.now() - t1), written: again.written };
  } finally {
    await database.close();
  }

  const n = NEWCOMERS.toLocaleString('en');
  checks.push(
    {
      name: `team tasks: import ${n} volunteers starting the same day (${created.toLocaleString('en')} tasks)`,
      value: `${importMs} ms`,
      budget: `< ${budgets.teamTasks.import1000MaxMs} ms`,
      ok: importMs < budgets.teamTasks.import1000MaxMs && created === NEWCOMERS * 3,
    },
    { name: `team tasks: preview of that import`, value: `${previewMs} ms`, budget: '—', ok: null },
    {
      name: `team tasks: My tasks of a lead with ${mine.tasks} open (GET /api/team-tasks/mine)`,
      value: `p95 ${mine.p95Ms} ms (p50 ${mine.p50Ms})`,
      budget: `≤ ${budgets.teamTasks.myTasksP95MaxMs} ms`,
      ok: mine.p95Ms <= budgets.teamTasks.myTasksP95MaxMs,
    },
    {
      name: `team tasks: creating the ${alone.written.toLocaleString('en')} tasks alone (syncTeamTasks of the ${n}, in process)`,
      value: `${alone.ms} ms`,
      budget: `< ${budgets.teamTasks.create1000MaxMs} ms`,
      ok: alone.ms < budgets.teamTasks.create1000MaxMs && alone.written === NEWCOMERS * 3,
    },
    ...runs.map((r, i) => ({
      name: `team tasks: the mail worker's sync of everyone, ${i === 0 ? 'first' : 'next'} run (${r.written} written, ${r.closed} closed)`,
      value: `${r.ms} ms`,
      budget: '—',
      ok: null,
    })),
  );
  results.teamTasks = {
    newcomers: NEWCOMERS,
    startOn,
    created,
    importMs,
    previewMs,
    myTasks: mine,
    alone,
    workerRuns: runs,
  };
}
