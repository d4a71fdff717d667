import { expect, test } from '@playwright/test';
import { expectPlainWords } from './support/plain-words';
import { signInAs } from './support/sign-in';

/**
 * The admin's side as a volunteer coordinator uses it, at 1280 px (docs/product.md#admin-area): the members table fits
 * without scrolling sideways, every date is written one way, and the screens use no operator's words.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const INVITED = 'coordinator.invited.e2e@inspired2uplift.org';

test.use({ viewport: { width: 1280, height: 900 } });

test('the members table fits 1280 and 1024 px without scrolling sideways, and an invited person shows their address once', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  const invite = await page.request.put(`/api/admin/members/${encodeURIComponent(INVITED)}`, {
    data: { role: 'volunteer', department: 'Finance', startOn: '2026-11-01' },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(invite.status()).toBe(200);
  await page.goto('/admin?tab=members');
  await page.getByRole('tab', { name: 'Members' }).click();
  const table = page.getByRole('table', { name: /^Members, sorted by/u });
  await expect(table).toBeVisible();
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    // Neither the table's box nor the page scrolls sideways.
    const overflow = await table.evaluate((el) => {
      const box = el.parentElement as HTMLElement;
      return {
        box: box.scrollWidth - box.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(overflow, `at ${width} px`).toEqual({ box: 0, page: 0 });
    // Every column header is wholly inside the box, the last one ("Overdue") too.
    const boxRight = await table.evaluate((el) => (el.parentElement as HTMLElement).getBoundingClientRect().right);
    for (const header of await table.getByRole('columnheader').all()) {
      const rect = await header.boundingBox();
      expect((rect?.x ?? 0) + (rect?.width ?? 0), `${await header.innerText()} at ${width} px`).toBeLessThanOrEqual(
        boxRight + 0.5,
      );
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Search by name or e-mail').fill('coordinator.invited');
  await page.getByLabel('Search by name or e-mail').press('Enter');
  const row = table.getByRole('row').filter({ hasText: INVITED });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  const text = await row.innerText();
  expect(text.split(INVITED).length - 1, text).toBe(1);
  // The start date as the organisation writes dates (en-GB by default), not as stored.
  await expect(row).toContainText('1 Nov 2026');
  await expect(row).not.toContainText('2026-11-01');
  await expectPlainWords(page, 'the members table');

  // The member page: its Role list offers the roles people have, not the content's internal ones.
  await row.getByRole('link', { name: INVITED }).click();
  const options = page.getByLabel('Role', { exact: true }).locator('option');
  await expect(options.filter({ hasText: 'Volunteer' })).toHaveCount(1);
  const roles = await options.allInnerTexts();
  for (const internal of ['Test', 'Team member', 'Account', 'Member']) expect(roles).not.toContain(internal);
  await expectPlainWords(page, "an invited person's page");
});

test('an admin who signs in to look is not a newcomer until they start their own onboarding on purpose', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'You are looking around' });
  await expect(notice).toContainText('you are not doing an onboarding');
  // Nothing is due for someone only looking.
  await expect(page.getByText(/^(Due |Overdue by )/u)).toHaveCount(0);
  await notice.getByRole('button', { name: 'Start my own onboarding' }).click();
  const yes = notice.getByRole('button', { name: 'Yes, start my onboarding today' });
  await expect(yes).toBeFocused();
  await yes.click();
  await expect(page.getByText('Your onboarding has started')).toBeVisible();
  await expect(notice).toHaveCount(0);
  // Now the steps have due dates, counted from today.
  await expect(page.getByText(/^Due /u).first()).toBeVisible();
  await expectPlainWords(page, 'the dashboard of an admin who started their onboarding');
});
