import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberDetailSchema } from '../../../shared/admin-api.js';
import { openTeamTasksResponseSchema } from '../../../shared/studio-api.js';
import { createRoleCatalog, type RoleCatalog } from '../../../shared/roles.js';
import {
  buddySuggestionsSchema,
  teamTaskListSchema,
  teamTaskViewSchema,
  type TeamTaskView,
} from '../../../shared/team-tasks-api.js';
import { BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE } from '../admin/admin.routes.js';
import { addDepartment } from '../departments/departments.service.js';
import { upsertMember } from '../members/members.repository.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { teamTaskRole } from '../../test/test-roles.js';
import { syncTeamTasks } from './team-tasks.service.js';

/**
 * Team tasks (docs/product.md#team-tasks) on the server: created once per newcomer (also from two app instances on one
 * database), following start dates, leavers and published changes, and shown only to the people the rule allows.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ZONE = 'Europe/London';
const ADMIN = 'boss@inspired2uplift.org';
const NEWCOMER = 'nora@inspired2uplift.org';
const LEAD = 'lena@inspired2uplift.org'; // leads Events
const BUDDY = 'bea@inspired2uplift.org';
const OTHER_BUDDY = 'otto@inspired2uplift.org';
const FINANCE_LEAD = 'fin@inspired2uplift.org';
const LONELY = 'lou@inspired2uplift.org'; // Finance has no lead but FINANCE_LEAD; Lou is in Garden, which has none

/** The volunteer role of these tests: the welcome call's title and the buddy's hello's day can change. */
const volunteer = (welcomeTitle = 'Book a welcome call', buddyDays = 1) =>
  teamTaskRole([
    {
      id: 'create-google-account',
      title: 'Create the account',
      description: 'Create it.',
      who: 'admins',
      dueAfterDays: -2,
    },
    {
      id: 'say-hello-in-slack',
      title: 'Say hello in Slack',
      description: 'Say hello.',
      who: 'buddy',
      dueAfterDays: buddyDays,
    },
    {
      id: 'book-welcome-call',
      title: welcomeTitle,
      description: 'Book it.',
      who: 'lead',
      dueAfterDays: 5,
      appointment: true,
    },
  ]);
const catalogOf = (...args: Parameters<typeof volunteer>): RoleCatalog => createRoleCatalog([volunteer(...args)]);

let t: TestApp;
const cookies: Record<string, string> = {};
const db = () => t.database.db;

