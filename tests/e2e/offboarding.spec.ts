import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_MEMBERS } from './fixtures/members';
import { E2E_SECRETS } from './fixtures/secrets';
import { expectNoAxeViolations } from './support/axe';
import { startGoogleServer, type GoogleServer } from './support/google-server';
import { E2eOidcProvider } from './support/oidc-provider';

/**
 * Offboarding and a shared password's rotation end to end (docs/decisions/020-people-and-permissions.md,
 * docs/product.md#shared-passwords): someone who saw the Finance password leaves; the admin finds the password on their
 * offboarding list, sets a new one in the 'Shared passwords' tab, and a finance member who had seen the old one gets the
 * new value with "This password changed on …". Everyone signs in with "Google" (a real OpenID provider) on a second
 * app server with the shared passwords set and the e2e member records seeded.
 */

const port = Number(process.env.E2E_OFFBOARDING_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 4);
const origin = `http://localhost:${port}`;
const ADMIN = 'admin.offboarding.e2e@inspired2uplift.org';
const LEAVER = E2E_MEMBERS.financeDirector.email;
const STAYER = E2E_MEMBERS.finance.email;
const NEW_FINANCE_PASSWORD = 'Ledger-Autumn-2026!';

let provider: E2eOidcProvider;
let server: GoogleServer;

test.beforeAll(async () => {
  provider = await E2eOidcProvider.start();
  server = await startGoogleServer({
    port,
    issuer: provider.issuer,
    env: { ...E2E_SECRETS, ADMIN_EMAILS: ADMIN },
    seedMembers: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** A fresh browser context signed in with "Google" as `email`, on the dashboard. */
async function signedIn(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  provider.account = { email, email_verified: true, hd: 'inspired2uplift.org', name };
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** Opens the 'Finance profile' step and shows its password; returns the card. */
async function showFinancePassword(page: Page) {
  const card = page.getByRole('article', { name: 'Finance profile' });
  await card.getByRole('button', { name: 'Finance profile' }).click();
  await card.getByRole('button', { name: 'Show' }).first().click();
  return card;
}

test('a leaver who saw the Finance password: the admin rotates it and a finance member gets the new one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Two finance people see the current password.
  const stayer = await signedIn(browser, STAYER, 'Fin Ance');
  await expect((await showFinancePassword(stayer)).getByText(E2E_SECRETS.FINANCE_PASS).first()).toBeVisible();
  const leaver = await signedIn(browser, LEAVER, 'Dana Director');
  await expect((await showFinancePassword(leaver)).getByText(E2E_SECRETS.FINANCE_PASS).first()).toBeVisible();

  // The admin marks the leaver as having left.
  const admin = await signedIn(browser, ADMIN, 'Alex Admin');
  await admin.goto(`${origin}/admin/members/${encodeURIComponent(LEAVER)}`);
  await admin.getByLabel('Left on').fill('2026-11-20');
  await admin.getByLabel('Note (optional)').fill('Moved to university in Leeds.');
  await admin.getByRole('button', { name: 'Mark as left' }).click();
  // It asks first, naming what happens; nothing has happened yet.
  const confirm = admin.getByRole('alertdialog', { name: /^Mark .* as left\?$/u });
  await expect(confirm).toContainText('is signed out on every device now and can no longer sign in');
  await expect(confirm).toContainText('They left on 20 Nov 2026.');
  await confirm.getByRole('button', { name: 'Mark as left' }).click();
  await expect(admin.getByText(`${LEAVER} is marked as having left and is signed out`)).toBeVisible();
  // The note as typed, its full stop not doubled.
  await expect(admin.getByText('Note: Moved to university in Leeds.', { exact: true })).toBeVisible();
  // Someone who left is offered no buddy.
  await expect(admin.getByText(/suggestions|Suggested:/u)).toHaveCount(0);

  // Their sessions ended at once: the next page load asks them to sign in, and signing in is refused kindly.
  await leaver.reload();
  await expect(leaver).toHaveURL(/\/login/);
  provider.account = { email: LEAVER, email_verified: true, hd: 'inspired2uplift.org', name: 'Dana Director' };
  await leaver.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(leaver.getByText(/Your onboarding account closed when you left/).first()).toBeVisible();
  await expect(leaver).not.toHaveURL(/\/dashboard/);

  // The offboarding list names the Finance password, not changed since they saw it.
  const seen = admin.getByRole('region', { name: 'Shared passwords they saw' });
  const financeItem = seen.getByRole('listitem').filter({ hasText: 'Finance profile' });
  await expect(financeItem).toContainText('not changed since');
  await expectNoAxeViolations(admin, { state: 'offboarded member with the shared passwords they saw' });

  // The admin sets a new Finance password in the 'Shared passwords' tab.
  await admin.goto(`${origin}/admin?tab=passwords`);
  const financeCard = admin.getByRole('region', { name: /Finance profile/ });
  await financeCard.getByLabel('New password').fill(NEW_FINANCE_PASSWORD);
  await financeCard.getByRole('button', { name: 'Save new password' }).click();
  await expect(admin.getByText(/^Saved the new password for .*Finance profile/)).toBeVisible();
  await expect(financeCard).toContainText(`by ${ADMIN}`);

  // Back on the leaver's page the password counts as changed.
  await admin.goto(`${origin}/admin/members/${encodeURIComponent(LEAVER)}`);
  await expect(financeItem).toContainText('changed');
  await expect(financeItem).not.toContainText('not changed since');
  await expect(financeItem.getByRole('button', { name: /rotated/ })).toHaveCount(0);

  // The finance member who saw the old value gets the new one, with the notice.
  await stayer.reload();
  const card = await showFinancePassword(stayer);
  await expect(card.getByText(NEW_FINANCE_PASSWORD).first()).toBeVisible();
  await expect(card.getByText(E2E_SECRETS.FINANCE_PASS)).toHaveCount(0);
  await expect(card.getByText(/^This password changed on \d{1,2} [A-Z][a-z]{2}$/).first()).toBeVisible();
  await expectNoAxeViolations(stayer, { state: "shared password with 'This password changed on'" });
});
