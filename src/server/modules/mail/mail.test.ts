import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  digestNowResponseSchema,
  memberDueResponseSchema,
  memberMailResponseSchema,
  outboxResponseSchema,
} from '../../../shared/mail-api.js';
import { membersPageSchema } from '../../../shared/admin-api.js';
import { setMemberLeft, upsertMember } from '../members/members.repository.js';
import { smtpForFile } from '../../test/file-servers.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { gettingStartedCatalog, plainStep } from '../../test/test-roles.js';
import { mailSettings, startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { MATERIAL_CHANGE_GRACE_DAYS, reminderOccasion } from '../../calendar.js';
import { updateSchedule } from './schedules.repository.js';
import { MAX_ATTEMPTS, sendDueMessages, smtpTransport, type SendResult } from './sender.js';

/**
 * Reminders and digests end to end on the server (docs/product.md#due-dates-and-reminders): a real SMTP server on
 * loopback receives what the app sends, parsed with mailparser; the test clock drives the schedule across days and the
 * change to summer time in Europe/London (Sunday 29 March 2026).
 */

const ZONE = 'Europe/London';
const ADMIN = 'boss@inspired2uplift.org';
const AMY = 'amy@inspired2uplift.org';

/** The volunteer's content; `changedOn`: 'Change your password' had a material change published that day. */
const catalog = (changedOn?: string) =>
  gettingStartedCatalog([
    plainStep('sign-in-to-chrome', 'Sign in to your Chrome profile', 2),
    {
      ...plainStep('change-password', 'Change your password', 7),
      ...(changedOn === undefined ? {} : { version: 2, versionDate: changedOn }),
    },
    plainStep('meet-your-buddy', 'Meet your buddy'),
  ]);

/** A local time in London as an instant. */
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

const smtp = smtpForFile();
let t: TestApp;
/** A fresh session at the test clock's time (sessions lapse as the clock moves days on). */
const amyCookie = () => signInWithGoogleSession(t, { email: AMY, name: 'Amy Pond' });
const adminCookie = () => signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });

/** A fresh app on `content`, with Amy a volunteer; Amy and the admin signed in on 1 March 2026. */
async function start(content = catalog()) {
  t = await createTestApp({
    catalog: content,
    env: { ...mailSettings(smtp), ADMIN_EMAILS: ADMIN },
  });
  await upsertMember(t.database.db, { email: AMY, role: 'volunteer', department: 'Operations', isAdmin: false });
  t.clock.now = london('2026-03-01T10:00');
  await amyCookie();
  await adminCookie();
  // Amy first signed in now, by the test clock (the database's own clock is the real one).
  await firstSignInNow(AMY);
}
beforeEach(async () => {
  await start();
});
afterEach(async () => {
  await t.close();
});

const run = () => t.app.mailWorker.runNow();
/** Dates a person's first sign-in at the test clock's time. */
const firstSignInNow = (email: string) =>
  t.database.db.execute(
    sql`update users set created_at = ${t.clock.now.toISOString()}::timestamptz where email = ${email}`,
  );
const setStart = (email: string, startOn: string) => updateSchedule(t.database.db, email, { startOn }, t.clock.now);
/** A header as it arrived (mailparser's `headers` folds the List-* ones together). */
const headerLine = (mail: ParsedMail, key: string): string =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/gu, ' ') ?? '';
/** The (one) address a message was sent to. */
const recipientOf = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
/** The messages to Amy (an admin's weekly digest may arrive beside them). */
const reminders = () => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(AMY));

