import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { collectPageProblems } from './support/page-problems';

/**
 * The main job end to end (docs/product.md#dashboard): sign in with development sign-in, see the volunteer steps,
 * complete one, watch the percentage rise, and find the progress still there after a reload and after signing out and
 * in again.
 */

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });

/** The step card whose heading is `title`. */
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function signInThroughLoginScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
  await expect(
    page.getByText('Please sign in with your Google Workspace account to begin your onboarding process.'),
  ).toBeVisible();
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page.getByText('Development Mode', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a volunteer signs in, completes a step, and the progress is kept across reloads and sign-ins', async ({
  page,
}) => {
  // Four axe runs and three sign-ins: past the default minute on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Version 0.5')).toBeVisible();
  await expectNoAxeViolations(page, { state: 'login screen' });

  await signInThroughLoginScreen(page);

  await expect(page.getByText('Your progress')).toBeVisible();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0%', { exact: true })).toBeVisible();
  await expect(page.getByText('Dev', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('dev@inspired2uplift.org').first()).toBeVisible();

  // All nine volunteer steps of docs/product.md#roles, in order.
  const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toEqual([
    'Sign in to your Chrome profile',
    'Change your password',
    'Sign the Volunteer Agreement',
    'Set up Slack',
    'Meet your people',
    'What to expect when you start',
    'Your support and access needs',
    'Safeguarding: check what you know',
    'Get the apps on your phone',
  ]);

  // The first step is the active one; completing it moves the bar to 1/9 = 11.1%, shown as 11%.
  const first = stepCard(page, 'Sign in to your Chrome profile');
  await expect(first.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await first.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  await expect(page.getByText('11%', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Reset step' })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'dashboard, first step completed' });

  // The server has it: a reload shows the same.
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');

  // Sign out, sign in again: still there.
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, { state: "login screen with the 'Logged Out' toast" });
  await signInThroughLoginScreen(page);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');

  // Un-completing is kept too.
  await stepCard(page, 'Sign in to your Chrome profile').getByRole('button', { name: 'Reset step' }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
});

test("the dashboard's first API answers come with its document, and the page asks the server only for later ones", async ({
  page,
}) => {
  await page.goto('/login');
  await signInThroughLoginScreen(page);
  await expect(page.getByText('Your progress')).toBeVisible();

  // A fresh load of the page (docs/decisions/028-dashboard-render-on-a-phone.md): the member, their steps, due dates
  // and the configuration are in the document, so the page asks the server for none of them.
  const inDocument = ['/api/me', '/api/onboarding', '/api/onboarding/due', '/api/config'];
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Set up Slack', exact: true })).toBeVisible();
  await expect(page.getByText('dev@inspired2uplift.org').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((line) => inDocument.some((p) => line === `GET ${p}`))).toEqual([]);
  // The role's steps come with it too, as their own answer (docs/architecture.md#role-content).
  expect(asked.filter((line) => line.startsWith('GET /api/content/'))).toEqual([]);

  // Completing a step goes to the server, and a reload shows it: the document carries the new answers.
  await stepCard(page, 'Sign in to your Chrome profile').getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  await expect.poll(() => asked.some((line) => line.startsWith('PUT /api/progress/steps/'))).toBe(true);
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  await stepCard(page, 'Sign in to your Chrome profile').getByRole('button', { name: 'Reset step' }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
});

test('before their first paint, the login page and the dashboard ask only for their scripts: styles, first answers and icon come with the document or later', async ({
  page,
}) => {
  // docs/decisions/029-first-paint-requests.md: no style sheet, no icon and no API request competes with the scripts.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    asked.push(`${request.method()} ${pathname}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
  // The configuration's answer is on the screen (the support contact), though the page asked the server for none.
  await expect(page.getByRole('link', { name: 'onboarding@inspired2uplift.org' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(
    asked.filter((line) => line.startsWith('GET /api/') || line.endsWith('.css') || line.includes('favicon')),
  ).toEqual([]);
  // The page's styles are in the document: the heading is styled (bold) without a style sheet request.
  expect(
    await page
      .getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })
      .evaluate((h) => getComputedStyle(h).fontWeight),
  ).toBe('700');
  // The organisation's logo becomes the page's icon once the page is idle.
  await expect
    .poll(() => page.locator('link[rel="icon"]').getAttribute('href'), { timeout: 10_000 })
    .toBe('/content/logo.svg');
  // So is the style sheet the dashboard links, for the browser's cache (a prefetch, when idle: decision 076).
  await expect.poll(() => asked.filter((line) => /^GET \/assets\/styles-[\w-]+\.css$/.test(line))).toHaveLength(1);

  await signInThroughLoginScreen(page);
  asked.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Set up Slack', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The dashboard the server rendered links the build's style sheet instead (a file a browser keeps for a year), so that
  // its document fits in the first TCP window (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md): at most
  // that one file, and the page is styled by it.
  expect(asked.filter((line) => line.endsWith('.css'))).toEqual(
    asked.filter((line) => /^GET \/assets\/styles-[\w-]+\.css$/.test(line)).slice(0, 1),
  );
  expect(
    await page.evaluate(() => ({
      inline: [...document.querySelectorAll('style')].some((style) => style.textContent?.includes('tailwindcss')),
      linked: [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/styles-') === true),
      // The page's background comes from the style sheet (a browser's own is transparent).
      background: getComputedStyle(document.body).backgroundColor,
    })),
  ).toEqual({ inline: false, linked: true, background: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/) });
  // A page of its own chunks (the demo) lists the style sheet among what it needs; it is in the page already.
  asked.length = 0;
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((line) => line.endsWith('.css'))).toEqual([]);
});

test('the dashboard comes rendered from the server: its steps show before any script runs, and the page takes them over as they are', async ({
  page,
  browser,
  baseURL,
}) => {
  // docs/decisions/030-dashboard-first-screen-from-the-server.md
  const problems = collectPageProblems(page);
  await page.goto('/login');
  await signInThroughLoginScreen(page);

  // The document holds the first screen, marked for hydration; the app's scripts are not preloaded (they are asked for
  // after the first paint).
  const served = await (await page.request.get('/dashboard')).text();
  expect(served).toContain('<div id="root" data-server-rendered="wide">');
  expect(served).toContain('Set up Slack');
  expect(served).not.toContain('modulepreload');

  // Without JavaScript at all, the steps are there to read.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  try {
    const still = await noScript.newPage();
    await still.goto('/dashboard');
    await expect(still.getByRole('heading', { level: 3, name: 'Set up Slack', exact: true })).toBeVisible();
    await expect(still.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // With JavaScript, React hydrates the server's elements: the heading painted first is the one on the screen after the
  // app has started, and the page answers.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstHeading?: Element | null }).firstHeading = document.querySelector('main h2');
    });
  });
  await page.goto('/dashboard');
  const slack = stepCard(page, 'Set up Slack');
  await slack.getByRole('button', { name: 'Set up Slack' }).click();
  await expect(slack.getByRole('button', { name: 'Set up Slack' })).toHaveAttribute('aria-expanded', 'true');
  expect(
    await page.evaluate(() => {
      const first = (window as unknown as { firstHeading?: Element | null }).firstHeading;
      return first !== null && first !== undefined && first.isConnected && first === document.querySelector('main h2');
    }),
  ).toBe(true);
  expect(problems).toEqual([]);
});

test("when the app's scripts cannot be loaded, the page says so and what to do, and its button reloads it", async ({
  page,
}) => {
  // The steps the server rendered are on the screen, but nothing on them works without the app (src/client/boot.ts).
  await page.goto('/login');
  await signInThroughLoginScreen(page);
  const blocked = /\/assets\/start-[^/]*\.js$/;
  await page.route(blocked, (route) => route.abort());
  await page.goto('/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: "This page couldn't finish loading" });
  await expect(alert).toHaveText(/so its buttons don't work yet\. Check your connection, then reload the page\./);
  await expect(page.getByRole('heading', { level: 3, name: 'Set up Slack', exact: true })).toBeVisible();

  // The connection is back: 'Reload page' loads the app, and the page works.
  await page.unroute(blocked);
  await alert.getByRole('button', { name: 'Reload page' }).click();
  await expect(alert).toHaveCount(0);
  const slack = stepCard(page, 'Set up Slack');
  await slack.getByRole('button', { name: 'Set up Slack' }).click();
  await expect(slack.getByRole('button', { name: 'Set up Slack' })).toHaveAttribute('aria-expanded', 'true');
});

test('the dashboard is protected: without a session it goes to the login screen', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const response = await page.request.get('/api/onboarding');
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ statusCode: 401 });
});

test('an unknown address answers HTTP 404 and shows the 404 page with the path and a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  // Monitors, crawlers and link checkers see the 404 too, not only a person.
  expect(response?.status()).toBe(404);
  await expect(page.getByText("We couldn't find the page you're looking for.")).toBeVisible();
  await expect(page.getByText('/no-such-page')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  // Not signed in: the dashboard sends us on to the login screen.
  await expect(page).toHaveURL(/\/login$/);
});
