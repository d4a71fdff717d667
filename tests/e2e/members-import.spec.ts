import { expect, test } from '@playwright/test';

/**
 * The CSV import of members as an admin does it (docs/product.md#admin-area): a file from a spreadsheet whose
 * headers are not the import's exact names ("E-mail Address", "ROLE", "Dept") is read all the same, and the preview
 * names the columns it did not understand.
 */
test('an admin imports a spreadsheet with its own headers and is told which columns were ignored', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/auth/dev-login', {
    data: { email: 'admin.e2e@inspired2uplift.org', name: 'Alex Admin' },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(login.status()).toBe(200);
  await page.goto('/admin?tab=import');
  const email = `csv.${Date.now().toString(36)}@inspired2uplift.org`;
  await page.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`E-mail Address, ROLE ,Dept,Shoe size\n${email},Volunteer,Operations,38\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('status')).toHaveText('1 rows are ready. Apply writes all of them at once.');
  await expect(preview.getByTestId('import-ignored-columns')).toContainText(
    'Columns not understood, so ignored: "Shoe size".',
  );
  await expect(preview.getByRole('row', { name: new RegExp(email.replace(/\./gu, '\\.'), 'u') })).toContainText('OK');
});
