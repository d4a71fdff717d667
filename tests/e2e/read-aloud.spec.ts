import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { tabTo, waitForTakeOver } from './support/keyboard';
import { signInAs, uniqueEmail } from './support/sign-in';

/**
 * Read aloud (docs/product.md#reading-and-display): 'Read this step' speaks the open step's title, description and
 * tasks sentence by sentence with the browser's speech synthesis, highlights the sentence being read, pauses, resumes
 * and stops; it is not offered where the browser has no voices.
 *
 * Chromium headless has no voices, and Chromium's Linux engine (speech-dispatcher) never sends word `boundary` events
 * (only start, end, pause, resume and cancel), so the page gets a stand-in `speechSynthesis` that fires the Web Speech
 * API's events in the order Chromium does: `speak` queues; the first utterance in the queue gets `start`; when the test
 * says the engine has spoken it (`finishUtterance()`), a `boundary` for each word, then `end`, then the next one
 * starts; `pause` and `resume` fire their events and nothing ends while paused; `cancel` ends the utterance being
 * spoken with an `error` of 'interrupted' and every queued one with 'canceled'. `speaking`, `paused` and `pending`
 * follow. `window.speechLog` lists the calls and events.
 */

const DESKTOP = { width: 1280, height: 800 } as const;

/** The stand-in speech synthesis, one English voice (see the file's comment for the order of its events). */
function standInSpeech() {
  const log: string[] = [];
  const queue: SpeechSynthesisUtterance[] = [];
  const voice = { name: 'Stand-in', lang: 'en-GB', default: true, localService: true, voiceURI: 'stand-in' };
  const fire = (utterance: SpeechSynthesisUtterance, type: string, charIndex = 0, error?: string) => {
    const init = { utterance, charIndex, elapsedTime: 0, name: type === 'boundary' ? 'word' : '' };
    const event =
      error === undefined
        ? new SpeechSynthesisEvent(type, init)
        : new SpeechSynthesisErrorEvent(type, { ...init, error: error as SpeechSynthesisErrorCode });
    if (type !== 'boundary') log.push(`event ${type}${error === undefined ? '' : ` ${error}`}`);
    utterance.dispatchEvent(event);
  };
  const synthesis = {
    speaking: false,
    paused: false,
    pending: false,
    onvoiceschanged: null,
    getVoices: () => [voice],
    speak(utterance: SpeechSynthesisUtterance) {
      log.push(`speak: ${utterance.text}`);
      queue.push(utterance);
      synthesis.pending = queue.length > 1;
      if (queue.length === 1) startNext();
    },
    pause() {
      log.push('pause');
      if (!synthesis.speaking || synthesis.paused) return;
      synthesis.paused = true;
      const current = queue[0];
      if (current !== undefined) setTimeout(() => fire(current, 'pause'), 0);
    },
    resume() {
      log.push('resume');
      if (!synthesis.paused) return;
      synthesis.paused = false;
      const current = queue[0];
      if (current !== undefined) setTimeout(() => fire(current, 'resume'), 0);
    },
    cancel() {
      log.push('cancel');
      const [current, ...queued] = queue.splice(0);
      synthesis.speaking = false;
      synthesis.paused = false;
      synthesis.pending = false;
      setTimeout(() => {
        if (current !== undefined) fire(current, 'error', 0, 'interrupted');
        for (const utterance of queued) fire(utterance, 'error', 0, 'canceled');
      }, 0);
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  // Each utterance starts once, when it reaches the head of the queue.
  const started = new WeakSet<SpeechSynthesisUtterance>();
  const startNext = () => {
    const next = queue[0];
    synthesis.pending = queue.length > 1;
    synthesis.speaking = next !== undefined;
    if (next === undefined || started.has(next)) return;
    started.add(next);
    setTimeout(() => {
      if (queue[0] === next) fire(next, 'start');
    }, 0);
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  Object.assign(window, {
    speechLog: log,
    /** The engine has spoken the current utterance: its words' boundaries, its end, then the next one starts. */
    finishUtterance: () => {
      const current = queue[0];
      if (current === undefined || synthesis.paused) return false;
      for (const word of current.text.matchAll(/\S+/g)) fire(current, 'boundary', word.index);
      queue.shift();
      fire(current, 'end', current.text.length);
      startNext();
      return true;
    },
  });
}

async function signedInPage(browser: Browser, baseURL: string | undefined, withVoices: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  if (withVoices) await context.addInitScript(standInSpeech);
  const page = await context.newPage();
  await signInAs(page, uniqueEmail('read.aloud'), { baseURL });
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  return page;
}

const speechLog = (page: Page) => page.evaluate(() => (window as unknown as { speechLog: string[] }).speechLog);
/** What the page asked of the engine (speak, pause, resume, cancel), without the engine's events. */
const calls = async (page: Page) => (await speechLog(page)).filter((line) => !line.startsWith('event '));
/** The engine has spoken the current utterance; false when there was none or the engine is paused. */
const finishUtterance = (page: Page) =>
  page.evaluate(() => (window as unknown as { finishUtterance: () => boolean }).finishUtterance());
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

  // The title is highlighted once the engine starts it, and stays so through its word boundaries until it ends.
  await expect.poll(() => calls(page)).toEqual(['cancel', `speak: ${title}`]);
  await expect.poll(() => speechLog(page)).toContain('event start');
  await expect.poll(() => highlighted(page)).toBe(title);
  expect(await finishUtterance(page)).toBe(true);
  await expect.poll(async () => (await calls(page)).length).toBe(3);
  const firstSentence = (await calls(page)).at(-1)?.replace(/^speak: /, '') ?? '';
  expect(description.startsWith(firstSentence)).toBe(true);
  await expect.poll(() => highlighted(page)).toBe(firstSentence);
  await expectNoAxeViolations(page, { state: 'dashboard, a step being read aloud' });

  // The same button pauses and resumes; focus stays on it. Pause stops the voice (the engine interrupts the sentence)
  // and the highlight stays where the reading goes on; Resume reads that sentence again, then the next follows. The
  // engine's own pause and resume are not used (speech-dispatcher loses a resume).
  const pause = card.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Resume' })).toBeFocused();
  expect((await calls(page)).at(-1)).toBe('cancel');
  await expect.poll(() => speechLog(page)).toContain('event error interrupted');
  expect(await finishUtterance(page)).toBe(false);
  expect(await highlighted(page)).toBe(firstSentence);
  await page.keyboard.press('Enter');
  await expect(pause).toBeFocused();
  expect((await calls(page)).at(-1)).toBe(`speak: ${firstSentence}`);
  await expect.poll(() => highlighted(page)).toBe(firstSentence);
  expect(await finishUtterance(page)).toBe(true);
  await expect.poll(async () => (await calls(page)).at(-1)).not.toBe(`speak: ${firstSentence}`);
  const secondSentence = (await calls(page)).at(-1)?.replace(/^speak: /, '') ?? '';
  expect(secondSentence).not.toBe('');
  await expect.poll(() => highlighted(page)).toBe(secondSentence);

  // Stop: the engine interrupts the sentence; nothing more is spoken, the highlight goes, focus returns.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Stop' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await calls(page)).at(-1)).toBe('cancel');
  await expect.poll(() => speechLog(page)).toContain('event error interrupted');
  await expect.poll(() => highlighted(page)).toBeNull();
  await expect(read).toBeFocused();
  await expect(card.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  const spoken = (await calls(page)).length;
  expect(await finishUtterance(page)).toBe(false);
  expect((await calls(page)).length).toBe(spoken);
  await page.context().close();
});

test('read aloud reads to the end of the step, then is ready to start again', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, true);
  const card = page.locator('main article', { has: page.locator('[aria-expanded="true"]') });
  const read = card.getByRole('button', { name: 'Read this step' });
  await read.click();
  const spokenLines = async () => (await calls(page)).filter((line) => line.startsWith('speak: '));
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
