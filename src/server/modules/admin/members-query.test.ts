import { DateTime } from 'luxon';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_SORT_COLUMNS,
  memberDetailSchema,
  membersPageSchema,
  membersQuerySchema,
  type MemberOverview,
  type MembersQueryInput,
  type MemberSortColumn,
} from '../../../shared/admin-api.js';
import { roleConfigurationSchema } from '../../../shared/content-schema.js';
import { formatRoleLabel } from '../../../shared/role-label.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import { createRoleCatalog, resolveRole, RoleConfigurationError } from '../../../shared/roles.js';
import { adminMembersPending, memberSchedules, members, stepProgress, users } from '../../db/schema.js';
import {
  createTestApp,
  createTestCatalog,
  FINANCE_STEP_ID,
  signIn,
  VOLUNTEER_STEP_IDS,
  type TestApp,
} from '../../test/test-app.js';
import { listMemberOverviews } from '../member-overview/index.js';

/**
 * Pins the answers of the members table (GET /api/admin/members and the CSV export, docs/decisions/007 and 010) against
 * an oracle written in plain TypeScript from the stored rows, the catalog and the role lookup: every filter × every
 * sort column × both directions, ties, paging and totals. The data are chosen so that ties happen in every column and
 * so that text compares the same under any collation (lower-case ASCII words, fixed-width numbers).
 */

const ADMIN = 'boss@inspired2uplift.org';
const ZONE = 'Europe/London';
const [CHROME, PASSWORD, SLACK] = VOLUNTEER_STEP_IDS;
let t: TestApp;
let admin: string;

/** The test catalog plus a role without steps and one whose include cannot be resolved: both show 0 of 0 steps. */
const DUE_AFTER_DAYS: Record<string, number> = { [CHROME]: 1, [PASSWORD]: 3, [SLACK]: 30 };
const catalog = createRoleCatalog([
  // Due dates on the volunteer steps (also in the finance role, which includes them).
  ...[...createTestCatalog().values()].map((config) => ({
    ...config,
    scopes: config.scopes.map((scope) => ({
      ...scope,
      steps: scope.steps.map((step) =>
        DUE_AFTER_DAYS[step.id] === undefined ? step : { ...step, dueAfterDays: DUE_AFTER_DAYS[step.id] },
      ),
    })),
  })),
  roleConfigurationSchema.parse({
    key: 'observer',
    displayName: 'Observer',
    version: '1.0',
    icon: 'User',
    colors: { baseColor: '#333333' },
  }),
  roleConfigurationSchema.parse({
    key: 'broken',
    displayName: 'Broken',
    version: '1.0',
    icon: 'User',
    colors: { baseColor: '#333333' },
    scopes: [{ id: 'x', title: 'X', include: ['nowhere'], steps: [] }],
  }),
]);

const at = (day: number, hour = 10) => new Date(Date.UTC(2025, 2, day, hour));

interface Person {
  n: number;
  name?: string;
  /** Role text of the user row (what sign-in stored). */
  userRole?: string;
  /** A member record: role text, department, admin flag. */
  member?: { role: string; department: string; isAdmin?: boolean; leftAt?: Date };
  department?: string;
  signedIn?: Date;
  /** Completed steps and when; undefined = no user (an invitation). */
  done?: [string, Date][];
}

/** Two-digit numbers keep e-mail addresses comparable byte by byte and by any collation. */
const emailOf = (n: number) => `pin${String(n).padStart(2, '0')}@inspired2uplift.org`;

