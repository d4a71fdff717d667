import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signInAs } from './support/sign-in';

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
  await signInAs(page, 'admin.e2e@inspired2uplift.org', { name: 'Alex Admin', baseURL });
  await page.goto('/admin?tab=import');
  const email = `csv.${Date.now().toString(36)}@inspired2uplift.org`;
  await page.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `E-mail Address, ROLE ,Dept,Shoe size,Start date\n${email},Volunteer,Operations,38,16/11/2026\n`,
    ),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('status')).toHaveText('1 rows are ready. Apply writes all of them at once.');
  await expect(preview.getByTestId('import-ignored-columns')).toContainText(
    'Columns not understood, so ignored: "Shoe size".',
  );
  const row = preview.getByRole('row', { name: new RegExp(email.replace(/\./gu, '\\.'), 'u') });
  await expect(row).toContainText('OK');
  // What the import sets for a new person, in words, before it is applied.
  await expect(row).toContainText('New member: invited as Volunteer in Operations');
  await expect(row).toContainText('Start date: 16 Nov 2026');
  // The help names every column the import reads, in words.
  await expect(page.getByText(/^A spreadsheet saved as CSV/u)).toContainText('Buddy');
  await expect(page.getByText(/^A spreadsheet saved as CSV/u)).toContainText('Lead of');
});

/**
 * Export → edit → import (docs/product.md#admin-area): the export has every column the import reads; a date written
 * as the organisation writes it (16/11/2026, LOCALE en-GB) is read and said in words, and the preview shows what
 * changes for the member (old → new) before it is applied.
 */
test('an admin exports a member, edits the file as a spreadsheet would and imports it back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  await signInAs(page, 'admin.e2e@inspired2uplift.org', { name: 'Alex Admin', baseURL });
  const email = `trip.${Date.now().toString(36)}@inspired2uplift.org`;
  const invited = await page.request.put(`/api/admin/members/${email}`, {
    data: { role: 'Volunteer', department: 'Operations', startOn: '2026-11-02' },
    headers: { Origin: origin },
  });
  expect(invited.status()).toBe(200);
  const exportCsv = async () => {
    await page.goto(`/admin?search=${encodeURIComponent(email)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    return readFileSync((await (await download).path()) ?? '', 'utf8');
  };
  const [header = '', row = ''] = (await exportCsv()).trim().split('\n');
  const columns = header.split(',');
  expect(columns).toEqual(expect.arrayContaining(['isEditor', 'leadOf', 'startDate', 'leftOn']));
  const cells = row.split(',');
  cells[columns.indexOf('startDate')] = '16/11/2026';
  await page.goto('/admin?tab=import');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${cells.join(',')}\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const line = page
    .getByRole('region', { name: 'Import preview' })
    .getByRole('row', { name: new RegExp(email.replace(/\./gu, '\\.'), 'u') });
  await expect(line).toContainText('Start date: Monday, 2 November 2026 → Monday, 16 November 2026');
  await expect(line).toContainText('Start date "16/11/2026" read as Monday, 16 November 2026');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Imported 1 member records')).toBeVisible();
  const exported = await page.request.get(`/api/admin/members.csv?search=${encodeURIComponent(email)}`);
  const [, again = ''] = (await exported.text()).trim().split('\n');
  expect(again.split(',')[columns.indexOf('startDate')]).toBe('2026-11-16');
});
