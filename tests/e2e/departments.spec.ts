import { expect as baseExpect, test } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { signInAs } from './support/sign-in';

/**
 * Departments as an admin keeps them, in the browser only (docs/product.md#departments): the list, adding, renaming
 * and retiring, choosing a member's department and a lead's departments from it, the member whose department was
 * typed before the list existed ('Chapterz'), a CSV row with an unknown department, and the API's refusal.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

/** Each page of the admin console loads its own chunk: on a busy machine the first render takes more than 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

test('an admin keeps the departments list, and departments are chosen from it, not typed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  await page.goto('/admin?tab=departments');
  const list = page.getByRole('list', { name: 'Departments' });
  // Seeded from the role configurations' departments, and Operations.
  for (const name of ['Chapters', 'Executive', 'External', 'Finance', 'HR', 'Internal', 'Operations']) {
    await expect(list.getByText(name, { exact: true })).toBeVisible();
  }

  // Add, then rename.
  await page.getByLabel('New department').fill('Events');
  await page.getByRole('button', { name: 'Add department' }).click();
  await expect(list.getByText('Events', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Events' }).click();
  await page.getByLabel('New name for Events').fill('Events and Fundraising');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByText('Events and Fundraising', { exact: true })).toBeVisible();
  await expect(list.getByText('Events', { exact: true })).toHaveCount(0);

  // Inviting someone: the department is a list to choose from, and so are the departments they lead.
  const invited = 'ezra.events.departments.e2e@inspired2uplift.org';
  await page.getByRole('tab', { name: 'Invite' }).click();
  await page.getByLabel('E-mail address', { exact: true }).fill(invited);
  const department = page.getByLabel('Department', { exact: true });
  await expect(department).toHaveJSProperty('tagName', 'SELECT');
  await department.selectOption('Events and Fundraising');
  const leads = page.getByRole('group', { name: 'Leads departments' });
  await leads.getByRole('checkbox', { name: 'Finance' }).check();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invited ${invited}`)).toBeVisible();
  await page.goto(`/admin/members/${encodeURIComponent(invited)}`);
  await expect(page.getByLabel('Department', { exact: true })).toHaveValue('Events and Fundraising');
  await expect(
    page.getByRole('group', { name: 'Leads departments' }).getByRole('checkbox', { name: 'Finance' }),
  ).toBeChecked();

  // Retired: it stays with Ezra, but is no longer offered to anyone else.
  await page.goto('/admin?tab=departments');
  await page.getByRole('button', { name: 'Retire Events and Fundraising' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Events and Fundraising' })).toContainText('(retired)');
  await page.getByRole('tab', { name: 'Invite' }).click();
  await expect(page.getByLabel('Department', { exact: true }).locator('option', { hasText: 'Events' })).toHaveCount(0);
  await page.goto(`/admin/members/${encodeURIComponent(invited)}`);
  await expect(page.getByLabel('Department', { exact: true })).toHaveValue('Events and Fundraising');
  await expect(page.getByText('This department is not one that can be chosen now.')).toBeVisible();

  // The API refuses a department that is not in the list, with a clear reason.
  const refused = await page.request.put(
    `/api/admin/members/${encodeURIComponent('someone.new.e2e@inspired2uplift.org')}`,
    {
      data: { role: 'chapters', department: 'Chapterz', isAdmin: false },
      headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
    },
  );
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^"Chapterz" is not in the departments list\. Choose one of: Chapters, /u,
  );
});

test('a department typed before the list existed stays until the admin moves its members; a CSV row with one is an error', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = E2E_MEMBERS.chapterz;
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });

  // Their page says so, and keeps it.
  await page.goto(`/admin/members/${encodeURIComponent(email)}`);
  const department = page.getByLabel('Department', { exact: true });
  await expect(department).toHaveValue('Chapterz');
  await expect(department.locator('option:checked')).toHaveText('Chapterz (not in the list)');

  // A CSV row naming it is an error of the preview.
  await page.goto('/admin?tab=import');
  await page
    .getByLabel('Or paste the CSV')
    .fill('email,role,department\nnew.chapterz.departments.e2e@inspired2uplift.org,chapters,Chapterz\n');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('1 of 1 rows have errors.');
  await expect(preview).toContainText('Department "Chapterz" is not in the departments list. Choose one of: Chapters,');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  // The Departments tab lists it with its member, and moves them to Chapters.
  await page.getByRole('tab', { name: 'Departments' }).click();
  const unlisted = page
    .getByRole('list', { name: 'Not in the list' })
    .getByRole('listitem')
    .filter({ hasText: 'Chapterz' });
  await expect(unlisted).toContainText('1 member');
  await unlisted.getByLabel('Move the members of Chapterz to').selectOption('Chapters');
  await unlisted.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved the members of Chapterz to Chapters')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Not in the list' })).toHaveCount(0);
  await page.goto(`/admin/members/${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Department', { exact: true })).toHaveValue('Chapters');
});
