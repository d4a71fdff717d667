import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDay } from '../../src/shared/dates';
import { signInAs } from './support/sign-in';

/**
 * The content studio as a non-technical admin uses it (docs/product.md#editing-in-the-browser), on the e2e server's
 * own database: a due date set in the form reaches members; a material change gives members a grace period; an edit
 * typed just before leaving is kept. Each test leaves the published content as it found it
 * (it restores the version before, or discards its draft), for the specs that run after it.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

// Each test publishes and restores, with two browsers open.
test.describe.configure({ timeout: 180_000 });

async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  return page;
}

/** The member's step card whose heading is `title`. */
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/**
 * Publishes the draft, marking `material` (step titles) as material changes, and returns the version the publish
 * replaced.
 */
async function publish(admin: Page, material: readonly string[] = []): Promise<number> {
  const live = Number(
    ((await admin.getByText(/published version \d+/u).textContent()) ?? '').replace(
      /.*published version (\d+).*/su,
      '$1',
    ),
  );
  await admin.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Publish these changes?' });
  for (const title of material) await dialog.getByLabel(`Material change to ‘${title}’: members agree again`).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText(/^Published version \d+\. Members see it from their next page load\.$/u)).toBeVisible();
  return live;
}

/** Publishes version `version` again from the History tab. */
async function restore(admin: Page, version: number) {
  await admin.getByRole('tab', { name: 'History' }).click();
  await admin.getByRole('button', { name: `Restore version ${version}` }).click();
  await admin
    .getByRole('alertdialog', { name: `Restore version ${version}?` })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(
    admin.getByText(new RegExp(`^Version ${version} is published again as version \\d+`, 'u')),
  ).toBeVisible();
}

test('a due date set in the step form reaches members', async ({ browser, baseURL }) => {
  const volunteer = await (await browser.newContext()).newPage();
  await signInAs(volunteer, 'due.volunteer.e2e@inspired2uplift.org', { name: 'Dana Due', baseURL });
  await volunteer.goto('/dashboard');
  const apps = stepCard(volunteer, 'Get the apps on your phone');
  await expect(apps.getByText(/^Due /u)).toBeVisible();
  await expect(apps.getByText('Due today', { exact: true })).toHaveCount(0);

  const admin = await adminPage(browser, baseURL);
  await admin.goto('/admin/studio');
  await admin.getByRole('button', { name: 'Edit Get the apps on your phone' }).click();
  const due = admin.getByLabel('Due (days after the start date)');
  await expect(due).toHaveValue('10');
  await due.fill('0');
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();
  const before = await publish(admin);

  // The volunteer started today: the step is now due today.
  await volunteer.reload();
  await expect(apps.getByText('Due today', { exact: true })).toBeVisible();

  await restore(admin, before);
  await volunteer.reload();
  await expect(apps.getByText('Due today', { exact: true })).toHaveCount(0);
  await volunteer.context().close();
  await admin.context().close();
});

test('after a material change, a member who was overdue has a grace period before the step is overdue again', async ({
  browser,
  baseURL,
}) => {
  const email = 'grace.volunteer.e2e@inspired2uplift.org';
  const volunteer = await (await browser.newContext()).newPage();
  await signInAs(volunteer, email, { name: 'Gale Grace', baseURL });
  await volunteer.goto('/dashboard');

  // The admin sets the member's start date 30 days ago: the agreement (due after 5 days) is 25 days overdue.
  const admin = await adminPage(browser, baseURL);
  const started = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await admin.goto(`/admin/members/${encodeURIComponent(email)}`);
  await admin.getByLabel('Start date', { exact: true }).fill(started);
  await admin.getByRole('button', { name: 'Save start date' }).click();
  await expect(admin.getByText(`Start date ${formatDay(started)}, set by an admin.`)).toBeVisible();
  const agreement = stepCard(volunteer, 'Sign the Volunteer Agreement');
  await volunteer.reload();
  await expect(agreement.getByText(/^Overdue by \d+ days$/u)).toBeVisible();

  // The admin changes the agreement and publishes it as a material change.
  await admin.goto('/admin/studio');
  await admin.getByRole('button', { name: 'Edit Sign the Volunteer Agreement' }).click();
  const description = admin.getByLabel('Description', { exact: true });
  await description.fill(`${await description.inputValue()} It now covers photos at events.`);
  await expect(admin.getByText('Saved', { exact: true })).toBeVisible();
  const before = await publish(admin, ['Sign the Volunteer Agreement']);

  // The member's step is due again, in two weeks, not overdue.
  await volunteer.reload();
  await expect(agreement.getByText(/^Due /u)).toBeVisible();
  await expect(agreement.getByText(/Overdue/u)).toHaveCount(0);

  await restore(admin, before);
  await volunteer.context().close();
  await admin.context().close();
});

test('an edit typed just before a reload is kept: the browser asks first, and the change is saved as the page goes', async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL);
  await admin.goto('/admin/studio');
  await admin.getByRole('button', { name: 'Edit Set up Slack' }).click();
  const description = admin.getByLabel('Description', { exact: true });
  const text = `${await description.inputValue()} Ask in #welcome if you are stuck.`;
  // Typed, then the page is reloaded at once, before the autosave (0.8 s after the last keystroke).
  const asked: string[] = [];
  admin.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await description.fill(text);
  await admin.reload();
  expect(asked).toEqual(['beforeunload']);
  await admin.getByRole('button', { name: 'Edit Set up Slack' }).click();
  await expect(admin.getByLabel('Description', { exact: true })).toHaveValue(text);

  // Leaving inside the app (the 'Admin console' link) right after typing keeps the edit too.
  await admin.getByLabel('Title', { exact: true }).fill('Set up Slack today');
  await admin.getByRole('link', { name: 'Admin console' }).click();
  await expect(admin.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await admin.goto('/admin/studio');
  await expect(admin.getByRole('button', { name: 'Edit Set up Slack today' })).toBeVisible();

  await admin.getByRole('button', { name: 'Discard draft' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(admin.getByText(/^Draft discarded\./u)).toBeVisible();
  await admin.context().close();
});
