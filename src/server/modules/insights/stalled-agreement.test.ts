import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelCalloutText } from '../../../shared/insights-api.js';
import { members, memberSchedules, stepProgress, users } from '../../db/schema.js';
import { createTestApp, createTestCatalog, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { listAllMemberOverviews } from '../member-overview/index.js';
import { funnel } from './insights.repository.js';

/**
 * "Stalled" means one thing (docs/product.md#due-dates-and-reminders): over generated people — signed in or only
 * invited, with or without a start date (past or to come), some steps completed at any moment, left or not, doing an
 * onboarding or only looking around — the members table's Stalled badges, the Insights funnel's stalled counts (in
 * total and per step) and its call-out agree with each other and with the definition written out below, for any
 * STALLED_AFTER_DAYS and any moment (across a DST change). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ZONE = 'Europe/London';
const DAY = 86_400_000;
const catalog = createTestCatalog();

interface Person {
  signedIn: boolean;
  /** Hours before now of the first sign-in. */
  firstSignInHoursAgo: number;
  /** Days from today of the start date an admin set; null: none. */
  startOffset: number | null;
  /** Hours before now of each completed step, in step order (a prefix of the role's steps). */
  completedHoursAgo: number[];
  left: boolean;
  onboarding: boolean;
}

const person: fc.Arbitrary<Person> = fc.record({
  signedIn: fc.boolean(),
  firstSignInHoursAgo: fc.integer({ min: 0, max: 30 * 24 }),
  startOffset: fc.option(fc.integer({ min: -25, max: 5 }), { nil: null }),
  completedHoursAgo: fc.array(fc.integer({ min: 0, max: 30 * 24 }), { maxLength: VOLUNTEER_STEP_IDS.length }),
  left: fc.boolean(),
  onboarding: fc.boolean(),
});

/** The definition, written out: signed in, onboarding, not left, a step left, waiting at least `days` days. */
function stalledByDefinition(p: Person, now: Date, days: number): boolean {
  if (!p.signedIn || !p.onboarding || p.left || p.completedHoursAgo.length >= VOLUNTEER_STEP_IDS.length) return false;
  const firstSignIn = new Date(now.getTime() - p.firstSignInHoursAgo * 3_600_000);
  const startDay =
    p.startOffset === null
      ? DateTime.fromJSDate(firstSignIn, { zone: ZONE }).startOf('day')
      : DateTime.fromJSDate(now, { zone: ZONE }).startOf('day').plus({ days: p.startOffset });
  const lastProgress = Math.max(...p.completedHoursAgo.map((h) => now.getTime() - h * 3_600_000), -Infinity);
  const waitingSince = Math.max(startDay.toMillis(), lastProgress);
  return waitingSince <= now.getTime() - days * DAY;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ catalog });
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('stalled means one thing', () => {
  it('the members table, the Insights funnel and its call-out agree, with the definition, over generated people', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom('2026-03-29T00:30:00Z', '2026-03-31T12:00:00Z', '2026-10-25T23:59:00Z', '2026-12-07T09:00:00Z'),
        async (people, stalledAfterDays, nowIso) => {
          const now = new Date(nowIso);
          const db = t.database.db;
          for (const table of [stepProgress, memberSchedules, members, users]) await db.delete(table);
          const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
          for (const [i, p] of people.entries()) {
            const email = `p${i}@inspired2uplift.org`;
            await db.insert(members).values({
              email,
              role: 'volunteer',
              department: 'Operations',
              leftAt: p.left ? new Date(now.getTime() - DAY) : null,
            });
            if (p.startOffset !== null) {
              await db
                .insert(memberSchedules)
                .values({ email, startOn: today.plus({ days: p.startOffset }).toISODate() });
            }
            if (!p.signedIn) continue;
            const [user] = await db
              .insert(users)
              .values({
                email,
                name: `Person ${i}`,
                workspaceId: 'inspired2uplift.org',
                createdAt: new Date(now.getTime() - p.firstSignInHoursAgo * 3_600_000),
                onboarding: p.onboarding,
              })
              .returning({ id: users.id });
            for (const [k, hours] of p.completedHoursAgo.entries()) {
              await db.insert(stepProgress).values({
                userId: user?.id ?? '',
                stepId: VOLUNTEER_STEP_IDS[k] ?? '',
                completedAt: new Date(now.getTime() - hours * 3_600_000),
              });
            }
          }
          const expected = people.flatMap((p, i) =>
            stalledByDefinition(p, now, stalledAfterDays) ? [`p${i}@inspired2uplift.org`] : [],
          );
          const rows = await listAllMemberOverviews(
            db,
            { catalog, adminEmails: [], now, timeZone: ZONE, stalledAfterDays },
            { sort: 'email', dir: 'asc' },
          );
          const table = rows.filter((r) => r.stalled).map((r) => r.email);
          const f = await funnel(db, { catalog, now, timeZone: ZONE, stalledAfterDays }, { role: 'volunteer' });
          const perStep = f.steps.reduce((sum, s) => sum + s.stalled, 0);
          expect(table).toEqual(expected);
          expect({ total: f.stalled, perStep }).toEqual({ total: expected.length, perStep: expected.length });
          expect(f.calledOut === null).toBe(expected.length === 0);
          if (expected.length === 0) {
            expect(funnelCalloutText(f.calledOut, f.stalledAfterDays)).toBe(
              `Nobody has been waiting on a step for ${stalledAfterDays} ${stalledAfterDays === 1 ? 'day' : 'days'} or more.`,
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