beforeEach(async () => {
  t = await createTestApp({ catalog: catalogOf(), env: { ADMIN_EMAILS: ADMIN } });
  t.clock.now = new Date('2026-03-02T10:00:00Z');
  for (const department of ['Events', 'Finance', 'Garden']) {
    await addDepartment(db(), catalogOf(), department, { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  }
  await upsertMember(db(), {
    email: LEAD,
    role: 'volunteer',
    department: 'Events',
    isAdmin: false,
    leadOf: ['Events'],
  });
  await upsertMember(db(), { email: BUDDY, role: 'volunteer', department: 'Events', isAdmin: false });
  await upsertMember(db(), { email: OTHER_BUDDY, role: 'volunteer', department: 'Events', isAdmin: false });
  await upsertMember(db(), {
    email: FINANCE_LEAD,
    role: 'volunteer',
    department: 'Finance',
    isAdmin: false,
    leadOf: ['Finance'],
  });
  for (const [email, name] of [
    [ADMIN, 'Boss'],
    [LEAD, 'Lena'],
    [BUDDY, 'Bea'],
    [OTHER_BUDDY, 'Otto'],
    [FINANCE_LEAD, 'Fin'],
  ] as const) {
    cookies[email] = await signInWithGoogleSession(t, { email, name });
  }
  await t.app.changeFeed.settle();
});
afterEach(async () => {
  await t.close();
});

const as = (email: string) => ({ cookie: cookies[email] ?? '' });

async function invite(email: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/members/${encodeURIComponent(email)}`,
    headers: as(ADMIN),
    payload: { role: 'volunteer', department: 'Events', isAdmin: false, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return memberDetailSchema.parse(res.json());
}

async function mine(email: string): Promise<TeamTaskView[]> {
  const res = await t.app.inject({ url: '/api/team-tasks/mine', headers: as(email) });
  expect(res.statusCode, res.body).toBe(200);
  return teamTaskListSchema.parse(res.json()).tasks;
}

async function tasksOf(newcomer: string, viewer = ADMIN) {
  const res = await t.app.inject({
    url: `/api/team-tasks/newcomers/${encodeURIComponent(newcomer)}`,
    headers: as(viewer),
  });
  return { status: res.statusCode, tasks: res.statusCode === 200 ? teamTaskListSchema.parse(res.json()).tasks : [] };
}

const byTask = (tasks: TeamTaskView[]) => Object.fromEntries(tasks.map((task) => [task.taskId, task]));

describe('creating team tasks', () => {
  it('creates a newcomer’s tasks for their lead, their buddy and the admins when they are invited with a start date', async () => {
    const detail = await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    expect(detail.buddy).toBe(BUDDY);
    const tasks = byTask((await tasksOf(NEWCOMER)).tasks);
    expect(tasks['create-google-account']).toMatchObject({
      // Invited, not signed in yet: no name, so the address stands for it.
      newcomer: { email: NEWCOMER, name: NEWCOMER },
      who: 'admins',
      assignees: [],
      dueOn: '2026-03-07',
      unassigned: false,
    });
    expect(tasks['say-hello-in-slack']).toMatchObject({ who: 'buddy', assignees: [BUDDY], dueOn: '2026-03-10' });
    expect(tasks['book-welcome-call']).toMatchObject({
      who: 'lead',
      assignees: [LEAD],
      dueOn: '2026-03-14',
      appointment: true,
    });
    expect((await mine(LEAD)).map((task) => task.taskId)).toEqual(['book-welcome-call']);
    expect((await mine(BUDDY)).map((task) => task.taskId)).toEqual(['say-hello-in-slack']);
    expect((await mine(ADMIN)).map((task) => task.taskId)).toEqual(['create-google-account']);
    expect(await mine(OTHER_BUDDY)).toEqual([]);
    const audit = await db().execute(sql`select kind, subject, details from audit_log where kind = 'buddy-change'`);
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: 'buddy-change', subject: NEWCOMER, details: { buddy: BUDDY, previous: null } },
    ]);
  });

  it('creates no task for someone without a start date, and creates them at the first sign-in', async () => {
    await invite(NEWCOMER, {});
    expect((await tasksOf(NEWCOMER)).tasks).toEqual([]);
    await signInWithGoogleSession(t, { email: NEWCOMER, name: 'Nora' });
    await db().execute(
      sql`update users set created_at = ${'2026-03-02T10:00:00Z'}::timestamptz where email = ${NEWCOMER}`,
    );
    await t.app.mailWorker.runNow();
    expect(byTask((await tasksOf(NEWCOMER)).tasks)['book-welcome-call']?.dueOn).toBe('2026-03-07');
  });

  it('creates each task once when two app instances bring the same newcomers in line at the same time', async () => {
    const second = await createTestApp({ catalog: catalogOf(), env: { ADMIN_EMAILS: ADMIN }, database: t.database });
    try {
      await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
      await db().execute(sql`delete from team_tasks`);
      const deps = { catalog: catalogOf(), timeZone: ZONE, now: t.clock.now };
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          syncTeamTasks({ ...deps, db: i % 2 === 0 ? t.database.db : second.database.db }, [NEWCOMER]),
        ),
      );
      expect(runs.reduce((n, r) => n + r.written, 0)).toBe(3);
      const rows = await db().execute(
        sql`select count(*)::int as n from team_tasks where newcomer_email = ${NEWCOMER}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3);
      await second.app.mailWorker.runNow();
      await t.app.mailWorker.runNow();
      expect((await tasksOf(NEWCOMER)).tasks).toHaveLength(3);
    } finally {
      await second.app.close();
    }
  });

  it('creates no task for someone who started more than 30 days ago, and keeps following tasks created before', async () => {
    await invite(NEWCOMER, { startOn: '2026-01-20' });
    await invite(LONELY, { startOn: '2026-02-10' });
    expect((await tasksOf(NEWCOMER)).tasks).toEqual([]);
    expect((await tasksOf(LONELY)).tasks).toHaveLength(3);
    t.clock.now = new Date('2026-04-20T10:00:00Z');
    // Sessions last 30 days: the admin signs in again.
    cookies[ADMIN] = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(LONELY)}/mail`,
      headers: as(ADMIN),
      payload: { startOn: '2026-04-25' },
    });
    expect(byTask((await tasksOf(LONELY)).tasks)['book-welcome-call']?.dueOn).toBe('2026-04-30');
    // Moved back before the day the task was made (2 March), it is due that day, never earlier
    // (docs/product.md#team-tasks, "Made late").
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(LONELY)}/mail`,
      headers: as(ADMIN),
      payload: { startOn: '2026-02-11' },
    });
    expect(byTask((await tasksOf(LONELY)).tasks)['book-welcome-call']?.dueOn).toBe('2026-03-02');
  });

  it('leaves a task nobody can do unassigned, shown to admins only', async () => {
    await invite(LONELY, { department: 'Garden', startOn: '2026-03-09' });
    const tasks = byTask((await tasksOf(LONELY)).tasks);
    expect(tasks['book-welcome-call']).toMatchObject({ assignees: [], unassigned: true });
    expect(tasks['say-hello-in-slack']).toMatchObject({ assignees: [], unassigned: true });
    expect((await mine(ADMIN)).map((task) => task.taskId).sort()).toEqual([
      'book-welcome-call',
      'create-google-account',
      'say-hello-in-slack',
    ]);
    expect(await mine(LEAD)).toEqual([]);
    expect(await mine(FINANCE_LEAD)).toEqual([]);
  });
});

