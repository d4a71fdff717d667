import { expect, test, type Browser, type Page } from '@playwright/test';
import fc from 'fast-check';
import { FONTS, THEMES, type Preferences } from '../../src/shared/preferences';
import { allCombinations, eachValueOnce, pairwiseCombinations, type Factors } from './support/pairwise';
import { expectVisibleFocus, tabTo, waitForTakeOver } from './support/keyboard';
import { brokenWords, dialogProblems, reflowProblems } from './support/reflow';
import { openStep } from './support/steps';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Reflow, text spacing and resized text at the edges (docs/product.md#accessibility, WCAG 2.2 1.4.10, 1.4.12, 1.4.4):
 * every step kind of the demo page and every step of the volunteer role, each opened in turn, and the dialogs (the
 * mobile warning, reading and display, the agreement's signature, then its receipt), at 320 CSS px and at 1280 px
 * zoomed to 400% (a 320 × 200 CSS px viewport at 4 device pixels each), for combinations of text size, spacing,
 * theme, font and easy read (every pair of their values at 320 px). Nothing with text or a control leaves the viewport
 * outside a scroll container, the page never scrolls sideways, no text is cut off, and a dialog fits the screen and
 * opens at its title. The check that no control's label breaks inside a word (brokenWords) is tested here on a page of
 * its own; it runs at 320 px with 200% text in tests/e2e/aaa-preferences.spec.ts.
 * The combinations run in parallel pages of one browser; each failure names the page state, the settings and the
 * element.
 */

const VIEWPORTS = {
  '320 px': { viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  '1280 px at 400%': { viewport: { width: 320, height: 200 }, deviceScaleFactor: 4 },
} as const;

/** The reading and display settings the matrix combines. */
const SETTINGS = {
  textSize: [100, 150, 200] as const,
  spacing: [false, true],
  theme: THEMES,
  font: FONTS,
  easyRead: [false, true],
} satisfies Factors;

/**
 * At 320 px every pair of values of two settings (high contrast with 200% text among them); at 400% zoom, the same
 * width but 200 px tall, each value once, the largest of each together first (the dialogs' height is what differs).
 */
const COMBINATIONS = [
  ...pairwiseCombinations(SETTINGS).map((settings) => ({ viewport: '320 px' as const, ...settings })),
  ...eachValueOnce(SETTINGS).map((settings) => ({ viewport: '1280 px at 400%' as const, ...settings })),
];
/** Pages open at once: each waits on the server and the browser's layout most of the time. */
const PARALLEL_PAGES = 4;

type Settings = (typeof COMBINATIONS)[number];

const describeSettings = (settings: Settings) =>
  `${settings.viewport}, text ${settings.textSize}%, spacing ${settings.spacing ? 'on' : 'off'}, theme ${settings.theme}, font ${settings.font}, easy read ${settings.easyRead ? 'on' : 'off'}`;

/** Each pair of values of two different settings that no row of `rows` holds together. */
function missingPairs(factors: Factors, rows: readonly Record<string, unknown>[]): string[] {
  const names = Object.keys(factors);
  const missing: string[] = [];
  for (let i = 0; i < names.length; i += 1)
    for (let j = i + 1; j < names.length; j += 1)
      for (const a of factors[names[i] ?? ''] ?? [])
        for (const b of factors[names[j] ?? ''] ?? [])
          if (!rows.some((row) => row[names[i] ?? ''] === a && row[names[j] ?? ''] === b))
            missing.push(`${names[i]}=${String(a)} with ${names[j]}=${String(b)}`);
  return missing;
}

test('the settings matrix covers every pair of values of two settings at 320 px, each value at 400%, in fewer combinations than all', () => {
  const at = (viewport: keyof typeof VIEWPORTS) => COMBINATIONS.filter((row) => row.viewport === viewport);
  expect(missingPairs(SETTINGS, at('320 px'))).toEqual([]);
  expect(
    at('320 px').some((row) => row.theme === 'contrast' && row.textSize === 200),
    'high contrast with 200% text',
  ).toBe(true);
  for (const [name, values] of Object.entries(SETTINGS))
    for (const value of values)
      expect(
        at('1280 px at 400%').map((row) => row[name as keyof typeof SETTINGS]),
        `${name}=${value} at 400%`,
      ).toContain(value);
  expect(at('1280 px at 400%')[0]).toMatchObject({ textSize: 200, spacing: true, font: 'legible', easyRead: true });
  expect(COMBINATIONS.length).toBeLessThan(allCombinations(SETTINGS).length / 4);
  // Any matrix: 1 to 5 settings of 1 to 4 values each.
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }), (sizes) => {
      const factors = Object.fromEntries(
        sizes.map((size, i) => [`s${i}`, Array.from({ length: size }, (_, value) => value)]),
      );
      const rows = pairwiseCombinations(factors);
      expect(missingPairs(factors, rows)).toEqual([]);
      expect(rows.length).toBeLessThanOrEqual(allCombinations(factors).length);
      const once = eachValueOnce(factors);
      expect(once).toHaveLength(Math.max(...sizes));
      for (const [name, values] of Object.entries(factors))
        expect(new Set(once.map((row) => row[name]))).toEqual(new Set(values));
    }),
    { numRuns: 60 },
  );
});

