import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, LOOK_RULES } from './support/axe';
import { expectVisibleFocus, tabTo, waitForTakeOver } from './support/keyboard';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Reading and display preferences (docs/product.md#reading-and-display): each chosen with the keyboard only, saved on
 * the server and shown by another browser on sign-in, already in the HTML the server sends; chosen on the login page
 * before sign-in and saved to the account after it; eight page states axe clean in every theme at 100% and 200%; the font
 * downloaded only when chosen. What high contrast, 200% text and easy read add at level AAA is measured in
 * tests/e2e/aaa-preferences.spec.ts.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const PREFERENCES = '/api/me/preferences';
const ADMIN = 'admin.e2e@inspired2uplift.org';

/** A new page of its own browser context (the mobile warning already dismissed). */
async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  return context.newPage();
}

/** Saves preferences for the page's signed-in member through the API. */
async function savePreferences(page: Page, baseURL: string | undefined, preferences: Record<string, unknown>) {
  const response = await page.request.put(PREFERENCES, {
    data: {
      textSize: 100,
      spacing: false,
      font: 'standard',
      theme: 'system',
      motion: 'system',
      oneStepAtATime: false,
      ...preferences,
    },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const html = (page: Page) => page.locator('html');

test('each preference is chosen with the keyboard only, saved, and shown by another browser on sign-in', async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('prefs.keyboard');
  const page = await newPage(browser, baseURL);
  await signInAs(page, email, { baseURL });
  await page.goto('/dashboard');
  await waitForTakeOver(page);

  const open = page.getByRole('button', { name: 'Reading and display' });
  await tabTo(page, open);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reading and display' });
  await expect(dialog).toBeVisible();

  // Text size: the first control; arrow keys move through the sizes and choose.
  // The dialog starts on its first control, the text size now chosen.
  await expect(dialog.getByRole('radio', { name: '100%' })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '200%' })).toBeChecked();
  await expect(html(page)).toHaveAttribute('data-text-size', '200');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'More space between lines, words and letters' })).toBeChecked();
  await expect(html(page)).toHaveAttribute('data-spacing', 'wide');
  const paragraph = await page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('main p') ?? document.body);
    return { lineHeight: parseFloat(style.lineHeight), fontSize: parseFloat(style.fontSize), word: style.wordSpacing };
  });
  expect(paragraph.lineHeight / paragraph.fontSize).toBeCloseTo(1.5, 2);

  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(html(page)).toHaveAttribute('data-font', 'legible');

  // Easy read (its own test below) is passed over.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: /One step at a time/ })).toBeChecked();
  await expect(html(page)).toHaveAttribute('data-steps', 'one');

  // Theme: Tab lands on the checked radio ('Same as this device'); three steps right is 'High contrast'.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Same as this device' }).first()).toBeFocused();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(html(page)).toHaveAttribute('data-theme', 'contrast');

  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await expect(html(page)).toHaveAttribute('data-motion', 'reduced');
  await expect(dialog.getByRole('status')).toHaveText(/Saved to your account/);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  const chosen = {
    textSize: 200,
    spacing: true,
    font: 'legible',
    theme: 'contrast',
    motion: 'reduced',
    oneStepAtATime: true,
    easyRead: false,
  };
  expect(await (await page.request.get(PREFERENCES)).json()).toEqual(chosen);

  // Another browser (a second device): signs in, and the server's HTML already carries them.
  const other = await newPage(browser, baseURL);
  await signInAs(other, email, { baseURL });
  const served = await (await other.request.get('/dashboard')).text();
  expect(served).toMatch(
    /<html lang="en" data-text-size="200" data-spacing="wide" data-font="legible" data-theme="contrast" data-motion="reduced" data-steps="one" data-reading="standard">/,
  );
  await other.goto('/dashboard');
  await expect(html(other)).toHaveAttribute('data-theme', 'contrast');
  expect(await other.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  // The panel opens on what the member chose.
  await waitForTakeOver(other);
  await other.getByRole('button', { name: 'Reading and display' }).click();
  await expect(other.getByRole('radio', { name: 'High contrast' })).toBeChecked();
  await expect(other.getByRole('radio', { name: '200%' })).toBeChecked();
  await other.context().close();
  await page.context().close();
});

