import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersPageSchema } from '../../../shared/admin-api.js';
import {
  activitySchema,
  cohortsSchema,
  funnelCalloutText,
  funnelSchema,
  timeToCompleteSchema,
} from '../../../shared/insights-api.js';
import { members, stepProgress, users } from '../../db/schema.js';
import {
  createTestApp,
  createTestCatalog,
  FINANCE_STEP_ID,
  signIn,
  VOLUNTEER_STEP_IDS,
  type TestApp,
} from '../../test/test-app.js';
import { weekStartIn, weekStartsIn } from '../../calendar.js';
import { activity, cohorts, funnel, timeToComplete } from './insights.repository.js';

/**
 * The insights charts on a small seed whose answers are worked out by hand below (the test clock: Tuesday
 * 2025-04-01 09:00 UTC). Volunteer steps: Chrome, password, Slack; finance: the same three, then the treasurer.
 *
 * | who | role      | dept    | start (10:00 UTC) | completed                                    | now on   | waiting |
 * |-----|-----------|---------|-------------------|----------------------------------------------|----------|---------|
 * | v1  | volunteer | Ops     | Jan 6             | Chrome Jan 7, password Jan 8, Slack Jan 10    | —        | 4 days to complete |
 * | v2  | volunteer | Ops     | Jan 10            | Chrome Jan 11, password Jan 12, Slack Jan 30  | —        | 20 days to complete |
 * | v3  | volunteer | Ops     | Feb 3             | Chrome Feb 4                                  | password | 55 days |
 * | v4  | volunteer | Ops     | Feb 10            | Chrome Feb 10 12:00, password Feb 11          | Slack    | 48 days |
 * | v5  | volunteer | Ops     | Mar 28            | —                                             | Chrome   | 4 days  |
 * | v6  | volunteer | Events  | Mar 3             | Chrome Mar 4                                  | password | 27 days |
 * | f1  | finance   | Finance | Jan 20            | Chrome, password Jan 21, Slack Jan 22, treasurer Feb 19 | — | 30 days to complete |
 * | f2  | finance   | Finance | Mar 30            | Chrome Mar 31                                 | password | 0 days  |
 * plus an invitation (member record, never signed in), who counts nowhere. A wait is counted from the start of the
 * start day (London) or the last completion, whichever is later (member-overview/stalled.ts): v5 has waited since
 * Mar 28 00:00.
 */

const [CHROME, PASSWORD, SLACK] = VOLUNTEER_STEP_IDS;
const ADMIN = 'boss@inspired2uplift.org';
const d = (month: number, day: number, hour = 10) => new Date(Date.UTC(2025, month - 1, day, hour));

interface Seed {
  key: string;
  role: string;
  department: string;
  start: Date;
  done: [string, Date][];
}
const SEED: Seed[] = [
  {
    key: 'v1',
    role: 'volunteer',
    department: 'Ops',
    start: d(1, 6),
    done: [
      [CHROME, d(1, 7)],
      [PASSWORD, d(1, 8)],
      [SLACK, d(1, 10)],
    ],
  },
  {
    key: 'v2',
    role: 'volunteer',
    department: 'Ops',
    start: d(1, 10),
    done: [
      [CHROME, d(1, 11)],
      [PASSWORD, d(1, 12)],
      [SLACK, d(1, 30)],
    ],
  },
  { key: 'v3', role: 'volunteer', department: 'Ops', start: d(2, 3), done: [[CHROME, d(2, 4)]] },
  {
    key: 'v4',
    role: 'volunteer',
    department: 'Ops',
    start: d(2, 10),
    done: [
      [CHROME, d(2, 10, 12)],
      [PASSWORD, d(2, 11)],
    ],
  },
  { key: 'v5', role: 'volunteer', department: 'Ops', start: d(3, 28), done: [] },
  { key: 'v6', role: 'volunteer', department: 'Events', start: d(3, 3), done: [[CHROME, d(3, 4)]] },
  {
    key: 'f1',
    role: 'finance',
    department: 'Finance',
    start: d(1, 20),
    done: [
      [CHROME, d(1, 21)],
      [PASSWORD, d(1, 21)],
      [SLACK, d(1, 22)],
      [FINANCE_STEP_ID, d(2, 19)],
    ],
  },
  { key: 'f2', role: 'finance', department: 'Finance', start: d(3, 30), done: [[CHROME, d(3, 31)]] },
];
const emailOf = (key: string) => `${key}@inspired2uplift.org`;