test('the wrapped-label check: a label broken inside a word that would fit is found; a word longer than its line, or a break between words, is not', async ({
  page,
}) => {
  const look = async (width: number, label: string, style = '') => {
    await page.setContent(
      `<main style="width: ${width}px; font: 16px sans-serif; overflow-wrap: anywhere">
        <div style="display: flex"><button style="${style}">${label}</button></div>
      </main>`,
    );
    return brokenWords(page);
  };
  // Squeezed to less than 'Fullscreen' while its row has room for the word.
  const squeezed = await look(160, 'Open Fullscreen', 'min-width: 0; flex-shrink: 1; width: 60px');
  expect(squeezed).toHaveLength(1);
  expect(squeezed[0]).toContain('"Fullscreen"');
  // Wrapped between its words: nothing.
  expect(await look(160, 'Open Fullscreen', 'width: 130px')).toEqual([]);
  // An address longer than the whole line wraps rather than sticks out: not a finding.
  expect(await look(120, 'volunteers@inspired2uplift.org', 'width: 120px')).toEqual([]);
  // A break after a hyphen or a slash is a break between words.
  expect(await look(160, 'Sign-in/sign-out', 'width: 110px')).toEqual([]);
});

/** The member's preferences of `settings` (the others at their defaults, motion reduced so nothing moves). */
const preferencesOf = (settings: Settings): Preferences => ({
  textSize: settings.textSize,
  spacing: settings.spacing,
  font: settings.font,
  theme: settings.theme,
  motion: 'reduced',
  oneStepAtATime: false,
  easyRead: settings.easyRead,
});

/** Checks one page state; its problems go to `found`, each naming the state and the settings. */
async function check(page: Page, state: string, settings: Settings, found: string[], dialog = false) {
  const problems = [...(await reflowProblems(page)), ...(dialog ? await dialogProblems(page) : [])];
  for (const problem of problems) found.push(`${state} | ${describeSettings(settings)} | ${problem}`);
}

/** Opens each step card of the page in turn and checks the page. */
async function checkEachStep(page: Page, where: string, settings: Settings, found: string[]) {
  const titles = (await page.locator('main article h3').allTextContents()).map((title) => title.trim());
  expect(titles.length, `${where}: steps`).toBeGreaterThanOrEqual(7);
  for (const title of titles) {
    await openStep(page, title);
    await check(page, `${where}, step "${title}" open`, settings, found);
  }
}

