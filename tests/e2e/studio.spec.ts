import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The content studio end to end (docs/product.md#content-studio), on the e2e server's own database: an admin adds a
 * step to the volunteer role, previews it and publishes; a volunteer's next page load shows it and the percentage
 * counts it; the admin gives it a new id (a rename: the volunteer's completion moves with it); the admin restores the
 * version before (confirming that a member completed the step it removes), and the volunteer's steps are as before.
 * Then keyboard-only reordering in a draft that is discarded. The content ends as it started, for the specs that run
 * after this one.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const VOLUNTEER = 'studio.volunteer.e2e@inspired2uplift.org';

/** The volunteer's "N of M steps completed". */
async function progressCounts(page: Page): Promise<{ done: number; total: number }> {
  const text = (await page.getByText(/\d+ of \d+ steps completed/u).textContent()) ?? '';
  const [, done, total] = /(\d+) of (\d+)/u.exec(text) ?? [];
  return { done: Number(done), total: Number(total) };
}

test('an admin adds a step, previews and publishes it; a volunteer sees it; the admin renames it, keeping their progress, and restores the version before', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const volunteerContext = await browser.newContext();
  const volunteer = await volunteerContext.newPage();
  await signInAs(volunteer, VOLUNTEER, { name: 'Vic Volunteer', baseURL });
  await volunteer.goto('/dashboard');
  await expect(volunteer.getByRole('heading', { level: 3, name: 'Set up Slack' })).toBeVisible();
  const before = await progressCounts(volunteer);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  // The studio's code comes with the studio only (docs/architecture.md#client-bundle).
  const scripts: string[] = [];
  admin.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  expect(scripts.some((url) => /admin-studio/u.test(url))).toBe(false);
  await admin.getByRole('link', { name: 'Content studio' }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Content studio' })).toBeVisible();
  expect(scripts.some((url) => /admin-studio/u.test(url))).toBe(true);
  await expect(
    admin.getByRole('navigation', { name: 'Roles' }).getByRole('button', { name: /^Volunteer/u }),
  ).toHaveAttribute('aria-current', 'true');
  await expectNoAxeViolations(admin, { state: 'content studio, volunteer role' });
  await admin.screenshot({ path: testInfo.outputPath('studio-role-desktop.png') });

  // A new step at the end of the volunteer's scope: its title field has focus.
  await admin
    .getByRole('button', { name: /^Add a step to /u })
    .first()
    .click();
  const title = admin.getByLabel('Title', { exact: true });
  await expect(title).toBeFocused();
  await title.fill('Meet your buddy');
  await admin
    .getByLabel('Description', { exact: true })
    .fill('Say hello to the volunteer who helps you through your first month.');
  // The id is made from the title (under 'Advanced').
  await admin.getByText('Advanced', { exact: true }).click();
  await expect(admin.getByLabel('Id', { exact: true })).toHaveValue('meet-your-buddy');
  await admin.getByLabel('Icon', { exact: true }).selectOption('HeartHandshake');
  await admin.getByRole('button', { name: 'Add task' }).click();
  await admin.getByLabel('Task 1', { exact: true }).fill('Reply to the e-mail from your buddy');
  // An empty task is refused field by field, with what to change.
  await admin.getByRole('button', { name: 'Add task' }).click();
  await expect(admin.getByText('Write something here: it cannot be empty.')).toBeVisible();
  await admin.getByRole('button', { name: 'Remove task 2' }).click();
  await expect(admin.getByText('Write something here: it cannot be empty.')).toHaveCount(0);

  // The preview is the member's own card, in a frame of a computer's width, then a phone's.
  const frame = admin.frameLocator('iframe[title^="Preview of Meet your buddy"]');
  await expect(frame.getByRole('heading', { level: 3, name: /Meet your buddy/u })).toBeVisible();
  await expect(frame.getByText('Reply to the e-mail from your buddy')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Complete' })).toBeVisible();
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('studio-step-desktop.png') });
  await admin.getByRole('button', { name: 'Phone' }).click();
  await expect(frame.getByRole('button', { name: 'Done' })).toBeVisible();
  await expectNoAxeViolations(admin, { state: 'content studio, step form and phone preview' });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: testInfo.outputPath('studio-step-phone.png') });
  await admin.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
  await admin.screenshot({ path: testInfo.outputPath('studio-preview-phone.png') });
  await expectNoAxeViolations(admin, { state: 'content studio at phone width' });
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The draft survives a reload.
  await admin.reload();
  await expect(admin.getByText('Meet your buddy', { exact: true })).toBeVisible();
  // The list of steps names them by title: ids are only under 'Advanced'.
  await expect(admin.getByRole('list', { name: 'Steps of Getting started' })).not.toContainText('meet-your-buddy');
  await admin.getByRole('button', { name: 'Edit Meet your buddy' }).click();

  // A problem stops the publish: the list links to the field, which gets focus.
  const description = admin.getByLabel('Description', { exact: true });
  await description.fill('');
  await admin.getByRole('button', { name: 'Publish' }).click();
  const problems = admin.getByRole('heading', { name: '1 problem to fix before publishing' });
  await expect(problems).toBeFocused();
  await admin.screenshot({ path: testInfo.outputPath('studio-problems-desktop.png') });
  await admin.getByRole('button', { name: 'Volunteer › Getting started › Meet your buddy › description' }).click();
  await expect(description).toBeFocused();
  await description.fill('Say hello to the volunteer who helps you through your first month.');
  await expect(admin.getByText('Every problem is fixed: you can publish.')).toBeVisible();
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();

  await admin.getByRole('button', { name: 'Publish' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Publish these changes?' });
  await expect(dialog).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('studio-publish-dialog-desktop.png') });
  await expect(dialog).toContainText('Added the step ‘Meet your buddy’ to ‘Getting started’ (Volunteer).');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText(/^Published version \d+\. Members see it from their next page load\.$/u)).toBeVisible();

  // The volunteer's next page load shows it, and the percentage counts it.
  await volunteer.reload();
  await expect(volunteer.getByRole('heading', { level: 3, name: 'Meet your buddy' })).toBeVisible();
  expect(await progressCounts(volunteer)).toEqual({ done: before.done, total: before.total + 1 });
  const card = volunteer.getByRole('article', { name: 'Meet your buddy' });
  await card.getByRole('button', { name: 'Meet your buddy' }).click();
  await card.getByRole('button', { name: 'Complete' }).click();
  await expect.poll(() => progressCounts(volunteer)).toEqual({ done: before.done + 1, total: before.total + 1 });

  // A new id for the published step is offered as a rename, said in words when publishing; the volunteer's completion
  // moves with it.
  await admin.goto('/admin/studio');
  await admin.getByRole('button', { name: 'Edit Meet your buddy' }).click();
  await admin.getByText('Advanced', { exact: true }).first().click();
  await admin.getByLabel('Id', { exact: true }).fill('meet-your-buddy-first');
  await expect(admin.getByText(/^Renamed from “meet-your-buddy”: what members did on this step moves/u)).toBeVisible();
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toContainText(
    'Changed the internal name of ‘Meet your buddy’ (Volunteer); what members did on it moves with it.',
  );
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText(/^Published version \d+\. Members see it from their next page load\.$/u)).toBeVisible();
  await volunteer.reload();
  await expect(volunteer.getByRole('heading', { level: 3, name: 'Meet your buddy' })).toBeVisible();
  expect(await progressCounts(volunteer)).toEqual({ done: before.done + 1, total: before.total + 1 });

  // The admin restores the version before; the volunteer completed the step it removes (under its new id), so the
  // studio asks first.
  await admin.getByRole('tab', { name: 'History' }).click();
  const rows = admin.getByRole('table', { name: /Published versions/u }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Published');
  await expectNoAxeViolations(admin, { state: 'content studio history' });
  await admin.screenshot({ path: testInfo.outputPath('studio-history-desktop.png'), fullPage: true });
  // The version before the step was added (the rename's version, then the step's, come first).
  const previous = Number(((await rows.nth(3).getByRole('rowheader').textContent()) ?? '').replace(/\D/gu, ''));
  await admin
    .getByRole('list', { name: /Changes from version/u })
    .getByText(/Meet your buddy/u)
    .first()
    .waitFor();
  await admin.getByRole('button', { name: `Restore version ${previous}` }).click();
  await admin
    .getByRole('alertdialog', { name: `Restore version ${previous}?` })
    .getByRole('button', { name: 'Restore' })
    .click();
  const removals = admin.getByRole('alertdialog', { name: 'Members completed what this restore removes' });
  await expect(removals).toContainText('‘Meet your buddy’ (Volunteer): completed by 1 member');
  await removals.getByRole('button', { name: 'Restore anyway' }).click();
  await expect(
    admin.getByText(new RegExp(`^Version ${previous} is published again as version \\d+`, 'u')),
  ).toBeVisible();

  await volunteer.reload();
  await expect(volunteer.getByRole('heading', { level: 3, name: 'Set up Slack' })).toBeVisible();
  await expect(volunteer.getByRole('heading', { level: 3, name: 'Meet your buddy' })).toHaveCount(0);
  expect(await progressCounts(volunteer)).toEqual(before);

  await volunteerContext.close();
  await adminContext.close();
});

