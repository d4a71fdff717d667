import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the step card titled `title` on the dashboard or the demo page (its toggle is the button named as its title,
 * docs/product.md#step-cards) unless it is open, and waits until its picture is laid out (loaded or failed) and its
 * document's viewer has loaded.
 * @param page the page showing the step cards
 * @param title the step's title, exactly
 * @returns the card (its `<article>`)
 */
export async function openStep(page: Page, title: string): Promise<Locator> {
  const toggle = page.locator('main article h3').getByRole('button', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const card = page
    .locator('main article')
    .filter({ has: page.locator('h3').getByRole('button', { name: title, exact: true }) });
  await expect(card.getByText(/^Loading (image|PDF)\.\.\.$/)).toHaveCount(0);
  return card;
}