/** Opens 'Reading and display' (from the header's menu where the header folds) and checks it; closes it again. */
async function checkReadingPanel(page: Page, where: string, settings: Settings, found: string[]) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await check(page, `${where}, header menu open`, settings, found);
  }
  await page.getByRole('button', { name: 'Reading and display' }).click();
  const panel = page.getByRole('dialog', { name: 'Reading and display' });
  await expect(panel).toBeVisible();
  await check(page, `${where}, reading and display panel`, settings, found, true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

/** All states of one combination, in a browser context of its own. */
async function checkCombination(browser: Browser, baseURL: string | undefined, settings: Settings): Promise<string[]> {
  const found: string[] = [];
  const { viewport, deviceScaleFactor } = VIEWPORTS[settings.viewport];
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor });
  const preferences = preferencesOf(settings);
  // The demo page is signed out: it shows the preferences this browser keeps.
  await context.addInitScript(
    (stored) => {
      localStorage.setItem('onboarding_preferences', stored);
    },
    JSON.stringify({ preferences, unsaved: false }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    await signInAs(page, uniqueEmail('reflow'), { baseURL });
    const saved = await page.request.put('/api/me/preferences', { data: preferences, headers: { Origin: origin } });
    expect(saved.status(), await saved.text()).toBe(200);

    // The dashboard: the mobile warning first (a narrow screen), then the page and each step.
    await page.goto('/dashboard');
    const warning = page.getByRole('dialog', { name: 'Warning' });
    // 800 ms after the page has hydrated: longer on a busy machine.
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await check(page, 'dashboard, mobile warning', settings, found, true);
    await warning.getByRole('button', { name: 'Continue Anyway' }).click();
    await expect(warning).toBeHidden();
    await check(page, 'dashboard', settings, found);
    await checkEachStep(page, 'dashboard', settings, found);
    await checkReadingPanel(page, 'dashboard', settings, found);

    // The agreement: downloading it ends the wait; its signature dialog, then the receipt.
    const agreement = await openStep(page, 'Sign the Volunteer Agreement');
    const download = page.waitForEvent('download');
    await agreement.getByRole('link', { name: 'Download', exact: true }).click();
    await download;
    await agreement.getByRole('button', { name: 'Sign', exact: true }).click();
    const sign = page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' });
    await expect(sign).toBeVisible();
    await check(page, 'dashboard, signature dialog', settings, found, true);
    await sign.getByLabel('Your full name').fill('Sam Lee-Fitzgerald-Okonkwo');
    await sign.getByRole('checkbox').check();
    await sign.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(sign).toBeHidden();
    await expect(agreement.getByRole('link', { name: 'Download your signed receipt (PDF)' })).toBeVisible();
    await check(page, 'dashboard, agreement signed with its receipt', settings, found);

    await page.goto('/test');
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
    await checkEachStep(page, '/test', settings, found);
  } finally {
    await context.close();
  }
  return found;
}

test(`reflow: every step and dialog, ${COMBINATIONS.length} combinations of the settings, nothing sideways or cut off`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const found: string[] = [];
  const queue = [...COMBINATIONS];
  const worker = async () => {
    for (let settings = queue.shift(); settings !== undefined; settings = queue.shift()) {
      try {
        found.push(...(await checkCombination(browser, baseURL, settings)));
      } catch (error) {
        found.push(
          `${describeSettings(settings)} | could not be checked: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  expect(found).toEqual([]);
});

test('the header at 320 px with 200% text takes at most a third of the screen; its menu button opens the rest', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 } });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  const page = await context.newPage();
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  await signInAs(page, uniqueEmail('header'), { baseURL });
  const preferences: Preferences = {
    ...preferencesOf(COMBINATIONS[0] as Settings),
    textSize: 200,
    spacing: true,
    font: 'legible',
  };
  expect(
    (await page.request.put('/api/me/preferences', { data: preferences, headers: { Origin: origin } })).status(),
  ).toBe(200);
  await page.goto('/dashboard');
  await waitForTakeOver(page);

  const header = page.getByRole('banner');
  const height = async () => (await header.boundingBox())?.height ?? Infinity;
  expect(await height()).toBeLessThanOrEqual(640 / 3);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeInViewport();

  // The rest is behind 'Menu', a disclosure: out of the tree while closed, reached with Tab once open.
  const menu = header.getByRole('button', { name: 'Menu' });
  const reading = page.getByRole('button', { name: 'Reading and display' });
  await expect(reading).toBeHidden();
  await expect(header.getByRole('button', { name: 'Log out' })).toBeHidden();
  await tabTo(page, menu);
  await expectVisibleFocus(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(header.getByText('Beta').filter({ visible: true })).toBeVisible();
  await expect(reading).toBeFocused();
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await reflowProblems(page)).toEqual([]);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(reading).toBeHidden();

  // Where everything fits (1280 px), there is no menu button and everything shows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toHaveCount(0);
  await expect(reading).toBeVisible();
  await context.close();
});