describe('the reminder', () => {
  it('lists every due or overdue step with a link to it, in plain text and HTML, with RFC 8058 headers', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-11T10:00');
    await run();
    expect(reminders()).toHaveLength(1);
    const mail = reminders()[0]!;
    expect(mail.subject).toBe('2 onboarding steps are overdue');
    expect(mail.from?.text).toContain('onboarding@inspired2uplift.org');
    expect(mail.text).toContain('Hello Amy,');
    expect(mail.text).toContain('Sign in to your Chrome profile (Overdue by 8 days)');
    expect(mail.text).toContain('Change your password (Overdue by 3 days)');
    expect(mail.text).not.toContain('Meet your buddy');
    expect(mail.text).toContain('http://localhost:3000/dashboard?step=sign-in-to-chrome');
    const html = String(mail.html);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('href="http://localhost:3000/dashboard?step=change-password"');
    expect(html).toContain('#4338ca');
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLine(mail, 'list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/mail\/unsubscribe\?email=amy%40inspired2uplift\.org&token=[\w-]+>$/u,
    );
    expect(html).toContain('Stop these reminders');
    // The same day again: nothing more.
    t.clock.advance(3 * 3_600_000);
    await run();
    expect(reminders()).toHaveLength(1);
  });

  it('follows the schedule across days and the change to summer time: 3 days before, 1 after, weekly, 6 at most, at 09:00 local', async () => {
    // Due on Sunday 29 March 2026, the day the clocks go forward.
    await setStart(AMY, '2026-03-27');
    const arrived: string[] = [];
    for (
      let day = DateTime.fromISO('2026-03-20', { zone: ZONE });
      day < DateTime.fromISO('2026-05-20', { zone: ZONE });
      day = day.plus({ days: 1 })
    ) {
      for (const hour of [6, 9, 22]) {
        t.clock.now = day.set({ hour }).toJSDate();
        const before = reminders().length;
        await run();
        if (reminders().length > before) {
          arrived.push(DateTime.fromJSDate(reminders().at(-1)!.date!, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm'));
        }
      }
    }
    // Step 1 is due 29 Mar, step 2 on 3 Apr: one message a day at most, each step's occasions in it.
    expect(arrived).toEqual([
      '2026-03-26 09:00', // 3 days before 29 Mar
      '2026-03-30 09:00', // a day after 29 Mar (31 Mar is 3 days before 3 Apr)
      '2026-03-31 09:00',
      '2026-04-04 09:00', // a day after 3 Apr
      '2026-04-06 09:00', // weekly for 29 Mar
      '2026-04-11 09:00',
      '2026-04-13 09:00',
      '2026-04-18 09:00',
      '2026-04-20 09:00',
      '2026-04-25 09:00',
      '2026-04-27 09:00',
      '2026-05-02 09:00',
    ]);
    expect(reminderOccasion('2026-03-29', '2026-04-27')).toBe(5);
    expect(reminderOccasion('2026-03-29', '2026-05-04')).toBe(null);
  });

  it('is never sent between 21:00 and 08:00; a message planned in the evening waits until the morning', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-11T21:30');
    await run();
    expect(reminders()).toHaveLength(0);
    t.clock.now = london('2026-03-12T07:59');
    await run();
    expect(reminders()).toHaveLength(0);
    t.clock.now = london('2026-03-12T08:00');
    await run();
    expect(reminders()).toHaveLength(1);
  });

  it('is cancelled when the steps are completed or the date changes before it leaves', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-11T20:59');
    const { planReminders } = await import('./planner.js');
    expect(await planReminders({ db: t.database.db, catalog: catalog(), now: t.clock.now, timeZone: ZONE })).toBe(1);
    for (const stepId of ['sign-in-to-chrome', 'change-password']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/progress/steps/${stepId}`,
        headers: { cookie: await amyCookie() },
        payload: { completed: true },
      });
      expect(res.statusCode).toBe(200);
    }
    t.clock.now = london('2026-03-12T09:00');
    await run();
    expect(reminders()).toHaveLength(0);
    const outbox = outboxResponseSchema.parse(
      (await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: await adminCookie() } })).json(),
    );
    expect(outbox.messages.filter((m) => m.kind === 'reminder').map((m) => [m.status, m.cancelReason])).toEqual([
      ['cancelled', 'nothing due any more'],
    ]);
  });

  it('one-click unsubscribe works without signing in, from a mail provider (no session, a referrer of another site), only with the right token, and stops the next one', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-11T10:00');
    await run();
    const url = new URL(/<(.+)>/u.exec(headerLine(reminders()[0]!, 'list-unsubscribe'))![1]!);
    const tampered = `${url.pathname}?email=${encodeURIComponent(ADMIN)}&token=${url.searchParams.get('token')}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: tampered,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://mail.google.com/' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop my reminders');
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://mail.google.com/' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your reminders are stopped');
    t.clock.now = london('2026-03-18T10:00');
    await run();
    expect(reminders()).toHaveLength(1);
    const mail = memberMailResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/members/${encodeURIComponent(AMY)}/mail`,
          headers: { cookie: await adminCookie() },
        })
      ).json(),
    );
    expect(mail.unsubscribedAt).not.toBeNull();
    expect(mail.messages).toHaveLength(1);
  });

  it('retries an SMTP failure with backoff, then ends failed and visible in the outbox', async () => {
    await setStart(AMY, '2026-03-01');
    smtp.refuseNext = 100;
    t.clock.now = london('2026-03-11T10:00');
    await run();
    let outbox = outboxResponseSchema.parse(
      (await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: await adminCookie() } })).json(),
    );
    expect(outbox.messages[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(outbox.messages[0]?.lastError).toContain('451');
    for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) {
      t.clock.advance(20 * 60_000);
      await run();
    }
    outbox = outboxResponseSchema.parse(
      (await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: await adminCookie() } })).json(),
    );
    expect(outbox.messages[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(reminders()).toHaveLength(0);
  });

  it('a paused member or one who left gets none; the admin sees every message sent to a member', async () => {
    await setStart(AMY, '2026-03-01');
    const paused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(AMY)}/mail`,
      headers: { cookie: await adminCookie() },
      payload: { remindersPaused: true },
    });
    expect(paused.statusCode).toBe(200);
    t.clock.now = london('2026-03-11T10:00');
    await run();
    expect(reminders()).toHaveLength(0);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(AMY)}/mail`,
      headers: { cookie: await adminCookie() },
      payload: { remindersPaused: false },
    });
    t.clock.now = london('2026-03-12T10:00');
    await run();
    expect(reminders()).toHaveLength(1);
    await setMemberLeft(t.database.db, AMY, { at: t.clock.now, note: null }, t.clock.now);
    t.clock.now = london('2026-03-19T10:00');
    await run();
    expect(reminders()).toHaveLength(1);
    const mail = memberMailResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/members/${encodeURIComponent(AMY)}/mail`,
          headers: { cookie: await adminCookie() },
        })
      ).json(),
    );
    expect(mail.messages.map((m) => m.status)).toEqual(['sent']);
    expect(mail.startOnSet).toBe('2026-03-01');
  });

  it('rejects a start date that is not a date with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(AMY)}/mail`,
      headers: { cookie: await adminCookie() },
      payload: { startOn: '2026-13-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('YYYY-MM-DD');
  });
});

