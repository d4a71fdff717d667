import { expect as baseExpect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

/**
 * The content studio without technical words (docs/product.md#editing-in-the-browser), as a non-technical admin sees
 * it: a role's relations in words, the roles it counts as named by their names, and its key only under 'Advanced',
 * where changing it is a rename (undone, and the draft discarded: changes nothing).
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

/** The studio loads its own chunk: on a busy machine its first render takes more than 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

test('a role says in words what its members also see, and keeps its key under Advanced', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  await page.goto('/admin/studio');
  const roles = page.getByRole('navigation', { name: 'Roles' });
  const finance = roles.getByRole('button', { name: /^Finance/u });
  await expect(finance).toContainText('Finance members also see every Volunteer step');
  await finance.click();
  const settings = page.getByRole('region', { name: 'Role settings' });
  await expect(settings.getByLabel('Display name')).toHaveValue('Finance');
  // The key is folded away under 'Advanced' until asked for.
  const key = settings.getByLabel('Key', { exact: true });
  await expect(key).toBeHidden();
  await settings.getByText('Advanced', { exact: true }).click();
  await expect(key).toBeVisible();
  await expect(key).toHaveValue('finance');
  // Changing a published role's key is a rename that keeps its members, said as such; undone, and the draft discarded.
  await key.fill('money team');
  await expect(
    settings.getByText(/^Renamed from “finance”: its members keep the role and their progress/u),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Publish these changes?' });
  await expect(
    dialog.getByText('Changed the internal name of the role ‘Finance’; its members keep the role and their progress.'),
  ).toBeVisible();
  // The keys are for technical readers, under "Advanced".
  await expect(dialog.getByText('Its key is now “money team” (it was “finance”).')).toBeHidden();
  await dialog.getByText('Advanced', { exact: true }).click();
  await expect(dialog.getByText('Its key is now “money team” (it was “finance”).')).toBeVisible();
  await expect(dialog.getByText(/Removed the role/u)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await settings.getByRole('button', { name: 'Undo the rename' }).click();
  await expect(key).toHaveValue('finance');
  await expect(settings.getByText(/^Renamed from/u)).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.getByText(/^Draft discarded\./u)).toBeVisible();
  // The roles it counts as for shared passwords are named as members see them, and said in a sentence.
  await expect(settings.getByRole('checkbox', { name: 'Volunteer', exact: true })).toBeChecked();
  await expect(settings.getByText(/^Finance members count as .*Volunteer.* for shared passwords\.$/u)).toBeVisible();
});
