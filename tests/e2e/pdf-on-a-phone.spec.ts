import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The agreement on a phone (docs/product.md#step-widgets): pdf.js draws it readably (body text at least 12 CSS px),
 * "Zoom in", "Zoom out" and "Fit width" work by keyboard, the page may be pinch-zoomed, and the reading time keeps
 * counting while the person zooms.
 */

const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** The most common font size (CSS px) of the words in the document's text layer, as the browser lays them out. */
async function bodyTextPx(region: Locator): Promise<number> {
  return region.evaluate((element) => {
    const counts = new Map<number, number>();
    for (const span of element.querySelectorAll<HTMLElement>('.textLayer span')) {
      if ((span.textContent ?? '').trim().length < 3) continue;
      const px = Math.round(parseFloat(getComputedStyle(span).fontSize) * 10) / 10;
      counts.set(px, (counts.get(px) ?? 0) + (span.textContent ?? '').length);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  });
}

/** The first page's drawn width in CSS px. */
const pageWidth = (region: Locator) =>
  region
    .locator('.react-pdf__Page')
    .first()
    .evaluate((p) => p.getBoundingClientRect().width);

test('on a phone the agreement is readable, zooms by keyboard, may be pinch-zoomed, and its wait keeps counting', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const email = `pdf.phone.${Date.now().toString(36)}@inspired2uplift.org`;
  await signInAs(page, email, { baseURL });
  // The mobile warning was read before (its own tests are in widgets.spec.ts), so that it does not cover the page.
  await page.addInitScript(() => localStorage.setItem('mobile-warning-dismissed', 'true'));
  await page.goto('/dashboard');

  // Pinch zoom is left to the browser: the viewport does not forbid it.
  const viewportMeta = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewportMeta).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale/i);

  const card = stepCard(page, 'Sign the Volunteer Agreement');
  // Every second the wait shows, in order: zooming must never start it again.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { waitSeconds: seen });
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) {
        const match = /^Please wait \((\d+)s\)$/.exec(button.textContent?.trim() ?? '');
        if (match && seen.at(-1) !== Number(match[1])) seen.push(Number(match[1]));
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await card.getByRole('button', { name: 'Sign the Volunteer Agreement' }).click();
  const region = card.getByRole('region', { name: 'Sign the Volunteer Agreement: document' });
  await expect(region.locator('.textLayer span').filter({ hasText: 'Volunteer Agreement' }).first()).toBeAttached({
    timeout: 30_000,
  });
  expect(await region.evaluate((r) => getComputedStyle(r).touchAction)).not.toBe('none');

  // It opens readable: body text of at least 12 CSS px, the page scrolled sideways.
  await expect.poll(() => bodyTextPx(region)).toBeGreaterThanOrEqual(12);
  const opening = await bodyTextPx(region);
  const regionWidth = await region.evaluate((r) => r.clientWidth);
  expect(await pageWidth(region)).toBeGreaterThan(regionWidth);

  // "Fit width" by keyboard: the whole page width in the viewer.
  await card.getByRole('button', { name: 'Fit width' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => pageWidth(region)).toBeLessThanOrEqual(regionWidth);
  const fitted = await bodyTextPx(region);
  expect(fitted).toBeLessThan(opening);

  // "Zoom in" by keyboard makes the text larger; "Zoom out" smaller again.
  await card.getByRole('button', { name: 'Zoom in' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => bodyTextPx(region)).toBeGreaterThan(fitted);
  const zoomedIn = await bodyTextPx(region);
  await card.getByRole('button', { name: 'Zoom out' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => bodyTextPx(region)).toBeLessThan(zoomedIn);

  // The wait kept counting through the zooming (the document was not loaded again): it only ever went down, and Sign
  // unlocks after it.
  await expect(card.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled({ timeout: 30_000 });
  const seconds = await page.evaluate(() => (window as unknown as { waitSeconds: number[] }).waitSeconds);
  expect(seconds.length).toBeGreaterThan(1);
  expect(seconds).toEqual([...seconds].sort((a, b) => b - a));

  await card.getByRole('button', { name: 'Zoom in' }).click();
  await expectNoAxeViolations(page, {
    state: 'agreement on a phone (390 px), zoomed in',
    include: '#step-sign-volunteer-agreement',
  });
  await context.close();
});
