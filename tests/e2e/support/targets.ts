import type { Page } from '@playwright/test';

/**
 * Pointer targets smaller than `minimum` × `minimum` CSS px (WCAG 2.2 2.5.5 Target Size (Enhanced),
 * docs/product.md#accessibility), measured on the rendered page. A target is every visible control; its size is its
 * box together with what a click on it also reaches: its `<label>`, and the positioned box its `::after` covers (a step
 * card's whole header is its toggle). Links inside a sentence or a block of text are left out, as 2.5.5 allows.
 * @param page the page, in the state to check
 * @param minimum the smallest width and height, in CSS px (44)
 * @returns one line per target too small: its size and its name, empty when none
 */
export async function smallTargets(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role^="menuitem"]';
    const found: string[] = [];
    const union = (boxes: DOMRect[]) => {
      const left = Math.min(...boxes.map((b) => b.left));
      const top = Math.min(...boxes.map((b) => b.top));
      const right = Math.max(...boxes.map((b) => b.right));
      const bottom = Math.max(...boxes.map((b) => b.bottom));
      return { width: right - left, height: bottom - top };
    };
    /** A link that sits in a sentence: the block around it has text of its own besides the link's. */
    const inline = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block !== null && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const text = (block?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return text.length > (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
    };
    for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], .textLayer, iframe') !== null || inline(element)) continue;
      const own = element.getBoundingClientRect();
      if (own.width <= 1 && own.height <= 1) continue;
      const boxes = [own];
      const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
      for (const label of labels ?? []) boxes.push(label.getBoundingClientRect());
      const after = getComputedStyle(element, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && element.offsetParent !== null)
        boxes.push(element.offsetParent.getBoundingClientRect());
      const { width, height } = union(boxes);
      if (width + 0.5 < minimum || height + 0.5 < minimum) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
        found.push(
          `${Math.round(width)} × ${Math.round(height)} px: <${element.tagName.toLowerCase()}> "${name.slice(0, 50)}"`,
        );
      }
    }
    return found;
  }, minimum);
}

/**
 * Controls whose accessible name, given by `aria-label`, does not contain the words they show (WCAG 2.2 2.5.3 Label in
 * Name, docs/product.md#accessibility): someone who says "click Confirm they left" to their speech input must reach the
 * button that shows it. Compared as lower-case words, punctuation aside.
 * @param page the page, in the state to check
 * @returns one line per control: the words it shows and its name, empty when none
 */
export async function labelsNotInNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = 'a[href], button, summary, [role="button"], [role="link"], [role="tab"], [role^="menuitem"]';
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(`:is(${CONTROLS})[aria-label]`)) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // An SVG element (a chart's bar or point) has no innerText: what it shows is its <text> (its <title> is a
      // tooltip, not shown on the page).
      const text =
        (element.innerText as string | undefined) ??
        [...element.querySelectorAll('text')].map((part) => part.textContent ?? '').join(' ');
      const shown = words(text);
      const name = element.getAttribute('aria-label') ?? '';
      if (shown !== '' && !words(name).includes(shown))
        found.push(`<${element.tagName.toLowerCase()}> shows "${text.trim()}" but is named "${name}"`);
    }
    return found;
  });
}

/**
 * Lines of text longer than `maximum` characters (WCAG 2.2 1.4.8 Visual Presentation, docs/product.md#accessibility),
 * counted as drawn: each text node's characters grouped by the line box they land on.
 * @param page the page, in the state to check
 * @param maximum the most characters a line may hold (80)
 * @returns one line per text with a longer line: its length and its start, empty when none
 */
export async function longLines(page: Page, maximum: number): Promise<string[]> {
  return page.evaluate((maximum) => {
    const found: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (text.trim().length <= maximum || element === null) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (element.closest('.sr-only, .textLayer, [aria-hidden="true"], script, style') !== null) continue;
      // Characters per line: a new line starts where a character's box is below the previous one's.
      let longest = 0;
      let count = 0;
      let lineTop = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < text.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.top > lineTop + box.height / 2) {
          lineTop = box.top;
          count = 0;
        }
        count += 1;
        longest = Math.max(longest, count);
      }
      if (longest > maximum) found.push(`${longest} characters: "${text.trim().slice(0, 50)}…"`);
    }
    return found;
  }, maximum);
}
