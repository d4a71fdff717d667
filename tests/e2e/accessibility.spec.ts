import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { withoutDocumentAnswers } from './support/document-answers';
import { expectNoAxeViolations } from './support/axe';
import { expectVisibleFocus, tabThroughPage, tabTo } from './support/keyboard';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Accessibility end to end (docs/product.md#accessibility): axe-core with the WCAG 2.x A/AA rules on every
 * route and widget state that the other specs do not already check, at desktop and at phone width; keyboard-only
 * completion of a checklist, an acknowledgment and the document step with a visible focus indicator at every stop;
 * reduced motion; and the progress bar's name and value.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

const ADMIN = 'admin.e2e@inspired2uplift.org';

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });

/** The step card whose heading is `title`. */
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/**
 * A new page of its own browser context at `viewport`, with the mobile warning already dismissed at phone width so
 * that it does not cover the page (the dialog itself is checked in its own test).
 */
async function newPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  return context.newPage();
}

/** Opens the step card titled `title` with its toggle (if it is not open already) and returns the card. */
async function openStep(page: Page, title: string) {
  const card = stepCard(page, title);
  const toggle = card.getByRole('button', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return card;
}

/**
 * Asserts that the progress bar is named 'Onboarding progress' and that its value (aria-valuenow, aria-valuetext)
 * is the percentage written above it, and returns that percentage.
 */
async function expectProgressBarMatchesShownPercent(page: Page): Promise<number> {
  const bar = progressBar(page);
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  const shown = await page
    .getByText(/^\d{1,3}%$/)
    .first()
    .textContent();
  const percent = Number(shown?.replace('%', ''));
  expect(Number.isInteger(percent)).toBe(true);
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
  await expect(bar).toHaveAttribute('aria-valuetext', `${percent}%`);
  return percent;
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`at ${label} width (${viewport.width} px)`, () => {
    test('the public pages have no WCAG A/AA violations: login, demo, 404', async ({ browser, baseURL }) => {
      const page = await newPage(browser, baseURL, viewport);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
      await expectNoAxeViolations(page, { state: `/login (${label})` });

      await page.goto('/no-such-page');
      await expect(page.getByText('/no-such-page')).toBeVisible();
      await expectNoAxeViolations(page, { state: `404 page (${label})` });

      await page.goto('/test');
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expect(progressBar(page)).toBeVisible();
      await expectNoAxeViolations(page, { state: `/test, first step open (${label})` });
      await page.context().close();
    });

    test('every step of the demo page, open, has no violations', async ({ browser, baseURL }) => {
      // Eight steps, an axe run of each open card.
      test.setTimeout(180_000);
      const page = await newPage(browser, baseURL, viewport);
      await page.goto('/test');
      await expect(progressBar(page)).toBeVisible();
      const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
      expect(titles.length).toBeGreaterThanOrEqual(7);
      for (const title of titles) {
        const card = await openStep(page, title);
        if (title === 'Read a document')
          await expect(card.getByRole('button', { name: /^Please wait \(\d+s\)$/ })).toBeVisible();
        if (title === 'Watch and look') await expect(card.getByText('Loading image...')).toHaveCount(0);
        // The page around the cards was checked with the first step open (the test above); here each open card is
        // checked on its own, which takes axe a fraction of a whole-page run.
        const labelledBy = await card.getAttribute('aria-labelledby');
        expect(labelledBy).toBeTruthy();
        await expectNoAxeViolations(page, {
          state: `/test, step "${title}" open (${label})`,
          include: `article[aria-labelledby="${labelledBy}"]`,
        });
      }
      await page.context().close();
    });

    test('the dashboard of a volunteer, a finance member, an account and an admin has no violations', async ({
      browser,
      baseURL,
    }) => {
      const page = await newPage(browser, baseURL, viewport);
      await signInAs(page, uniqueEmail('a11y.volunteer'), { baseURL });
      await page.goto('/dashboard');
      await expect(progressBar(page)).toBeVisible();
      await expectNoAxeViolations(page, { state: `volunteer dashboard (${label})` });

      // A completed step (reset icon and check mark) and the next one open.
      const first = stepCard(page, 'Sign in to your Chrome profile');
      await first.getByRole('button', { name: viewport === PHONE ? 'Done' : 'Complete', exact: true }).click();
      await expect(first.getByRole('button', { name: 'Reset step' })).toBeVisible();
      await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
      await expectNoAxeViolations(page, { state: `volunteer dashboard, one step completed (${label})` });

      await signInAs(page, E2E_MEMBERS.finance.email, { baseURL });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toBeVisible();
      await expectNoAxeViolations(page, { state: `finance dashboard (${label})` });

      await signInAs(page, E2E_MEMBERS.account.email, { baseURL });
      await page.goto('/dashboard');
      await expect(
        page.getByText('Logged in as an account! Please log out and use your personal account.'),
      ).toBeVisible();
      await expectNoAxeViolations(page, { state: `account dashboard (red card) (${label})` });

      await signInAs(page, ADMIN, { baseURL });
      await page.goto('/dashboard');
      await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin's dashboard (${label})` });
      await page.context().close();
    });

    test('the admin console has no violations: members, member page, invite, import preview, audit log', async ({
      browser,
      baseURL,
    }) => {
      const page = await newPage(browser, baseURL, viewport);
      await signInAs(page, ADMIN, { baseURL });
      await page.goto('/admin?tab=members');
      await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin members (${label})` });

      await page.getByLabel('Search by name or e-mail').fill(E2E_MEMBERS.finance.email);
      await page.getByLabel('Search by name or e-mail').press('Enter');
      await page.getByRole('row').filter({ hasText: E2E_MEMBERS.finance.email }).getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: 'Role, department and permissions' })).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin member page (${label})` });

      await page.goto('/admin?tab=invite');
      await expect(page.getByRole('heading', { name: 'Invite by e-mail' })).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin invite (${label})` });

      await page.goto('/admin?tab=import');
      await page.getByLabel('Or paste the CSV').fill('email,role,department\nnot-an-address,nobody,\n');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('region', { name: 'Import preview' })).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin import preview with errors (${label})` });
      await page
        .getByLabel('Or paste the CSV')
        .fill(`email,role,department\n${uniqueEmail('a11y.import')},volunteer,Operations\n`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByText('1 rows are ready. Apply writes all of them at once.')).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin import preview, valid (${label})` });

      await page.goto('/admin?tab=audit');
      await expect(page.getByRole('tab', { name: 'Audit log', selected: true })).toBeVisible();
      // Every sign-in of this run is in the log, so it has rows (a table that scrolls sideways on a phone).
      await expect(page.getByRole('region', { name: 'Audit log entries' })).toBeVisible();
      await expectNoAxeViolations(page, { state: `admin audit log (${label})` });
      await page.context().close();
    });
  });
}

test('the mobile warning dialog has no violations and closes with Escape', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/test');
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, { state: 'mobile warning dialog (phone)' });
  // Focus is inside the dialog, visibly, and Escape dismisses it like 'Continue Anyway'.
  await expect(dialog.getByRole('button', { name: 'Continue Anyway' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});

test('widget states have no violations: checklist and acknowledgments part and fully done, toasts, tooltips', async ({
  page,
  context,
}) => {
  // Seven axe scans of the whole page: more than the default time on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/test');

  const values = await openStep(page, 'Our values');
  const acknowledge = values.getByRole('checkbox', { name: 'I acknowledge' });
  await acknowledge.nth(0).click();
  await expect(values.getByText('1 of 5 acknowledged')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'acknowledgments, partly acknowledged' });
  for (let i = 1; i < 5; i += 1) await acknowledge.nth(i).click();
  await expect(values.getByText('Completed')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'acknowledgments, all acknowledged (step completed)' });

  const checklist = await openStep(page, 'Get ready for your first team call');
  const items = checklist.getByRole('checkbox');
  for (let i = 0; i < 3; i += 1) await items.nth(i).click();
  await expect(checklist.getByText('3 of 7 done')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'checklist, partly ticked' });
  for (let i = 3; i < 7; i += 1) await items.nth(i).click();
  await expect(checklist.getByText('Completed')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'checklist, fully ticked (step completed)' });

  const password = await openStep(page, 'Test shared password');
  await password.getByRole('button', { name: /test@inspired2uplift\.org/ }).click();
  await expect(page.getByText(/^Email copied to clipboard/)).toBeVisible();
  await expectNoAxeViolations(page, { state: 'contacts with the copy toast' });

  // The password placeholder's tooltip, reached by keyboard focus as well as by the mouse.
  await password.getByLabel('Password hidden').first().focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Sign in to view with Google' })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'shared password hidden, tooltip shown' });
});

test('the document viewer has no violations while loading, counting down, unlocked and failed', async ({ page }) => {
  // Holds the PDF until the loading state has been checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/content/volunteer-agreement.pdf', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/test');
  const card = await openStep(page, 'Read a document');
  await expect(card.getByText('Loading PDF...')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'PDF viewer loading' });
  release();
  await expect(card.getByRole('button', { name: /^Please wait \(\d+s\)$/ })).toBeVisible();
  await expect(
    card.getByRole('region', { name: 'Read a document: document' }).getByText('Volunteer Agreement').first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, { state: 'PDF viewer loaded, countdown running' });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download', exact: true }).click();
  await download;
  await expect(card.getByRole('button', { name: 'Read', exact: true })).toBeEnabled();
  await expectNoAxeViolations(page, { state: 'PDF viewer unlocked by Download' });

  // A document that cannot be fetched: the failure state with 'Try Again' and 'Download Instead'.
  await page.unroute('**/content/volunteer-agreement.pdf');
  await page.route('**/content/volunteer-agreement.pdf', (route) => route.abort('failed'));
  await card.getByRole('button', { name: 'Reload the document', exact: true }).click();
  await expect(card.getByText('Failed to load PDF')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, { state: 'PDF viewer failed' });
});

test('a copy confirmation is fully opaque from its first frame: its text never fades in below AA contrast', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/test');
  const card = await openStep(page, 'Test shared password');
  // Records the toast's opacity on every frame from the moment it is added until 600 ms later (Sonner's entry is 400 ms).
  const lowest = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let min = Number.POSITIVE_INFINITY;
        const observer = new MutationObserver(() => {
          const toast = document.querySelector<HTMLElement>('[data-sonner-toast]');
          if (!toast) return;
          observer.disconnect();
          const started = performance.now();
          const frame = () => {
            min = Math.min(min, Number(getComputedStyle(toast).opacity));
            if (performance.now() - started < 600) requestAnimationFrame(frame);
            else resolve(min);
          };
          frame();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await card.getByRole('button', { name: /test@inspired2uplift\.org/ }).click();
  await expect(page.getByText(/^Email copied to clipboard/)).toBeVisible();
  expect(await lowest).toBe(1);
});

test('media have no violations while loading and when they fail', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/content/images/welcome-team.svg', async (route) => {
    await held;
    await route.abort('failed');
  });
  await page.goto('/test');
  const card = await openStep(page, 'Watch and look');
  await expect(card.getByText('Loading image...')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'image loading' });
  release();
  await expect(card.getByText('Could not load image')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'image failed' });
});

test('a role preview with its banner and toast has no violations', async ({ page, baseURL }) => {
  await signInAs(page, uniqueEmail('a11y.preview'), { baseURL });
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Preview as/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'role menu open' });
  await page.getByRole('menuitemradio', { name: 'Finance' }).click();
  await expect(page.getByRole('region', { name: 'Role preview' })).toBeVisible();
  await expect(page.getByText('Role Switched', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(20);
  await expectNoAxeViolations(page, { state: 'role preview banner with the Role Switched toast' });
});

test('the loading states of sign-in and the dashboard have no violations', async ({ page, baseURL }) => {
  await signInAs(page, uniqueEmail('a11y.loading'), { baseURL });
  // Held answers: the protected wrapper's 'Authenticating', then the dashboard's skeleton.
  let releaseMe: () => void = () => undefined;
  const meHeld = new Promise<void>((resolve) => {
    releaseMe = resolve;
  });
  let releaseSteps: () => void = () => undefined;
  const stepsHeld = new Promise<void>((resolve) => {
    releaseSteps = resolve;
  });
  await withoutDocumentAnswers(page);
  await page.route('**/api/me', async (route) => {
    await meHeld;
    await route.continue();
  });
  await page.route('**/api/onboarding', async (route) => {
    await stepsHeld;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Authenticating')).toBeVisible();
  await expectNoAxeViolations(page, { state: "protected wrapper 'Authenticating'" });
  releaseMe();
  await expect(page.getByText('Loading your onboarding steps…')).toBeAttached();
  await expectNoAxeViolations(page, { state: 'dashboard skeleton while the steps load' });
  releaseSteps();
  await expect(progressBar(page)).toBeVisible();
});

test('the error page (role configuration missing) has no violations', async ({ page, baseURL }) => {
  // Content is validated at start-up (a role cannot name a missing configuration), so a real server never gives this
  // answer with our content; the browser receives the server's 409 body of that case (src/server/modules/onboarding/
  // member-role.ts) instead.
  await signInAs(page, E2E_MEMBERS.finance.email, { baseURL });
  await withoutDocumentAnswers(page);
  await page.route('**/api/onboarding', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 409,
        error: 'Conflict',
        message: "We couldn't find the configuration for role finance.",
        role: 'finance',
      }),
    }),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible();
  await expect(page.getByText("We couldn't find the configuration for role finance.").first()).toBeVisible();
  await expectNoAxeViolations(page, { state: 'error page' });
});

test('keyboard only: a checklist and an acknowledgment, with visible focus at every stop', async ({ page }) => {
  await page.goto('/test');
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');

  // The skip link comes first and jumps to the steps.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Acknowledgments: open the step with Enter, then tick each 'I acknowledge' with Space.
  const values = stepCard(page, 'Our values');
  await tabTo(page, values.getByRole('button', { name: 'Our values', exact: true }));
  await page.keyboard.press('Enter');
  const acknowledge = values.getByRole('checkbox', { name: 'I acknowledge' });
  await expect(acknowledge).toHaveCount(5);
  for (let i = 0; i < 5; i += 1) {
    await tabTo(page, acknowledge.nth(i));
    await page.keyboard.press('Space');
    await expect(acknowledge.nth(i)).toHaveAttribute('aria-checked', 'true');
  }
  await expect(values.getByText('Completed')).toBeVisible();
  await expectProgressBarMatchesShownPercent(page);

  // Checklist: the same, and Reset by keyboard too.
  const checklist = stepCard(page, 'Get ready for your first team call');
  await tabTo(page, checklist.getByRole('button', { name: 'Get ready for your first team call', exact: true }));
  await page.keyboard.press('Enter');
  const items = checklist.getByRole('checkbox');
  await expect(items).toHaveCount(7);
  for (let i = 0; i < 7; i += 1) {
    await tabTo(page, items.nth(i));
    await page.keyboard.press('Space');
    await expect(items.nth(i)).toHaveAttribute('aria-checked', 'true');
  }
  await expect(checklist.getByText('Completed')).toBeVisible();
  expect(await expectProgressBarMatchesShownPercent(page)).toBe(29);

  // Back up with Shift+Tab to the step's reset icon: visible, and not hidden under the sticky scope title.
  await tabTo(page, checklist.getByRole('button', { name: 'Reset step' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(checklist.getByText('Completed')).toHaveCount(0);
  expect(await expectProgressBarMatchesShownPercent(page)).toBe(14);
  // Focus moves to the step's toggle (its complete button is disabled again), not back to the page's start.
  await expect(
    checklist.getByRole('button', { name: 'Get ready for your first team call', exact: true }),
  ).toBeFocused();
  await expectVisibleFocus(page);
});

test('keyboard only: the Volunteer Agreement is read, downloaded and signed', async ({ page, baseURL }) => {
  await signInAs(page, uniqueEmail('a11y.keyboard'), { baseURL });
  await page.goto('/dashboard');
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  const card = stepCard(page, 'Sign the Volunteer Agreement');

  await tabTo(page, card.getByRole('button', { name: 'Sign the Volunteer Agreement', exact: true }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: /^Please wait \(\d+s\)$/ })).toBeDisabled();

  // Read: the document's scrollable region takes focus, and Space scrolls it.
  const viewer = card.getByRole('region', { name: 'Sign the Volunteer Agreement: document' });
  await expect(viewer.getByText('Volunteer Agreement').first()).toBeVisible();
  await tabTo(page, viewer);
  await page.keyboard.press('Space');
  await expect.poll(() => viewer.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // Download unlocks the step at once (docs/product.md#step-widgets); Enter on the link downloads.
  const download = card.getByRole('link', { name: 'Download', exact: true });
  await tabTo(page, download, { backwards: true });
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloaded).suggestedFilename()).toBe('volunteer-agreement-DRAFT.pdf');
  const sign = card.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeEnabled();
  await expect(card.getByRole('status').filter({ hasText: 'You can now press Sign.' })).toBeAttached();

  await tabTo(page, sign, { backwards: true });
  await page.keyboard.press('Enter');
  // Sign asks for a signature: the dialog's name field has focus; type, tick with Space, then Sign.
  const dialog = page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' });
  await expect(dialog.getByLabel('Your full name')).toBeFocused();
  await expectNoAxeViolations(page, { state: 'signature dialog' });
  await page.keyboard.type('Sam Lee');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(
    dialog.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }),
  ).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Sign', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  expect(await expectProgressBarMatchesShownPercent(page)).toBe(11);
  // Focus moves to the step's reset icon rather than being lost.
  await expect(card.getByRole('button', { name: 'Reset step' })).toBeFocused();
  await expectVisibleFocus(page);
});

test('keyboard only: the password tooltip opens on focus and Escape closes it', async ({ page }) => {
  await page.goto('/test');
  await expect(progressBar(page)).toBeVisible();
  const card = stepCard(page, 'Test shared password');
  await tabTo(page, card.getByRole('button', { name: 'Test shared password', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, card.getByLabel('Password hidden').first());
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'Sign in to view with Google' });
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
});

test('every Tab stop of the main pages shows a visible, uncovered focus indicator', async ({
  browser,
  page,
  baseURL,
}) => {
  const pages: [string, () => Promise<void>][] = [
    ['/login', () => expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled()],
    ['/no-such-page', () => expect(page.getByText('/no-such-page')).toBeVisible()],
    ['/test', () => expect(progressBar(page)).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    expect((await tabThroughPage(page)).length, path).toBeGreaterThan(0);
  }
  await signInAs(page, ADMIN, { baseURL });
  const signedIn: [string, () => Promise<void>][] = [
    ['/dashboard', () => expect(progressBar(page)).toBeVisible()],
    ['/admin?tab=members', () => expect(page.getByRole('row').nth(1)).toBeVisible()],
    ['/admin?tab=import', () => expect(page.getByLabel('Or paste the CSV')).toBeVisible()],
    ['/admin?tab=audit', () => expect(page.getByRole('region', { name: 'Audit log entries' })).toBeVisible()],
  ];
  for (const [path, ready] of signedIn) {
    await page.goto(path);
    await ready();
    expect((await tabThroughPage(page)).length, path).toBeGreaterThan(3);
  }

  // At phone width the sticky scope titles cover more of the screen.
  const phone = await newPage(browser, baseURL, PHONE);
  for (const path of ['/test', '/dashboard']) {
    if (path === '/dashboard') await signInAs(phone, ADMIN, { baseURL });
    await phone.goto(path);
    await expect(progressBar(phone)).toBeVisible();
    expect((await tabThroughPage(phone)).length, `${path} (phone)`).toBeGreaterThan(3);
  }
  await phone.context().close();
});

test('the progress bar is named and carries the percentage shown, at desktop and phone width', async ({
  browser,
  baseURL,
}) => {
  for (const [label, viewport] of VIEWPORTS) {
    const page = await newPage(browser, baseURL, viewport);
    await signInAs(page, uniqueEmail(`a11y.progress.${label}`), { baseURL });
    await page.goto('/dashboard');
    expect(await expectProgressBarMatchesShownPercent(page)).toBe(0);
    const button = viewport === PHONE ? 'Done' : 'Complete';
    await stepCard(page, 'Sign in to your Chrome profile').getByRole('button', { name: button, exact: true }).click();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
    expect(await expectProgressBarMatchesShownPercent(page)).toBe(11);
    await stepCard(page, 'Change your password').getByRole('button', { name: button, exact: true }).click();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '22');
    expect(await expectProgressBarMatchesShownPercent(page)).toBe(22);
    await page.context().close();
  }
});

test.describe('reduced motion', () => {
  /** Every demo step marked done in this browser's storage before the page loads (docs/product.md#demo-page). */
  async function demoAtHundredPercent(
    browser: Browser,
    baseURL: string | undefined,
    reducedMotion: 'reduce' | 'no-preference',
  ) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    const confettiScripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && /confetti/i.test(request.url())) confettiScripts.push(request.url());
    });
    const demo = (await (await page.request.get('/api/demo')).json()) as { scopes: { steps: { id: string }[] }[] };
    const ids = demo.scopes.flatMap((scope) => scope.steps.map((step) => step.id));
    await context.addInitScript(
      (stepIds) => localStorage.setItem('test_completed_steps', JSON.stringify(stepIds)),
      ids,
    );
    await page.goto('/test');
    await expect(page.getByText('Onboarding complete!')).toBeVisible();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100');
    return { page, context, confettiScripts };
  }

  test('without the preference, 100% plays confetti (the control case)', async ({ browser, baseURL }) => {
    const { page, context, confettiScripts } = await demoAtHundredPercent(browser, baseURL, 'no-preference');
    await expect(page.locator('canvas')).toHaveCount(1);
    expect(confettiScripts.length).toBeGreaterThan(0);
    await context.close();
  });

  test('with prefers-reduced-motion, 100% and five logo clicks play no confetti, and nothing moves', async ({
    browser,
    baseURL,
  }) => {
    const { page, context, confettiScripts } = await demoAtHundredPercent(browser, baseURL, 'reduce');
    for (let i = 0; i < 5; i += 1) await page.getByRole('img', { name: 'INSPIRED 2 UPLIFT' }).click();
    // Confetti would have been fetched and drawn by now: the control case sees its canvas well within this time.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('canvas')).toHaveCount(0);
    expect(confettiScripts).toEqual([]);

    // No card fade-in, no progress-bar slide, no colour fades.
    expect(
      await page
        .locator('article')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    const durations = await page.evaluate(() =>
      [
        document.querySelector('[role="progressbar"] > div'),
        document.querySelector('article button[aria-expanded] svg'),
        document.querySelector('article'),
      ].map((el) => (el ? Number.parseFloat(getComputedStyle(el).transitionDuration) : -1)),
    );
    for (const seconds of durations) {
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(0.001);
    }
    expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    await context.close();
  });
});
