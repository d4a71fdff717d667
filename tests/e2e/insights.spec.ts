import { expect, test, type Page } from '@playwright/test';
import { EXPECTED_CALLOUT, INSIGHTS_DEPARTMENT } from './fixtures/insights';
import { expectNoAxeViolations } from './support/axe';

/**
 * The insights page end to end, on the people scripts/e2e-seed.ts writes (tests/e2e/fixtures/insights.ts): the
 * funnel's call-out, its table alternative, and a bar that opens the members behind it. Screenshots at desktop and
 * phone width are attached to the test's results.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  const response = await page.request.post('/api/auth/dev-login', {
    data: { email: ADMIN, name: 'Alex Admin' },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(response.status()).toBe(200);
}

test('an admin reads where people stop, sees the same numbers as a table, and opens the members behind a bar', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInAsAdmin(page, baseURL);
  // The charting library comes with the insights page only.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  const beforeInsights = scripts.length;
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(beforeInsights);

  await page.getByLabel('Department').selectOption(INSIGHTS_DEPARTMENT);
  await expect(page).toHaveURL(/department=Outreach/u);
  const funnel = page.getByRole('region', { name: 'Funnel' });
  await expect(funnel.getByTestId('funnel-callout')).toContainText(EXPECTED_CALLOUT);
  await expect(funnel).toContainText('7 members, of whom 1 has completed every step (14%).');
  await expect(
    page.getByRole('region', { name: 'Activity' }).getByRole('group', { name: /steps completed per week/u }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { state: 'insights page, department filter, charts' });

  // Desktop screenshot, then phone width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('insights-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funnel.getByTestId('funnel-callout')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('insights-phone.png'), fullPage: true });
  await expectNoAxeViolations(page, { state: 'insights page at phone width' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The bar of the called-out step is a focusable link whose name says its values.
  const slackNow = funnel.getByRole('link', {
    name: 'Set up Slack: 3 members on it now, waiting a median of 15 days. Open the list.',
  });
  await slackNow.focus();
  await expect(slackNow).toBeFocused();
  const slackDone = funnel.getByRole('link', { name: 'Set up Slack: 1 of 7 members completed it. Open the list.' });
  await expect(slackDone).toBeVisible();

  // The table alternative: the same numbers.
  await funnel.getByRole('button', { name: 'Show table' }).click();
  await expect(funnel.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  const row = funnel.getByTestId('funnel-table').getByRole('row', { name: /^Set up Slack/u });
  await expect(row.getByRole('cell')).toHaveText(['7', '1', '3', '3', '15 days']);
  const chromeRow = funnel.getByTestId('funnel-table').getByRole('row', { name: /^Sign in to your Chrome profile/u });
  await expect(chromeRow.getByRole('cell')).toHaveText(['7', '5', '2', '0', '2 days']);
  await page.screenshot({ path: testInfo.outputPath('insights-funnel-table.png') });
  await expectNoAxeViolations(page, { state: 'insights page, funnel as a table' });

  // Back to the chart; a click on the bar opens the members table, filtered to those three people.
  await funnel.getByRole('button', { name: 'Show chart' }).click();
  await slackNow.click();
  await expect(page).toHaveURL(/\/admin\?department=Outreach&currentStep=Set\+up\+Slack$/u);
  await expect(page.getByText('From insights:')).toBeVisible();
  await expect(page.getByText('Showing 1–3 of 3 members')).toBeVisible();
  for (const name of ['Sam Slack', 'Sasha Slack', 'Sol Slack'])
    await expect(page.getByRole('link', { name })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'members table filtered from insights' });
});
