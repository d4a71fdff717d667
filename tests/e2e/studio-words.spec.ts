import { expect as baseExpect, test } from '@playwright/test';

/**
 * The content studio without technical words (docs/product.md#editing-in-the-browser), as a non-technical admin sees
 * it: a role's relations in words, the roles it counts as named by their names, and its key only under 'Advanced'.
 * Changes nothing.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

/** The studio loads its own chunk: on a busy machine its first render takes more than 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

test('a role says in words what its members also see, and keeps its key under Advanced', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const response = await page.request.post('/api/auth/dev-login', {
    data: { email: ADMIN, name: 'Alex Admin' },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(response.status()).toBe(200);
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
  // The roles it counts as for shared passwords are named as members see them, and said in a sentence.
  await expect(settings.getByRole('checkbox', { name: 'Volunteer', exact: true })).toBeChecked();
  await expect(settings.getByText(/^Finance members count as .*Volunteer.* for shared passwords\.$/u)).toBeVisible();
});
