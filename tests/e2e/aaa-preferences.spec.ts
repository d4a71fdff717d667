import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Preferences } from '../../src/shared/preferences';
import { contrastProblems } from './support/contrast';
import { brokenWords, reflowProblems } from './support/reflow';
import { signInAs, uniqueEmail } from './support/sign-in';
import { openStep } from './support/steps';
import { labelsNotInNames, longLines, smallTargets } from './support/targets';

/**
 * AAA where a preference asks for it (docs/product.md#accessibility): the high-contrast theme gives every text at
 * least 7:1 (WCAG 1.4.6) — placeholders, disabled controls, focus rings, chart labels and toasts included; 200% text
 * makes every pointer target at least 44 × 44 px (2.5.5); easy read keeps lines to 80 characters (1.4.8). Each is
 * measured as drawn over the pages the reflow matrix opens (tests/e2e/reflow.spec.ts): every step of the demo page
 * and of the volunteer role, open in turn, and the dialogs; the contrast also over the admin's charts, a form with
 * placeholders and a toast; the target sizes also over every tab of the admin console, the insights page and the
 * content studio's pages. At 320 px with 200% text those pages also reflow (1.4.10: nothing sideways or cut off, and
 * no control's label broken inside a word, with one step at a time too). The looks run in parallel pages of one browser; a failure names the page state. The shared e2e admin gets back the
 * preferences it had.
 */

const ADMIN = 'admin.e2e@inspired2uplift.org';
const DEFAULTS: Preferences = {
  textSize: 100,
  spacing: false,
  font: 'standard',
  theme: 'light',
  motion: 'reduced',
  oneStepAtATime: false,
  easyRead: false,
};

