import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { tabTo, waitForTakeOver } from './support/keyboard';

/**
 * Read aloud (docs/product.md#reading-and-display): 'Read this step' speaks the open step's title, description and
 * tasks sentence by sentence with the browser's speech synthesis, highlights the sentence being read, pauses, resumes
 * and stops; it is not offered where the browser has no voices. Chromium headless has no voices, so the page gets a
 * stand-in `speechSynthesis` that records what it is asked and ends an utterance when the test says so.
 */

const DESKTOP = { width: 1280, height: 800 } as const;

const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@inspired2uplift.org`;

/** The stand-in speech synthesis: one voice; `window.speechLog` lists calls, `window.finishUtterance()` ends one. */
function standInSpeech() {
  const log: string[] = [];
  let current: SpeechSynthesisUtterance | null = null;
  const synthesis = {
    speaking: false,
    paused: false,
    pending: false,
    onvoiceschanged: null,
    getVoices: () => [{ name: 'Stand-in', lang: 'en-GB', default: true, localService: true, voiceURI: 'stand-in' }],
    speak(utterance: SpeechSynthesisUtterance) {
      log.push(`speak: ${utterance.text}`);
      current = utterance;
      setTimeout(() => utterance.dispatchEvent(new Event('start')), 0);
    },
    pause: () => log.push('pause'),
    resume: () => log.push('resume'),
    cancel() {
      log.push('cancel');
      const utterance = current;
      current = null;
      if (utterance !== null) setTimeout(() => utterance.dispatchEvent(new Event('error')), 0);
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  Object.assign(window, {
    speechLog: log,
    finishUtterance: () => {
      const utterance = current;
      current = null;
      utterance?.dispatchEvent(new Event('end'));
    },
  });
}

async function signedInPage(browser: Browser, baseURL: string | undefined, withVoices: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  if (withVoices) await context.addInitScript(standInSpeech);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/dev-login', {
    data: { email: uniqueEmail('read.aloud') },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(response.status()).toBe(200);
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  return page;
}

const speechLog = (page: Page) => page.evaluate(() => (window as unknown as { speechLog: string[] }).speechLog);
const finishUtterance = (page: Page) =>
  page.evaluate(() => (window as unknown as { finishUtterance: () => void }).finishUtterance());
/** The text of the sentence highlighted as being read, or null. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const ranges = [...(CSS.highlights.get('read-aloud') ?? [])];
    return ranges.length === 0 ? null : ranges.map((range) => range.toString()).join(' ');
  });

test('read aloud starts with the title, goes sentence by sentence with a highlight, pauses, resumes and stops', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL, true);
  const card = page.locator('main article', { has: page.locator('[aria-expanded="true"]') });
  const title = (await card.locator('h3').textContent())?.trim() ?? '';
  const description = (await card.locator('p[data-read-aloud]').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  const read = card.getByRole('button', { name: 'Read this step' });
  await tabTo(page, read);
  await page.keyboard.press('Enter');

  await expect.poll(() => speechLog(page)).toEqual(['cancel', `speak: ${title}`]);
  await expect.poll(() => highlighted(page)).toBe(title);
  await finishUtterance(page);
  const firstSentence = (await speechLog(page)).at(-1)?.replace(/^speak: /, '') ?? '';
  expect(description.startsWith(firstSentence)).toBe(true);
  await expect.poll(() => highlighted(page)).toBe(firstSentence);
  await expectNoAxeViolations(page, { state: 'dashboard, a step being read aloud' });

  // The same button pauses and resumes; focus stays on it.
  const pause = card.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Resume' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pause).toBeFocused();
  expect((await speechLog(page)).slice(-2)).toEqual(['pause', 'resume']);

  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Stop' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await speechLog(page)).at(-1)).toBe('cancel');
  await expect.poll(() => highlighted(page)).toBeNull();
  await expect(read).toBeFocused();
  await expect(card.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  // Nothing more is spoken after a stop.
  const spoken = (await speechLog(page)).length;
  await finishUtterance(page);
  expect((await speechLog(page)).length).toBe(spoken);
  await page.context().close();
});

test('read aloud reads to the end of the step, then is ready to start again', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, true);
  const card = page.locator('main article', { has: page.locator('[aria-expanded="true"]') });
  const read = card.getByRole('button', { name: 'Read this step' });
  await read.click();
  const spokenLines = async () => (await speechLog(page)).filter((line) => line.startsWith('speak: '));
  for (let i = 1; i < 60; i += 1) {
    await finishUtterance(page);
    await expect
      .poll(async () => (await spokenLines()).length > i || (await read.count()) > 0, { message: `sentence ${i + 1}` })
      .toBe(true);
    if ((await read.count()) > 0) break;
  }
  await expect(read).toBeVisible();
  const spoken = (await spokenLines()).join(' ');
  const tasks = await card.locator('li[data-read-aloud]').allTextContents();
  expect(tasks.length).toBeGreaterThan(0);
  for (const task of tasks) expect(spoken).toContain(task.trim().slice(0, 20));
  expect(await highlighted(page)).toBeNull();
  await page.context().close();
});

test('read aloud is not offered where the browser has no voices', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, false);
  expect(await page.evaluate(() => speechSynthesis.getVoices().length)).toBe(0);
  await expect(page.locator('main article [aria-expanded="true"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Read this step' })).toHaveCount(0);
  await page.context().close();
});