let t: TestApp;
let admin: string;
const catalog = createTestCatalog();
const ctx = () => ({ catalog, now: t.clock.now, timeZone: 'Europe/London' });

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN }, catalog });
  const db = t.database.db;
  for (const s of SEED) {
    const [user] = await db
      .insert(users)
      .values({
        email: emailOf(s.key),
        name: s.key,
        role: s.role,
        department: s.department,
        workspaceId: 'x',
        createdAt: s.start,
        lastSignInAt: s.start,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    for (const [stepId, completedAt] of s.done)
      await db.insert(stepProgress).values({ userId: user.id, stepId, completedAt });
  }
  await db.insert(members).values({ email: 'invited@inspired2uplift.org', role: 'volunteer', department: 'Ops' });
  // The admin signs in "now" (April) and starts their own onboarding (docs/product.md#who-starts-an-onboarding): a
  // member of April's cohort with no steps done, in department Operations, whom the charts filtered to the seed's
  // departments or months leave out.
  admin = await signIn(t.app, { email: ADMIN, name: 'Boss' });
  await db.update(users).set({ createdAt: t.clock.now }).where(eq(users.email, ADMIN));
  const started = await t.app.inject({ method: 'POST', url: '/api/onboarding/start', headers: { cookie: admin } });
  if (started.statusCode !== 200) throw new Error(`the admin's onboarding did not start: ${started.body}`);
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string, schema: { parse(value: unknown): T }): Promise<T> {
  const res = await t.app.inject({ url, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

const SEED_DEPARTMENTS = ['Ops', 'Events', 'Finance'];

describe('funnel', () => {
  it('opens on the role with the most members and counts, for each of its steps in order, who has it, who completed it and who is on it, and calls out where people stop', async () => {
    const f = await get('/api/admin/insights/funnel?started=', funnelSchema);
    // Seven volunteers (v1–v6 and the admin: started now, Operations, nothing done, on Chrome for 0 days) and two
    // finance members: the funnel is the volunteers'; the finance-only treasurer step is not in it.
    expect([f.role, f.roleLabel, f.members, f.complete]).toEqual(['volunteer', 'Volunteer', 7, 2]);
    expect(f.steps.map((s) => [s.stepId, s.eligible, s.completed, s.current, s.stalled, s.medianWaitDays])).toEqual([
      [CHROME, 7, 5, 2, 0, 2],
      [PASSWORD, 7, 3, 2, 2, 41],
      [SLACK, 7, 2, 1, 1, 48],
    ]);
    expect(f.calledOut?.stepId).toBe(PASSWORD);
    expect(funnelCalloutText(f.calledOut)).toBe(
      "Most people who stop, stop at 'Change your password': 2 members, waiting a median of 41 days.",
    );
    // "All roles": each role's completion, most members first.
    expect(f.roles.map((r) => [r.role, r.roleLabel, r.members, r.complete])).toEqual([
      ['volunteer', 'Volunteer', 7, 2],
      ['finance', 'Finance', 2, 1],
    ]);
    // Another role chosen: its own steps, the treasurer step last.
    const finance = await get('/api/admin/insights/funnel?role=finance', funnelSchema);
    expect([finance.role, finance.members, finance.complete]).toEqual(['finance', 2, 1]);
    expect(finance.steps.map((s) => [s.stepId, s.eligible, s.completed, s.current])).toEqual([
      [CHROME, 2, 2, 0],
      [PASSWORD, 2, 1, 1],
      [SLACK, 2, 1, 0],
      [FINANCE_STEP_ID, 2, 1, 0],
    ]);
    // A role nobody matching the filters has: named, with no steps.
    const none = await get('/api/admin/insights/funnel?role=finance&department=Ops', funnelSchema);
    expect([none.role, none.members, none.steps, none.roles]).toEqual(['finance', 0, [], []]);
  });

  it('follows the role, department and start month filters and the viewer’s departments', async () => {
    const volunteers = await funnel(t.database.db, { ...ctx(), departments: SEED_DEPARTMENTS }, { role: 'volunteer' });
    expect(volunteers.members).toBe(6);
    expect(
      volunteers.steps.map((s) => [s.stepId, s.eligible, s.completed, s.current, s.stalled, s.medianWaitDays]),
    ).toEqual([
      [CHROME, 6, 5, 1, 0, 4],
      [PASSWORD, 6, 3, 2, 2, 41],
      [SLACK, 6, 2, 1, 1, 48],
    ]);
    const events = await get('/api/admin/insights/funnel?department=events', funnelSchema);
    expect(events.members).toBe(1);
    expect(events.calledOut?.title).toBe('Change your password');
    const finance = await funnel(t.database.db, { ...ctx(), departments: ['FINANCE'] }, {});
    expect([finance.members, finance.complete]).toEqual([2, 1]);
    expect(finance.calledOut).toBeNull();
    expect(funnelCalloutText(finance.calledOut)).toBe('Nobody has been waiting on a step for 7 days or more.');
    const february = await get('/api/admin/insights/funnel?started=2025-02', funnelSchema);
    expect(february.members).toBe(2);
    expect(february.calledOut?.stepId).toBe(PASSWORD);
    expect((await funnel(t.database.db, { ...ctx(), departments: [] }, {})).members).toBe(0);
  });
});

describe('members who left', () => {
  it('are on no step and stalled nowhere, and still count in what they did', async () => {
    const db = t.database.db;
    // v3 waits 55 days on the password step; then leaves.
    await db.insert(members).values({
      email: emailOf('v3'),
      role: 'volunteer',
      department: 'Ops',
      leftAt: new Date('2025-03-20T00:00:00Z'),
    });
    try {
      const f = await get('/api/admin/insights/funnel?role=volunteer', funnelSchema);
      const password = f.steps.find((s) => s.stepId === PASSWORD);
      // Before: v3 and v6 on it, both stalled.
      expect([password?.current, password?.stalled]).toEqual([1, 1]);
      expect(f.steps.find((s) => s.stepId === CHROME)?.completed).toBe(5);
    } finally {
      await db.delete(members).where(eq(members.email, emailOf('v3')));
    }
  });
});

describe('time to complete', () => {
  it('gives the median, 90th percentile, distribution and per-role figures of whole days from start to completion', async () => {
    const all = await get('/api/admin/insights/time-to-complete', timeToCompleteSchema);
    // Days: v1 4, v2 20, f1 30. p90 of [4, 20, 30] = 20 + 0.8 × 10 = 28; volunteers' p90 = 4 + 0.9 × 16 = 18.4.
    expect([all.complete, all.medianDays, all.p90Days]).toEqual([3, 20, 28]);
    expect(all.buckets.map((b) => b.members)).toEqual([1, 0, 1, 1, 0, 0]);
    expect(all.roles).toEqual([
      { role: 'volunteer', roleLabel: 'Volunteer', complete: 2, medianDays: 12, p90Days: 18.4 },
      { role: 'finance', roleLabel: 'Finance', complete: 1, medianDays: 30, p90Days: 30 },
    ]);
    const none = await timeToComplete(t.database.db, ctx(), { started: '2025-02' });
    expect([none.complete, none.medianDays, none.p90Days, none.roles]).toEqual([0, null, null, []]);
  });
});

describe('cohorts', () => {
  it('gives, per start month, the share complete within 7, 14 and 30 days of those who started that long ago', async () => {
    const c = await cohorts(t.database.db, { ...ctx(), departments: SEED_DEPARTMENTS }, {});
    expect(
      c.months.map((m) => [m.month, m.members, ...m.within.map((w) => [w.eligible, w.complete, w.percent])]),
    ).toEqual([
      ['2025-01', 3, [3, 1, 33], [3, 1, 33], [3, 2, 67]],
      ['2025-02', 2, [2, 0, 0], [2, 0, 0], [2, 0, 0]],
      ['2025-03', 3, [1, 0, 0], [1, 0, 0], [0, 0, null]],
    ]);
    const api = await get('/api/admin/insights/cohorts?role=finance', cohortsSchema);
    expect(api.months.map((m) => [m.month, m.members, m.within[2]?.percent])).toEqual([
      ['2025-01', 1, 0],
      ['2025-03', 1, null],
    ]);
  });
});

describe('activity', () => {
  it('counts step completions and members per week over the last 26 weeks, empty weeks included', async () => {
    // Weeks are the organisation's local weeks (Europe/London here): in summer time, local Monday 00:00 is 23:00 UTC.
    expect(weekStartIn(new Date('2025-04-06T22:59:00Z'), 'Europe/London').toISOString()).toBe(
      '2025-03-30T23:00:00.000Z',
    );
    expect(weekStartIn(new Date('2025-04-06T23:01:00Z'), 'Europe/London').toISOString()).toBe(
      '2025-04-06T23:00:00.000Z',
    );
    const a = await get('/api/admin/insights/activity', activitySchema);
    expect(a.weeks).toHaveLength(26);
    expect(a.weeks[0]?.week).toBe('2024-10-07');
    expect(a.weeks.at(-1)?.week).toBe('2025-03-31');
    const busy = a.weeks.filter((w) => w.steps > 0).map((w) => [w.week, w.steps, w.members]);
    expect(busy).toEqual([
      ['2025-01-06', 5, 2],
      ['2025-01-20', 3, 1],
      ['2025-01-27', 1, 1],
      ['2025-02-03', 1, 1],
      ['2025-02-10', 2, 1],
      ['2025-02-17', 1, 1],
      ['2025-03-03', 1, 1],
      ['2025-03-31', 1, 1],
    ]);
    expect(a.total).toBe(15);
    const events = await activity(t.database.db, ctx(), { department: 'Events' });
    expect(events.total).toBe(1);
  });

  it('puts a completion in the local week it happened in, across a change to summer time', async () => {
    // Sunday 30 March 2025, 23:30 UTC is already Monday 31 March 00:30 in London (summer time began that day).
    const lateSunday = new Date('2025-03-30T23:30:00Z');
    const { instants, days } = weekStartsIn(new Date('2025-04-01T09:00:00Z'), 'Europe/London', 2);
    expect(days).toEqual(['2025-03-24', '2025-03-31', '2025-04-07']);
    // The week of the change is 167 hours long; the next one 168.
    expect(((instants[1] as Date).getTime() - (instants[0] as Date).getTime()) / 3_600_000).toBe(167);
    expect(lateSunday.getTime()).toBeGreaterThanOrEqual((instants[1] as Date).getTime());
    const stepsIn = async (timeZone: string) =>
      Object.fromEntries(
        (await activity(t.database.db, { ...ctx(), timeZone }, {})).weeks.map((w) => [w.week, w.steps] as const),
      );
    const [london, utc] = [await stepsIn('Europe/London'), await stepsIn('UTC')];
    const [someone] = await t.database.db.select({ id: users.id }).from(users).limit(1);
    if (!someone) throw new Error('no user');
    await t.database.db
      .insert(stepProgress)
      .values({ userId: someone.id, stepId: 'dst-check', completedAt: lateSunday });
    try {
      // In London it is Monday's week; by UTC, still the week before.
      expect((await stepsIn('Europe/London'))['2025-03-31']).toBe((london['2025-03-31'] ?? 0) + 1);
      expect((await stepsIn('Europe/London'))['2025-03-24']).toBe(london['2025-03-24']);
      expect((await stepsIn('UTC'))['2025-03-24']).toBe((utc['2025-03-24'] ?? 0) + 1);
    } finally {
      await t.database.db.delete(stepProgress).where(eq(stepProgress.stepId, 'dst-check'));
    }
  });
});

describe('members behind each figure', () => {
  const emails = async (query: string) =>
    (await get(`/api/admin/members?${query}&pageSize=200&sort=email`, membersPageSchema)).items.map(
      (m) => m.email.split('@')[0],
    );

  it('filters the members table by current step, completed step, start month, days to complete and active week', async () => {
    expect(await emails('currentStep=Change%20Your%20Password')).toEqual(['f2', 'v3', 'v6']);
    expect(await emails(`completedStep=${SLACK}&role=volunteer`)).toEqual(['v1', 'v2']);
    expect(await emails('started=2025-01')).toEqual(['f1', 'v1', 'v2']);
    expect(await emails('completeDaysMin=14&completeDaysMax=29')).toEqual(['v2']);
    expect(await emails('completeDaysMax=6&started=2025-01')).toEqual(['v1']);
    expect(await emails('activeWeek=2025-01-06')).toEqual(['v1', 'v2']);
    expect(await emails('activeWeek=2025-01-13')).toEqual([]);
  });

  it('answers 400 to a malformed month or week', async () => {
    for (const url of [
      '/api/admin/insights/funnel?started=2025-13',
      '/api/admin/members?activeWeek=monday',
      '/api/admin/insights/cohorts?x=1',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('access and CSV', () => {
  it('refuses anyone but an admin', async () => {
    expect((await t.app.inject({ url: '/api/admin/insights/funnel' })).statusCode).toBe(401);
    const member = await signIn(t.app, { email: 'someone@inspired2uplift.org', name: 'Someone' });
    expect(
      (await t.app.inject({ url: '/api/admin/insights/activity.csv', headers: { cookie: member } })).statusCode,
    ).toBe(403);
  });

  it('exports each chart as CSV with formula-like cells escaped', async () => {
    const res = await t.app.inject({
      url: '/api/admin/insights/funnel.csv?role=volunteer',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="insights-funnel-2025-04-01.csv"');
    const [header, first] = res.body.split('\n');
    expect(header).toBe(
      'role,step_id,step,members_with_step,completed,on_it_now,waiting_7_days_or_more,median_wait_days',
    );
    // (The member who signed in above is a volunteer on the first step too.)
    expect(first).toBe(`Volunteer,${CHROME},Sign in to your Chrome profile,8,5,3,0,0`);
    const { toCsv } = await import('./insights.routes.js');
    expect(toCsv([['=HYPERLINK("x")', '+1', 'ok', 3]])).toBe(`"'=HYPERLINK(""x"")",'+1,ok,3\n`);
    for (const chart of ['time-to-complete', 'cohorts', 'activity']) {
      const csv = await t.app.inject({ url: `/api/admin/insights/${chart}.csv`, headers: { cookie: admin } });
      expect(csv.statusCode, chart).toBe(200);
      expect(csv.body.split('\n').length, chart).toBeGreaterThan(2);
    }
  });
});
