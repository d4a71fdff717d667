import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { startGoogleServer, type GoogleServer } from './support/google-server';
import { E2eOidcProvider } from './support/oidc-provider';

/**
 * A limited start of sign-in in Chromium: once one address has used up its sign-in starts, pressing 'Sign in with
 * Google' lands on a page in the app's style that says how long to wait — never raw JSON. Against an app server
 * configured for Google sign-in with a tiny start limit (2 a minute), on its own port and data folder.
 */

const port = Number(process.env.E2E_RUSH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);

let provider: E2eOidcProvider;
let server: GoogleServer;

test.use({ baseURL: `http://localhost:${port}` });

test.beforeAll(async () => {
  provider = await E2eOidcProvider.start();
  provider.account = {
    email: 'sam.rush@inspired2uplift.org',
    email_verified: true,
    hd: 'inspired2uplift.org',
    name: 'Sam Rush',
  };
  server = await startGoogleServer({ port, issuer: provider.issuer, env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

test('the limited start of sign-in shows the friendly "please wait" page, which leads back to the login screen', async ({
  page,
  context,
}) => {
  // Two people sign in from this address: both get in.
  for (let i = 0; i < 2; i += 1) {
    await context.clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  // The third within the minute meets the start limit.
  await context.clearCookies();
  await page.goto('/login');
  const limited = page.waitForResponse((res) => res.url().includes('/api/auth/google/start'));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const response = await limited;
  expect(response.status()).toBe(429);
  expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1, name: 'Lots of people are signing in right now' })).toBeVisible();
  await expect(page.getByText(/^Please wait (\d+ seconds?|1 minute), then try again\.$/)).toBeVisible();
  const logo = page.getByRole('img', { name: 'INSPIRED 2 UPLIFT' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('body')).not.toContainText('statusCode');
  await expect(page).toHaveTitle('Please wait a moment · Onboarding');
  await expectNoAxeViolations(page, { state: "the 'please wait' page of a limited sign-in start" });

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
});
