import { expect, request, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { startGoogleServer, type GoogleServer } from './support/google-server';
import { E2eOidcProvider } from './support/oidc-provider';

/**
 * Google sign-in end to end (docs/architecture.md#google-sign-in): Chromium goes from the login screen through a real
 * OpenID Connect provider (oauth2-mock-server on 127.0.0.1) and back to /login?code=…, against a second app server
 * configured for Google sign-in (no development sign-in), started by this file on its own port and data folder.
 */

const port = Number(process.env.E2E_GOOGLE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const DOMAIN_REFUSAL =
  'Only @inspired2uplift.org Google Workspace accounts can sign in. Sign in with your @inspired2uplift.org account.';

const ADA = {
  email: 'ada.lovelace@inspired2uplift.org',
  email_verified: true,
  hd: 'inspired2uplift.org',
  name: 'Ada Lovelace',
};

let provider: E2eOidcProvider;
let server: GoogleServer;

test.use({ baseURL: `http://localhost:${port}` });

test.beforeAll(async () => {
  provider = await E2eOidcProvider.start();
  server = await startGoogleServer({ port, issuer: provider.issuer });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/**
 * Clicks 'Sign in with Google' and follows the browser through the provider back to /login?code=…, holding the
 * code exchange until the login screen's processing state has been seen.
 * @returns how many times the login screen posted the code
 */
async function signInWithGoogle(page: Page): Promise<{ exchanges: () => number }> {
  let posted = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/google/callback', async (route) => {
    posted += 1;
    await held;
    await route.continue();
  });
  const backWithCode = page.waitForRequest(
    (req) => req.isNavigationRequest() && /\/login\?code=[^&]+&state=/.test(req.url()),
  );

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  const callback = await backWithCode;
  const redirect = callback.redirectedFrom();
  // The way back came from the provider's authorization endpoint, which the start route sent the browser to.
  expect(redirect?.url()).toContain(`${provider.issuer}/authorize?`);
  const authorization = new URL(redirect?.url() ?? '');
  expect(authorization.searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/login`);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('hd')).toBe('inspired2uplift.org');

  // Processing: the button is busy and the code is already gone from the address.
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, { state: "login screen processing a code ('Signing in...')" });
  release();
  return { exchanges: () => posted };
}

test('a member signs in with Google and lands on the dashboard as themselves', async ({ page }) => {
  provider.account = ADA;
  const { exchanges } = await signInWithGoogle(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada!' })).toBeVisible();
  await expect(page.getByText('ada.lovelace@inspired2uplift.org').first()).toBeVisible();
  await expect(page.getByText('Dev', { exact: true })).toHaveCount(0);
  expect(exchanges()).toBe(1);

  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect((await me.json()) as unknown).toMatchObject({
    user: {
      email: 'ada.lovelace@inspired2uplift.org',
      name: 'Ada Lovelace',
      isDevelopmentUser: false,
      workspaceId: 'inspired2uplift.org',
    },
  });
  // The avatar is served by our own server (no photo in this account: the generated initials).
  const picture = await page.request.get(((await me.json()) as { user: { picture: string } }).user.picture);
  expect(picture.headers()['content-type']).toContain('image/svg+xml');
});

test('an account of another domain is refused with a message naming the domain to use, and no session', async ({
  page,
}) => {
  provider.account = { ...ADA, email: 'eve@other.org', hd: 'other.org', name: 'Eve Other' };
  await signInWithGoogle(page);

  await expect(page.getByRole('alert')).toHaveText(DOMAIN_REFUSAL);
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, { state: "login screen after a refused account, with the 'Login Failed' toast" });
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('logging out ends the session on the server: the old cookie no longer works', async ({ page, context }) => {
  provider.account = { ...ADA, email: 'grace.hopper@inspired2uplift.org', name: 'Grace Hopper' };
  await signInWithGoogle(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();

  const session = (await context.cookies()).find((c) => c.name === 'onboarding_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const withOldCookie = await request.newContext({
    baseURL: server.origin,
    extraHTTPHeaders: { cookie: `onboarding_session=${session?.value}` },
  });
  try {
    expect((await withOldCookie.get('/api/me')).status()).toBe(200);

    await page.getByRole('button', { name: /log ?out/i }).click();
    await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const after = await withOldCookie.get('/api/me');
    expect(after.status()).toBe(401);
    expect((await after.json()) as unknown).toMatchObject({ statusCode: 401 });
  } finally {
    await withOldCookie.dispose();
  }
});