test('chosen on the login page before sign-in: kept in the browser, then saved to the account', async ({
  browser,
  baseURL,
}) => {
  const page = await newPage(browser, baseURL);
  await page.goto('/login');
  const open = page.getByRole('button', { name: 'Reading and display' });
  // The login page is drawn by its script after the page has loaded: the keyboard starts once the button is there.
  await expect(open).toBeVisible();
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reading and display' });
  await dialog.getByRole('radio', { name: 'Dark' }).check();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(dialog.getByRole('status')).toHaveText(/Saved in this browser/);
  await page.keyboard.press('Escape');

  // Still there after a reload, before anyone signs in.
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(248, 250, 252)');

  const email = uniqueEmail('prefs.login');
  await signInAs(page, email, { baseURL });
  await page.goto('/dashboard');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(async () => ((await (await page.request.get(PREFERENCES)).json()) as { theme: string }).theme)
    .toBe('dark');
  await page.context().close();
});

test('one step at a time: only the step shown, Previous and Next by keyboard, its position announced, focus on it', async ({
  browser,
  baseURL,
}) => {
  const page = await newPage(browser, baseURL);
  await signInAs(page, uniqueEmail('prefs.one.step'), { baseURL });
  await savePreferences(page, baseURL, { oneStepAtATime: true });
  await page.goto('/dashboard');
  const steps = page.locator('main article');
  const titles = await steps.locator('h3').allTextContents();
  expect(titles.length).toBeGreaterThan(2);
  // Already so in the server's first screen: one step, its position, no other step.
  await expect(page.locator('main article:visible')).toHaveCount(1);
  await expect(steps.first()).toBeVisible();
  await waitForTakeOver(page);
  const nav = page.getByRole('navigation', { name: 'Steps' });
  const position = nav.getByRole('status');
  await expect(position).toHaveText(`Step 1 of ${titles.length}`);
  await expect(nav.getByRole('button', { name: 'Previous step' })).toBeDisabled();

  const next = nav.getByRole('button', { name: 'Next step' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(position).toHaveText(`Step 2 of ${titles.length}`);
  await expect(page.locator('main article:visible')).toHaveCount(1);
  await expect(steps.nth(1)).toBeVisible();
  // Focus is on the new step's title (its toggle), which is open.
  const second = steps.nth(1).getByRole('button', { name: titles[1] ?? '' });
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expectVisibleFocus(page);

  await tabTo(page, nav.getByRole('button', { name: 'Previous step' }));
  await page.keyboard.press('Space');
  await expect(position).toHaveText(`Step 1 of ${titles.length}`);
  await expect(steps.first().getByRole('button', { name: titles[0] ?? '' })).toBeFocused();
  await expectNoAxeViolations(page, { state: 'dashboard, one step at a time' });

  // Turned off in the panel: every step again, and no step bar.
  await page.getByRole('button', { name: 'Reading and display' }).click();
  await page.getByRole('checkbox', { name: /One step at a time/ }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.locator('main article:visible')).toHaveCount(titles.length);
  await expect(nav).toBeHidden();
  await page.context().close();
});

test('easy read: switched on with the keyboard, a volunteer step shows its easy-read sentences in place of its text', async ({
  browser,
  baseURL,
}) => {
  const page = await newPage(browser, baseURL);
  await signInAs(page, uniqueEmail('prefs.easy.read'), { baseURL });
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  // The open volunteer step, 'Sign in to your Chrome profile' (content/roles/volunteer.yaml).
  const step = page.getByRole('article', { name: 'Sign in to your Chrome profile' });
  const standard = step.getByText(/^Your INSPIRED 2 UPLIFT account is a Google account/);
  await expect(standard).toBeVisible();
  await expect(step.getByRole('list', { name: 'Easy read' })).toBeHidden();

  await tabTo(page, page.getByRole('button', { name: 'Reading and display' }));
  await page.keyboard.press('Enter');
  const easyRead = page.getByRole('checkbox', { name: /^Easy read/ });
  await tabTo(page, easyRead);
  await page.keyboard.press('Space');
  await expect(easyRead).toBeChecked();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/Saved to your account/);
  await page.keyboard.press('Escape');

  await expect(html(page)).toHaveAttribute('data-reading', 'easy');
  const sentences = step.getByRole('list', { name: 'Easy read' }).getByRole('listitem');
  await expect(sentences.first()).toHaveText('You get a Google account for your volunteer work.');
  await expect(sentences.first()).toBeVisible();
  await expect(standard).toBeHidden();
  await expect(step.getByRole('heading', { name: 'Tasks' })).toBeHidden();
  expect(((await (await page.request.get(PREFERENCES)).json()) as { easyRead: boolean }).easyRead).toBe(true);
  await page.context().close();
});

/**
 * The eight page states of the theme check, each opened from a fresh browser: the public pages, the member's pages
 * with the panel and focus mode, and the admin's members and import preview. (The content studio is checked in
 * tests/e2e/studio.spec.ts: one axe run over its whole catalogue form takes minutes, too long for six looks.)
 */
const LOOK_STATES: { state: string; open: (page: Page, baseURL: string | undefined) => Promise<void> }[] = [
  {
    state: 'login page',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    },
  },
  {
    state: 'demo page, first step open',
    open: async (page) => {
      await page.goto('/test');
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    },
  },
  {
    state: 'volunteer dashboard',
    open: async (page, baseURL) => {
      await signInAs(page, uniqueEmail('prefs.axe'), { baseURL });
      await page.goto('/dashboard');
      await waitForTakeOver(page);
    },
  },
  {
    state: 'Reading and display panel',
    open: async (page, baseURL) => {
      await signInAs(page, uniqueEmail('prefs.axe.panel'), { baseURL });
      await page.goto('/dashboard');
      await waitForTakeOver(page);
      await page.getByRole('button', { name: 'Reading and display' }).click();
      await expect(page.getByRole('dialog', { name: 'Reading and display' })).toBeVisible();
    },
  },
  {
    state: 'dashboard, one step at a time',
    open: async (page, baseURL) => {
      await signInAs(page, uniqueEmail('prefs.axe.focus'), { baseURL });
      await savePreferences(page, baseURL, { oneStepAtATime: true });
      await page.goto('/dashboard');
      await waitForTakeOver(page);
      await expect(page.getByRole('navigation', { name: 'Steps' })).toBeVisible();
    },
  },
  {
    state: 'admin members',
    open: async (page, baseURL) => {
      await signInAs(page, ADMIN, { baseURL });
      await page.goto('/admin?tab=members');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
    },
  },
  {
    state: 'admin import preview with errors',
    open: async (page, baseURL) => {
      await signInAs(page, ADMIN, { baseURL });
      await page.goto('/admin?tab=import');
      await page.getByLabel('Or paste the CSV').fill('email,role,department\nnot-an-address,nobody,\n');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('region', { name: 'Import preview' })).toBeVisible();
    },
  },
  {
    state: 'page not found',
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(page.getByText('/no-such-page')).toBeVisible();
    },
  },
];

