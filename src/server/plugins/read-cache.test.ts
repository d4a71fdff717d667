import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema, onboardingResponseSchema } from '../../shared/api.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { OpenDatabase } from '../db/client.js';
import { touchSession } from './session-store.js';
import { upsertDevelopmentUser } from '../modules/auth/users.repository.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { completeStep, uncompleteStep, uncompleteStepAndItems } from '../modules/progress/progress.repository.js';
import { tickItem, untickAllItems, untickItem } from '../modules/progress/step-items.repository.js';
import { onboardingView } from '../test/onboarding-view.js';
import { createTestApp, FINANCE_STEP_ID, signIn, type TestApp, VOLUNTEER_STEP_IDS } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';
import { readCacheSources } from '../read-cache-sources.js';
import { ReadCache } from './read-cache.js';
import { hashSessionToken, SESSION_IDLE_MS } from './sessions.js';

/**
 * The read cache (docs/decisions/008-read-cache.md) through the app, on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a signed-in read in the steady state asks the database nothing, and every write the app makes —
 * and every announced write made beside it — is seen by the next request.
 */

const ADMIN = 'admin@inspired2uplift.org';
let t: TestApp;
let admin: string;
/** Statements sent to the database since the counter was last read. */
let statements = 0;

/** Counts every statement the app's database driver is given (PGlite's or the pool's `query`). */
function countStatements(database: OpenDatabase): void {
  const target: { query: (...args: never[]) => unknown } =
    database.driver.kind === 'pglite' ? database.driver.client : database.driver.pool;
  const query = target.query.bind(target);
  target.query = ((...args: never[]) => {
    statements += 1;
    return query(...args);
  }) as typeof target.query;
}

async function untilLive(feed: ChangeFeed): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!feed.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(feed.live, 'the change feed listens').toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  await untilLive(t.app.changeFeed);
  countStatements(t.database);
  admin = await signIn(t.app, { email: ADMIN });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const onboarding = async (cookie: string) => {
  const res = await get('/api/onboarding', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return onboardingResponseSchema.parse(res.json());
};
const me = async (cookie: string) => meResponseSchema.parse((await get('/api/me', cookie)).json()).user;
const put = (url: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

describe('a signed-in read in the steady state', () => {
  it('asks the database nothing: session, member record, progress and role all come from memory', async () => {
    const cookie = await signIn(t.app, { email: 'steady@inspired2uplift.org' });
    await put(`/api/progress/steps/${VOLUNTEER_STEP_IDS[0]}`, cookie, { completed: true });
    const first = await onboarding(cookie); // fills the cache
    statements = 0;
    for (let i = 0; i < 5; i += 1) {
      expect(await onboarding(cookie)).toEqual(first);
      expect((await me(cookie)).email).toBe('steady@inspired2uplift.org');
    }
    expect(statements).toBe(0);
  });
});

describe("a member's own step", () => {
  it('the next read asks the database nothing: the kept progress takes the completion in', async () => {
    const cookie = await signIn(t.app, { email: 'own-step@inspired2uplift.org' });
    await onboarding(cookie); // fills the cache
    for (const completed of [true, false, true]) {
      const res = await put(`/api/progress/steps/${VOLUNTEER_STEP_IDS[2]}`, cookie, { completed });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.changeFeed.settle();
      statements = 0;
      const answer = await onboarding(cookie);
      expect(statements).toBe(0);
      expect(answer.progress.completed.map((c) => c.stepId)).toEqual(completed ? [VOLUNTEER_STEP_IDS[2]] : []);
    }
  });

  it('over any writes of steps and items: what is kept is what a fresh read gives', async () => {
    const steps = ['step-a', 'step-b', 'step-c'];
    const base = new Date('2026-12-07T09:00:00.000Z').getTime();
    // Four times a few milliseconds apart, so that two completions may have the same time.
    const time = fc.integer({ min: 0, max: 3 }).map((i) => new Date(base + i * 7));
    const write = fc.oneof(
      fc.record({ kind: fc.constant('complete' as const), user: fc.nat(1), step: fc.constantFrom(...steps), at: time }),
      fc.record({ kind: fc.constant('uncomplete' as const), user: fc.nat(1), step: fc.constantFrom(...steps) }),
      fc.record({ kind: fc.constant('uncomplete-all' as const), user: fc.nat(1), step: fc.constantFrom(...steps) }),
      fc.record({
        kind: fc.constant('tick' as const),
        user: fc.nat(1),
        step: fc.constantFrom(...steps),
        item: fc.constantFrom('x', 'y'),
        at: time,
      }),
      fc.record({
        kind: fc.constant('untick' as const),
        user: fc.nat(1),
        step: fc.constantFrom(...steps),
        item: fc.constantFrom('x', 'y'),
      }),
      fc.record({ kind: fc.constant('untick-all' as const), user: fc.nat(1), step: fc.constantFrom(...steps) }),
    );
    const db = t.database.db;
    const cache = new ReadCache(db, t.app.changeFeed, readCacheSources);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        run += 1;
        const users = await Promise.all(
          [0, 1].map(
            async (i) =>
              (await upsertDevelopmentUser(db, { email: `kept-${run}-${i}@inspired2uplift.org`, name: undefined })).id,
          ),
        );
        const fresh = async (userId: string) => {
          const { completed, items, hasAcknowledgments } = await readCacheSources.progressOfRecord(db, userId);
          return { completed, items, acknowledgments: hasAcknowledgments ? ['some'] : [] };
        };
        for (const userId of users) await cache.progress(userId); // kept before the writes
        for (const w of writes) {
          const userId = users[w.user] ?? '';
          if (w.kind === 'complete') await completeStep(db, userId, w.step, w.at);
          else if (w.kind === 'uncomplete') await uncompleteStep(db, userId, w.step);
          else if (w.kind === 'uncomplete-all') await uncompleteStepAndItems(db, userId, w.step);
          else if (w.kind === 'tick')
            await tickItem(db, { userId, stepId: w.step, itemId: w.item, kind: 'checklist' }, w.at);
          else if (w.kind === 'untick') await untickItem(db, userId, w.step, w.item);
          else await untickAllItems(db, userId, w.step);
          await t.app.changeFeed.settle();
          for (const id of users) expect(await cache.progress(id)).toEqual(await fresh(id));
        }
      }),
      { numRuns: 25 },
    );
  });
});