const PEOPLE: Person[] = [
  { n: 1, name: 'Amy', userRole: 'volunteer', department: 'Ops', signedIn: at(1), done: [] },
  { n: 2, name: 'amy', userRole: 'volunteer', department: 'ops', signedIn: at(1), done: [[CHROME, at(2)]] },
  {
    n: 3,
    name: 'Ben',
    userRole: 'vol',
    department: 'Events',
    signedIn: at(3),
    done: [
      [CHROME, at(2)],
      [PASSWORD, at(2)],
    ],
  },
  // Out of order: the current step is the first one, not the third.
  {
    n: 4,
    name: 'cat',
    userRole: 'volunteer',
    department: 'Events',
    signedIn: at(3),
    done: [
      [PASSWORD, at(4)],
      [SLACK, at(5)],
    ],
  },
  {
    n: 5,
    name: 'Dan',
    userRole: 'volunteer',
    department: 'Ops',
    signedIn: at(5),
    done: [
      [CHROME, at(5)],
      [PASSWORD, at(5)],
      [SLACK, at(5)],
    ],
  },
  // A member record overrides the user's role; a finance step done by a volunteer does not count but is activity.
  {
    n: 6,
    name: 'eve',
    userRole: 'finance',
    member: { role: 'Volunteer', department: 'Finance' },
    signedIn: at(6),
    done: [
      [FINANCE_STEP_ID, at(9)],
      [CHROME, at(1)],
    ],
  },
  {
    n: 7,
    name: 'Fay',
    userRole: 'volunteer',
    member: { role: 'Finance', department: 'Finance', isAdmin: true },
    signedIn: at(6),
    done: [[FINANCE_STEP_ID, at(7)]],
  },
  {
    n: 8,
    name: 'gus',
    userRole: 'volunteer',
    member: { role: 'finance', department: 'finance' },
    signedIn: at(8),
    done: [
      [CHROME, at(8)],
      [PASSWORD, at(8)],
      [SLACK, at(8)],
      [FINANCE_STEP_ID, at(8)],
    ],
  },
  { n: 9, name: 'hal', userRole: 'Astronaut', department: 'Space', signedIn: at(8), done: [[CHROME, at(5)]] },
  { n: 10, name: 'Ivy', member: { role: 'Observer', department: 'Ops' }, signedIn: at(10), done: [[CHROME, at(10)]] },
  { n: 11, name: 'jon', member: { role: 'broken', department: 'ops' }, signedIn: at(10), done: [] },
  // Invitations: member records whose person never signed in.
  { n: 12, member: { role: 'finance', department: 'Finance' } },
  { n: 13, member: { role: 'Volunteer', department: 'Events', isAdmin: true } },
  { n: 14, member: { role: 'nobody knows', department: 'Ops' } },
  {
    n: 15,
    name: 'Amy',
    userRole: 'finance',
    department: 'Finance',
    signedIn: at(1),
    done: [
      [CHROME, at(2)],
      [SLACK, at(2)],
    ],
  },
  {
    n: 16,
    name: 'kim',
    userRole: 'volunteer',
    department: 'Events',
    signedIn: at(12),
    done: [
      [SLACK, at(2)],
      [CHROME, at(2)],
    ],
  },
  // Left the organisation with two steps overdue and nothing done for weeks: neither overdue nor stalled any more.
  {
    n: 17,
    name: 'lea',
    userRole: 'volunteer',
    member: { role: 'volunteer', department: 'Ops', leftAt: new Date('2025-03-15T00:00:00Z') },
    signedIn: at(1),
    done: [],
  },
];

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN }, catalog });
  admin = await signIn(t.app, { email: ADMIN, name: 'Boss' });
  const db = t.database.db;
  for (const p of PEOPLE) {
    const email = emailOf(p.n);
    if (p.done !== undefined) {
      const [user] = await db
        .insert(users)
        .values({
          email,
          name: p.name ?? '',
          role: p.userRole ?? 'volunteer',
          department: p.department ?? 'Operations',
          workspaceId: 'pin',
          lastSignInAt: p.signedIn ?? at(1),
          createdAt: p.signedIn ?? at(1),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('no user inserted');
      for (const [stepId, completedAt] of p.done)
        await db.insert(stepProgress).values({ userId: user.id, stepId, completedAt });
    }
    if (p.member) await db.insert(members).values({ email, ...p.member, isAdmin: p.member.isAdmin ?? false });
  }
  // A start date set for an invitation and for someone who signed in (it wins over the first sign-in).
  await db.insert(memberSchedules).values([
    { email: emailOf(13), startOn: '2025-03-20' },
    { email: emailOf(16), startOn: '2025-03-30' },
  ]);
});
afterAll(async () => {
  await t.close();
});

