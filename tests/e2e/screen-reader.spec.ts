import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs, uniqueEmail } from './support/sign-in';
import { openStep } from './support/steps';

/**
 * What a screen reader hears (docs/product.md#accessibility): the accessibility tree of every step kind and dialog,
 * compared with reviewed snapshot files (tests/e2e/screen-reader.spec.ts-snapshots/*.aria.yml). Each control's name,
 * each state (expanded, checked, disabled) and the live regions that announce a completed or reset step, the start and
 * the end of a document's wait, a quiz sent unanswered, a saved preference and a signature are in them; the reason a
 * button is disabled is its description, checked here too. Every file starts with `/children: deep-equal`, so a node
 * added, removed or renamed anywhere fails the test until the snapshot is updated on purpose
 * (`npx playwright test tests/e2e/screen-reader.spec.ts --update-snapshots`, then put the line back and review the
 * change). Dates, e-mail addresses and the seconds of a countdown are patterns in the files, so the clock and the
 * run do not change them. The three flows run in parallel pages of one browser.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 320, height: 640 } as const;
const SNAPSHOTS = `${fileURLToPath(import.meta.url)}-snapshots`;

/** A page of its own browser context, signed in as a new volunteer named Sam Lee unless `signedIn` is false. */
async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
  { signedIn = true, warning = false } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  if (!warning) await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  const page = await context.newPage();
  if (signedIn) await signInAs(page, uniqueEmail('screen.reader'), { name: 'Sam Lee', baseURL });
  return page;
}

/** File name of a step's snapshot: its title in lower case with dashes. */
const fileOf = (prefix: string, title: string) =>
  `${prefix}-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.aria.yml`;