/** A team task written beside the app (as another process would), once the app has heard of it. */
async function addWelcomeCall(newcomer: string, lead: string): Promise<void> {
  await t.database.db.execute(sql`
    insert into team_tasks (newcomer_email, task_id, role_key, title, description, who, assignees, due_on, created_at,
      updated_at)
    values (${newcomer}, 'welcome-call', 'volunteer', 'Book a welcome call', 'Call them.', 'lead', array[${lead}],
      '2099-01-01', now(), now())`);
  await t.app.changeFeed.settle();
}

/** Signs someone in and waits until the app has heard of it; then counts statements from 0. */
async function signInHeard(body: { email: string; name?: string }): Promise<void> {
  await signIn(t.app, body);
  await t.app.changeFeed.settle();
  statements = 0;
}

describe('what the next request sees after a write', () => {
  it('a progress write and an item tick', async () => {
    const cookie = await signIn(t.app, { email: 'writer@inspired2uplift.org' });
    expect((await onboarding(cookie)).progress.completed).toEqual([]);
    expect((await put(`/api/progress/steps/${VOLUNTEER_STEP_IDS[1]}`, cookie, { completed: true })).statusCode).toBe(
      200,
    );
    expect((await onboarding(cookie)).progress.completed.map((c) => c.stepId)).toEqual([VOLUNTEER_STEP_IDS[1]]);
    expect((await put(`/api/progress/steps/${VOLUNTEER_STEP_IDS[1]}`, cookie, { completed: false })).statusCode).toBe(
      200,
    );
    expect((await onboarding(cookie)).progress.completed).toEqual([]);
  });

  it('"My tasks": kept while no team task changes, and a team task written beside the app is seen once heard', async () => {
    const lead = 'tasks-lead@inspired2uplift.org';
    const cookie = await signIn(t.app, { email: lead });
    const mine = async () => {
      const res = await get('/api/team-tasks/mine', cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { tasks: { title: string; status: string }[] }).tasks;
    };
    expect(await mine()).toEqual([]);
    statements = 0;
    expect(await mine()).toEqual([]);
    expect(statements).toBe(0);
    await addWelcomeCall('tasks-newcomer@inspired2uplift.org', lead);
    expect(await mine()).toEqual([expect.objectContaining({ title: 'Book a welcome call', status: 'open' })]);
    await t.database.db.execute(
      sql`update team_tasks set status = 'done' where newcomer_email = 'tasks-newcomer@inspired2uplift.org'`,
    );
    await t.app.changeFeed.settle();
    expect(await mine()).toEqual([expect.objectContaining({ title: 'Book a welcome call', status: 'done' })]);
    await t.database.db.execute(
      sql`delete from team_tasks where newcomer_email = 'tasks-newcomer@inspired2uplift.org'`,
    );
    await t.app.changeFeed.settle();
    expect(await mine()).toEqual([]);
  });

  it('a sign-out: the kept session is gone', async () => {
    const cookie = await signIn(t.app, { email: 'leaving@inspired2uplift.org' });
    await onboarding(cookie);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await get('/api/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/onboarding', cookie)).statusCode).toBe(401);
  });

  it('a sign-in that changes the user: other sessions of the same person show it', async () => {
    const older = await signIn(t.app, { email: 'renamed@inspired2uplift.org', name: 'Old Name' });
    expect((await me(older)).name).toBe('Old Name');
    await signIn(t.app, { email: 'renamed@inspired2uplift.org', name: 'New Name' });
    expect((await me(older)).name).toBe('New Name');
  });

  it('a sign-in: what is kept about others is read again only where it names the person who signed in', async () => {
    const lead = 'kept-lead@inspired2uplift.org';
    await upsertMember(t.database.db, {
      email: lead,
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
      leadOf: ['Events'],
    });
    await upsertMember(t.database.db, {
      email: 'kept-newcomer@inspired2uplift.org',
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
    });
    await t.app.changeFeed.settle();
    const newcomer = await signIn(t.app, { email: 'kept-newcomer@inspired2uplift.org' });
    const other = await signIn(t.app, { email: 'kept-other@inspired2uplift.org' });
    const peopleOf = async (cookie: string) => (await onboarding(cookie)).people.map((p) => [p.email, p.name]);
    expect(await peopleOf(newcomer)).toEqual([[lead, lead]]);
    expect(await peopleOf(other)).toEqual([]);

    // Someone who is nobody's lead or buddy signs in: both kept answers stay.
    await signInHeard({ email: 'kept-stranger@inspired2uplift.org', name: 'A Stranger' });
    expect(await peopleOf(newcomer)).toEqual([[lead, lead]]);
    expect(await peopleOf(other)).toEqual([]);
    expect(statements).toBe(0);

    // The lead signs in: the newcomer sees their name at once; the other member's kept answer still stays.
    await signInHeard({ email: lead, name: 'Lena Lead' });
    expect(await peopleOf(other)).toEqual([]);
    expect(statements).toBe(0);
    expect(await peopleOf(newcomer)).toEqual([[lead, 'Lena Lead']]);

    // "My tasks" of the lead name their newcomers: kept through others' sign-ins, read again after a newcomer's.
    await addWelcomeCall('kept-newcomer@inspired2uplift.org', lead);
    const leadCookie = await signIn(t.app, { email: lead, name: 'Lena Lead' });
    const tasksOfLead = async () => (await get('/api/team-tasks/mine', leadCookie)).json() as { tasks: unknown[] };
    expect((await tasksOfLead()).tasks).toHaveLength(1);
    await signInHeard({ email: 'kept-stranger@inspired2uplift.org', name: 'A Stranger' });
    expect((await tasksOfLead()).tasks).toHaveLength(1);
    expect(statements).toBe(0);
    await signInHeard({ email: 'kept-newcomer@inspired2uplift.org', name: 'Nia Newcomer' });
    expect((await tasksOfLead()).tasks).toHaveLength(1);
    expect(statements, 'the tasks naming the newcomer are read again').toBeGreaterThan(0);
    await t.database.db.execute(sql`delete from team_tasks where newcomer_email = 'kept-newcomer@inspired2uplift.org'`);
    await t.app.changeFeed.settle();
  });

  it("an admin's change of a member's role, and a CSV import", async () => {
    const email = 'promoted@inspired2uplift.org';
    const before = await signIn(t.app, { email });
    expect((await onboarding(before)).role.key).toBe('volunteer');
    const change = await put(`/api/admin/members/${encodeURIComponent(email)}`, admin, {
      role: 'finance',
      department: 'Finance',
      isAdmin: false,
    });
    expect(change.statusCode, change.body).toBe(200);
    // The change ended the member's sessions; signed in again, the new role applies at once.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: before } })).statusCode).toBe(401);
    const cookie = await signIn(t.app, { email });
    const body = await onboardingView(t.app, cookie);
    expect(body.role.key).toBe('finance');
    expect(body.scopes.flatMap((s) => s.steps.map((step) => step.id))).toContain(FINANCE_STEP_ID);
    expect(await me(cookie)).toMatchObject({ role: 'finance', department: 'Finance' });

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: `email,role,department\n${email},volunteer,Operations\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await onboarding(cookie)).role.key).toBe('volunteer');
  });

  it('a write made beside the app (npm run members), once the app has heard it', async () => {
    const email = 'cli@inspired2uplift.org';
    const cookie = await signIn(t.app, { email });
    expect((await me(cookie)).isAdmin).toBe(false);
    await upsertMember(t.database.db, { email, role: 'volunteer', department: 'Operations', isAdmin: true });
    await t.app.changeFeed.settle();
    expect((await me(cookie)).isAdmin).toBe(true);
  });
});

describe('session expiry with a kept session', () => {
  it('reads a session that looks expired again: another process may have slid its idle expiry', async () => {
    const cookie = await signIn(t.app, { email: 'elsewhere@inspired2uplift.org' });
    await me(cookie); // kept, idle expiry in 7 days
    // Another process served this session 6 days later and slid the idle expiry (touches are not announced).
    const hash = hashSessionToken(t.config.sessionSecret, cookie.slice(cookie.indexOf('=') + 1));
    const later = new Date(t.clock.now.getTime() + 6 * 24 * 60 * 60 * 1000);
    await touchSession(t.database.db, hash, {
      lastSeenAt: later,
      idleExpiresAt: new Date(later.getTime() + SESSION_IDLE_MS),
    });
    t.clock.advance(SESSION_IDLE_MS + 1000); // past the kept idle expiry, not past the slid one
    expect((await get('/api/me', cookie)).statusCode).toBe(200);
  });
});

describe('ReadCache', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const feed = (live: boolean): ChangeFeed & { handlers: { reset(): void }[] } => {
    const handlers: { reset(): void }[] = [];
    return {
      live,
      handlers,
      subscribe: (handler) => void handlers.push(handler),
      settle: async () => {},
      close: async () => {},
    };
  };

  it('keeps nothing while its feed is not live', async () => {
    const cache = new ReadCache(database.db, feed(false), readCacheSources);
    await cache.member('someone@inspired2uplift.org');
    await cache.progress('5d6ecd81-3176-4c8a-b564-586c649d08c3');
    expect(cache.sizes).toEqual({ sessions: 0, members: 0, progress: 0 });
  });

  it('keeps what it read, values frozen, and forgets everything when the feed resets', async () => {
    const live = feed(true);
    const cache = new ReadCache(database.db, live, readCacheSources);
    const progress = await cache.progress('5d6ecd81-3176-4c8a-b564-586c649d08c3');
    expect(Object.isFrozen(progress)).toBe(true);
    await cache.member('someone@inspired2uplift.org');
    await cache.session('0'.repeat(64)); // unknown: never kept
    expect(cache.sizes).toEqual({ sessions: 0, members: 1, progress: 1 });
    for (const handler of live.handlers) handler.reset();
    expect(cache.sizes).toEqual({ sessions: 0, members: 0, progress: 0 });
  });
});