test('an admin reorders steps with the keyboard alone, then discards the draft', async ({ page, baseURL }) => {
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  await page.goto('/admin/studio');
  const list = page.getByRole('list', { name: /^Steps of /u }).first();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const order = async () =>
    list.getByRole('listitem').evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));
  const [first, second, ...rest] = await order();
  expect(first).toBeTruthy();

  // Tab to the first step's handle, pick it up with Space, move it down one place, put it down.
  const handle = list.getByRole('button', { name: `Reorder ${first}` });
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  // Each move is announced to screen readers.
  await expect(page.getByText(`${first} is now at place 2 of ${rest.length + 2}.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Put ${first} down at place 2 of ${rest.length + 2}.`)).toBeAttached();
  await expect.poll(order).toEqual([second, first, ...rest]);
  await expect(list.getByRole('button', { name: `Reorder ${first}` })).toBeFocused();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect.poll(order).toEqual([second, first, ...rest]);

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.getByText(/^Draft discarded\./u)).toBeVisible();
  await expect.poll(order).toEqual([first, second, ...rest]);
});

/** A 2×2 PNG, made here so the test needs no file of its own. */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin uploads an image to a step, and a broken PDF is refused with the server’s reason', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  await page.goto('/admin/studio');
  await page.getByRole('button', { name: 'Edit Set up Slack' }).click();
  await page.getByLabel('Show an image').check();
  await page
    .getByLabel('Upload an image for Image address')
    .setInputFiles({ name: 'slack-welcome.png', mimeType: 'image/png', buffer: PNG_2X2 });
  await expect(page.getByText('Uploaded slack-welcome.png.')).toBeVisible();
  await expect(page.getByLabel('Image address', { exact: true })).toHaveValue(
    /^\/assets\/content\/by-hash\/[0-9a-f]{64}$/u,
  );
  const address = await page.getByLabel('Image address', { exact: true }).inputValue();
  const served = await page.request.get(address);
  expect(served.headers()['content-type']).toBe('image/png');
  // The file keeps its name: the field shows it (the address is under 'Advanced'), and it is served under it.
  await expect(page.locator('p', { hasText: /^Image: slack-welcome\.png$/u })).toBeVisible();
  expect(served.headers()['content-disposition']).toContain('filename="slack-welcome.png"');
  await page.getByLabel('Image description (alt text)').fill('The Slack welcome screen');
  const frame = page.frameLocator('iframe[title^="Preview of Set up Slack"]');
  await expect(frame.getByRole('img', { name: 'The Slack welcome screen' })).toBeVisible();

  await page.getByLabel('Upload a PDF for PDF address').setInputFiles({
    name: 'broken.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 this is not a real document'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'broken.pdf was not uploaded:' })).toContainText(
    'This PDF cannot be opened',
  );
  await expect(page.getByLabel('PDF address', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(page, { state: 'content studio, an upload refused' });

  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(
    page.getByRole('list', { name: 'Uploaded files' }).getByRole('link', { name: 'slack-welcome.png' }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Edit content' }).click();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.getByText(/^Draft discarded\./u)).toBeVisible();
});
