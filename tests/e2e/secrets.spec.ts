import { expect, test, type Page } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { E2E_SECRETS } from './fixtures/secrets';
import { expectNoAxeViolations } from './support/axe';
import { startGoogleServer, type GoogleServer } from './support/google-server';
import { E2eOidcProvider } from './support/oidc-provider';
import { signInAs } from './support/sign-in';

/**
 * Shared passwords end to end (docs/product.md#shared-passwords). Google members sign in through a real OpenID Connect
 * provider (oauth2-mock-server) against a second app server with the shared passwords set and the e2e member records
 * seeded; the development user uses the main server of playwright.config.ts, which has the same passwords set.
 */

const googlePort = Number(process.env.E2E_SECRETS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);
const googleOrigin = `http://localhost:${googlePort}`;

let provider: E2eOidcProvider;
let server: GoogleServer;

test.beforeAll(async () => {
  provider = await E2eOidcProvider.start();
  server = await startGoogleServer({
    port: googlePort,
    issuer: provider.issuer,
    env: { ...E2E_SECRETS },
    seedMembers: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** Signs in with "Google" as `email` on the Google server and waits for the dashboard. */
async function signInWithGoogle(page: Page, email: string, name: string) {
  provider.account = { email, email_verified: true, hd: 'inspired2uplift.org', name };
  await page.goto(`${googleOrigin}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens the step card titled `title`. */
async function openStep(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: title }).click();
  return card;
}

test('a Google-signed-in finance member reveals and copies the finance password', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: googleOrigin });
  const secretAnswer = page.waitForResponse((r) => r.url().includes('/api/secrets/'));
  await signInWithGoogle(page, E2E_MEMBERS.finance.email, 'Fin Ance');
  const card = await openStep(page, 'Finance profile');
  const answer = await secretAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');

  // Masked until asked.
  await expect(card.getByLabel('Password hidden').first()).toHaveText('••••••••');
  await expect(card.getByText(E2E_SECRETS.FINANCE_PASS)).toHaveCount(0);
  await card.getByRole('button', { name: 'Show' }).first().click();
  await expect(card.getByText(E2E_SECRETS.FINANCE_PASS).first()).toBeVisible();
  await expectNoAxeViolations(page, { state: 'shared password revealed' });

  await card.getByRole('button', { name: 'Copy password' }).first().click();
  await expect(page.getByText(/^Password copied to clipboard/)).toBeVisible();
  await expectNoAxeViolations(page, { state: "shared password with the 'Password copied' toast" });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_SECRETS.FINANCE_PASS);
});

test('a volunteer whose role may not see a password sees the permission placeholder and tooltip', async ({ page }) => {
  // A blog writer (a volunteer role) has the Instagram step on the checklist, but docs/product.md#shared-passwords does
  // not allow the role.
  await signInWithGoogle(page, E2E_MEMBERS.blogWriter.email, 'Blog Writer');
  const card = await openStep(page, 'Instagram');
  const text = "You don't have the necessary permissions to view this password";
  await expect(card.getByText(text).first()).toBeVisible();
  await card.getByLabel('Password hidden').first().hover();
  await expect(page.getByRole('tooltip').filter({ hasText: text })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'shared password not permitted, tooltip shown' });
  await expect(card.getByRole('button', { name: 'Copy password' })).toHaveCount(0);
  await expect(page.getByText(E2E_SECRETS.INSTAGRAM_PASS)).toHaveCount(0);
});

test('a development user sees the development placeholder, never the password', async ({ page, baseURL }) => {
  await signInAs(page, E2E_MEMBERS.finance.email, { baseURL });
  await page.goto('/dashboard');
  const secretAnswer = page.waitForResponse((r) => r.url().includes('/api/secrets/'));
  const card = await openStep(page, 'Finance profile');
  expect((await secretAnswer).status()).toBe(403);
  const text = 'Development mode - real passwords hidden';
  await expect(card.getByText(text).first()).toBeVisible();
  await card.getByLabel('Password hidden').first().hover();
  await expect(page.getByRole('tooltip').filter({ hasText: text })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'shared password hidden from a development user, tooltip shown' });
  await expect(page.getByText(E2E_SECRETS.FINANCE_PASS)).toHaveCount(0);
});
