import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { ClockServer } from './support/clock-server';
import { signInAs } from './support/sign-in';

/**
 * The admin's side of people, as an admin does it in the browser (docs/product.md#admin-area): members who left and
 * the welcome of an invited person. Most run on the e2e server of playwright.config.ts, where `admin.e2e@…` is in
 * ADMIN_EMAILS; the welcome on a server of its own whose clock is at 10:00 London (outside quiet hours).
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

/** Opens the admin console's tab `name`. */
async function openTab(page: Page, name: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name }).click();
}

/** Searches the members table for `text`. */
async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or e-mail').fill(text);
  await page.getByLabel('Search by name or e-mail').press('Enter');
}

test('a member who left carries a badge, is neither overdue nor stalled, and is hidden until the filter shows them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const leaver = 'lee.leaver.people.e2e@inspired2uplift.org';
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  // Invited with a start date long past: their steps with due dates are overdue.
  await openTab(page, 'Invite');
  await page.getByLabel('E-mail address', { exact: true }).fill(leaver);
  await page.getByLabel('Start date (optional: else their first sign-in)').fill('2025-01-06');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invited ${leaver}`)).toBeVisible();

  await openTab(page, 'Members');
  await search(page, 'lee.leaver');
  const row = page.getByRole('row').filter({ hasText: leaver });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').last()).toHaveText(/^[1-9]\d* steps? overdue$/u);
  // Invited, never signed in: not stalled (stalled counts only people doing their onboarding, docs/product.md).
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'Stalled' });
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'Everyone' });
  await expect(row).toHaveCount(1);

  // They leave.
  await row.getByRole('link', { name: leaver }).click();
  await page.getByLabel('Left on').fill('2026-11-20');
  await page.getByRole('button', { name: 'Mark as left' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as left' }).click();
  await expect(page.getByText(`${leaver} is marked as having left and is signed out`)).toBeVisible();

  // Hidden by default; 'Show who left' shows them with a badge and nothing overdue; 'Only who left' too.
  await openTab(page, 'Members');
  await search(page, 'lee.leaver');
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await page.getByLabel('Who left').selectOption({ label: 'Show who left' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Left 20 Nov 2026')).toBeVisible();
  await expect(row.getByRole('cell').last()).toHaveText('0 steps overdue');
  await page.getByLabel('Due dates').selectOption({ label: 'With overdue steps' });
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await page.getByLabel('Due dates').selectOption({ label: 'Everyone' });
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'Stalled' });
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'Everyone' });
  await page.getByLabel('Who left').selectOption({ label: 'Only who left' });
  await expect(row).toHaveCount(1);
});

test('inviting someone sends them a welcome with a link to sign in, kept in the outbox, and no reminder comes before it or at once after it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const invited = 'wendy.welcome.people.e2e@inspired2uplift.org';
  const tenOClock = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0, second: 0 });
  const server = new ClockServer({
    name: 'welcome',
    // A fresh embedded database is made first: slow on a busy machine.
    readyTimeoutMs: 150_000,
    env: () => ({ ADMIN_EMAILS: ADMIN, TIME_ZONE: 'Europe/London' }),
  });
  try {
    await server.start(tenOClock);
    const origin = server.origin;
    const page = await server.signedIn(browser, ADMIN, 'Alex Admin');
    await page.goto(`${origin}/admin?tab=invite`);
    await page.getByLabel('E-mail address', { exact: true }).fill(invited);
    // A start date long past: their steps with due dates are overdue at once.
    await page.getByLabel('Start date (optional: else their first sign-in)').fill('2025-01-06');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText(`Invited ${invited}`)).toBeVisible();

    // The E-mail tab: the welcome left (kept in the outbox: no SMTP server is set), with the sign-in link.
    const welcome = page
      .getByRole('region', { name: 'Outbox' })
      .getByRole('listitem')
      .filter({ hasText: `to ${invited}` });
    await expect(async () => {
      await page.goto(`${origin}/admin?tab=mail`);
      await expect(welcome.getByText('Kept in the outbox (no SMTP)')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await expect(welcome.getByText('Welcome to INSPIRED 2 UPLIFT: your onboarding is ready')).toBeVisible();
    await page.getByLabel('Kind').selectOption({ label: 'Welcome messages' });
    await expect(welcome).toHaveCount(1);
    await welcome.getByRole('button', { name: 'Show the text' }).click();
    await expect(welcome.locator('pre')).toContainText(`Sign in: ${origin}/login`);
    // However overdue their steps are, no reminder: none before the welcome, none in the first days after it.
    await page.reload();
    await expect(welcome).toHaveCount(1);
    await page.getByLabel('Kind').selectOption({ label: 'Reminders' });
    await expect(page.getByRole('region', { name: 'Outbox' }).getByText('No messages yet.')).toBeVisible();
  } finally {
    await server.stop();
  }
});
