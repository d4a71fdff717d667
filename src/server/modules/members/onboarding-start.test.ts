import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { membersPageSchema } from '../../../shared/admin-api.js';
import { memberDueResponseSchema, ownOnboardingStartSchema } from '../../../shared/mail-api.js';
import { addDepartment } from '../departments/departments.service.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { teamTaskCatalog } from '../../test/test-roles.js';
import { syncTeamTasks } from '../team-tasks/index.js';
import { upsertMember } from './members.repository.js';

/**
 * Who starts an onboarding (docs/product.md#who-starts-an-onboarding), through the real sign-in route: people invited
 * or imported, and people signing in without an admin role; an admin, lead or content editor who signs in to look
 * around gets no due dates, team tasks, reminders or stall until they start their own on purpose. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */

const ZONE = 'Europe/London';
const ADMIN = 'coordinator@inspired2uplift.org';
const DOMAIN = '@inspired2uplift.org';

const catalog = teamTaskCatalog(
  [{ id: 'book-welcome-call', title: 'Book a welcome call', description: 'Book it.', who: 'admins', dueAfterDays: 3 }],
  { dueAfterDays: 2 },
);

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp({ catalog, env: { ADMIN_EMAILS: ADMIN } });
  t.clock.now = new Date('2026-12-06T10:00:00Z');
  await addDepartment(t.database.db, catalog, 'Events', { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  admin = await signIn(t.app, { email: ADMIN, name: 'Coordinator' });
});

afterEach(async () => {
  await t.close();
});

const due = async (cookie: string) =>
  memberDueResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/onboarding/due', headers: { cookie } })).json(),
  );

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const tasksOf = async (email: string) =>
  rowsOf(
    await t.database.db.execute(
      sql`select task_id, status, closed_reason from team_tasks where newcomer_email = ${email} order by task_id`,
    ),
  );

const sync = () => syncTeamTasks({ db: t.database.db, catalog, timeZone: ZONE, now: t.clock.now });

const memberRow = async (email: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/members?search=${encodeURIComponent(email)}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = membersPageSchema.parse(res.json()).items.find((m) => m.email === email);
  if (row === undefined) throw new Error(`${email} is not in the members table`);
  return row;
};

/** A person's record, made as an admin would make it: the invite form (invited), or `npm run members` (not). */
type RecordKind = 'none' | 'plain' | 'admin' | 'lead' | 'editor';