/** Every step kind of the demo page open; a step completed and reset; a disabled button's reason. */
async function demoSteps(browser: Browser, baseURL: string | undefined) {
  const page = await newPage(browser, baseURL, DESKTOP, { signedIn: false });
  await page.goto('/test');
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
  const titles = (await page.locator('main article h3').allTextContents()).map((title) => title.trim());
  expect(titles).toHaveLength(7);
  for (const title of titles) {
    const card = await openStep(page, title);
    await expect(card).toMatchAriaSnapshot({ name: fileOf('demo', title) });
  }

  // A disabled button says why; each acknowledgment says what is acknowledged.
  const values = await openStep(page, 'Our values');
  await expect(values.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveAccessibleDescription(
    'Acknowledge every item below to complete this step.',
  );
  await expect(values.getByRole('checkbox', { name: 'I acknowledge' }).first()).toHaveAccessibleDescription(
    /^Inclusion — Everyone belongs here/,
  );

  // Completing a step is announced by its card at once (not only at 100%), and so is a reset.
  const first = await openStep(page, 'Find your way around a step');
  await first.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(first.getByRole('status')).toHaveText('This step is finished. Well done!');
  await expect(first).toMatchAriaSnapshot({ name: 'demo-step-completed.aria.yml' });
  await first.getByRole('button', { name: 'Reset step' }).click();
  await expect(first.getByRole('status')).toHaveText('This step is open again: it is not finished any more.');
  await page.context().close();
}

/** The volunteer's steps, the quiz's error, the agreement's wait, its end, its dialogs and reading and display. */
async function volunteerSteps(browser: Browser, baseURL: string | undefined) {
  const page = await newPage(browser, baseURL, DESKTOP);
  await page.goto('/dashboard');
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
  await expect(page.getByRole('banner')).toMatchAriaSnapshot({ name: 'dashboard-header.aria.yml' });

  for (const title of ['Your support and access needs', 'Safeguarding: check what you know']) {
    const card = await openStep(page, title);
    await expect(card).toMatchAriaSnapshot({ name: fileOf('volunteer', title) });
  }
  // The quiz sent unanswered: its live region says what to do.
  const quiz = page.getByRole('form', { name: 'Quiz' });
  await quiz.getByRole('button', { name: 'Check my answers' }).click();
  await expect(quiz.getByRole('status')).toHaveText('Please answer every question.');
  await expect(quiz).toMatchAriaSnapshot({ name: 'volunteer-quiz-unanswered.aria.yml' });

  // The first step completed: its card says so at once, the progress moves on.
  const first = await openStep(page, 'Sign in to your Chrome profile');
  await first.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(first.getByRole('button', { name: 'Reset step' })).toBeVisible();
  await expect(first).toMatchAriaSnapshot({ name: 'volunteer-step-completed.aria.yml' });
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).not.toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // The agreement: the wait is announced once, its end too (downloading the document ends it at once).
  const agreement = await openStep(page, 'Sign the Volunteer Agreement');
  const waiting = agreement.getByRole('button', { name: /^Please wait \(\d+s\)$/ });
  await expect(waiting).toBeDisabled();
  await expect(waiting).toHaveAccessibleDescription(/^Read the document below\. The button unlocks after a short wait/);
  await expect(agreement).toMatchAriaSnapshot({ name: 'volunteer-agreement-waiting.aria.yml' });
  const download = page.waitForEvent('download');
  await agreement.getByRole('link', { name: 'Download', exact: true }).click();
  await download;
  await expect(agreement.getByRole('status').filter({ hasText: 'You can now press Sign.' })).toHaveCount(1);
  await expect(agreement).toMatchAriaSnapshot({ name: 'volunteer-agreement-unlocked.aria.yml' });

  // The signature dialog: Sign disabled until a name and the box; then the receipt.
  await agreement.getByRole('button', { name: 'Sign', exact: true }).click();
  const sign = page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' });
  await expect(sign).toBeVisible();
  await expect(sign).toMatchAriaSnapshot({ name: 'dialog-signature.aria.yml' });
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveAccessibleDescription(
    'Type your full name and tick the box first.',
  );
  await sign.getByLabel('Your full name').fill('Sam Lee');
  await sign.getByRole('checkbox').check();
  await expect(sign).toMatchAriaSnapshot({ name: 'dialog-signature-ready.aria.yml' });
  await sign.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(sign).toBeHidden();
  await expect(agreement.getByRole('link', { name: 'Download your signed receipt (PDF)' })).toBeVisible();
  await expect(agreement.getByRole('status')).toHaveText('This step is finished. Well done!');
  await expect(agreement).toMatchAriaSnapshot({ name: 'volunteer-agreement-receipt.aria.yml' });

  // Reading and display: a choice is saved, and the panel's live region says so.
  await page.getByRole('button', { name: 'Reading and display' }).click();
  const panel = page.getByRole('dialog', { name: 'Reading and display' });
  await expect(panel).toBeVisible();
  await expect(panel).toMatchAriaSnapshot({ name: 'dialog-reading-and-display.aria.yml' });
  await panel.getByRole('radio', { name: '150%' }).check();
  await expect(panel.getByRole('status')).toHaveText(/Saved to your account/);
  await expect(panel).toMatchAriaSnapshot({ name: 'dialog-reading-and-display-saved.aria.yml' });
  await page.context().close();
}

/** On a phone: the mobile warning, and the header folded behind its menu button. */
async function phone(browser: Browser, baseURL: string | undefined) {
  const page = await newPage(browser, baseURL, PHONE, { warning: true });
  await page.goto('/dashboard');
  const warning = page.getByRole('dialog', { name: 'Warning' });
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expect(warning).toMatchAriaSnapshot({ name: 'dialog-mobile-warning.aria.yml' });
  await warning.getByRole('button', { name: 'Continue Anyway' }).click();
  await expect(warning).toBeHidden();

  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(header).toMatchAriaSnapshot({ name: 'phone-header-folded.aria.yml' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(header).toMatchAriaSnapshot({ name: 'phone-header-open.aria.yml' });
  await page.context().close();
}

test('what a screen reader hears: every step kind and dialog matches its reviewed snapshot', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await Promise.all([demoSteps(browser, baseURL), volunteerSteps(browser, baseURL), phone(browser, baseURL)]);
});

test('every snapshot file is compared exactly: a node added, removed or changed anywhere fails', () => {
  const files = readdirSync(SNAPSHOTS).filter((file) => file.endsWith('.aria.yml'));
  expect(files.length).toBeGreaterThanOrEqual(20);
  for (const file of files) {
    const lines = readFileSync(path.join(SNAPSHOTS, file), 'utf8').split('\n');
    expect(lines[1], file).toBe('  - /children: deep-equal');
  }
});
