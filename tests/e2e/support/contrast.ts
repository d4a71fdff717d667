import type { Page } from '@playwright/test';

/** What {@link contrastProblems} found: one line per text below the ratio, and how many texts it measured. */
export interface ContrastReport {
  found: string[];
  checked: number;
}

/**
 * Measures, as Chromium draws the page now, the contrast of every visible text against what is behind it
 * (docs/product.md#accessibility, WCAG 1.4.3 / 1.4.6): text nodes (SVG text by its fill, as a chart's labels), the
 * placeholders of empty fields, disabled controls (their opacity is applied), and the focus ring of every control when
 * the keyboard focuses it (its outline, or its `::after` outline where the ring is drawn there). The colour behind is
 * the element's and its ancestors' backgrounds blended over white; screen-reader-only and hidden text is skipped.
 * @param page the page in the state to measure
 * @param minimum the ratio every text must reach, e.g. 7 for 7:1
 * @returns the texts below `minimum` ("4.52:1 "Sign" (text rgb(…) on 255,255,255)") and the number measured
 */
export async function contrastProblems(page: Page, minimum: number): Promise<ContrastReport> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return page.evaluate((minimum) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('no 2d canvas');
    /** Any CSS colour (oklch too) as sRGB 0–255 with alpha 0–1, as the browser draws it. */
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
    /** The colour behind an element: its own and its ancestors' backgrounds, blended over white. */
    const background = (element: Element | null): number[] => {
      const layers: number[][] = [];
      for (let el = element; el !== null; el = el.parentElement) {
        const layer = rgba(getComputedStyle(el).backgroundColor);
        if ((layer[3] ?? 0) > 0) layers.push(layer);
        if ((layer[3] ?? 0) >= 1) break;
      }
      return layers.reduceRight<number[]>((below, layer) => over(layer, below), [255, 255, 255]);
    };
    /** The product of the element's and its ancestors' opacity (a disabled control is drawn at 60%). */
    const opacity = (element: Element) => {
      let product = 1;
      for (let el: Element | null = element; el !== null; el = el.parentElement)
        product *= Number(getComputedStyle(el).opacity);
      return product;
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: number[], b: number[]) => {
      const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    const found: string[] = [];
    let checked = 0;
    const measure = (element: Element, color: string, what: string) => {
      const behind = background(element);
      const [r, g, b, a] = rgba(color);
      const drawn = over([r, g, b, a * opacity(element)], behind);
      const value = ratio(drawn, behind);
      checked += 1;
      if (value < minimum)
        found.push(`${value.toFixed(2)}:1 ${what} (${color} on ${behind.map(Math.round).join(',')})`);
    };
    const hidden = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        rect.width === 0 ||
        rect.height === 0 ||
        style.visibility === 'hidden' ||
        element.closest('[aria-hidden="true"], .sr-only, noscript, script, template, .textLayer') !== null
      );
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = (node.textContent ?? '').trim();
      if (element === null || text === '' || hidden(element)) continue;
      const style = getComputedStyle(element);
      measure(element, element instanceof SVGElement ? style.fill : style.color, `"${text.slice(0, 40)}"`);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (field.value !== '' || field.placeholder === '' || hidden(field)) continue;
      measure(field, getComputedStyle(field, '::placeholder').color, `placeholder "${field.placeholder.slice(0, 40)}"`);
    }
    // Focus rings: each control focused as the keyboard would (focus-visible), its outline against what is behind it.
    const active = document.activeElement;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex="0"]',
    );
    for (const control of controls) {
      if (hidden(control)) continue;
      control.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
      if (document.activeElement !== control) continue;
      for (const pseudo of [null, '::after'] as const) {
        const style = getComputedStyle(control, pseudo);
        if (style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0) continue;
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        measure(control.parentElement ?? control, style.outlineColor, `focus ring of "${name.slice(0, 30)}"`);
        break;
      }
    }
    if (active instanceof HTMLElement) active.focus({ preventScroll: true });
    else (document.activeElement as HTMLElement | null)?.blur();
    return { found, checked };
  }, minimum);
}
