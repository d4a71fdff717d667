import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoAxeViolations } from './support/axe';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Signed acknowledgments end to end, in Chromium against the built app: a volunteer signs the Volunteer Agreement by
 * typing their name and agreeing, downloads the receipt, and the receipt (read with pdf.js) holds the agreement, their
 * name, the sentence they agreed to word for word, the agreement's SHA-256 and the date.
 */

const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/**
 * A new volunteer (`<name>.<unique>@inspired2uplift.org`) signs in, opens the Volunteer Agreement on the dashboard,
 * downloads it (which unlocks signing) and presses Sign.
 * @returns the volunteer's address, the step's card and the signature dialog, open
 */
async function openSignatureDialog(page: Page, baseURL: string | undefined, name: string) {
  const email = uniqueEmail(name);
  await signInAs(page, email, { baseURL });
  await page.goto('/dashboard');
  const card = stepCard(page, 'Sign the Volunteer Agreement');
  await card.getByRole('button', { name: 'Sign the Volunteer Agreement', exact: true }).click();
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download', exact: true }).click();
  await download;
  await card.getByRole('button', { name: 'Sign', exact: true }).click();
  return { email, card, dialog: page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' }) };
}

/** The text of each page of a PDF, as pdf.js reads it. */
async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: bytes,
    isEvalSupported: false,
    standardFontDataUrl: path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/'),
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

test('a volunteer signs the agreement with their typed name and downloads a receipt quoting the sentence agreed to, with name, hash and date', async ({
  page,
  baseURL,
}) => {
  const { email, card, dialog } = await openSignatureDialog(page, baseURL, 'ack.sign');
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true });
  const agree = dialog.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' });
  // Sign stays disabled until there is a name and the box is ticked; a name of spaces is no name.
  await expect(sign).toBeDisabled();
  await dialog.getByLabel('Your full name').fill('   ');
  await agree.check();
  await expect(sign).toBeDisabled();
  await dialog.getByLabel('Your full name').fill('Samira O’Neill-Lee');
  await expect(sign).toBeEnabled();
  // Cancel signs nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Completed')).toHaveCount(0);

  await card.getByRole('button', { name: 'Sign', exact: true }).click();
  await dialog.getByLabel('Your full name').fill('Samira O’Neill-Lee');
  await agree.check();
  // The sentence next to the box, as the volunteer read it: the receipt quotes it word for word.
  const agreedTo = (await agree.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim();
  expect(agreedTo).toMatch(/^I have read and agree to /u);
  await sign.click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Completed')).toBeVisible();

  const receiptLink = card.getByRole('link', { name: 'Download your signed receipt (PDF)' });
  const receiptDownload = page.waitForEvent('download');
  await receiptLink.click();
  const receipt = await receiptDownload;
  expect(receipt.suggestedFilename()).toMatch(/^receipt-sign-volunteer-agreement-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = new Uint8Array(readFileSync(await receipt.path()));
  const pages = await pdfPageTexts(bytes);
  const agreementBytes = readFileSync(path.join(process.cwd(), 'content/assets/volunteer-agreement.pdf'));
  const agreementPages = (await pdfPageTexts(new Uint8Array(agreementBytes))).length;
  // The agreement itself, then the signature page.
  expect(pages).toHaveLength(agreementPages + 1);
  expect(pages[0]).toContain('Volunteer Agreement');
  const last = pages.at(-1) ?? '';
  expect(last).toContain('Samira O’Neill-Lee');
  expect(last.replace(/\s+/gu, ' ')).toContain(`Samira O’Neill-Lee confirmed: "${agreedTo}"`);
  expect(last).toContain(email);
  expect(last).toContain(createHash('sha256').update(agreementBytes).digest('hex'));
  expect(last).toContain(`${new Date().toISOString().slice(0, 10)} `);
  expect(last).toContain('UTC');
  expect(last).toContain('Europe/London');

  // After a reload the step is still signed, with its receipt.
  await page.reload();
  await expect(stepCard(page, 'Sign the Volunteer Agreement').getByText('Completed')).toBeVisible();
  await expect(
    stepCard(page, 'Sign the Volunteer Agreement').getByRole('link', { name: 'Download your signed receipt (PDF)' }),
  ).toBeVisible();
});

test('an admin checks a receipt in the admin console: the PDF, a pasted SHA-256, and files that do not match', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A volunteer signs and downloads their receipt.
  const { email, card, dialog } = await openSignatureDialog(page, baseURL, 'ack.check');
  await dialog.getByLabel('Your full name').fill('Kit Checkley');
  await dialog.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  const receiptDownload = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download your signed receipt (PDF)' }).click();
  const receiptPath = await (await receiptDownload).path();

  // The admin, in their own browser, opens the console's "Check a receipt" tab with the keyboard.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin.e2e@inspired2uplift.org', { name: 'Alex Admin', baseURL });
  await admin.goto('/admin?tab=members');
  await admin.getByRole('tab', { name: 'Members' }).focus();
  await expect(admin.getByRole('tab', { name: 'Members' })).toBeFocused();
  // Radix tabs: arrow keys move between tabs and open them.
  const receiptsTab = admin.getByRole('tab', { name: 'Check a receipt' });
  for (let i = 0; i < 10 && !(await receiptsTab.evaluate((el) => el === document.activeElement)); i += 1)
    await admin.keyboard.press('ArrowRight');
  await expect(receiptsTab).toBeFocused();
  await admin.keyboard.press('Enter');
  const panel = admin.getByRole('region', { name: 'Check a receipt' });
  await expect(panel.getByRole('heading', { name: 'Check a receipt' })).toBeVisible();

  // No file chosen: a clear message, tied to the field, which gets the focus.
  await panel.getByRole('button', { name: 'Check the file' }).click();
  await expect(panel.getByLabel('Receipt PDF')).toBeFocused();
  await expect(panel.getByLabel('Receipt PDF')).toHaveAccessibleDescription('Choose the receipt PDF first.');

  // The receipt PDF: it matches, and says who, what, which version and when.
  await panel.getByLabel('Receipt PDF').setInputFiles(receiptPath);
  await panel.getByRole('button', { name: 'Check the file' }).click();
  await expect(panel.getByTestId('receipt-check-verdict')).toHaveText(
    'This receipt matches a signed record of a DRAFT: the document signed was a draft, not the final agreement.',
  );
  await expect(panel.getByRole('heading', { name: 'Result' })).toBeFocused();
  const record = panel.getByRole('list', { name: 'Matching records' }).getByRole('listitem');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('Kit Checkley');
  await expect(record).toContainText(email);
  await expect(record).toContainText('Signed "Sign the Volunteer Agreement"');
  await expect(record).toContainText(/Version \d+/u);
  await expectNoAxeViolations(admin, { state: 'receipt check, a receipt that matches' });

  // A file that is no PDF: the server's message in plain words.
  await panel.getByLabel('Receipt PDF').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not a pdf at all'),
  });
  await panel.getByRole('button', { name: 'Check the file' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'This file is not a PDF. Choose the receipt PDF that was downloaded from the app.',
  );

  // A pasted SHA-256, typed and sent with the keyboard: first a wrong one, then the agreement's.
  const hashField = panel.getByLabel('SHA-256 printed on the receipt');
  await hashField.focus();
  await admin.keyboard.type('abc123');
  await admin.keyboard.press('Enter');
  await expect(hashField).toBeFocused();
  await expect(hashField).toHaveAttribute('aria-invalid', 'true');
  await expect(hashField).toHaveAccessibleDescription(/A SHA-256 is 64 letters and digits/u);
  const agreementHash = createHash('sha256')
    .update(readFileSync(path.join(process.cwd(), 'content/assets/volunteer-agreement.pdf')))
    .digest('hex');
  await hashField.fill(agreementHash.toUpperCase());
  await admin.keyboard.press('Enter');
  await expect(panel.getByTestId('receipt-check-verdict')).toContainText(
    /This SHA-256 matches (a signed record|\d+ signed records)\./u,
  );
  await expect(panel.getByRole('list', { name: 'Matching records' })).toContainText(email);
  await hashField.fill('0'.repeat(64));
  await admin.keyboard.press('Enter');
  await expect(panel.getByTestId('receipt-check-verdict')).toHaveText('This SHA-256 matches no signed record.');
  await adminContext.close();
});
