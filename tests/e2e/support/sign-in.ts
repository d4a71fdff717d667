import { type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Signs the page's browser context in with the development sign-in (`AUTH_DEV_LOGIN`, docs/operations.md#configuration): the app's
 * session cookie is set in the context, as after a real sign-in. The request carries the app's Origin, as a page of the
 * app would (the same-origin check, docs/security.md).
 * @param page any page of the browser context to sign in
 * @param email the address to sign in as
 * @param options `name`: the name the person has (else the part of the address before @); `baseURL`: the app's address
 *   (default: the project's baseURL)
 * @throws when the app does not answer 200
 */
export async function signInAs(
  page: Page,
  email: string,
  options: { name?: string; baseURL?: string | undefined } = {},
): Promise<void> {
  const origin = new URL(options.baseURL ?? test.info().project.use.baseURL ?? 'http://localhost').origin;
  const response = await page.request.post(`${origin}/api/auth/dev-login`, {
    data: options.name === undefined ? { email } : { email, name: options.name },
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A page of a new browser context whose `baseURL` is the app's, signed in as `email` ({@link signInAs}): for a test
 * with several people at once, or an app server of the spec's own.
 * @param browser the test's browser
 * @param email the address to sign in as
 * @param options `name`: the person's name; `baseURL`: the app's address
 * @throws when the app does not answer 200
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: { name?: string; baseURL: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: options.baseURL });
  const page = await context.newPage();
  await signInAs(page, email, options);
  return page;
}

/**
 * An address no one has signed in with yet, so that a test starts from a new member's state whatever ran before it on
 * the same server: `<name>.<time and a random part>@inspired2uplift.org`.
 * @param name the address's first part, e.g. 'reflow'
 */
export const uniqueEmail = (name: string): string =>
  `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@inspired2uplift.org`;