describe('following changes', () => {
  it('moves open tasks with the start date, and leaves a done task as it was', async () => {
    await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    const hello = (await mine(BUDDY))[0]!;
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/team-tasks/${hello.id}`,
      headers: as(BUDDY),
      payload: { done: true, note: 'Said hi, she likes cats.' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(teamTaskViewSchema.parse(done.json())).toMatchObject({
      status: 'done',
      doneBy: BUDDY,
      note: 'Said hi, she likes cats.',
    });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/mail`,
      headers: as(ADMIN),
      payload: { startOn: '2026-03-16' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const tasks = byTask((await tasksOf(NEWCOMER)).tasks);
    expect(tasks['book-welcome-call']?.dueOn).toBe('2026-03-21');
    expect(tasks['create-google-account']?.dueOn).toBe('2026-03-14');
    expect(tasks['say-hello-in-slack']).toMatchObject({ status: 'done', dueOn: '2026-03-10' });
  });

  it('closes the open tasks of a newcomer who leaves, and opens them again when they come back', async () => {
    await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/leave`,
      headers: as(ADMIN),
      payload: { leftOn: '2026-03-03' },
    });
    expect(left.statusCode, left.body).toBe(200);
    const tasks = (await tasksOf(NEWCOMER)).tasks;
    expect(tasks.map((task) => [task.status, task.closedReason])).toEqual(
      Array.from({ length: 3 }, () => ['closed', 'The newcomer left.']),
    );
    expect(await mine(LEAD)).toEqual([]);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/team-tasks/${tasks[0]!.id}`,
      headers: as(ADMIN),
      payload: { done: true },
    });
    expect(change.statusCode).toBe(409);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/leave`,
      headers: as(ADMIN),
    });
    expect((await tasksOf(NEWCOMER)).tasks.map((task) => task.status)).toEqual(['open', 'open', 'open']);
  });

  it('applies a published change of a task to the tasks not yet done', async () => {
    await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    await invite(LONELY, { startOn: '2026-03-09', buddy: BUDDY });
    const [first] = (await mine(LEAD)).filter((task) => task.newcomer.email === NEWCOMER);
    await t.app.inject({
      method: 'PUT',
      url: `/api/team-tasks/${first!.id}`,
      headers: as(LEAD),
      payload: { done: true },
    });
    // The publish dialog's count: open tasks by the role and task they come from (the done one is not counted).
    const studio = { ...as(ADMIN), 'x-requested-with': 'onboarding' };
    const counts = await t.app.inject({ url: '/api/studio/team-tasks', headers: studio });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(openTeamTasksResponseSchema.parse(counts.json()).tasks).toEqual([
      { roleKey: 'volunteer', taskId: 'book-welcome-call', open: 1 },
      { roleKey: 'volunteer', taskId: 'create-google-account', open: 2 },
      { roleKey: 'volunteer', taskId: 'say-hello-in-slack', open: 2 },
    ]);
    // Published through the studio, as an editor does it.
    const draft = await t.app.inject({
      method: 'PUT',
      url: '/api/studio/draft',
      headers: studio,
      payload: { catalog: [volunteer('Book a welcome video call', 2)], baseUpdatedAt: null },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/studio/publish',
      headers: studio,
      payload: { materialChanges: [] },
    });
    expect(published.statusCode, published.body).toBe(200);
    const nora = byTask((await tasksOf(NEWCOMER)).tasks);
    const lou = byTask((await tasksOf(LONELY)).tasks);
    expect(nora['book-welcome-call']).toMatchObject({ title: 'Book a welcome call', status: 'done' });
    expect(nora['say-hello-in-slack']?.dueOn).toBe('2026-03-11');
    expect(lou['book-welcome-call']).toMatchObject({ title: 'Book a welcome video call', status: 'open' });
    expect(lou['say-hello-in-slack']?.dueOn).toBe('2026-03-11');
  });

  it('gives an open buddy task to the new buddy when the buddy changes', async () => {
    await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/buddy`,
      headers: as(LEAD),
      payload: { buddy: OTHER_BUDDY },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(memberDetailSchema.parse(res.json()).buddy).toBe(OTHER_BUDDY);
    expect(await mine(BUDDY)).toEqual([]);
    expect((await mine(OTHER_BUDDY)).map((task) => task.taskId)).toEqual(['say-hello-in-slack']);
  });
});

