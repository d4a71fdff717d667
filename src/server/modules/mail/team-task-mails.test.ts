import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDepartment } from '../departments/departments.service.js';
import { upsertMember } from '../members/members.repository.js';
import { smtpForFile } from '../../test/file-servers.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { putMemberRecord } from '../../test/test-members.js';
import { teamTaskCatalog } from '../../test/test-roles.js';
import { mailSettings } from '../../test/test-smtp.js';

/**
 * Team-task e-mails (docs/product.md#team-tasks) end to end on the server: a real SMTP server on loopback receives what
 * the app sends; the test clock moves across days and quiet hours.
 */

const ZONE = 'Europe/London';
const ADMIN = 'tt.boss@inspired2uplift.org';
const NEWCOMER = 'tt.nora@inspired2uplift.org';
const BUDDY = 'tt.bea@inspired2uplift.org';
const KIM = 'tt.kim@inspired2uplift.org';
const SPY = 'spy@evil.test';

const catalog = teamTaskCatalog([
  { id: 'say-hello', title: 'Say hello in Slack', description: 'Say hello.', who: 'buddy', dueAfterDays: 1 },
  // Content on disk is not checked as a publish is: it names someone outside the organisation.
  {
    id: 'show-the-office',
    title: 'Show them the office',
    description: 'A short tour.',
    who: { members: [KIM, SPY] },
    dueAfterDays: 1,
  },
  // A meeting a month in (after the clocks go forward: 10:00 in London is 09:00 UTC).
  {
    id: 'welcome-call',
    title: 'Welcome call',
    description: 'A video call to welcome them.',
    who: 'buddy',
    dueAfterDays: 30,
    appointment: { time: '10:00', durationMinutes: 30 },
  },
]);

const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

const smtp = smtpForFile();
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({
    catalog,
    env: { ...mailSettings(smtp), ADMIN_EMAILS: ADMIN },
  });
  t.clock.now = london('2026-03-02T10:00');
  await addDepartment(t.database.db, catalog, 'Events', { actorUserId: null, actorEmail: ADMIN }, t.clock.now);
  await upsertMember(t.database.db, { email: BUDDY, role: 'volunteer', department: 'Events', isAdmin: false });
  await signInWithGoogleSession(t, { email: BUDDY, name: 'Bea Smith' });
  const admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
  await putMemberRecord(t, admin, NEWCOMER, {
    role: 'volunteer',
    department: 'Events',
    isAdmin: false,
    startOn: '2026-03-02',
    buddy: BUDDY,
  });
  // A fresh migrated database per test: the first, cold, takes long on a busy machine.
}, 180_000);
afterEach(async () => {
  await t.close();
});

const toBuddy = () => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(BUDDY));

describe('team-task e-mails', () => {
  it('tell the person who does a task on its due day, then once when it is overdue, never in quiet hours', async () => {
    t.clock.now = london('2026-03-03T07:30');
    await t.app.mailWorker.runNow();
    expect(toBuddy()).toHaveLength(0);
    t.clock.now = london('2026-03-03T09:00');
    await t.app.mailWorker.runNow();
    expect(toBuddy().map((m) => m.subject)).toEqual(['A task for a newcomer is due today']);
    expect(toBuddy()[0]?.text).toContain('Hello Bea,');
    expect(toBuddy()[0]?.text).toContain(`- Say hello in Slack, for ${NEWCOMER} (Due today)`);
    expect(toBuddy()[0]?.text).toContain('http://localhost:3000/tasks');
    // Overdue: once, whatever the runs that follow.
    for (const local of ['2026-03-04T21:30', '2026-03-05T10:00', '2026-03-05T15:00', '2026-03-06T10:00']) {
      t.clock.now = london(local);
      await t.app.mailWorker.runNow();
    }
    expect(toBuddy().map((m) => m.subject)).toEqual([
      'A task for a newcomer is due today',
      '1 task for a newcomer is overdue',
    ]);
    expect(toBuddy()[1]?.text).toContain('Say hello in Slack, for');
    expect(toBuddy()[1]?.text).toContain('(Overdue by 2 days)');
  });

  it('go only to addresses of the organisation: a named assignee of another domain is never mailed', async () => {
    t.clock.now = london('2026-03-03T09:00');
    await t.app.mailWorker.runNow();
    const to = (address: string) => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(address));
    expect(to(KIM).map((m) => m.subject)).toEqual(['A task for a newcomer is due today']);
    expect(to(SPY)).toEqual([]);
    const planned = (await t.database.db.execute(
      sql`select recipient from mail_outbox where recipient = ${SPY}`,
    )) as unknown as { rows: unknown[] };
    expect(planned.rows).toEqual([]);
  });

  it('carry a calendar invitation for a meeting on its due day, at its time in TIME_ZONE, once', async () => {
    const calendarParts = (m: (typeof smtp.messages)[number]) =>
      m.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
    t.clock.now = london('2026-04-01T09:00');
    await t.app.mailWorker.runNow();
    const [due] = toBuddy();
    expect(due?.text).toContain(`- Welcome call, for ${NEWCOMER} (Due today)`);
    const parts = due === undefined ? [] : calendarParts(due);
    expect(parts).toHaveLength(1);
    const ics = parts[0]?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics.match(/^DTSTART[:;].*$/gmu)).toEqual(['DTSTART:20260401T090000Z']);
    expect(ics).toMatch(/^DURATION:PT30M$/mu);
    expect(ics).toContain(`mailto:${BUDDY}`);
    expect(ics).toContain('SUMMARY:Welcome call:');
    // The overdue reminder that follows has none.
    t.clock.now = london('2026-04-02T10:00');
    await t.app.mailWorker.runNow();
    expect(toBuddy().map((m) => calendarParts(m).length)).toEqual([1, 0]);
  });
});