/** A page of its own context at `width` px, signed in as `email` (none: signed out) with `preferences` saved. */
async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  width: number,
  preferences: Preferences,
  email: string | null,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  // The demo page is signed out: it shows the preferences this browser keeps.
  await context.addInitScript(
    (stored) => {
      localStorage.setItem('onboarding_preferences', stored);
      localStorage.setItem('mobile-warning-dismissed', 'true');
    },
    JSON.stringify({ preferences, unsaved: false }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  if (email !== null) {
    await signInAs(page, email, { baseURL });
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    const saved = await page.request.put('/api/me/preferences', { data: preferences, headers: { Origin: origin } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return page;
}

type Check = (page: Page) => Promise<string[]>;

/**
 * Runs `run`, then gives the shared e2e admin back the preferences it had before (the other spec files of this server
 * sign in as it too and expect theirs).
 */
async function keepingAdminPreferences<T>(
  browser: Browser,
  baseURL: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, ADMIN, { baseURL });
  const before = await page.request.get('/api/me/preferences');
  expect(before.status()).toBe(200);
  const preferences: unknown = await before.json();
  try {
    return await run();
  } finally {
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    const put = await page.request.put('/api/me/preferences', { data: preferences, headers: { Origin: origin } });
    expect(put.status(), await put.text()).toBe(200);
    await context.close();
  }
}

/** Waits until the main part of the page has nothing left loading. */
async function loaded(page: Page) {
  await expect(page.locator('main').getByText(/Loading/)).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Every tab of the admin console, the insights page (its charts, then their data tables), then the content studio: its
 * editor, a step's form with 'Advanced' open, its history and its files; `check` runs on each, and its problems are
 * prefixed with the state.
 */
async function adminPages(page: Page, where: string, check: Check): Promise<string[]> {
  const found: string[] = [];
  const checkAs = async (state: string) => {
    for (const problem of await check(page)) found.push(`${where}, ${state} | ${problem}`);
  };
  await page.goto('/admin?tab=members');
  const tabs = page.getByRole('tablist', { name: 'Admin console' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const names = (await tabs.allTextContents()).map((name) => name.trim());
  expect(names).toContain('Google Workspace');
  for (const name of names) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await loaded(page);
    await checkAs(`admin console, ${name} tab`);
  }
  await page.goto('/admin/insights');
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await loaded(page);
  await expect(page.locator('main svg a').first()).toBeVisible();
  await checkAs('insights');
  const tables = page.getByRole('button', { name: 'Show table' });
  for (let left = await tables.count(); left > 0; left -= 1) await tables.first().click();
  await expect(page.getByRole('button', { name: 'Show chart' }).first()).toBeVisible();
  await checkAs('insights, as tables');
  await page.goto('/admin/studio');
  const edit = page.getByRole('button', { name: 'Edit Sign in to your Chrome profile' });
  await expect(edit).toBeVisible();
  await checkAs('content studio');
  await edit.click();
  await page.getByText('Advanced', { exact: true }).first().click();
  await expect(page.locator('input[placeholder]').first()).toBeVisible();
  await checkAs("content studio, a step's form");
  for (const name of ['History', 'Files']) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await loaded(page);
    await checkAs(`content studio, ${name} tab`);
  }
  return found;
}

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/client');

/** The client's source files (not its tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Each colour shade (`slate-600`) the client's Tailwind classes use, with the kinds of use (`text`, `bg`, …). */
function shadeUses(): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  const pattern =
    /\b(bg|text|border|ring|outline|from|via|to|fill|stroke|divide|decoration|placeholder|accent)-([a-z]+-\d{2,3})\b/g;
  for (const file of sources(CLIENT))
    for (const [, kind = '', shade = ''] of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (!uses.has(shade)) uses.set(shade, new Set());
      uses.get(shade)?.add(kind);
    }
  return uses;
}

/** Runs `check` on the page as it is and with every step open in turn; problems are prefixed with the state. */
async function eachStep(page: Page, where: string, check: Check, found: string[]) {
  for (const problem of await check(page)) found.push(`${where} | ${problem}`);
  const titles = (await page.locator('main article h3').allTextContents()).map((title) => title.trim());
  expect(titles.length, `${where}: steps`).toBeGreaterThanOrEqual(7);
  for (const title of titles) {
    await openStep(page, title);
    for (const problem of await check(page)) found.push(`${where}, step "${title}" open | ${problem}`);
  }
}

/** The demo page and the volunteer's dashboard with each step open, and the dialogs (reading and display, signature). */
async function reflowPages(
  browser: Browser,
  baseURL: string | undefined,
  width: number,
  preferences: Preferences,
  check: Check,
): Promise<string[]> {
  const found: string[] = [];
  const demo = await newPage(browser, baseURL, width, preferences, null);
  const dashboard = await newPage(browser, baseURL, width, preferences, uniqueEmail('aaa'));
  const at = `${width} px`;
  await Promise.all([
    (async () => {
      await demo.goto('/test');
      await expect(demo.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
      await eachStep(demo, `${at}, /test`, check, found);
      await demo.context().close();
    })(),
    (async () => {
      const page = dashboard;
      await page.goto('/dashboard');
      await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
      await eachStep(page, `${at}, dashboard`, check, found);
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: 'Reading and display' }).click();
      await expect(page.getByRole('dialog', { name: 'Reading and display' })).toBeVisible();
      for (const problem of await check(page)) found.push(`${at}, reading and display | ${problem}`);
      await page.keyboard.press('Escape');
      const agreement = await openStep(page, 'Sign the Volunteer Agreement');
      const download = page.waitForEvent('download');
      await agreement.getByRole('link', { name: 'Download', exact: true }).click();
      await download;
      await agreement.getByRole('button', { name: 'Sign', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' })).toBeVisible();
      for (const problem of await check(page)) found.push(`${at}, signature dialog | ${problem}`);
      await page.context().close();
    })(),
  ]);
  return found;
}

test('high contrast, every colour token: text and focus-ring shades 7:1 on white, surfaces white or dark, borders 3:1 or none', async ({
  browser,
  baseURL,
}) => {
  const uses = shadeUses();
  expect(uses.get('slate-600')?.has('text')).toBe(true);
  const page = await newPage(browser, baseURL, 1280, { ...DEFAULTS, theme: 'contrast' }, null);
  await page.goto('/test');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  // Each token as the browser resolves it in this theme, and its contrast with white.
  const ratios = await page.evaluate(
    (shades) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (context === null) throw new Error('no 2d canvas');
      const luminance = (color: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
        const channel = (c: number) => {
          const x = c / 255;
          return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const root = getComputedStyle(document.documentElement);
      return Object.fromEntries(
        shades.map((shade) => [shade, 1.05 / (luminance(root.getPropertyValue(`--color-${shade}`).trim()) + 0.05)]),
      );
    },
    [...uses.keys(), 'white'],
  );
  await page.context().close();

  const TEXT = ['text', 'placeholder', 'decoration', 'fill'];
  const RING = ['ring', 'outline'];
  const problems: string[] = [];
  expect(ratios.white).toBeCloseTo(1, 5);
  // The focus ring everywhere is brand-600 (src/client/styles/index.css :focus-visible).
  if ((ratios['brand-600'] ?? 0) < 7) problems.push(`brand-600 (the focus ring): ${ratios['brand-600']?.toFixed(2)}:1`);
  for (const [shade, kinds] of uses) {
    const ratio = ratios[shade] ?? 0;
    const as = (list: string[]) => list.filter((kind) => kinds.has(kind));
    // Text is on white (every light shade is white in this theme), or white on a dark shade.
    if (as(TEXT).length > 0 && ratio < 7) problems.push(`${shade} as ${as(TEXT).join('/')}: ${ratio.toFixed(2)}:1`);
    if (as(RING).length > 0 && ratio < 3) problems.push(`${shade} as ${as(RING).join('/')}: ${ratio.toFixed(2)}:1`);
    // A border is seen (3:1, WCAG 1.4.11) or, as the light separators inside a card, white: not there at all.
    if (kinds.has('border') && ratio > 1.001 && ratio < 3) problems.push(`${shade} as border: ${ratio.toFixed(2)}:1`);
    // A surface is white, or dark enough for white text (7:1); the one grey surface is the progress bar's track and
    // the loading skeleton, which hold no text.
    if (kinds.has('bg') && ratio > 1.001 && ratio < 7 && shade !== 'slate-200')
      problems.push(`${shade} as a surface: ${ratio.toFixed(2)}:1 with white text`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('high contrast: every text is at least 7:1, with placeholders, disabled controls, focus rings, chart labels and toasts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const contrast = { ...DEFAULTS, theme: 'contrast' } satisfies Preferences;
  const check: Check = async (page) => {
    const { found, checked } = await contrastProblems(page, 7);
    expect(checked).toBeGreaterThan(10);
    return found;
  };
  const admin = () =>
    keepingAdminPreferences(browser, baseURL, async () => {
      const page = await newPage(browser, baseURL, 1280, contrast, ADMIN);
      try {
        return await adminCharts(page);
      } finally {
        await page.context().close();
      }
    });
  const adminCharts = async (page: Page) => {
    const found: string[] = [];
    // The charts' labels.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Insights' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
    await expect(page.locator('main svg text').first()).toBeVisible();
    for (const problem of await check(page)) found.push(`insights | ${problem}`);
    // A form with placeholders.
    await page.goto('/admin/studio');
    await page.getByRole('button', { name: 'Edit Sign in to your Chrome profile' }).click();
    await page.getByText('Advanced', { exact: true }).first().click();
    await expect(page.locator('input[placeholder]').first()).toBeVisible();
    for (const problem of await check(page)) found.push(`studio step form | ${problem}`);
    return found;
  };
  const toast = async () => {
    const page = await newPage(browser, baseURL, 1280, contrast, null);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/test');
    const card = await openStep(page, 'Test shared password');
    await card.getByRole('button', { name: /test@inspired2uplift\.org/ }).click();
    await expect(page.getByText(/^Email copied to clipboard/)).toBeVisible();
    const found = (await check(page)).map((problem) => `/test, the copy toast | ${problem}`);
    await page.context().close();
    return found;
  };
  const results = await Promise.all([reflowPages(browser, baseURL, 1280, contrast, check), admin(), toast()]);
  const found = results.flat();
  expect(found, found.join('\n')).toEqual([]);
});

test("200% text: every pointer target is at least 44 × 44 px, at 320 px and at 1280 px, on member and admin pages; every control's name holds the words it shows; at 320 px nothing sideways, cut off or broken inside a word", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const large = { ...DEFAULTS, textSize: 200 } satisfies Preferences;
  // 2.5.3 Label in name (AA) rides along: the same pages, one more look at each.
  const check: Check = async (page) => [...(await smallTargets(page, 44)), ...(await labelsNotInNames(page))];
  // At 320 px the pages also reflow (1.4.10): nothing scrolls sideways or is cut off, no label breaks inside a word.
  const narrowCheck: Check = async (page) => [
    ...(await check(page)),
    ...(await reflowProblems(page)),
    ...(await brokenWords(page)),
  ];
  // One step at a time adds 'Previous step' and 'Next step' under the step.
  const oneStep = async () => {
    const page = await newPage(browser, baseURL, 320, { ...large, oneStepAtATime: true }, null);
    await page.goto('/test');
    const nav = page.getByRole('navigation', { name: 'Steps' });
    await expect(nav.getByRole('button', { name: 'Previous step' })).toBeVisible();
    await nav.getByRole('button', { name: 'Next step' }).click();
    await expect(nav.getByRole('button', { name: 'Previous step' })).toBeEnabled();
    const found = (await narrowCheck(page)).map((problem) => `320 px, /test one step at a time | ${problem}`);
    await page.context().close();
    return found;
  };
  const admin = () =>
    keepingAdminPreferences(browser, baseURL, async () => {
      const pages = await Promise.all([320, 1280].map((width) => newPage(browser, baseURL, width, large, ADMIN)));
      try {
        const [narrow, wide] = pages as [Page, Page];
        return (
          await Promise.all([adminPages(narrow, '320 px', narrowCheck), adminPages(wide, '1280 px', check)])
        ).flat();
      } finally {
        for (const page of pages) await page.context().close();
      }
    });
  const results = await Promise.all([
    reflowPages(browser, baseURL, 320, large, narrowCheck),
    reflowPages(browser, baseURL, 1280, large, check),
    admin(),
    oneStep(),
  ]);
  const found = results.flat();
  expect(found, found.join('\n')).toEqual([]);
});

test('easy read: no line of text is longer than 80 characters, at 1280 px with 100% text, in either font', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const check: Check = (page) => longLines(page, 80);
  // A `ch` is a zero's width: how many letters a line of so many `ch` holds depends on the font.
  const results = await Promise.all(
    (['standard', 'legible'] as const).map(async (font) => {
      const easy = { ...DEFAULTS, easyRead: true, font } satisfies Preferences;
      const found = await reflowPages(browser, baseURL, 1280, easy, check);
      return found.map((problem) => `${font} font, ${problem}`);
    }),
  );
  const found = results.flat();
  expect(found, found.join('\n')).toEqual([]);
});