describe('who sees and changes what', () => {
  beforeEach(async () => {
    await invite(NEWCOMER, { startOn: '2026-03-09', buddy: BUDDY });
    await invite(LONELY, { department: 'Finance', startOn: '2026-03-09', buddy: OTHER_BUDDY });
  });

  it('shows a newcomer’s tasks to admins, the leads of their department and their buddy only', async () => {
    expect((await tasksOf(NEWCOMER, ADMIN)).status).toBe(200);
    expect((await tasksOf(NEWCOMER, LEAD)).status).toBe(200);
    expect((await tasksOf(NEWCOMER, BUDDY)).status).toBe(200);
    expect((await tasksOf(NEWCOMER, OTHER_BUDDY)).status).toBe(404);
    expect((await tasksOf(NEWCOMER, FINANCE_LEAD)).status).toBe(404);
    expect((await tasksOf(LONELY, FINANCE_LEAD)).status).toBe(200);
    expect((await tasksOf(LONELY, BUDDY)).status).toBe(404);
    expect((await tasksOf(LONELY, LEAD)).status).toBe(404);
    const anonymous = await t.app.inject({ url: '/api/team-tasks/mine' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only the people who do a task, the lead and admins change it', async () => {
    const call = byTask((await tasksOf(NEWCOMER)).tasks)['book-welcome-call']!;
    const put = (who: string, payload: unknown = { done: true }) =>
      t.app.inject({ method: 'PUT', url: `/api/team-tasks/${call.id}`, headers: as(who), payload: payload as object });
    expect((await put(OTHER_BUDDY)).statusCode).toBe(404);
    expect((await put(FINANCE_LEAD)).statusCode).toBe(404);
    const buddy = await put(BUDDY);
    expect(buddy.statusCode).toBe(403);
    expect(buddy.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await put(LEAD)).statusCode).toBe(200);
    expect((await put(ADMIN, { done: false })).statusCode).toBe(200);
  });

  it('answers bad input with 400 and says what was wrong', async () => {
    const call = (await mine(LEAD))[0]!;
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/team-tasks/${call.id}`,
      headers: as(LEAD),
      payload: { done: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(bad.json().message).toContain('done');
    const id = await t.app.inject({
      method: 'PUT',
      url: '/api/team-tasks/not-a-uuid',
      headers: as(LEAD),
      payload: { done: true },
    });
    expect(id.statusCode).toBe(400);
    const long = await t.app.inject({
      method: 'PUT',
      url: `/api/team-tasks/${call.id}`,
      headers: as(LEAD),
      payload: { done: true, note: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('2000');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/team-tasks/00000000-0000-4000-8000-000000000000',
      headers: as(LEAD),
      payload: { done: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a buddy who is no member, who left, or the member themself', async () => {
    const set = (buddy: string | null, who = ADMIN) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/buddy`,
        headers: as(who),
        payload: { buddy },
      });
    expect((await set('nobody@inspired2uplift.org')).json()).toMatchObject({
      statusCode: 400,
      message: 'The buddy must be a member: add them first.',
    });
    expect((await set(NEWCOMER)).statusCode).toBe(400);
    expect((await set(BUDDY, FINANCE_LEAD)).statusCode).toBe(404);
    expect((await set(BUDDY, BUDDY)).statusCode).toBe(403);
    // A lead chooses only from the departments they lead: Fin (Finance) is no buddy Lena (Events) may choose; Bea is.
    const outside = await set(FINANCE_LEAD, LEAD);
    expect(outside.json()).toMatchObject({ statusCode: 400, message: BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE });
    expect((await set('nobody@inspired2uplift.org', LEAD)).statusCode).toBe(400);
    expect((await set(BUDDY, LEAD)).statusCode).toBe(200);
    // An admin chooses from anyone.
    expect((await set(FINANCE_LEAD)).statusCode).toBe(200);
    const cleared = await set(null);
    expect(cleared.statusCode).toBe(200);
    expect(byTask((await tasksOf(NEWCOMER)).tasks)['say-hello-in-slack']).toMatchObject({ unassigned: true });
  });
});

