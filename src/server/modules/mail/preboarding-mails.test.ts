import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { smtpForFile } from '../../test/file-servers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { gettingStartedCatalog } from '../../test/test-roles.js';
import { setPrivateEmail } from '../members/index.js';
import { upsertMember } from '../members/members.repository.js';
import { LINK_NOT_KEPT } from './preboarding-mails.js';
import { updateSchedule } from './schedules.repository.js';

/**
 * Messages to the private address before the first day (docs/product.md#pre-boarding), end to end on the server: the
 * mail worker plans them through the outbox and sends them to a real SMTP server on loopback, at the test clock's
 * time. The welcome once per invitation and address; each timed message once, on its day, outside quiet hours, not
 * after unsubscribing, not once its `unlessDone` step was done, and again for a moved start date.
 */

const ZONE = 'Europe/London';
const ADMIN = 'pm.admin@inspired2uplift.org';
const NINA = 'pm.nina@inspired2uplift.org';
const NINA_PRIVATE = 'nina.pm@example.com';
const START = '2026-05-11';
const REMINDER = 'Is there anything that would help you?';
const SEE_YOU = 'See you tomorrow';
const WELCOME = 'Welcome to INSPIRED 2 UPLIFT: get ready for your first day';

const catalog = gettingStartedCatalog(
  [
    {
      id: 'access-needs',
      title: 'Your access needs',
      description: 'What helps you.',
      icon: 'Heart',
      category: 'Volunteer',
      beforeFirstDay: true,
      content: { details: ['Tell us.'], tasks: ['Tell us.'] },
      form: { allowChanges: true, fields: [{ id: 'help', kind: 'long-text', label: 'What helps?' }] },
    },
  ],
  {
    preboardingMails: [
      { id: 'reminder', daysBefore: 5, subject: REMINDER, paragraphs: ['Tell us.'], unlessDone: 'access-needs' },
      { id: 'see-you', daysBefore: 1, subject: SEE_YOU, paragraphs: ['Tomorrow.'] },
    ],
  },
);

/** A local time in London as an instant. */
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

const smtp = smtpForFile();
let t: TestApp;
const run = () => t.app.mailWorker.runNow();
/** The subjects that reached Nina's private address, in order. */
const subjects = () => smtp.messages.filter((m) => recipientOf(m) === NINA_PRIVATE).map((m) => m.subject);
const recipientOf = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
const headerLine = (mail: ParsedMail, key: string): string =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/gu, ' ') ?? '';

beforeEach(async () => {
  t = await createTestApp({ catalog, env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN, TIME_ZONE: ZONE } });
  t.clock.now = london('2026-05-01T10:00');
  const db = t.database.db;
  await upsertMember(db, { email: NINA, role: 'volunteer', department: 'Events', isAdmin: false }, t.clock.now);
  await setPrivateEmail(db, NINA, NINA_PRIVATE, { actorUserId: null, actorEmail: ADMIN }, t.clock.now, 'invite');
  await updateSchedule(db, NINA, { startOn: START }, t.clock.now);
});
afterEach(async () => {
  await t.close();
});

/** Runs the mail worker at each of these London times. */
async function runAt(...times: string[]): Promise<void> {
  for (const time of times) {
    t.clock.now = london(time);
    await run();
  }
}

/** Nina opens the welcome's link and sends her form, as on her pre-boarding page. */
async function sendFormFromTheWelcome(): Promise<void> {
  const mail = smtp.messages.find((m) => m.subject === WELCOME);
  const token = /\/preboarding\/open\?token=([\w-]{43})/u.exec(mail?.text ?? '')?.[1] ?? '';
  const opened = await t.app.inject({
    method: 'POST',
    url: '/preboarding/open',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
  expect(opened.statusCode, opened.body).toBe(303);
  const cookie = opened.cookies.find((c) => c.name === 'onboarding_preboarding');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/preboarding/steps/access-needs/form',
    headers: { cookie: `onboarding_preboarding=${cookie?.value ?? ''}` },
    payload: { answers: { help: 'Captions, please.' } },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

describe('messages to the private address before the first day', () => {
  it('sends the welcome once, with a link the outbox does not keep', async () => {
    await runAt('2026-05-01T10:00', '2026-05-01T11:00', '2026-05-02T10:00');
    expect(subjects()).toEqual([WELCOME]);
    const mail = smtp.messages.find((m) => m.subject === WELCOME)!;
    const token = /\/preboarding\/open\?token=([\w-]{43})/u.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [stored] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, NINA_PRIVATE));
    const kept = JSON.stringify(stored);
    expect(kept).toContain(LINK_NOT_KEPT);
    expect(kept).not.toContain(token);
  });

  it('sends each timed message once on its day, outside quiet hours, with the unsubscribe link', async () => {
    // The reminder's day is 6 May (5 days before): not the evening before, not at night, at 08:00, once.
    await runAt('2026-05-01T10:00', '2026-05-05T22:00', '2026-05-06T07:59');
    expect(subjects()).toEqual([WELCOME]);
    await runAt('2026-05-06T08:00', '2026-05-06T12:00', '2026-05-07T10:00');
    expect(subjects()).toEqual([WELCOME, REMINDER]);
    const reminder = smtp.messages.find((m) => m.subject === REMINDER)!;
    expect(headerLine(reminder, 'list-unsubscribe')).toMatch(/\/api\/mail\/unsubscribe\?email=pm\.nina%40/u);
    expect(reminder.text).toContain('/preboarding/open?token=');
    // The day before: 'See you tomorrow', once.
    await runAt('2026-05-10T10:00', '2026-05-10T18:00');
    expect(subjects()).toEqual([WELCOME, REMINDER, SEE_YOU]);
  });

  it('sends no reminder once its step was done before the first day, even one planned already', async () => {
    await runAt('2026-05-01T10:00');
    // Planned at 06:00 (quiet hours: it waits), then the form is sent before it leaves.
    await runAt('2026-05-06T06:00');
    await sendFormFromTheWelcome();
    await runAt('2026-05-06T09:00', '2026-05-10T10:00');
    expect(subjects()).toEqual([WELCOME, SEE_YOU]);
    const planned = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, NINA_PRIVATE));
    expect(planned.map((m) => [m.dedupeKey.split(':')[0], m.status]).sort()).toEqual(
      [
        ['preboarding-mail', 'cancelled'],
        ['preboarding-mail', 'sent'],
        ['preboarding-welcome', 'sent'],
      ].sort(),
    );
  });

  it('sends no timed message after unsubscribing or while an admin paused reminders', async () => {
    await runAt('2026-05-01T10:00');
    await updateSchedule(t.database.db, NINA, { unsubscribed: true }, t.clock.now);
    await runAt('2026-05-06T10:00');
    await updateSchedule(t.database.db, NINA, { unsubscribed: false, remindersPaused: true }, t.clock.now);
    await runAt('2026-05-10T10:00');
    expect(subjects()).toEqual([WELCOME]);
  });

  it('plans them again for a moved start date, and none once the start date has come', async () => {
    await runAt('2026-05-01T10:00', '2026-05-10T10:00');
    expect(subjects()).toEqual([WELCOME, SEE_YOU]);
    await updateSchedule(t.database.db, NINA, { startOn: '2026-05-18' }, t.clock.now);
    await runAt('2026-05-13T10:00', '2026-05-17T10:00');
    expect(subjects()).toEqual([WELCOME, SEE_YOU, REMINDER, SEE_YOU]);
    await runAt('2026-05-18T10:00', '2026-05-19T10:00');
    expect(subjects()).toHaveLength(4);
  });
});
