import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../calendar.js';
import { addDepartment } from '../departments/departments.service.js';
import { upsertMember } from '../members/members.repository.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { teamTaskCatalog } from '../../test/test-roles.js';
import { mailSettings, startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { TEAM_TASKS_FOR_STARTS_WITHIN_DAYS } from './team-tasks.service.js';

/**
 * A team task made late (docs/product.md#team-tasks, "Made late") over start dates and creation times: whenever a
 * newcomer is invited, each of their tasks is due on the day its content says, or on the day it was made when that day
 * has passed — never before — and the mail of a task due the day it was made says it is urgent, while a task made with
 * notice is mailed as usual. The test clock moves across DST changes; a real SMTP server on loopback receives the
 * mails. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ZONE = 'Europe/London';
const ADMIN = 'late.boss@inspired2uplift.org';
/** The tasks' `dueAfterDays`: before, on and after the start date. */
const DUE_AFTER_DAYS = [-3, -1, 0, 1, 3] as const;
const taskIdOf = (days: number) => `task-${days < 0 ? `minus-${-days}` : days}`;

const catalog = teamTaskCatalog(
  DUE_AFTER_DAYS.map((days) => ({
    id: taskIdOf(days),
    title: `Task ${days}`,
    description: 'Do it.',
    who: 'buddy',
    dueAfterDays: days,
  })),
);

const dayOf = (at: Date) => DateTime.fromJSDate(at, { zone: ZONE }).toISODate() ?? '';
const localTime = (day: string, hour: number, minute = 0) =>
  DateTime.fromISO(day, { zone: ZONE }).set({ hour, minute }).toJSDate();

let smtp: TestSmtp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    catalog,
    env: { ...mailSettings(smtp), ADMIN_EMAILS: ADMIN },
  });
  t.clock.now = new Date('2026-03-01T10:00:00Z');
  await addDepartment(t.database.db, catalog, 'Events', { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
  // A fresh migrated database: the first, cold, takes long on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let run = 0;

describe('a team task made late', () => {
  it('is due the day it was made, never before, and its mail says it is urgent (start dates × creation times)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // The moment the newcomer is invited: any minute of days around both DST changes of 2026.
        fc.constantFrom('2026-03-27', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26'),
        fc.integer({ min: 0, max: 23 * 60 + 59 }),
        // Their start date, from long before the invitation to after it.
        fc.integer({ min: -35, max: 6 }),
        async (madeOn, minuteOfDay, startOffset) => {
          run += 1;
          const newcomer = `late.newcomer${run}@inspired2uplift.org`;
          const buddy = `late.buddy${run}@inspired2uplift.org`;
          const madeAt = localTime(madeOn, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
          t.clock.now = madeAt;
          // Sessions last 30 days, and the clock jumps between runs: the admin signs in at this moment.
          admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
          const startOn = addDays(madeOn, startOffset);
          await upsertMember(t.database.db, { email: buddy, role: 'volunteer', department: 'Events', isAdmin: false });
          const res = await t.app.inject({
            method: 'PUT',
            url: `/api/admin/members/${encodeURIComponent(newcomer)}`,
            headers: { cookie: admin },
            payload: { role: 'volunteer', department: 'Events', isAdmin: false, startOn, buddy },
          });
          expect(res.statusCode, res.body).toBe(200);
          const result = await t.database.db.execute(
            sql`select task_id, due_on::text as due_on from team_tasks where newcomer_email = ${newcomer} order by task_id`,
          );
          const tasks = (result as unknown as { rows: { task_id: string; due_on: string }[] }).rows;
          const today = dayOf(madeAt);
          const expected =
            startOn < addDays(today, -TEAM_TASKS_FOR_STARTS_WITHIN_DAYS)
              ? []
              : DUE_AFTER_DAYS.map((days) => {
                  const due = addDays(startOn, days);
                  return {
                    task_id: taskIdOf(days),
                    due_on: due < today ? today : due,
                  };
                }).sort((a, b) => a.task_id.localeCompare(b.task_id));
          expect(tasks, `made ${madeAt.toISOString()}, start ${startOn}`).toEqual(expected);
          // The mails of each due day, the day itself (from 08:00, quiet hours aside), in order.
          for (const dueOn of [...new Set(tasks.map((x) => x.due_on))].sort()) {
            const at =
              dueOn === today
                ? new Date(Math.max(madeAt.getTime(), localTime(dueOn, 8).getTime()))
                : localTime(dueOn, 9);
            if (DateTime.fromJSDate(at, { zone: ZONE }).hour >= 21) continue;
            t.clock.now = at;
            const before = smtp.messages.length;
            await t.app.mailWorker.runNow();
            const mine = smtp.messages.slice(before).filter((m) => JSON.stringify(m.to ?? '').includes(buddy));
            const context = `made ${madeAt.toISOString()}, start ${startOn}, due ${dueOn}`;
            expect(mine, context).toHaveLength(1);
            // On the day it was made: urgent; a day with notice: as usual (tasks overdue by then may share the mail).
            if (dueOn === today) expect(mine[0]?.subject, context).toMatch(/^Urgent: .* due today$/u);
            else expect(mine[0]?.subject, context).not.toMatch(/urgent/iu);
            for (const days of DUE_AFTER_DAYS) {
              if (tasks.find((x) => x.task_id === taskIdOf(days))?.due_on !== dueOn) continue;
              const label = dueOn === today ? 'Due today, urgent' : 'Due today';
              expect(mine[0]?.text, context).toContain(`- Task ${days}, for ${newcomer} (${label})`);
            }
          }
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});
