import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The launch checklist end to end (docs/product.md#launch-checklist): an admin's first page until they hide it, with
 * the content's placeholders and draft documents linking to their fields in the content studio. A second admin of its
 * own, so that hiding the checklist changes nothing for the admin the other tests use.
 */
const FIRST_ADMIN = 'admin.e2e@inspired2uplift.org';
const ADMIN = 'launch.e2e@inspired2uplift.org';

test('an admin starts on the launch checklist, follows a link into the studio, and hides the checklist', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  await signInAs(page, FIRST_ADMIN, { name: 'Alex Admin', baseURL });
  const made = await page.request.put(`/api/admin/members/${encodeURIComponent(ADMIN)}`, {
    data: { role: 'volunteer', department: 'Operations', isAdmin: true },
    headers: { Origin: origin },
  });
  expect(made.status()).toBe(200);
  await signInAs(page, ADMIN, { name: 'Lee Launch', baseURL });

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Launch checklist' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Launch checklist' })).toHaveAttribute('aria-selected', 'true');
  const checks = page.getByRole('list', { name: 'Launch checks' });
  await expect(checks).toBeVisible({ timeout: 30_000 });
  for (const title of [
    'Google sign-in',
    'E-mail',
    'Backups',
    'Admins',
    'Placeholders in the content',
    'Draft documents',
  ]) {
    await expect(checks.getByRole('heading', { level: 4, name: title })).toBeVisible();
  }
  // Two admins now: in order. The content's placeholders and the draft agreement are to do.
  await expect(checks.getByText(`people are admins: ${FIRST_ADMIN}`, { exact: false })).toBeVisible();
  await expect(checks.getByText(/texts of the content are still marked as a placeholder/u)).toBeVisible();
  await expectNoAxeViolations(page, { state: 'admin launch checklist' });
  await checks.getByRole('button', { name: /^Show all \d+$/u }).click();
  await expectNoAxeViolations(page, { state: 'admin launch checklist, every placeholder listed' });

  // The draft agreement's link opens the studio on its step, with the draft tick box focused.
  await checks
    .getByRole('list', { name: 'Draft documents: where to fix them' })
    .getByRole('link', { name: /Volunteer › .* › Sign the Volunteer Agreement/u })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Content studio' })).toBeVisible();
  const draft = page.getByLabel('This PDF is a draft');
  await expect(draft).toBeFocused({ timeout: 30_000 });
  await expect(draft).toBeChecked();

  // Hidden: the console opens on the members table from now on; the tab brings the checklist back.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Hide the checklist' }).click();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Launch checklist' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Launch checklist' }).click();
  await expect(page.getByText(/The checklist is hidden/u)).toBeVisible();
  await page.getByRole('button', { name: 'Show this checklist first again' }).click();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Launch checklist' })).toBeVisible();
});