describe('who starts an onboarding at their first sign-in', () => {
  it('everyone invited or without an admin role does; an admin, lead or editor made otherwise does not (every case)', async () => {
    const kinds: RecordKind[] = ['none', 'plain', 'admin', 'lead', 'editor'];
    const cases = kinds.flatMap((record) =>
      (record === 'none' ? [false] : [false, true]).flatMap((invited) =>
        [false, true].map((inAdminEmails) => ({ record, invited, inAdminEmails })),
      ),
    );
    // One app per ADMIN_EMAILS list: the addresses of the cases that are in it.
    const listed = cases.filter((c) => c.inAdminEmails).map((c) => addressOf(c));
    await t.close();
    t = await createTestApp({ catalog, env: { ADMIN_EMAILS: [ADMIN, ...listed].join(',') } });
    t.clock.now = new Date('2026-12-06T10:00:00Z');
    await addDepartment(t.database.db, catalog, 'Events', { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
    admin = await signIn(t.app, { email: ADMIN, name: 'Coordinator' });
    const seen: string[] = [];
    for (const c of cases) {
      const email = addressOf(c);
      if (c.record !== 'none' && c.invited) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/members/${encodeURIComponent(email)}`,
          headers: { cookie: admin },
          payload: {
            role: 'volunteer',
            department: 'Events',
            isAdmin: c.record === 'admin',
            leadOf: c.record === 'lead' ? ['Events'] : [],
            isEditor: c.record === 'editor',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      } else if (c.record !== 'none') {
        await upsertMember(t.database.db, {
          email,
          role: 'volunteer',
          department: 'Events',
          isAdmin: c.record === 'admin',
          leadOf: c.record === 'lead' ? ['Events'] : [],
          isEditor: c.record === 'editor',
        });
      }
      const cookie = await signIn(t.app, { email });
      const adminRole = c.inAdminEmails || (c.record !== 'none' && c.record !== 'plain');
      const expected = c.invited || !adminRole;
      const answer = await due(cookie);
      await sync();
      const tasks = await tasksOf(email);
      const row = await memberRow(email);
      seen.push(
        `${JSON.stringify(c)} → due ${answer.onboarding}/${answer.steps.length}, tasks ${tasks.length}, table ${row.onboarding}`,
      );
      expect(answer.onboarding, JSON.stringify(c)).toBe(expected);
      expect(answer.steps.length, JSON.stringify(c)).toBe(expected ? 1 : 0);
      expect(tasks.length, JSON.stringify(c)).toBe(expected ? 1 : 0);
      expect(row.onboarding, JSON.stringify(c)).toBe(expected);
    }
    expect(seen).toHaveLength(cases.length);
  });

  it('people imported with the CSV import do, an admin and a lead too', async () => {
    const lead = `imported.lead${DOMAIN}`;
    const boss = `imported.admin${DOMAIN}`;
    const csv = [
      'email,role,department,isAdmin,leadOf',
      `${lead},volunteer,Events,no,Events`,
      `${boss},volunteer,Events,yes,`,
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: `${csv.join('\n')}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const email of [lead, boss]) {
      const answer = await due(await signIn(t.app, { email }));
      expect(answer.onboarding, email).toBe(true);
      expect(answer.steps, email).toHaveLength(1);
    }
  });

  it('a person signing in again keeps what their first sign-in decided, even once given an admin role', async () => {
    const volunteer = `vera${DOMAIN}`;
    await signIn(t.app, { email: volunteer });
    await upsertMember(t.database.db, { email: volunteer, role: 'volunteer', department: 'Events', isAdmin: true });
    expect((await due(await signIn(t.app, { email: volunteer }))).onboarding).toBe(true);
    expect((await due(await signIn(t.app, { email: ADMIN }))).onboarding).toBe(false);
  });

  it('someone only looking around is never overdue or stalled, gets no reminder, and is not in Insights', async () => {
    t.clock.advance(40 * 86_400_000);
    // Sessions last 30 days: the admin signs in again.
    admin = await signIn(t.app, { email: ADMIN, name: 'Coordinator' });
    const row = await memberRow(ADMIN);
    expect(row).toMatchObject({ onboarding: false, overdueSteps: 0, stalled: false });
    const { planReminders } = await import('../mail/planner.js');
    t.clock.now = new Date('2027-01-20T10:00:00Z');
    expect(await planReminders({ db: t.database.db, catalog, now: t.clock.now, timeZone: ZONE })).toBe(0);
    const funnel = await t.app.inject({ method: 'GET', url: '/api/admin/insights/funnel', headers: { cookie: admin } });
    expect(funnel.statusCode, funnel.body).toBe(200);
    expect(funnel.json()).toMatchObject({ members: 0 });
  });
});

describe('an admin starts their own onboarding on purpose', () => {
  it('POST /api/onboarding/start: start date today, due dates, team tasks, audited; a second press changes nothing', async () => {
    expect((await due(admin)).onboarding).toBe(false);
    await sync();
    expect(await tasksOf(ADMIN)).toEqual([]);
    t.clock.advance(3 * 86_400_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/onboarding/start', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(ownOnboardingStartSchema.parse(res.json())).toEqual({ result: 'started', startOn: '2026-12-09' });
    const after = await due(admin);
    expect(after).toMatchObject({ onboarding: true, startOn: '2026-12-09' });
    expect(after.steps).toEqual([{ stepId: 'set-up-slack', dueOn: '2026-12-11', daysLate: -2 }]);
    expect(await tasksOf(ADMIN)).toEqual([{ task_id: 'book-welcome-call', status: 'open', closed_reason: null }]);
    expect(await memberRow(ADMIN)).toMatchObject({ onboarding: true, startOn: '2026-12-09' });
    const audit = await t.database.db.execute(
      sql`select actor_email, subject from audit_log where kind = 'onboarding-started'`,
    );
    expect(rowsOf(audit)).toEqual([{ actor_email: ADMIN, subject: ADMIN }]);
    const again = await t.app.inject({ method: 'POST', url: '/api/onboarding/start', headers: { cookie: admin } });
    expect(ownOnboardingStartSchema.parse(again.json())).toEqual({ result: 'already', startOn: '2026-12-09' });
    expect(
      rowsOf(await t.database.db.execute(sql`select 1 from audit_log where kind = 'onboarding-started'`)),
    ).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/onboarding/start' });
    expect(res.statusCode).toBe(401);
  });
});

/** The case's own address, e.g. lead-invited-listed@…. */
function addressOf(c: { record: RecordKind; invited: boolean; inAdminEmails: boolean }): string {
  return `${c.record}-${c.invited ? 'invited' : 'made'}-${c.inAdminEmails ? 'listed' : 'unlisted'}${DOMAIN}`;
}