for (const { state, open } of LOOK_STATES) {
  test(`${state}: axe clean in the light, dark and high-contrast themes, at 100% and 200% text`, async ({
    browser,
    baseURL,
  }) => {
    // Six looks of one state on one page load: the theme and text size are switched in place by the attributes of
    // <html> the server writes for them (the style sheet does the rest; a saved preference sets the same attributes,
    // as the first test shows). Every rule runs on the first look; the other five run the rules a look can change.
    test.setTimeout(240_000);
    const page = await newPage(browser, baseURL);
    await open(page, baseURL);
    let first = true;
    for (const theme of ['light', 'dark', 'contrast'] as const) {
      for (const textSize of ['100', '200'] as const) {
        await page.evaluate((attributes) => Object.assign(document.documentElement.dataset, attributes), {
          theme,
          textSize,
        });
        await expect(html(page)).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page, {
          state: `${state}, ${theme} theme, text ${textSize}%`,
          ...(first ? {} : { rules: LOOK_RULES }),
        });
        first = false;
      }
    }
    await page.context().close();
  });
}

test('the legible font is downloaded only when chosen', async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL);
  await signInAs(page, uniqueEmail('prefs.font'), { baseURL });
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (/atkinson/i.test(request.url())) fonts.push(request.url());
  });
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);

  await savePreferences(page, baseURL, { font: 'legible' });
  await page.reload();
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  expect(fonts.every((url) => url.startsWith(baseURL ?? ''))).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px "Atkinson Hyperlegible"'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Atkinson Hyperlegible/);
  await page.context().close();
});

