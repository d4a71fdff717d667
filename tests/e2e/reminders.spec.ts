import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { formatDay } from '../../src/shared/dates';
import { ClockServer } from './support/clock-server';

/**
 * Reminders by e-mail end to end (docs/product.md#due-dates-and-reminders, docs/decisions/025-reminders-and-outbox.md):
 * an admin sets a member's start date in the past on the member page; the member sees an overdue step; the outbox (the
 * admin console's E-mail tab, no SMTP_URL) holds the reminder; its link opens that step after sign-in; the unsubscribe
 * link works signed out; a week later the next reminder goes to a member who kept their reminders, and none to the one
 * who unsubscribed.
 *
 * It runs its own server (the build of `npm start`) with NODE_ENV=test, so that TEST_CLOCK_OFFSET_MS can set the
 * server's clock whatever the real time is (CI may run at night), and MAIL_EVERY_SECONDS=1 so that planning and sending
 * do not wait a minute. The same database is served at three moments: 22:00 London the evening before (quiet hours: the
 * members sign in and the admin sets the dates, nothing is sent), 10:00 the next morning (the reminders), and 10:00 a
 * week later (the next reminder). A member gets at most one reminder a local day, so the dates are set before the
 * day's first one. The member is `dev@inspired2uplift.org`, whom the login page's development sign-in signs in.
 */

const ADMIN = 'admin.reminders.e2e@inspired2uplift.org';
/** Whom the login page's "Sign in with Google" signs in while development sign-in is on (modules/auth/auth.routes.ts). */
const MEMBER = 'dev@inspired2uplift.org';
/** A member with the same start date who keeps their reminders: shows that the next reminder was really due. */
const KEEPER = 'kit.keeper.reminders.e2e@inspired2uplift.org';
/** A volunteer step due 2 days after the start date (content/roles/volunteer.yaml). */
const STEP = { id: 'sign-in-chrome-profile', title: 'Sign in to your Chrome profile' };
const ZONE = 'Europe/London';

/** The app server of this file, its clock at a London date and time. */
const app = new ClockServer({
  name: 'reminders',
  readyTimeoutMs: 60_000,
  env: () => ({ ADMIN_EMAILS: ADMIN, TIME_ZONE: ZONE }),
});
/**
 * 10:00 London four days from now: the morning the reminders are sent. The members' first sign-in is stamped by the
 * database's own clock (the real time), and nobody gets a reminder in the first 3 days after it
 * (docs/product.md#due-dates-and-reminders): four days on, those days are over.
 */