describe('start dates set by an admin', () => {
  it('come from the invite form and the CSV import, and count for the due dates', async () => {
    const cookie = await adminCookie();
    const invite = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent('ivy@inspired2uplift.org')}`,
      headers: { cookie },
      payload: { role: 'volunteer', department: 'Operations', isAdmin: false, startOn: '2026-02-20' },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie },
      payload: { csv: 'email,role,department,startDate\nian@inspired2uplift.org,volunteer,Operations,2026-02-25\n' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const [email, startOn] of [
      ['ivy@inspired2uplift.org', '2026-02-20'],
      ['ian@inspired2uplift.org', '2026-02-25'],
    ] as const) {
      const mail = memberMailResponseSchema.parse(
        (
          await t.app.inject({ url: `/api/admin/members/${encodeURIComponent(email)}/mail`, headers: { cookie } })
        ).json(),
      );
      expect(mail.startOnSet).toBe(startOn);
    }
    const page = membersPageSchema.parse(
      (await t.app.inject({ url: '/api/admin/members?overdue=true&sort=startOn', headers: { cookie } })).json(),
    );
    expect(page.items.map((m) => [m.email, m.startOn, m.overdueSteps])).toEqual([
      ['ivy@inspired2uplift.org', '2026-02-20', 2],
      // Due 27 Feb (overdue on 1 March) and 4 March (not yet).
      ['ian@inspired2uplift.org', '2026-02-25', 1],
    ]);
  });
});

describe('the welcome of an invited person', () => {
  const IVY = 'ivy@inspired2uplift.org';
  const toIvy = () => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(IVY));
  const invite = async (email: string, startOn?: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(email)}`,
      headers: { cookie: await adminCookie() },
      payload: { role: 'volunteer', department: 'Operations', isAdmin: false, ...(startOn ? { startOn } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('is sent at once with a link to sign in, before any reminder, and the first reminder waits 3 days after it', async () => {
    // Invited with a start date a month ago: both dated steps are long overdue.
    await invite(IVY, '2026-02-01');
    await run();
    expect(toIvy().map((m) => m.subject)).toEqual(['Welcome to INSPIRED 2 UPLIFT: your onboarding is ready']);
    const welcome = toIvy()[0]!;
    expect(welcome.text).toContain('Sign in: http://localhost:3000/login');
    expect(welcome.text).toContain('your role as Volunteer in Operations');
    expect(String(welcome.html)).toContain('href="http://localhost:3000/login"');
    // A second invitation of the same address sends nothing more.
    await invite(IVY, '2026-02-01');
    for (const at of ['2026-03-01T11:00', '2026-03-02T10:00', '2026-03-04T09:59']) {
      t.clock.now = london(at);
      await run();
      expect(toIvy(), at).toHaveLength(1);
    }
    t.clock.now = london('2026-03-04T10:01');
    await run();
    expect(toIvy().map((m) => m.subject)).toEqual([
      'Welcome to INSPIRED 2 UPLIFT: your onboarding is ready',
      '2 onboarding steps are overdue',
    ]);
  });

  it('waits for the morning in quiet hours, and comes before the reminders then', async () => {
    t.clock.now = london('2026-03-01T22:00');
    await invite(IVY, '2026-02-01');
    await run();
    expect(toIvy()).toHaveLength(0);
    t.clock.now = london('2026-03-02T08:00');
    await run();
    expect(toIvy().map((m) => m.subject)).toEqual(['Welcome to INSPIRED 2 UPLIFT: your onboarding is ready']);
  });

  it('is not sent to someone who signed in meanwhile or left; the CSV import welcomes only new people', async () => {
    t.clock.now = london('2026-03-03T22:00');
    await invite(IVY);
    await invite('ian@inspired2uplift.org');
    await signInWithGoogleSession(t, { email: IVY, name: 'Ivy Invited' });
    await setMemberLeft(t.database.db, 'ian@inspired2uplift.org', { at: t.clock.now, note: null }, t.clock.now);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: await adminCookie() },
      payload: {
        csv: `email,role,department\n${AMY},volunteer,Operations\numa@inspired2uplift.org,volunteer,Operations\n`,
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    t.clock.now = london('2026-03-04T09:00');
    await run();
    // (Amy, imported again, gets her reminder: her steps are due; the admin the week's digest.)
    expect(smtp.messages.map((m) => [recipientOf(m), m.subject]).filter(([to]) => to !== AMY && to !== ADMIN)).toEqual([
      ['uma@inspired2uplift.org', 'Welcome to INSPIRED 2 UPLIFT: your onboarding is ready'],
    ]);
    const outbox = outboxResponseSchema.parse(
      (await t.app.inject({ url: '/api/admin/outbox?kind=welcome', headers: { cookie: await adminCookie() } })).json(),
    );
    expect(outbox.messages.map((m) => [m.recipient, m.status, m.cancelReason])).toEqual([
      ['uma@inspired2uplift.org', 'sent', null],
      ['ian@inspired2uplift.org', 'cancelled', 'left the organisation'],
      [IVY, 'cancelled', 'signed in already'],
    ]);
  });
});

describe('the first days after the first sign-in', () => {
  it('bring no reminder, however overdue the steps are', async () => {
    const BOB = 'bob@inspired2uplift.org';
    t.clock.now = london('2026-03-10T10:00');
    await signInWithGoogleSession(t, { email: BOB, name: 'Bob Brand-New' });
    await firstSignInNow(BOB);
    await setStart(BOB, '2026-02-01');
    const toBob = () => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(BOB));
    for (const at of ['2026-03-10T10:00', '2026-03-12T10:00', '2026-03-13T09:59']) {
      t.clock.now = london(at);
      await run();
      expect(toBob(), at).toHaveLength(0);
    }
    t.clock.now = london('2026-03-13T10:01');
    await run();
    expect(toBob().map((m) => m.subject)).toEqual(['2 onboarding steps are overdue']);
  });
});

describe('due dates for the member', () => {
  it('answers each step’s due date and days late from the start date, in the organisation’s time zone', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-05T00:30');
    const due = memberDueResponseSchema.parse(
      (await t.app.inject({ url: '/api/onboarding/due', headers: { cookie: await amyCookie() } })).json(),
    );
    expect(due).toEqual({
      today: '2026-03-05',
      timeZone: ZONE,
      startOn: '2026-03-01',
      steps: [
        { stepId: 'sign-in-to-chrome', dueOn: '2026-03-03', daysLate: 2 },
        { stepId: 'change-password', dueOn: '2026-03-08', daysLate: -3 },
      ],
      onboarding: true,
    });
  });

  it('gives members a grace period after a material change before the step is overdue again, everywhere', async () => {
    // 'Change your password' (due 7 days after the start, 8 March) changed materially on 20 March: Amy, who started
    // on 1 March, has until 3 April (MATERIAL_CHANGE_GRACE_DAYS after the change) instead of being 12 days late.
    expect(MATERIAL_CHANGE_GRACE_DAYS).toBe(14);
    await t.close();
    await start(catalog('2026-03-20'));
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-20T10:00');
    const due = async () =>
      memberDueResponseSchema.parse(
        (await t.app.inject({ url: '/api/onboarding/due', headers: { cookie: await amyCookie() } })).json(),
      ).steps;
    expect(await due()).toEqual([
      { stepId: 'sign-in-to-chrome', dueOn: '2026-03-03', daysLate: 17 },
      { stepId: 'change-password', dueOn: '2026-04-03', daysLate: -14 },
    ]);
    // The admin's members table counts one overdue step, not two.
    const overdue = async () =>
      membersPageSchema
        .parse((await t.app.inject({ url: '/api/admin/members', headers: { cookie: await adminCookie() } })).json())
        .items.find((m) => m.email === AMY)?.overdueSteps;
    expect(await overdue()).toBe(1);
    // The reminder lists only the step that is overdue.
    await run();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.text).toContain('Sign in to your Chrome profile (Overdue by 17 days)');
    expect(reminders()[0]?.text).not.toContain('Change your password');
    // Once the grace period is over, the step is overdue again.
    t.clock.now = london('2026-04-04T10:00');
    expect((await due()).find((s) => s.stepId === 'change-password')).toEqual({
      stepId: 'change-password',
      dueOn: '2026-04-03',
      daysLate: 1,
    });
    expect(await overdue()).toBe(2);
  });

  it('gives no grace period to a member who started after the change', async () => {
    await t.close();
    await start(catalog('2026-03-20'));
    await setStart(AMY, '2026-03-21');
    t.clock.now = london('2026-03-30T10:00');
    const due = memberDueResponseSchema.parse(
      (await t.app.inject({ url: '/api/onboarding/due', headers: { cookie: await amyCookie() } })).json(),
    );
    expect(due.steps.find((s) => s.stepId === 'change-password')).toEqual({
      stepId: 'change-password',
      dueOn: '2026-03-28',
      daysLate: 2,
    });
  });
});