test('motion: the system setting until chosen, then the choice, either way', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInAs(page, uniqueEmail('prefs.motion'), { baseURL });
  const spin = () =>
    page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'animate-spin';
      document.body.append(probe);
      const name = getComputedStyle(probe).animationName;
      probe.remove();
      return name;
    });
  await page.goto('/dashboard');
  expect(await spin()).toBe('none');
  await savePreferences(page, baseURL, { motion: 'full' });
  await page.reload();
  expect(await spin()).toBe('spin');
  await context.close();

  const still = await newPage(browser, baseURL);
  await signInAs(still, uniqueEmail('prefs.motion.off'), { baseURL });
  await savePreferences(still, baseURL, { motion: 'reduced' });
  await still.goto('/dashboard');
  expect(
    await still.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'animate-spin';
      document.body.append(probe);
      return getComputedStyle(probe).animationName;
    }),
  ).toBe('none');
  await still.context().close();
});

test('reflow: no horizontal scrolling at 320 CSS px wide, nor at 400% zoom of a 1280 px window, at 100% and 200% text', async ({
  browser,
  baseURL,
}) => {
  // WCAG 1.4.10. 400% zoom of a 1280 × 1024 window is a 320 × 256 CSS px viewport drawn at 4 device pixels per CSS
  // pixel; a 320 px wide phone is the same width, taller. Each page is loaded once; the text size and one step at a
  // time are switched in place by the attributes of <html> the server writes (the style sheet does the rest).
  const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  const page = await context.newPage();
  const overflowing: string[] = [];
  const check = async (name: string, variants: readonly Record<string, string>[]) => {
    for (const viewport of [
      { width: 320, height: 256 },
      { width: 320, height: 640 },
    ]) {
      await page.setViewportSize(viewport);
      for (const textSize of ['100', '200']) {
        for (const variant of variants) {
          const wide = await page.evaluate(
            ({ attributes }) => {
              Object.assign(document.documentElement.dataset, attributes);
              return {
                scrollWidth: document.documentElement.scrollWidth,
                innerWidth: window.innerWidth,
                widest: [...document.querySelectorAll('body *')]
                  .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
                  .slice(0, 3)
                  .map(
                    (element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`,
                  ),
              };
            },
            { attributes: { ...variant, textSize } },
          );
          if (wide.scrollWidth > wide.innerWidth)
            overflowing.push(
              `${name} ${viewport.width}×${viewport.height} ${textSize}% ${JSON.stringify(variant)}: ${wide.scrollWidth}px ${wide.widest.join(' ')}`,
            );
        }
      }
    }
  };
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await check('/login', [{}]);

  await signInAs(page, ADMIN, { baseURL });
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  // High contrast too: the open step's scope is highlighted, with a ring and a background of its own.
  await check('/dashboard', [
    { steps: 'all', theme: 'light' },
    { steps: 'one', theme: 'light' },
    { steps: 'all', theme: 'contrast' },
  ]);

  await page.goto('/admin?tab=members');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await check('/admin members', [{}]);
  expect(overflowing, overflowing.join('\n')).toEqual([]);
  await context.close();
});