describe('buddy suggestions', () => {
  it('suggests members of the newcomer’s department who finished onboarding, fewest buddies first', async () => {
    // Bea and Otto (Events) finish their one step; Lena (Events) does not; Fin is in Finance.
    for (const email of [BUDDY, OTHER_BUDDY, FINANCE_LEAD]) {
      const done = await t.app.inject({
        method: 'PUT',
        url: '/api/progress/steps/set-up-slack',
        headers: as(email),
        payload: { completed: true },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    await invite('first@inspired2uplift.org', { buddy: BUDDY });
    await invite(NEWCOMER, {});
    const suggest = async (viewer: string) => {
      const res = await t.app.inject({
        url: `/api/admin/members/${encodeURIComponent(NEWCOMER)}/buddy-suggestions`,
        headers: as(viewer),
      });
      return { status: res.statusCode, body: res.statusCode === 200 ? buddySuggestionsSchema.parse(res.json()) : null };
    };
    const expected = {
      suggestions: [
        { email: OTHER_BUDDY, name: 'Otto', buddies: 0 },
        { email: BUDDY, name: 'Bea', buddies: 1 },
      ],
    };
    expect(await suggest(ADMIN)).toEqual({ status: 200, body: expected });
    expect(await suggest(LEAD)).toEqual({ status: 200, body: expected });
    expect((await suggest(FINANCE_LEAD)).status).toBe(404);
    expect((await suggest(BUDDY)).status).toBe(403);
  });
});
