import { expect, test } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Where a careful new member used to trip over the app, end to end in Chromium: the role menu of the header, free
 * role text in the badge, a role the product's password rules name, and progress kept by the app's earlier version.
 */

test("the role menu in the header says 'Already using that role' when the current role is chosen again", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, uniqueEmail('fidelity.menu'), { baseURL });
  await page.goto('/dashboard');
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Preview as…' });
  await expect(menuButton).toBeVisible();

  // With the mouse: the role shown now is ticked, and choosing it again answers.
  await menuButton.click();
  const current = page.getByRole('menuitemradio', { name: /^Volunteer/ });
  await expect(current).toHaveAttribute('aria-checked', 'true');
  await current.click();
  await expect(page.getByText('Already using that role', { exact: true })).toBeVisible();
  await expect(page.getByText('You are already signed in as Volunteer.')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  // With the keyboard: Enter opens the menu, arrows move, Enter chooses.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'Finance' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Previewing Finance', { exact: true })).toBeVisible();
  await expect(page.getByText('Role Switched', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Preview as: Finance' })).toBeVisible();
  await expect(page.getByText('These are the steps of the Finance role.', { exact: false })).toBeVisible();
});

test('on a phone the role menu stays in the header', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, uniqueEmail('fidelity.phone'), { baseURL });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Continue Anyway' }).click();
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Preview as…' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await expect(page.getByRole('menuitemradio', { name: 'Finance' })).toBeInViewport();
});

test('free role text shows in the badge as the display label, in the colours of the role it resolves to', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, E2E_MEMBERS.financeDirector.email, { baseURL });
  await page.goto('/dashboard');
  const badge = page.getByRole('banner').getByText('Role: Director of Finance and Operations', { exact: true });
  await expect(badge).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toBeVisible();
  await expect(page.getByText(/Finance 1\.0/)).toBeVisible();
});

test('a graphic designer gets the External steps with the Design email step', async ({ page, baseURL }) => {
  await signInAs(page, E2E_MEMBERS.graphicDesigner.email, { baseURL });
  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByText('Role: Graphic Designer', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Design email' })).toBeVisible();
});

test("progress kept in this browser by the app's earlier version is imported once, then removed", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, uniqueEmail('fidelity.import'), { baseURL });
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  await page.goto('/test');
  await page.evaluate((id) => {
    localStorage.setItem(`completed_steps_${id}`, JSON.stringify([0, 1]));
    localStorage.setItem('completed_steps', JSON.stringify([3]));
  }, me.user.id);
  await page.goto('/dashboard');
  const bar = page.getByRole('progressbar', { name: 'Onboarding progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '33');
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('completed_steps'))))
    .toEqual([]);
  // Of record now: a reload shows the same, and nothing is imported twice.
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '33');
});