describe('the digest', () => {
  it('on demand: who started, finished, stalled and is overdue, with links; members who left are not in it', async () => {
    await setStart(AMY, '2026-03-01');
    await upsertMember(t.database.db, {
      email: 'leah@inspired2uplift.org',
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
    });
    await setMemberLeft(t.database.db, 'leah@inspired2uplift.org', { at: t.clock.now, note: null }, t.clock.now);
    await setStart('leah@inspired2uplift.org', '2026-03-01');
    t.clock.now = london('2026-03-12T22:00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/digest',
      headers: { cookie: await adminCookie() },
    });
    expect(res.statusCode).toBe(200);
    await smtp.waitFor(1);
    const digest = smtp.messages[0]!;
    expect(digest.to).toBeDefined();
    expect(JSON.stringify(digest.to)).toContain(ADMIN);
    expect(digest.subject).toMatch(/^Onboarding digest: /u);
    expect(digest.text).toContain('Overdue steps (1)');
    expect(digest.text).toContain(
      'Amy Pond (2 steps overdue): http://localhost:3000/admin/members/amy%40inspired2uplift.org',
    );
    expect(digest.text).toContain('Stalled (no step completed for a while) (1)');
    expect(digest.text).not.toContain('leah');
  });

  it('weekly from Monday 08:00, once a week; an admin who turned it off gets none', async () => {
    // Only digests (Amy's steps fall due meanwhile).
    await updateSchedule(t.database.db, AMY, { remindersPaused: true }, t.clock.now);
    t.clock.now = london('2026-03-16T07:30');
    await run();
    expect(smtp.messages).toHaveLength(0);
    t.clock.now = london('2026-03-16T08:05');
    await run();
    t.clock.now = london('2026-03-18T12:00');
    await run();
    expect(smtp.messages.map((m) => m.subject)).toHaveLength(1);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/digest',
      headers: { cookie: await adminCookie() },
      payload: { digestOn: false },
    });
    expect(off.json()).toEqual({ digestOn: false });
    t.clock.now = london('2026-03-23T09:00');
    await run();
    expect(smtp.messages).toHaveLength(1);
  });
});

