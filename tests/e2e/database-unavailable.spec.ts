import { expect, test, type Page, type Route } from '@playwright/test';
import { withoutDocumentAnswers } from './support/document-answers';
import { signInAs } from './support/sign-in';

/**
 * Database unavailable, in the browser (docs/architecture.md#database-unavailable): the member's change stays shown
 * with a clear message, the app sends it again until the server stores it, confirms, and a reload shows it; a read that
 * fails shows the Error page with 'Try again'.
 *
 * The server side (503 JSON while PostgreSQL is cut off, recovery by itself) is tested against a real outage in
 * src/server/reliability-tests/database-unavailable.test.ts. Here the e2e server runs on the embedded database, which
 * cannot be taken away from a running server, so the browser gets the server's 503 answer through `page.route` for the
 * first requests, then the real server answers.
 */

/** The answer of the server without its database (src/server/plugins/error-handler.ts). */
const UNAVAILABLE = {
  status: 503,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database is not available right now. Please try again in a moment.',
  }),
};

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** Answers the first `count` requests of `method` to `pattern` as the server without its database does. */
async function failFirst(page: Page, pattern: string, method: string, count: number): Promise<() => number> {
  let failed = 0;
  await page.route(pattern, async (route: Route) => {
    if (route.request().method() === method && failed < count) {
      failed += 1;
      await route.fulfill(UNAVAILABLE);
      return;
    }
    await route.continue();
  });
  return () => failed;
}

test('a step completed while the database is unavailable stays shown, is saved once it is back, and survives a reload', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'reliability.e2e@inspired2uplift.org', { name: 'Robin Reliable', baseURL });
  await page.goto('/dashboard');
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  const failed = await failFirst(page, '**/api/progress/steps/**', 'PUT', 2);

  const first = stepCard(page, 'Sign in to your Chrome profile');
  await first.getByRole('button', { name: 'Complete', exact: true }).click();

  // The change stays, and the page says what happened and what to do.
  const notice = page.getByRole('status').filter({ hasText: 'Not saved yet' });
  await expect(notice).toContainText("We couldn't save that just now — the server can't reach its database.");
  await expect(notice).toContainText("Your change is kept here and we'll save it when the connection is back.");
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  await expect(first.getByRole('button', { name: 'Reset step' })).toBeVisible();

  // Tried again after 1 s and 2 s: the third try reaches the real server, which stores it.
  await expect(page.getByText('Progress saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(failed()).toBe(2);
  await expect(notice).toHaveCount(0);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');

  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '11');
  await expect(
    stepCard(page, 'Sign in to your Chrome profile').getByRole('button', { name: 'Reset step' }),
  ).toBeVisible();
});

test("the steps cannot be read while the database is unavailable: the Error page, then 'Try again' once it is back", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'reliability.read.e2e@inspired2uplift.org', { name: 'Robin Reliable', baseURL });
  // The page tries a failed read three times (1 s, then 2 s apart) before it shows the Error page. The server's own read
  // for the document fails the same way, so the document carries no steps and the page asks the API
  // (docs/decisions/028-dashboard-render-on-a-phone.md).
  await withoutDocumentAnswers(page);
  const failed = await failFirst(page, '**/api/onboarding', 'GET', 3);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The database is not available right now. Please try again in a moment.')).toBeVisible();
  expect(failed()).toBe(3);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('heading', { level: 3, name: 'Sign in to your Chrome profile' })).toBeVisible();
});
