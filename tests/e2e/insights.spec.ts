import { expect, test, type Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  E2E_INSIGHTS_PEOPLE,
  EXPECTED_CALLOUT,
  firstStepWaitDays,
  INSIGHTS_DEPARTMENT,
  seededAtFile,
} from './fixtures/insights';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The insights page end to end, on the people scripts/e2e-seed.ts writes (tests/e2e/fixtures/insights.ts): the
 * funnel opening on the role with the most members, its call-out, its table alternative, "all roles" as each role's
 * completion, and a bar that opens the members behind it. Screenshots at desktop and
 * phone width are attached to the test's results.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

/**
 * The texts of a region's charts that run past the chart's right edge (its card cuts them off): the SVG texts of every
 * chart (a column chart's one SVG, each bar chart row's own); the bar charts' row labels are HTML and wrap.
 */
async function textsPastTheEdge(region: Locator): Promise<string[]> {
  const charts = region.locator('svg:has(text)');
  await expect(charts.first()).toBeAttached();
  return charts.evaluateAll((charts) =>
    charts.flatMap((chart) => {
      const right = chart.getBoundingClientRect().right;
      return [...chart.querySelectorAll('text')]
        .filter((text) => text.getBoundingClientRect().right > right + 1)
        .map((text) => text.textContent ?? '');
    }),
  );
}

test('an admin reads where people stop in the largest role, sees the same numbers as a table, compares the roles, and opens the members behind a bar', async ({
  page,
  baseURL,
}, testInfo) => {
  // Five axe runs over a page of charts: over a minute when the machine is busy.
  test.setTimeout(150_000);
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
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
  // The funnel opens on one role: the one with the most members (here every member of the department volunteers).
  await expect(funnel.getByRole('combobox', { name: 'Funnel of' })).toHaveValue('volunteer');
  await expect(funnel).toContainText(
    'Volunteer has the most members. 7 members, of whom 1 has completed every step (14%).',
  );
  await expect(funnel.getByTestId('funnel-callout')).toContainText(EXPECTED_CALLOUT);
  await expect(
    page.getByRole('region', { name: 'Activity' }).getByRole('group', { name: /steps completed per week/u }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { state: 'insights page, department filter, charts' });

  // Desktop screenshot, then phone width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('insights-desktop.png'), fullPage: true });
  expect(await textsPastTheEdge(funnel), 'bar texts cut off at desktop width').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funnel.getByTestId('funnel-callout')).toBeVisible();
  await expect.poll(() => textsPastTheEdge(funnel), { message: 'bar texts cut off at phone width' }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('insights-phone.png'), fullPage: true });
  await expectNoAxeViolations(page, { state: 'insights page at phone width' });
  // 320 px with 200% text (WCAG 1.4.10 with 1.4.4), as the reading preferences set it on the page: each bar's text
  // goes under its bar, on as many lines as it needs; the row labels are HTML and wrap.
  await page.evaluate(() => (document.documentElement.dataset.textSize = '200'));
  await page.setViewportSize({ width: 320, height: 844 });
  await expect
    .poll(() => textsPastTheEdge(funnel), { message: 'bar texts cut off at 320 px with 200% text' })
    .toEqual([]);
  // The column charts' axis and value texts too (they scroll sideways in a box of their own), and every chart text on
  // the page has grown with the text size: none smaller than 11/16 of the root's font size (WCAG 1.4.4).
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect
    .poll(() => textsPastTheEdge(activity), { message: 'column chart texts cut off at 320 px with 200% text' })
    .toEqual([]);
  const smallest = await page.locator('svg text').evaluateAll((texts) => {
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
    return Math.min(...texts.map((text) => parseFloat(getComputedStyle(text).fontSize) / root));
  });
  expect(smallest, 'the smallest chart text, as a share of the root font size').toBeGreaterThanOrEqual(0.6875);
  await page.screenshot({ path: testInfo.outputPath('insights-320-200.png'), fullPage: true });
  await page.evaluate(() => delete document.documentElement.dataset.textSize);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The bar of the called-out step is a focusable link whose name says its values.
  const slackNow = funnel.getByRole('link', {
    name: 'Set up Slack: 3 on it now, median wait 15 days. Open the list.',
  });
  await slackNow.focus();
  await expect(slackNow).toBeFocused();
  const slackDone = funnel.getByRole('link', { name: 'Set up Slack: 1 completed (14%) of 7 members. Open the list.' });
  await expect(slackDone).toBeVisible();

  // The table alternative: the same numbers.
  await funnel.getByRole('button', { name: 'Show table' }).click();
  await expect(funnel.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  const row = funnel.getByTestId('funnel-table').getByRole('row', { name: /^Set up Slack/u });
  await expect(row.getByRole('cell')).toHaveText(['7', '1', '3', '3', '15 days']);
  const chromeRow = funnel.getByTestId('funnel-table').getByRole('row', { name: /^Sign in to your Chrome profile/u });
  // The two who have not started wait from the start of their first day: 2 days, or 3 past the next midnight.
  const dataDir =
    testInfo.project.name === 'chromium-second' ? process.env.E2E_SECOND_DATA_DIR : process.env.E2E_DATA_DIR;
  const seededAt = new Date(readFileSync(seededAtFile(dataDir ?? ''), 'utf8'));
  const newcomer = E2E_INSIGHTS_PEOPLE.find((person) => person.done === 0);
  const waited = firstStepWaitDays(seededAt, newcomer?.waitDays ?? Number.NaN, new Date());
  await expect(chromeRow.getByRole('cell')).toHaveText(['7', '5', '2', '0', `${waited} days`]);
  await page.screenshot({ path: testInfo.outputPath('insights-funnel-table.png') });
  await expectNoAxeViolations(page, { state: 'insights page, funnel as a table' });

  // "All roles": no funnel of every role's steps together, but each role's completion, as a chart and as a table.
  await funnel.getByRole('combobox', { name: 'Funnel of' }).selectOption({ label: 'All roles: completion per role' });
  await expect(page).toHaveURL(/funnel=all/u);
  await expect(funnel.getByTestId('funnel-callout')).toHaveCount(0);
  await expect(
    funnel.getByRole('link', { name: 'Volunteer: 1 completed every step (14%) of 7 members. Open the list.' }),
  ).toBeVisible();
  await funnel.getByRole('button', { name: 'Show table' }).click();
  const volunteerRow = funnel.getByTestId('role-completion-table').getByRole('row', { name: /^Volunteer/u });
  await expect(volunteerRow.getByRole('cell')).toHaveText(['7', '1', '14%']);
  await expectNoAxeViolations(page, { state: 'insights page, completion per role' });

  // Back to the volunteers' funnel as a chart; a click on the bar opens the members table, filtered to those three.
  await funnel.getByRole('combobox', { name: 'Funnel of' }).selectOption({ label: 'Volunteer (7 members)' });
  await expect(funnel.getByRole('button', { name: 'Show table' })).toBeVisible();
  await slackNow.click();
  await expect(page).toHaveURL(/\/admin\?role=volunteer&department=Outreach&currentStep=Set\+up\+Slack$/u);
  await expect(page.getByText('From insights:')).toBeVisible();
  await expect(page.getByText('Showing 1–3 of 3 members')).toBeVisible();
  for (const name of ['Sam Slack', 'Sasha Slack', 'Sol Slack'])
    await expect(page.getByRole('link', { name })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'members table filtered from insights' });
});
