import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamTasksInsightSchema, type TeamTasksInsight } from '../../../shared/insights-api.js';
import { teamTaskListSchema } from '../../../shared/team-tasks-api.js';
import { addDepartment } from '../departments/departments.service.js';
import { upsertMember } from '../members/members.repository.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { putMemberRecord } from '../../test/test-members.js';
import { teamTaskCatalog } from '../../test/test-roles.js';

/**
 * The team tasks chart (docs/product.md#team-tasks) on a seed worked out by hand, with the test clock. The volunteer
 * role has three team tasks: 'Create the account' (any admin, 2 days before the start), 'Say hello' (the buddy, 1 day
 * after) and 'Book a welcome call' (the lead, 5 days after). Events is led by Lena; Garden has no lead.
 *
 * | newcomer | dept   | start | buddy | done                                                    |
 * |----------|--------|-------|-------|---------------------------------------------------------|
 * | Oli      | Events | 03-02 | Bea   | all three, the last on 03-06: 4 days                    |
 * | Pia      | Events | 03-02 | Bea   | all three, the last on 03-11: 9 days                    |
 * | Nora     | Events | 03-09 | Bea   | the account (03-06)                                     |
 * | Lou      | Garden | 03-09 | none  | nothing                                                 |
 *
 * On 03-11: open — Nora's hello (Bea, due 03-10: overdue), Nora's call (Lena, 03-14), Lou's account (admins, 03-07:
 * overdue), Lou's hello and call (nobody: no buddy, no lead; 03-10 overdue, 03-14). 5 open, 3 overdue; median of 4
 * and 9 days = 6.5.
 */

const ZONE = 'Europe/London';
const ADMIN = 'boss@inspired2uplift.org';
const LENA = 'lena@inspired2uplift.org';
const BEA = 'bea@inspired2uplift.org';
const OLI = 'oli@inspired2uplift.org';
const PIA = 'pia@inspired2uplift.org';
const NORA = 'nora@inspired2uplift.org';
const LOU = 'lou@inspired2uplift.org';

const catalog = teamTaskCatalog([
  { id: 'create-account', title: 'Create the account', description: 'Do.', who: 'admins', dueAfterDays: -2 },
  { id: 'say-hello', title: 'Say hello', description: 'Do.', who: 'buddy', dueAfterDays: 1 },
  { id: 'welcome-call', title: 'Book a welcome call', description: 'Do.', who: 'lead', dueAfterDays: 5 },
]);

let t: TestApp;
const cookies: Record<string, string> = {};
const as = (email: string) => ({ cookie: cookies[email] ?? '' });

const invite = (email: string, department: string, startOn: string, buddy?: string) =>
  putMemberRecord(t, as(ADMIN).cookie, email, {
    role: 'volunteer',
    department,
    isAdmin: false,
    startOn,
    ...(buddy ? { buddy } : {}),
  });

