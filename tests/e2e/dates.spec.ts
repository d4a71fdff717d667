import { expect, test, type Page } from '@playwright/test';
import { expectDatesOneWay } from './support/dates-one-way';
import { signInAs } from './support/sign-in';
import { DEFAULT_DATE_SETTINGS } from '../../src/shared/dates';
import { dateInWords, shortDate } from '../../src/shared/read-day';

/**
 * One way of writing dates and times (docs/product.md#dates-and-times), at 1280 px: every date the member's pages and
 * the admin's pages show — start dates, due dates, sign-ins, the outbox, backups, the audit log and its details,
 * Insights, the studio's history and step editor, 'My tasks', the devices page, the restore dialog and the demo's
 * deadline — is what the one shared formatter writes for its day (tests/e2e/support/dates-one-way.ts), and none is
 * written another way. The date fields take the day as the organisation types it ('16/11/2026').
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const NEWCOMER = 'dates.newcomer.e2e@inspired2uplift.org';

test.use({ viewport: { width: 1280, height: 900 } });

test('every date the member and admin pages show is written by the one formatter', async ({ browser, baseURL }) => {
  const origin = { Origin: new URL(baseURL ?? 'http://localhost').origin };
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  const invite = await admin.request.put(`/api/admin/members/${encodeURIComponent(NEWCOMER)}`, {
    data: { role: 'volunteer', department: 'Finance', startOn: '2026-11-01' },
    headers: origin,
  });
  expect(invite.status()).toBe(200);
  expect((await admin.request.post('/api/admin/backups', { headers: origin })).status()).toBe(201);

  // The newcomer's own pages: due dates on the steps, their devices.
  const member = await (await browser.newContext()).newPage();
  await signInAs(member, NEWCOMER, { name: 'Dana Dates', baseURL });
  await member.goto('/dashboard');
  await expect(member.getByText(/Overdue by \d+ days?/u).first()).toBeVisible();
  const checked: Record<string, number> = {};
  checked.dashboard = await expectDatesOneWay(member, "the newcomer's dashboard");
  await member.goto('/devices');
  await expect(member.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').first()).toBeVisible();
  checked.devices = await expectDatesOneWay(member, 'the devices page');
  await member.goto('/test');
  await expect(member.getByText(/Please send the onboarding steps for your team by/u)).toBeVisible();
  checked.demo = await expectDatesOneWay(member, 'the demo page');

  // The admin's pages.
  const visit = async (url: string, ready: (page: Page) => Promise<void>, where: string) => {
    await admin.goto(url);
    await ready(admin);
    checked[where] = await expectDatesOneWay(admin, where);
  };
  await visit(
    '/admin?tab=members',
    async (p) => void (await expect(p.getByRole('table', { name: /^Members, sorted by/u })).toBeVisible()),
    'the members table',
  );
  await visit(
    `/admin/members/${encodeURIComponent(NEWCOMER)}`,
    async (p) => void (await expect(p.getByText('1 Nov 2026').first()).toBeVisible()),
    "the newcomer's member page",
  );
  await visit(
    '/admin?tab=mail',
    async (p) => void (await expect(p.getByText(NEWCOMER).first()).toBeVisible()),
    'the outbox',
  );
  await visit(
    '/admin?tab=audit',
    async (p) => void (await expect(p.getByText(NEWCOMER).first()).toBeVisible()),
    'the audit log',
  );
  await visit(
    '/admin?tab=backups',
    async (p) => void (await expect(p.getByRole('list', { name: 'Backups' })).toBeVisible()),
    'the backups',
  );
  await admin
    .getByRole('list', { name: 'Backups' })
    .getByRole('button', { name: /^Restore/u })
    .first()
    .click();
  await expect(admin.getByRole('alertdialog')).toBeVisible();
  checked['the restore dialog'] = await expectDatesOneWay(admin, 'the restore dialog');
  await admin.keyboard.press('Escape');
  await visit(
    '/admin/insights',
    async (p) => void (await expect(p.getByRole('region', { name: 'Funnel' })).toBeVisible()),
    'Insights',
  );
  await visit(
    '/admin/studio?tab=history',
    async (p) =>
      void (await expect(
        p.getByRole('table', { name: 'Published versions, newest first' }).getByRole('row').nth(1),
      ).toBeVisible()),
    "the studio's history",
  );
  // The studio's version date is the shared date field: the day as the organisation types it, and in words under it
  // (never the browser's 'mm/dd/yyyy'); 'Meet your people' was added on 1 Dec 2026.
  await admin.goto('/admin/studio');
  await admin.getByRole('button', { name: 'Edit Meet your people' }).click();
  const versionDate = admin.getByLabel('Version date (optional)', { exact: true });
  await expect(versionDate).toHaveAttribute('type', 'text');
  await expect(versionDate).toHaveValue(shortDate('2026-12-01', DEFAULT_DATE_SETTINGS.locale));
  await expect(versionDate).toHaveAccessibleDescription(
    new RegExp(`^${dateInWords('2026-12-01', DEFAULT_DATE_SETTINGS.locale)}`, 'u'),
  );
  await versionDate.fill('3/12/2026');
  await expect(versionDate).toHaveAccessibleDescription(
    new RegExp(`^${dateInWords('2026-12-03', DEFAULT_DATE_SETTINGS.locale)}`, 'u'),
  );
  checked["the studio's step editor"] = await expectDatesOneWay(admin, "the studio's step editor");
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Discard draft' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(admin.getByText(/^Draft discarded\./u)).toBeVisible();
  await visit(
    '/tasks',
    async (p) => void (await expect(p.getByText(/^\d+ tasks? to do\.$/u)).toBeVisible()),
    'My tasks',
  );
  // Dates were found where there must be some (a page without any would check nothing).
  for (const where of [
    'dashboard',
    'devices',
    'demo',
    'the members table',
    "the newcomer's member page",
    'the outbox',
    'the audit log',
    'the backups',
    'the restore dialog',
    "the studio's history",
    'My tasks',
  ]) {
    expect(checked[where], `dates checked on ${where}`).toBeGreaterThan(0);
  }
});