describe('claims on messages (docs/reliability.md#e-mail)', () => {
  let slowRelay: TestSmtp;
  beforeEach(async () => {
    slowRelay = await startTestSmtp();
  });
  afterEach(async () => {
    await slowRelay.close();
  });

  /** Amy's reminder as the outbox holds it. */
  const amysMessage = async () => {
    const { rows } = (await t.database.db.execute(
      sql`select status, attempts, last_error from mail_outbox where recipient = ${AMY} and kind = 'reminder'`,
    )) as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] };
    return rows[0];
  };
  /** Polls the outbox until `condition` holds (another process's progress is seen only there). */
  const until = async (condition: (row: Awaited<ReturnType<typeof amysMessage>>) => boolean) => {
    for (let i = 0; i < 500 && !condition(await amysMessage()); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition(await amysMessage())).toBe(true);
  };

  /**
   * A second process, "A", sending through `slowRelay` (which answers after 1.5 s, refusing the message), started
   * once the message is due; it resolves with what A did, and its log's warnings are collected.
   */
  function processA(warnings: string[]): Promise<SendResult> {
    slowRelay.delayMs = 1_500;
    slowRelay.refuseNext = 1;
    return sendDueMessages({
      db: t.database.db,
      catalog: catalog(),
      now: t.clock.now,
      clock: () => t.clock.now,
      config: t.config,
      origin: 'http://localhost:3000',
      transport: smtpTransport(slowRelay.url, t.config.mail.claimSeconds, t.config.mail.concurrency),
      log: { warn: (_details, message) => warnings.push(message) },
    });
  }

  it('a process whose claim ran out while it sent records nothing over the process that took the message, and logs it', async () => {
    await setStart(AMY, '2026-03-01');
    t.clock.now = london('2026-03-11T10:00');
    const { planReminders } = await import('./planner.js');
    expect(await planReminders({ db: t.database.db, catalog: catalog(), now: t.clock.now, timeZone: ZONE })).toBe(1);
    const warnings: string[] = [];
    const a = processA(warnings);
    await until((row) => row?.attempts === 1);
    // A is held up past its claim; the app (process B) takes the message and sends it.
    t.clock.advance((t.config.mail.claimSeconds + 1) * 1000);
    await run();
    expect(reminders()).toHaveLength(1);
    // A's relay then refuses: A must not put the sent message back to 'pending'.
    expect(await a).toMatchObject({ sent: 0, retried: 0, lost: 1 });
    expect(warnings).toEqual([expect.stringContaining('the claim on this message was lost')]);
    expect(await amysMessage()).toMatchObject({ status: 'sent', attempts: 2 });
    t.clock.advance(60 * 60_000);
    await run();
    expect(reminders()).toHaveLength(1);
  });

  it('never makes more attempts than the limit, even when the process of the last attempt stops while sending', async () => {
    await setStart(AMY, '2026-03-01');
    // The admin's weekly digest would take some of the refusals meant for Amy's reminder.
    await updateSchedule(t.database.db, ADMIN, { digestOff: true }, t.clock.now);
    smtp.refuseNext = MAX_ATTEMPTS - 1;
    t.clock.now = london('2026-03-11T10:00');
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) {
      await run();
      expect(await amysMessage()).toMatchObject({ status: 'pending', attempts: i });
      t.clock.advance(60 * 60_000);
    }
    // The last attempt: process A is held up past its claim (as if it had stopped) …
    const warnings: string[] = [];
    const a = processA(warnings);
    await until((row) => row?.attempts === MAX_ATTEMPTS);
    t.clock.advance((t.config.mail.claimSeconds + 1) * 1000);
    // … and the app finds the claim lapsed: it gives up instead of a sixth attempt.
    await run();
    expect(reminders()).toHaveLength(0);
    const row = await amysMessage();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row?.last_error).toContain(`attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}`);
    expect(await a).toMatchObject({ lost: 1 });
    t.clock.advance(24 * 60 * 60_000);
    await run();
    expect(await amysMessage()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(reminders()).toHaveLength(0);
  });
});