/** Marks the newcomer's task done as `who` (who must see it in 'My tasks'). */
async function done(who: string, newcomer: string, taskId: string) {
  const mine = await t.app.inject({ url: '/api/team-tasks/mine', headers: as(who) });
  const task = teamTaskListSchema
    .parse(mine.json())
    .tasks.find((x) => x.newcomer.email === newcomer && x.taskId === taskId);
  expect(task, `${who} sees ${taskId} of ${newcomer}`).toBeDefined();
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/team-tasks/${task?.id ?? ''}`,
    headers: as(who),
    payload: { done: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function chart(query = '', viewer = ADMIN): Promise<TeamTasksInsight> {
  const res = await t.app.inject({ url: `/api/admin/insights/team-tasks${query}`, headers: as(viewer) });
  expect(res.statusCode, res.body).toBe(200);
  return teamTasksInsightSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ catalog, env: { ADMIN_EMAILS: ADMIN, TIME_ZONE: ZONE } });
  t.clock.now = new Date('2026-03-02T10:00:00Z');
  const db = t.database.db;
  for (const department of ['Events', 'Garden']) {
    await addDepartment(db, catalog, department, { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  }
  await upsertMember(db, { email: LENA, role: 'volunteer', department: 'Events', isAdmin: false, leadOf: ['Events'] });
  await upsertMember(db, { email: BEA, role: 'volunteer', department: 'Events', isAdmin: false });
  for (const [email, name] of [
    [ADMIN, 'Boss'],
    [LENA, 'Lena'],
    [BEA, 'Bea'],
  ] as const) {
    cookies[email] = await signInWithGoogleSession(t, { email, name });
  }
  await invite(OLI, 'Events', '2026-03-02', BEA);
  await invite(PIA, 'Events', '2026-03-02', BEA);
  await invite(NORA, 'Events', '2026-03-09', BEA);
  await invite(LOU, 'Garden', '2026-03-09');
  await done(ADMIN, OLI, 'create-account');
  await done(BEA, OLI, 'say-hello');
  await done(ADMIN, PIA, 'create-account');
  t.clock.now = new Date('2026-03-06T12:00:00Z');
  await done(LENA, OLI, 'welcome-call');
  await done(ADMIN, NORA, 'create-account');
  await done(BEA, PIA, 'say-hello');
  t.clock.now = new Date('2026-03-11T09:00:00Z');
  await done(LENA, PIA, 'welcome-call');
});
afterAll(async () => {
  await t.close();
});

describe('team tasks chart', () => {
  it('counts open and overdue tasks by person and by task, and the median days from start to all done', async () => {
    expect(await chart()).toEqual({
      today: '2026-03-11',
      open: 5,
      overdue: 3,
      byPerson: [
        { kind: 'unassigned', email: null, name: 'Nobody', open: 2, overdue: 1 },
        { kind: 'admins', email: null, name: 'Any admin', open: 1, overdue: 1 },
        { kind: 'person', email: BEA, name: 'Bea', open: 1, overdue: 1 },
        { kind: 'person', email: LENA, name: 'Lena', open: 1, overdue: 0 },
      ],
      byKind: [
        { taskId: 'say-hello', title: 'Say hello', open: 2, overdue: 2, done: 2 },
        { taskId: 'create-account', title: 'Create the account', open: 1, overdue: 1, done: 3 },
        { taskId: 'welcome-call', title: 'Book a welcome call', open: 2, overdue: 0, done: 2 },
      ],
      newcomers: 4,
      allDone: 2,
      medianDaysToAllDone: 6.5,
    });
  });

  it('follows the filters and the clock, and shows a lead only their departments’ newcomers', async () => {
    const garden = await chart('?department=Garden');
    expect(garden).toMatchObject({ open: 3, overdue: 2, newcomers: 1, allDone: 0, medianDaysToAllDone: null });
    expect(garden.byPerson.map((p) => [p.name, p.open, p.overdue])).toEqual([
      ['Nobody', 2, 1],
      ['Any admin', 1, 1],
    ]);
    // Started in March: everyone; in February: nobody.
    expect((await chart('?started=2026-03')).open).toBe(5);
    expect(await chart('?started=2026-02')).toMatchObject({ open: 0, byPerson: [], byKind: [], newcomers: 0 });

    const lead = await chart('', LENA);
    expect(lead).toMatchObject({ open: 2, overdue: 1, newcomers: 3, allDone: 2, medianDaysToAllDone: 6.5 });
    expect(lead.byPerson.map((p) => p.name)).toEqual(['Bea', 'Lena']);

    // A week later Nora's call is overdue too (due 03-14).
    t.clock.now = new Date('2026-03-18T09:00:00Z');
    cookies[ADMIN] = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    expect(await chart()).toMatchObject({ today: '2026-03-18', open: 5, overdue: 5 });
  });

  it('answers the same figures as CSV', async () => {
    const res = await t.app.inject({ url: '/api/admin/insights/team-tasks.csv', headers: as(ADMIN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('by,id,name,open,overdue,done');
    expect(lines).toContain(`person,${BEA},Bea,1,1,`);
    expect(lines).toContain('task,say-hello,Say hello,2,2,2');
    expect(lines.at(-1)).toBe('median_days_to_all_done,,6.5,,,');
  });
});
