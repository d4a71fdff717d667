import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AUDIT_KINDS } from '../../src/shared/audit-kinds';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The admin console end to end (docs/product.md#admin-area). `admin.e2e@…` is listed in ADMIN_EMAILS of the e2e server
 * (playwright.config.ts); both people sign in with the development sign-in.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const MEMBER = 'role.change.e2e@inspired2uplift.org';

test('an admin finds a member, changes their role, exports a CSV holding them, and finds the change in the audit log by its kind', async ({
  browser,
  baseURL,
}) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, MEMBER, { name: 'Riley Rolechange', baseURL });
  await member.goto('/dashboard');
  await expect(member.getByRole('heading', { level: 3, name: 'Set up Slack' })).toBeVisible();
  await expect(member.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toHaveCount(0);
  // Only admins see the header's link.
  await expect(member.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  const adminContext = await browser.newContext({ acceptDownloads: true });
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  await admin.goto('/dashboard');
  await admin.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  // The first page is the launch checklist until this admin hides it (tests/e2e/launch-checklist.spec.ts).
  await admin.getByRole('tab', { name: 'Members' }).click();

  await admin.getByLabel('Search by name or e-mail').fill('rolechange');
  await admin.getByLabel('Search by name or e-mail').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: MEMBER });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Volunteer');
  await expectNoAxeViolations(admin, { state: 'admin members table, filtered' });
  await row.getByRole('link', { name: 'Riley Rolechange' }).click();

  await expect(admin.getByRole('heading', { level: 2, name: 'Riley Rolechange' })).toBeVisible();
  await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Finance' });
  await admin.getByLabel('Department', { exact: true }).selectOption('Finance');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText(`Saved ${MEMBER}`)).toBeVisible();
  await expectNoAxeViolations(admin, { state: "admin member page with the 'Saved' confirmation (role assignment)" });
  // The member page's address ends in an e-mail address: a reload (or a shared link) opens the same page.
  await admin.reload();
  await expect(admin.getByRole('heading', { level: 2, name: 'Riley Rolechange' })).toBeVisible();
  await expect(admin.getByLabel('Role', { exact: true })).toHaveValue('finance');

  // A change of role ends the member's sessions (docs/decisions/020-people-and-permissions.md): their next page load
  // asks them to sign in, and after signing in they see the finance steps.
  await member.reload();
  await expect(member).toHaveURL(/\/login/);
  await signInAs(member, MEMBER, { name: 'Riley Rolechange', baseURL });
  await member.goto('/dashboard');
  await expect(member.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toBeVisible();
  await expect(member.getByText('Role: Finance', { exact: true })).toBeVisible();

  // The export downloads what the table shows: filtered to that member.
  await admin.getByRole('link', { name: 'All members' }).click();
  await admin.getByLabel('Search by name or e-mail').fill(MEMBER);
  await admin.getByLabel('Search by name or e-mail').press('Enter');
  await expect(admin.getByRole('row').filter({ hasText: MEMBER })).toContainText('Finance');
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/u);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^email,name,role,roleLabel,department/u);
  expect(csv).toContain(`${MEMBER},Riley Rolechange,finance,Finance,Finance`);

  // The audit log's 'Kind' filter lists every kind the server writes (one shared list), and finds the role change.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const kind = admin.getByLabel('Kind', { exact: true });
  await expect(kind.locator('option')).toHaveText(['All kinds', ...AUDIT_KINDS]);
  await kind.selectOption('role-change');
  const entries = admin.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  await expect(entries.filter({ hasText: MEMBER }).first()).toContainText('role-change');
  await expect(entries.filter({ hasText: 'sign-in' })).toHaveCount(0);

  await memberContext.close();
  await adminContext.close();
});

test('an admin backs up the database from the Backups tab and downloads the backup', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ acceptDownloads: true });
  const admin = await context.newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  await admin.goto('/admin?tab=backups');
  await expect(admin.getByText(/backs up its data every 24 hours/)).toBeVisible();
  // The server took one when it started; 'Back up now' takes a newer one, which becomes the day's backup.
  const list = admin.getByRole('list', { name: 'Backups' });
  const newestLink = list.getByRole('link', { name: /Download/ }).first();
  const before = await newestLink.getAttribute('href');
  expect(before).toMatch(/^\/api\/admin\/backups\/onboarding-/);
  await admin.getByRole('button', { name: 'Back up now' }).click();
  await expect(admin.getByText(/is ready to download/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => newestLink.getAttribute('href')).not.toBe(before);
  await expectNoAxeViolations(admin, { state: 'admin console, Backups tab after a backup' });

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    list
      .getByRole('link', { name: /Download/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^onboarding-.*\.backup$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 19).toString()).toBe('ONBOARDING-BACKUP 1');
  await context.close();
});