describe('the outbox in the admin console', () => {
  const outbox = async (query = '') => {
    const res = await t.app.inject({ url: `/api/admin/outbox${query}`, headers: { cookie: await adminCookie() } });
    expect(res.statusCode).toBe(200);
    return outboxResponseSchema.parse(res.json());
  };

  it('"Send me the digest now" answers at once with the message queued, and the outbox shows it leave', async () => {
    t.clock.now = london('2026-03-12T10:00');
    // Only the digest asked for (the weekly one would be planned beside it, and Amy's reminders).
    await updateSchedule(t.database.db, ADMIN, { digestOff: true }, t.clock.now);
    await updateSchedule(t.database.db, AMY, { remindersPaused: true }, t.clock.now);
    smtp.delayMs = 5_000;
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/digest',
      headers: { cookie: await adminCookie() },
    });
    expect(performance.now() - started).toBeLessThan(smtp.delayMs);
    expect(res.statusCode).toBe(200);
    const { message } = digestNowResponseSchema.parse(res.json());
    expect(message).toMatchObject({ kind: 'digest', recipient: ADMIN, status: 'pending', attempts: 0 });
    // While the relay takes its time, the outbox shows the digest being sent …
    for (let i = 0; i < 200 && (await outbox('?kind=digest')).messages[0]?.status !== 'sending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await outbox('?kind=digest')).messages[0]).toMatchObject({
      id: message.id,
      status: 'sending',
      attempts: 1,
    });
    // … then sent.
    await t.app.mailWorker.runNow();
    expect((await outbox('?kind=digest')).messages[0]).toMatchObject({ id: message.id, status: 'sent' });
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(ADMIN))).toHaveLength(1);
  });

  it('pages through every message, newest first, filtered by status, kind and recipient', async () => {
    await t.database.db.execute(sql`
      insert into mail_outbox (kind, recipient, dedupe_key, plan, status, next_attempt_at, created_at)
      select case when i % 5 = 0 then 'digest' else 'reminder' end,
        'person-' || lpad(i::text, 3, '0') || '@inspired2uplift.org', 'test:' || i, '{}'::jsonb,
        case when i % 7 = 0 then 'failed' else 'sent' end,
        now(), now()
      from generate_series(1, 260) i`);
    const first = await outbox();
    expect(first).toMatchObject({ total: 260, page: 1, pageSize: 50 });
    expect(first.messages[0]?.recipient).toBe('person-260@inspired2uplift.org');
    const seen = new Set<string>();
    for (let page = 1; page <= 6; page += 1) {
      const { messages } = await outbox(`?page=${page}&pageSize=50`);
      expect(messages).toHaveLength(page === 6 ? 10 : 50);
      for (const m of messages) seen.add(m.recipient);
    }
    expect(seen.size).toBe(260);
    expect((await outbox('?page=7')).messages).toEqual([]);

    const failedDigests = await outbox('?status=failed&kind=digest&pageSize=200');
    // i divisible by 35, up to 260: 35, 70, …, 245.
    expect(failedDigests.total).toBe(7);
    expect(failedDigests.messages.every((m) => m.status === 'failed' && m.kind === 'digest')).toBe(true);
    const byRecipient = await outbox(`?recipient=${encodeURIComponent('PERSON-01')}`);
    expect(byRecipient.messages.map((m) => m.recipient)).toEqual(
      Array.from({ length: 10 }, (_, i) => `person-${String(19 - i).padStart(3, '0')}@inspired2uplift.org`),
    );
    // A % or _ in the filter is a character, not a wildcard.
    expect((await outbox('?recipient=%25')).total).toBe(0);

    const bad = await t.app.inject({
      url: '/api/admin/outbox?status=lost&pageSize=1000',
      headers: { cookie: await adminCookie() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(String(bad.json().message)).toContain('status');
  });
});