const today = DateTime.now().setZone(ZONE).plus({ days: 4 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
/** 22:00 London the evening before: quiet hours, nothing is sent. */
const evening = today.minus({ days: 1 }).set({ hour: 22 });
/** Four days before `today`: the volunteer's 2-day steps were due the day before `evening`. */
const startOn = today.minus({ days: 4 }).toISODate() ?? '';

test.beforeAll(async () => {
  await app.start(evening);
});

test.afterAll(async () => {
  await app.stop();
});

const origin = () => app.origin;

/** The admin sets `email`'s start date on their member page. */
async function setStartDate(admin: Page, email: string, date: string) {
  await admin.goto(`${origin()}/admin/members/${encodeURIComponent(email)}`);
  await expect(admin.getByRole('heading', { name: 'Start date and reminders' })).toBeVisible();
  await admin.getByLabel('Start date', { exact: true }).fill(date);
  await admin.getByRole('button', { name: 'Save start date' }).click();
  await expect(admin.getByText(`Start date ${formatDay(date)}, set by an admin.`)).toBeVisible();
}

/** The outbox items of the E-mail tab addressed to `email` (the page is reloaded until `count` are there). */
async function outboxItemsTo(admin: Page, email: string, count: number) {
  const items = () =>
    admin
      .getByRole('region', { name: 'Outbox' })
      .getByRole('listitem')
      .filter({ hasText: `to ${email}` });
  await expect(async () => {
    await admin.goto(`${origin()}/admin?tab=mail`);
    await expect(items()).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return items();
}

/** The step card whose heading is `title`. */
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('an overdue step: the member sees it, the outbox holds the reminder, its link opens the step, unsubscribe stops the next', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Both members have signed in once, with no date set by an admin yet: their first sign-in's day counts. It is stamped
  // by the database's clock (the real time, three days before this server's evening), so the 2-day step is already
  // overdue by a day; the admin's start date below is that same day.
  const member = await app.signedIn(browser, MEMBER, 'Dev Volunteer');
  await member.goto(`${origin()}/dashboard`);
  await expect(stepCard(member, STEP.title).getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  const keeper = await app.signedIn(browser, KEEPER, 'Kit Keeper');
  await keeper.close();

  // The admin sets a start date three days ago for both, in the browser.
  const admin = await app.signedIn(browser, ADMIN, 'Alex Admin');
  await setStartDate(admin, MEMBER, startOn);
  await setStartDate(admin, KEEPER, startOn);

  // The member's dashboard: the 2-day step is overdue by a day.
  await member.reload();
  await expect(stepCard(member, STEP.title).getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  // It is 22:00: nothing has been sent.
  await admin.goto(`${origin()}/admin?tab=mail`);
  await expect(admin.getByRole('region', { name: 'Outbox' }).getByText('No messages yet.')).toBeVisible();

  // The next morning the outbox holds one reminder for each, kept there (no SMTP server is set).
  await app.restartAt(today);
  await member.reload();
  await expect(stepCard(member, STEP.title).getByText('Overdue by 2 days', { exact: true })).toBeVisible();
  const reminder = await outboxItemsTo(admin, MEMBER, 1);
  await expect(reminder.getByText('Kept in the outbox (no SMTP)')).toBeVisible();
  await expect(reminder.getByText('2 onboarding steps are overdue')).toBeVisible();
  await outboxItemsTo(admin, KEEPER, 1);
  await reminder.getByRole('button', { name: 'Show the text' }).click();
  const text = (await reminder.locator('pre').textContent()) ?? '';
  expect(text).toContain(`${STEP.title} (Overdue by 2 days)`);
  const stepUrl = `${origin()}/dashboard?step=${STEP.id}`;
  expect(text).toContain(stepUrl);
  const unsubscribeUrl = text.match(/Stop these reminders: (\S+)/)?.[1];
  expect(unsubscribeUrl).toMatch(new RegExp(`^${origin().replace(/\./g, '\\.')}/api/mail/unsubscribe\\?`));

  // The step's link, signed out: the login page, then straight to that step, open.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(stepUrl);
  await expect(reader).toHaveURL(/\/login\?returnTo=/);
  await reader.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(reader).toHaveURL(stepUrl);
  await expect(reader.getByRole('banner').getByText(MEMBER)).toBeVisible();
  const opened = stepCard(reader, STEP.title);
  await expect(opened.getByRole('button', { name: STEP.title })).toHaveAttribute('aria-expanded', 'true');
  await expect(opened.getByText(/Add a separate Chrome profile/).first()).toBeVisible();
  // Only that step is open.
  await expect(reader.locator('article [aria-expanded="true"]')).toHaveCount(1);

  // The unsubscribe link, signed out: a confirmation page, then one click stops the reminders.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(unsubscribeUrl ?? '');
  await expect(stranger.getByRole('heading', { name: 'Stop onboarding reminders?' })).toBeVisible();
  await expect(stranger.getByText(`We send ${MEMBER} a reminder`)).toBeVisible();
  await stranger.getByRole('button', { name: 'Stop my reminders' }).click();
  await expect(stranger.getByRole('heading', { name: 'Your reminders are stopped' })).toBeVisible();
  // A changed link does nothing.
  await stranger.goto((unsubscribeUrl ?? '').replace(encodeURIComponent(MEMBER), encodeURIComponent(KEEPER)));
  await expect(stranger.getByRole('heading', { name: 'This link does not work' })).toBeVisible();

  // A week later (the same database, the server's clock at 10:00 London seven days on) the steps are overdue by 9
  // days: their weekly reminder is due. The member who kept their reminders gets it; the one who unsubscribed does not.
  await app.restartAt(today.plus({ days: 7 }));
  // A week without a visit ends a session (7 days idle), so both sign in again.
  const memberLater = await app.signedIn(browser, MEMBER, 'Dev Volunteer');
  await memberLater.goto(`${origin()}/dashboard`);
  await expect(stepCard(memberLater, STEP.title).getByText('Overdue by 9 days', { exact: true })).toBeVisible();
  const adminLater = await app.signedIn(browser, ADMIN, 'Alex Admin');
  await outboxItemsTo(adminLater, KEEPER, 2);
  // Planning covers every member in one statement, so the unsubscribed member's turn has passed: still one.
  await expect(
    adminLater
      .getByRole('region', { name: 'Outbox' })
      .getByRole('listitem')
      .filter({ hasText: `to ${MEMBER}` }),
  ).toHaveCount(1);
  // Their member page says so, too.
  await adminLater.goto(`${origin()}/admin/members/${encodeURIComponent(MEMBER)}`);
  await expect(adminLater.getByRole('heading', { name: 'Messages sent to them' })).toBeVisible();
  await expect(adminLater.getByText('Show the text')).toHaveCount(1);
});
