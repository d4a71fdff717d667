import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { loadContent } from '../../src/server/content/load-content.js';
import { migrate, openDatabase } from '../../src/server/db/client.js';
import { refreshAdminMembers } from '../../src/server/modules/member-overview/index.js';
import { planReminders } from '../../src/server/modules/mail/planner.js';
import { budgets, checks, results, root, round, tempDir } from '../common.js';
import { seed } from './scale.js';

const REMINDER_MEMBERS = 10_000;

/**
 * Planning a day's reminders (modules/mail/planner.ts, docs/product.md#due-dates-and-reminders) for 10,000 members on
 * the embedded database: every member gets a start date 0 to 39 days ago, so their steps are due soon, overdue, or
 * past their last reminder; the real content's due days. Times the planning of the day (after the members table's
 * rows are up to date, which any admin read does too) and a second planning the same day (which finds it done).
 */
export async function reminders(): Promise<void> {
  const dataDir = tempDir('reminders');
  console.log(`• reminders: seeding ${REMINDER_MEMBERS} members`);
  const seeded = seed(dataDir, REMINDER_MEMBERS);
  console.log(`  ${seeded.summary}`);
  const catalog = await loadContent(path.join(root, 'content'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    const zone = 'Europe/London';
    const now = DateTime.now().setZone(zone).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const today = now.toISODate() ?? '';
    await database.db.execute(sql`
      insert into member_schedules (email, start_on)
      select email, ${today}::date - (abs(hashtext(email)) % 40)
      from (select email from users union select email from members) people
      on conflict (email) do update set start_on = excluded.start_on`);
    const t0 = performance.now();
    await refreshAdminMembers(database.db, catalog, zone);
    const refreshMs = round(performance.now() - t0);
    const t1 = performance.now();
    const planned = await planReminders({ db: database.db, catalog, now: now.toJSDate(), timeZone: zone });
    const planMs = round(performance.now() - t1);
    const t2 = performance.now();
    const again = await planReminders({
      db: database.db,
      catalog,
      now: now.plus({ hours: 1 }).toJSDate(),
      timeZone: zone,
    });
    const againMs = round(performance.now() - t2);
    checks.push({
      name: `reminders ${REMINDER_MEMBERS.toLocaleString('en')}: members table rows after start dates set`,
      value: `${refreshMs} ms`,
      budget: '—',
      ok: null,
    });
    checks.push({
      name: `reminders ${REMINDER_MEMBERS.toLocaleString('en')}: plan the day (${planned} messages)`,
      value: `${planMs} ms`,
      budget: `< ${budgets.reminders.planMaxMs} ms`,
      ok: planMs < budgets.reminders.planMaxMs,
    });
    checks.push({
      name: `reminders ${REMINDER_MEMBERS.toLocaleString('en')}: plan again the same day (${again} new)`,
      value: `${againMs} ms`,
      budget: `< ${budgets.reminders.planMaxMs} ms`,
      ok: againMs < budgets.reminders.planMaxMs && again === 0,
    });
    results.reminders = { seed: seeded.summary, refreshMs, planMs, planned, againMs, again };
  } finally {
    await database.close();
  }
}
