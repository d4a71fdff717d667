import { expect, test, type Page } from '@playwright/test';
import { signInAs, uniqueEmail } from './support/sign-in';
import { startVoiceDesktop, type VoiceDesktop } from './support/voice';

/**
 * Read aloud with a real voice (docs/product.md#reading-and-display): headful Chromium on Xvfb speaks through
 * speech-dispatcher and espeak-ng into a silent PulseAudio sink (tests/e2e/support/voice.ts), so every event comes from
 * the engine. The highlight follows the engine's `start` and `end` of each sentence (Chromium on Linux sends no word
 * `boundary` events), the whole step is read in order, and Pause, Resume and Stop work. The other read-aloud tests use
 * a stand-in engine (tests/e2e/read-aloud.spec.ts).
 */

let desktop: VoiceDesktop;

test.beforeAll(async () => {
  desktop = await startVoiceDesktop();
});

test.afterAll(async () => {
  await desktop?.close();
});

/** The signed-in dashboard of a new volunteer; every change of the highlight is recorded in `window.highlights`. */
async function dashboard(baseURL: string | undefined): Promise<Page> {
  const context = await desktop.browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    localStorage.setItem('mobile-warning-dismissed', 'true');
    const seen: string[] = [];
    Object.assign(window, { highlights: seen });
    let last: string | null = null;
    setInterval(() => {
      const ranges = [...(CSS.highlights.get('read-aloud') ?? [])];
      const text = ranges.length === 0 ? null : ranges.map((range) => range.toString()).join(' ');
      if (text !== last && text !== null) seen.push(text);
      last = text;
    }, 10);
  });
  const page = await context.newPage();
  await signInAs(page, uniqueEmail('voice'), { baseURL });
  await page.goto('/dashboard');
  return page;
}

const highlights = (page: Page) => page.evaluate(() => (window as unknown as { highlights: string[] }).highlights);
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const ranges = [...(CSS.highlights.get('read-aloud') ?? [])];
    return ranges.length === 0 ? null : ranges.map((range) => range.toString()).join(' ');
  });
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

test('a real voice reads the whole step, sentence by sentence, the highlight following the engine', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await dashboard(baseURL);
  const card = page.locator('main article', { has: page.locator('[aria-expanded="true"]') });
  // The button shows only once the browser lists a voice: espeak-ng's, through speech-dispatcher.
  const read = card.getByRole('button', { name: 'Read this step' });
  await expect(read).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => speechSynthesis.getVoices().some((voice) => /espeak/i.test(voice.name)))).toBe(true);
  const text = words(
    (
      await card
        .locator('[data-read-aloud]')
        .evaluateAll((elements) =>
          elements.filter((element) => element.getClientRects().length > 0).map((element) => element.textContent ?? ''),
        )
    ).join(' '),
  );
  await read.click();
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Done when the engine's last `end` has come: the button is back.
  await expect(read).toBeVisible({ timeout: 90_000 });
  const sentences = await highlights(page);
  expect(sentences.length).toBeGreaterThan(3);
  expect(words(sentences.join(' '))).toBe(text);
  expect(await highlighted(page)).toBeNull();
  await page.context().close();
});

test('with a real voice, Pause keeps the place, Resume goes on from it, Stop ends the reading', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const page = await dashboard(baseURL);
  const card = page.locator('main article', { has: page.locator('[aria-expanded="true"]') });
  const read = card.getByRole('button', { name: 'Read this step' });
  await expect(read).toBeVisible({ timeout: 30_000 });
  await read.click();
  await expect.poll(async () => (await highlights(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => speechSynthesis.speaking)).toBe(false);
  const place = await highlighted(page);
  const before = (await highlights(page)).length;
  // Silence, and the place kept, for a while longer than a sentence takes.
  await page.waitForTimeout(2_500);
  expect(await page.evaluate(() => speechSynthesis.speaking)).toBe(false);
  expect(await highlighted(page)).toBe(place);
  expect((await highlights(page)).length).toBe(before);

  await card.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => page.evaluate(() => speechSynthesis.speaking)).toBe(true);
  await expect.poll(async () => (await highlights(page)).length, { timeout: 30_000 }).toBeGreaterThan(before);

  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(read).toBeVisible();
  await expect.poll(() => highlighted(page)).toBeNull();
  await expect.poll(() => page.evaluate(() => speechSynthesis.speaking)).toBe(false);
  const stopped = (await highlights(page)).length;
  await page.waitForTimeout(2_000);
  expect((await highlights(page)).length).toBe(stopped);
  await page.context().close();
});
