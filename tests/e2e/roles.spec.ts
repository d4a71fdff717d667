import { expect, test } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { signInAs } from './support/sign-in';

/**
 * Roles end to end (docs/product.md#member-records): the member record decides what a person sees. The records are
 * seeded before the server starts (scripts/e2e-seed.ts); the tests sign in with the development sign-in as those e-mail
 * addresses.
 */

test('a member set to finance sees the finance steps and the Finance badge', async ({ page, baseURL }) => {
  await signInAs(page, E2E_MEMBERS.finance.email, { baseURL });
  await page.goto('/dashboard');

  await expect(page.getByText(E2E_MEMBERS.finance.email).first()).toBeVisible();
  // The role chip of the header: the display label of the role (docs/product.md#role-colours-and-labels).
  await expect(page.getByText('Role: Finance', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();

  // Both finance scopes: the volunteer and team steps first, then the finance team's own.
  const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles.slice(0, 9)).toEqual([
    'Sign in to your Chrome profile',
    'Change your password',
    'Sign the Volunteer Agreement',
    'Set up Slack',
    'Meet your people',
    'What to expect when you start',
    'Your support and access needs',
    'Safeguarding: check what you know',
    'Get the apps on your phone',
  ]);
  for (const title of ['Meet your Finance team', 'Finance profile', 'Do your first donation check']) {
    expect(titles).toContain(title);
  }
  expect(titles).toHaveLength(20);

  // Each finance step carries the Finance category badge.
  const financeCard = page
    .locator('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Meet your Finance team' }) });
  await expect(financeCard.getByText('Finance', { exact: true })).toBeVisible();

  // The footer names the role configuration and its version (docs/product.md#header-and-footer).
  await expect(page.getByText(/Finance 1\.0/)).toBeVisible();
});

test('a shared account sees the red card and no progress bar or steps', async ({ page, baseURL }) => {
  await signInAs(page, E2E_MEMBERS.account.email, { baseURL });
  await page.goto('/dashboard');

  await expect(page.getByText('Logged in as an account! Please log out and use your personal account.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(0);
});

test('a person without a member record gets the volunteer steps', async ({ page, baseURL }) => {
  await signInAs(page, 'no.record.e2e@inspired2uplift.org', { baseURL });
  await page.goto('/dashboard');
  await expect(page.getByText('Role: Volunteer', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(9);
});
