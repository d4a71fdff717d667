import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * 'Your devices' end to end (docs/product.md#your-devices): the same member signed in on two browsers (two contexts);
 * on the first, they open 'Your devices' from the header with the keyboard, see both, and sign the other out; the
 * other's next page load lands on the login page.
 */
const MEMBER = 'devices.e2e@inspired2uplift.org';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signedInContext(browser: Browser, baseURL: string | undefined, userAgent?: string) {
  const context = await browser.newContext(userAgent === undefined ? {} : { userAgent });
  const page = await context.newPage();
  await signInAs(page, MEMBER, { name: 'Devi Ces', baseURL });
  return { context, page };
}

test('a member signs out their other browser from "Your devices"; that browser lands on the login page', async ({
  browser,
  baseURL,
}) => {
  const here = await signedInContext(browser, baseURL);
  const there = await signedInContext(browser, baseURL, FIREFOX_ON_LINUX);
  try {
    await there.page.goto('/dashboard');
    await expect(there.page.getByRole('heading', { name: 'Welcome, Devi!' })).toBeVisible();

    await here.page.goto('/dashboard');
    const link = here.page.getByRole('link', { name: 'Your devices' });
    await link.focus();
    await here.page.keyboard.press('Enter');
    await expect(here.page).toHaveURL(/\/devices$/);
    await expect(here.page.getByRole('heading', { name: 'Your devices' })).toBeVisible();

    const devices = here.page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    const other = devices.filter({ hasText: 'Firefox 133 on Linux' });
    await expect(other).toContainText('Last used');
    await expect(other).toContainText('127.0.0.1');
    await expectNoAxeViolations(here.page, { state: "'Your devices' with two signed-in browsers" });

    await other.getByRole('button', { name: 'Sign out Firefox 133 on Linux' }).click();
    await expect(here.page.getByText('Firefox 133 on Linux is signed out.')).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('This device');

    // The other browser's next page load: its session is gone, so it is sent to sign in.
    await there.page.reload();
    await expect(there.page).toHaveURL(/\/login/);
    await expect(there.page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
    // This one is still signed in.
    expect((await here.page.request.get('/api/me')).status()).toBe(200);
  } finally {
    await here.context.close();
    await there.context.close();
  }
});