/** Every member's row as docs/product.md#admin-area defines it, computed from the stored rows without SQL. */
async function oracle(): Promise<MemberOverview[]> {
  const db = t.database.db;
  const userRows = await db.select().from(users);
  const memberRows = await db.select().from(members);
  const progressRows = await db.select().from(stepProgress);
  const scheduleRows = await db.select().from(memberSchedules);
  const now = DateTime.fromJSDate(t.clock.now, { zone: ZONE });
  const today = now.toISODate();
  const emails = [...new Set([...userRows.map((u) => u.email), ...memberRows.map((m) => m.email)])];
  return emails.map((email) => {
    const user = userRows.find((u) => u.email === email);
    const member = memberRows.find((m) => m.email === email);
    const key = findRoleConfiguration(catalog, member?.role ?? user?.role ?? '').key;
    let steps: { id: string; title: string; dueAfterDays?: number }[] = [];
    try {
      steps = resolveRole(catalog, key).scopes.flatMap((s) => s.steps);
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
    const mine = progressRows.filter((r) => r.userId === user?.id);
    const done = new Set(mine.map((r) => r.stepId));
    const completedSteps = steps.filter((s) => done.has(s.id)).length;
    const last = mine.map((r) => r.completedAt.getTime()).sort((a, b) => b - a)[0];
    const startOn =
      scheduleRows.find((r) => r.email === email)?.startOn ??
      (user ? DateTime.fromJSDate(user.createdAt, { zone: ZONE }).toISODate() : null);
    const start = startOn === null ? null : DateTime.fromISO(startOn, { zone: ZONE });
    const overdueSteps =
      start === null
        ? 0
        : steps.filter(
            (s) =>
              !done.has(s.id) &&
              s.dueAfterDays !== undefined &&
              start.plus({ days: s.dueAfterDays }).toISODate()! < today!,
          ).length;
    const left = member?.leftAt ?? null;
    const onboarding = user?.onboarding ?? true;
    // Stalled (member-overview/stalled.ts): signed in, onboarding, not left, a step left, and waiting at least 7 days
    // since the start of the start day or the last completion, whichever is later.
    const waitingSince =
      start === null ? null : Math.max(start.startOf('day').toMillis(), last ?? Number.NEGATIVE_INFINITY);
    return {
      email,
      name: user?.name ?? '',
      role: key,
      roleLabel: catalog.get(key)?.displayName ?? formatRoleLabel(key),
      department: member?.department ?? user?.department ?? '',
      percent: steps.length === 0 ? 0 : Math.round((completedSteps * 100) / steps.length),
      completedSteps,
      totalSteps: steps.length,
      currentStepTitle: steps.find((s) => !done.has(s.id))?.title ?? null,
      lastSignInAt: user ? user.lastSignInAt.toISOString() : null,
      lastProgressAt: last === undefined ? null : new Date(last).toISOString(),
      isAdmin: (member?.isAdmin ?? false) || email === ADMIN,
      invited: user === undefined,
      startOn,
      overdueSteps: left === null && onboarding ? overdueSteps : 0,
      stalled:
        user !== undefined &&
        onboarding &&
        left === null &&
        completedSteps < steps.length &&
        waitingSince !== null &&
        waitingSince <= now.minus({ days: 7 }).toMillis(),
      onboarding,
      leftOn: left === null ? null : left.toISOString().slice(0, 10),
    };
  });
}

type Key = string | number | null;
const SORT_KEY: Record<MemberSortColumn, (m: MemberOverview) => Key> = {
  name: (m) => m.name.toLowerCase(),
  email: (m) => m.email,
  role: (m) => m.role,
  department: (m) => m.department.toLowerCase(),
  percent: (m) => m.percent,
  currentStep: (m) => m.currentStepTitle?.toLowerCase() ?? null,
  lastSignIn: (m) => m.lastSignInAt,
  lastProgress: (m) => m.lastProgressAt,
  startOn: (m) => m.startOn,
  overdue: (m) => m.overdueSteps,
};

/** The table's order: the column in the direction asked, empty values last either way, then the e-mail address. */
function ordered(rows: MemberOverview[], sort: MemberSortColumn, dir: 'asc' | 'desc'): MemberOverview[] {
  const cmp = (a: Key, b: Key) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : (a < b ? -1 : 1) * (dir === 'desc' ? -1 : 1);
  return [...rows].sort((a, b) => cmp(SORT_KEY[sort](a), SORT_KEY[sort](b)) || (a.email < b.email ? -1 : 1));
}

interface Filter {
  search?: string;
  role?: string;
  department?: string;
  complete?: 'true' | 'false';
  overdue?: 'true' | 'false';
  stalled?: 'true' | 'false';
  startFrom?: string;
  startTo?: string;
  left?: 'true' | 'false';
}

function filtered(rows: MemberOverview[], f: Filter): MemberOverview[] {
  return rows.filter(
    (m) =>
      (f.search === undefined ||
        m.name.toLowerCase().includes(f.search.toLowerCase()) ||
        m.email.includes(f.search.toLowerCase())) &&
      (f.role === undefined || m.role === f.role) &&
      (f.department === undefined || m.department.toLowerCase() === f.department.toLowerCase()) &&
      (f.complete === undefined ||
        (m.totalSteps > 0 && m.completedSteps >= m.totalSteps) === (f.complete === 'true')) &&
      (f.overdue === undefined || m.overdueSteps > 0 === (f.overdue === 'true')) &&
      (f.stalled === undefined || m.stalled === (f.stalled === 'true')) &&
      (f.startFrom === undefined || (m.startOn !== null && m.startOn >= f.startFrom)) &&
      (f.startTo === undefined || (m.startOn !== null && m.startOn <= f.startTo)) &&
      (f.left === undefined || (m.leftOn !== null) === (f.left === 'true')),
  );
}

const query = (q: MembersQueryInput) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function page(q: MembersQueryInput) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/members?${query(q)}`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return membersPageSchema.parse(res.json());
}

const FILTERS: Filter[] = [
  {},
  { role: 'finance' },
  { role: 'volunteer' },
  { role: 'observer' },
  { complete: 'true' },
  { complete: 'false' },
  { department: 'OPS' },
  { search: 'AMY' },
  { search: 'pin0' },
  { complete: 'false', role: 'finance' },
  { complete: 'true', department: 'ops', search: 'pin' },
  { role: 'nosuchrole' },
  { overdue: 'true' },
  { overdue: 'false' },
  { stalled: 'true' },
  { stalled: 'false', complete: 'false' },
  { startFrom: '2025-03-05', startTo: '2025-03-20' },
  { startTo: '2025-03-03', overdue: 'true' },
  { left: 'true' },
  { left: 'false', stalled: 'true' },
];

describe('members table answers (pinned against an oracle)', () => {
  it('has data that exercises ties, invitations, out-of-order progress and roles without steps', async () => {
    const rows = await oracle();
    expect(rows).toHaveLength(PEOPLE.length + 1);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get(emailOf(4))).toMatchObject({
      completedSteps: 2,
      totalSteps: 3,
      currentStepTitle: 'Sign in to your Chrome profile',
    });
    expect(byEmail.get(emailOf(6))).toMatchObject({
      role: 'volunteer',
      completedSteps: 1,
      lastProgressAt: at(9).toISOString(),
    });
    expect(byEmail.get(emailOf(8))).toMatchObject({ role: 'finance', percent: 100, currentStepTitle: null });
    expect(byEmail.get(emailOf(10))).toMatchObject({
      role: 'observer',
      totalSteps: 0,
      percent: 0,
      currentStepTitle: null,
    });
    expect(byEmail.get(emailOf(11))).toMatchObject({ role: 'broken', totalSteps: 0, roleLabel: 'Broken' });
    expect(byEmail.get(emailOf(14))).toMatchObject({ role: 'volunteer', invited: true, lastSignInAt: null });
    expect(new Set(rows.map((r) => r.percent)).size).toBeLessThan(rows.length);
    // Start dates, overdue steps and stalled members of every kind (docs/product.md#due-dates-and-reminders).
    // An invitation whose start date passed: overdue, but not stalled — nobody stalls before signing in (the one
    // definition of member-overview/stalled.ts, which Insights counts too); the table says 'Invited'.
    expect(byEmail.get(emailOf(13))).toMatchObject({
      invited: true,
      startOn: '2025-03-20',
      overdueSteps: 2,
      stalled: false,
    });
    // Kim's start date is set to 30 March: Chrome (due 31 March) is done, the password (due 2 April) not yet due.
    expect(byEmail.get(emailOf(16))).toMatchObject({ startOn: '2025-03-30', overdueSteps: 0 });
    expect(byEmail.get(emailOf(12))).toMatchObject({ startOn: null, overdueSteps: 0, stalled: false });
    expect(rows.filter((r) => r.overdueSteps > 0).length).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.stalled))).toEqual(new Set([true, false]));
    // Lea left: a badge's date, and neither overdue nor stalled although she would be both (docs/product.md#admin-area).
    expect(byEmail.get(emailOf(17))).toMatchObject({ leftOn: '2025-03-15', overdueSteps: 0, stalled: false });
    expect(byEmail.get(emailOf(1))).toMatchObject({ leftOn: null, stalled: true });
  });

  it('answers every filter × sort column × direction with the oracle’s rows, order and total', async () => {
    const rows = await oracle();
    for (const filter of FILTERS) {
      for (const sort of MEMBER_SORT_COLUMNS) {
        for (const dir of ['asc', 'desc'] as const) {
          const expected = ordered(filtered(rows, filter), sort, dir);
          const got = await page({ ...filter, sort, dir, pageSize: 200 });
          const context = JSON.stringify({ filter, sort, dir });
          expect(got.total, context).toBe(expected.length);
          expect(got.items, context).toEqual(expected);
        }
      }
    }
  });

  it('pages through every order without gaps or overlaps, and keeps the total past the last page', async () => {
    const rows = await oracle();
    for (const filter of [{}, { complete: 'false' as const }]) {
      for (const sort of MEMBER_SORT_COLUMNS) {
        const dir = sort === 'percent' || sort === 'lastProgress' ? 'desc' : 'asc';
        const expected = ordered(filtered(rows, filter), sort, dir).map((m) => m.email);
        const seen: string[] = [];
        for (let n = 1; n <= Math.ceil(expected.length / 4); n += 1) {
          const got = await page({ ...filter, sort, dir, pageSize: 4, page: n });
          expect(got.total).toBe(expected.length);
          expect(got.page).toBe(n);
          seen.push(...got.items.map((m) => m.email));
        }
        expect(seen, JSON.stringify({ filter, sort })).toEqual(expected);
        const beyond = await page({ ...filter, sort, dir, pageSize: 4, page: 100 });
        expect(beyond).toEqual({ items: [], total: expected.length, page: 100, pageSize: 4, stalledAfterDays: 7 });
      }
    }
  });

  it('answers an empty page with total 0 when nothing matches', async () => {
    expect(await page({ search: 'zzz' })).toEqual({ items: [], total: 0, page: 1, pageSize: 25, stalledAfterDays: 7 });
    expect(await page({ search: 'zzz', page: 3, sort: 'percent' })).toEqual({
      items: [],
      total: 0,
      page: 3,
      pageSize: 25,
      stalledAfterDays: 7,
    });
  });

  it('exports the same rows in the same order as the table', async () => {
    const rows = await oracle();
    for (const [sort, dir, filter] of [
      ['currentStep', 'desc', {}],
      ['percent', 'asc', { complete: 'false' }],
      ['name', 'asc', { department: 'ops' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/members.csv?${query({ ...filter, sort, dir })}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      const emails = res.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(emails).toEqual(ordered(filtered(rows, filter), sort, dir).map((m) => m.email));
    }
  });

  it("shows one member's row on their page", async () => {
    const rows = await oracle();
    for (const n of [4, 6, 8, 11, 12]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${encodeURIComponent(emailOf(n))}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      expect(memberDetailSchema.parse(res.json()).member).toEqual(rows.find((r) => r.email === emailOf(n)));
    }
  });
});

describe('stored rows stay current (migration 0004 triggers, admin-members.ts)', () => {
  const rowOf = async (email: string) => {
    const got = await page({ search: email, pageSize: 5 });
    expect(got.items).toHaveLength(1);
    return got.items[0];
  };
  const expectOracle = async (email: string) => {
    expect(await rowOf(email)).toEqual((await oracle()).find((r) => r.email === email));
  };

  it('follows completed and reset steps, through the API and straight in the database', async () => {
    const email = 'fresh.one@inspired2uplift.org';
    const cookie = await signIn(t.app, { email, name: 'Fresh' });
    expect(await rowOf(email)).toMatchObject({
      completedSteps: 0,
      currentStepTitle: 'Sign in to your Chrome profile',
      lastProgressAt: null,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/${CHROME}`,
      headers: { cookie },
      payload: { completed: true },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    expect(await rowOf(email)).toMatchObject({
      completedSteps: 1,
      percent: 33,
      currentStepTitle: 'Change your password',
    });
    await expectOracle(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    await t.database.db.insert(stepProgress).values([
      { userId: user.id, stepId: PASSWORD, completedAt: at(40) },
      { userId: user.id, stepId: SLACK, completedAt: at(41) },
    ]);
    expect(await rowOf(email)).toMatchObject({
      completedSteps: 3,
      percent: 100,
      currentStepTitle: null,
      lastProgressAt: at(41).toISOString(),
    });
    await t.database.db
      .delete(stepProgress)
      .where(and(eq(stepProgress.userId, user.id), eq(stepProgress.stepId, PASSWORD)));
    expect(await rowOf(email)).toMatchObject({ completedSteps: 2, currentStepTitle: 'Change your password' });
    await t.database.db
      .update(stepProgress)
      .set({ completedAt: at(25) })
      .where(eq(stepProgress.userId, user.id));
    await expectOracle(email);
  });

  it('follows member records and roles: a record added, changed and removed, and the user’s own role changed', async () => {
    const email = 'fresh.two@inspired2uplift.org';
    await signIn(t.app, { email, name: 'Two' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    await t.database.db.insert(stepProgress).values({ userId: user.id, stepId: FINANCE_STEP_ID, completedAt: at(3) });
    expect(await rowOf(email)).toMatchObject({ role: 'volunteer', completedSteps: 0, totalSteps: 3 });
    await t.database.db.insert(members).values({ email, role: 'Finance', department: 'Money' });
    expect(await rowOf(email)).toMatchObject({ role: 'finance', completedSteps: 1, totalSteps: 4, percent: 25 });
    await t.database.db.update(members).set({ role: 'observer' }).where(eq(members.email, email));
    expect(await rowOf(email)).toMatchObject({
      role: 'observer',
      completedSteps: 0,
      totalSteps: 0,
      currentStepTitle: null,
    });
    await t.database.db.delete(members).where(eq(members.email, email));
    expect(await rowOf(email)).toMatchObject({ role: 'volunteer', completedSteps: 0, totalSteps: 3 });
    await t.database.db.update(users).set({ role: 'finance' }).where(eq(users.id, user.id));
    expect(await rowOf(email)).toMatchObject({ role: 'finance', completedSteps: 1 });
    await expectOracle(email);
  });

  it('shows an invitation’s person from their first sign-in, and recounts everything after step progress is emptied', async () => {
    await t.database.db
      .insert(members)
      .values({ email: 'fresh.three@inspired2uplift.org', role: 'finance', department: 'Money' });
    expect(await rowOf('fresh.three@inspired2uplift.org')).toMatchObject({
      invited: true,
      currentStepTitle: 'Sign in to your Chrome profile',
    });
    await signIn(t.app, { email: 'fresh.three@inspired2uplift.org', name: 'Three' });
    expect(await rowOf('fresh.three@inspired2uplift.org')).toMatchObject({
      invited: false,
      name: 'Three',
      totalSteps: 4,
    });
    await expectOracle('fresh.three@inspired2uplift.org');
    const before = await t.database.db.select().from(stepProgress);
    await t.database.db.execute(sql`truncate step_progress`);
    expect((await page({ complete: 'true' })).total).toBe(0);
    expect((await page({ sort: 'lastProgress', pageSize: 200 })).items.every((m) => m.lastProgressAt === null)).toBe(
      true,
    );
    await t.database.db.insert(stepProgress).values(before);
    const rows = await oracle();
    expect((await page({ sort: 'email', pageSize: 200 })).items).toEqual(ordered(rows, 'email', 'asc'));
  });

  it('follows names, departments, admin flags and sign-ins, and drops people who are gone', async () => {
    const email = 'fresh.four@inspired2uplift.org';
    await signIn(t.app, { email, name: 'Four' });
    await t.database.db
      .update(users)
      .set({ lastSignInAt: at(1) })
      .where(eq(users.email, email));
    expect(await rowOf(email)).toMatchObject({ name: 'Four', lastSignInAt: at(1).toISOString() });
    await signIn(t.app, { email, name: 'Renamed Four' });
    expect((await rowOf(email))?.name).toBe('Renamed Four');
    expect((await rowOf(email))?.lastSignInAt).not.toBe(at(1).toISOString());
    await expectOracle(email);
    await t.database.db.insert(members).values({ email, role: 'volunteer', department: 'Kitchen', isAdmin: true });
    expect(await rowOf(email)).toMatchObject({ department: 'Kitchen', isAdmin: true });
    expect((await page({ department: 'KITCHEN' })).items.map((m) => m.email)).toEqual([email]);
    await t.database.db.delete(users).where(eq(users.email, email));
    expect(await rowOf(email)).toMatchObject({ invited: true, name: '', lastSignInAt: null, lastProgressAt: null });
    await t.database.db.delete(members).where(eq(members.email, email));
    expect((await page({ search: email })).total).toBe(0);
    const rows = await oracle();
    expect((await page({ sort: 'name', pageSize: 200 })).items).toEqual(ordered(rows, 'name', 'asc'));
  });

  it('takes in a bulk of 1,200 new member records at once (and vacuums afterwards)', async () => {
    const before = (await page({})).total;
    const bulk = Array.from({ length: 1200 }, (_, i) => ({
      email: `bulk${String(i).padStart(4, '0')}@inspired2uplift.org`,
      role: i % 2 === 0 ? 'finance' : 'volunteer',
      department: 'Bulk',
    }));
    await t.database.db.insert(members).values(bulk);
    const after = await page({ department: 'bulk', sort: 'email', pageSize: 2 });
    expect(after.total).toBe(1200);
    expect(after.items.map((m) => [m.email, m.role, m.invited])).toEqual([
      ['bulk0000@inspired2uplift.org', 'finance', true],
      ['bulk0001@inspired2uplift.org', 'volunteer', true],
    ]);
    expect((await page({})).total).toBe(before + 1200);
    expect(await t.database.db.select().from(adminMembersPending)).toEqual([]);
    await t.database.db.delete(members).where(eq(members.department, 'Bulk'));
    expect((await page({})).total).toBe(before);
  });

  it('recomputes every member when the content changes', async () => {
    const before = await listMemberOverviews(
      t.database.db,
      { catalog, adminEmails: [ADMIN] },
      membersQuerySchema.parse({ pageSize: 200 }),
    );
    // The same catalog without the finance role: finance members fall back to volunteer steps.
    const smaller = createRoleCatalog([...catalog.values()].filter((c) => c.key !== 'finance'));
    const after = await listMemberOverviews(
      t.database.db,
      { catalog: smaller, adminEmails: [ADMIN] },
      membersQuerySchema.parse({ pageSize: 200 }),
    );
    const gus = (list: typeof before) => list.items.find((m) => m.email === emailOf(8));
    expect(gus(before)).toMatchObject({ role: 'finance', completedSteps: 4, totalSteps: 4 });
    expect(gus(after)).toMatchObject({ role: 'volunteer', completedSteps: 3, totalSteps: 3, percent: 100 });
    const back = await listMemberOverviews(
      t.database.db,
      { catalog, adminEmails: [ADMIN] },
      membersQuerySchema.parse({ pageSize: 200 }),
    );
    expect(back.items).toEqual(before.items);
  });
});
