import type { Page } from '@playwright/test';

/**
 * The text a person sees on the page, one text node a line, outside the two disclosures for technical readers
 * ("Advanced", "Details for whoever runs the server"; docs/product.md#admin-area): hidden elements, scripts and styles
 * left out. With `inputs`, the values of the inputs and text areas outside those disclosures follow (they are on the
 * screen too).
 * @param page the page, on the screen to read
 * @param options `inputs`: add the input values (default: not)
 * @returns the lines, joined with newlines
 */
export function visibleText(page: Page, options: { inputs?: boolean } = {}): Promise<string> {
  return page.evaluate((withInputs) => {
    const hidden = new Set(['Advanced', 'Details for whoever runs the server']);
    const summaryOf = (details: Element) => details.querySelector(':scope > summary')?.textContent?.trim() ?? '';
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node instanceof HTMLElement) {
        if (node.tagName === 'DETAILS' && hidden.has(summaryOf(node))) return;
        if (node.tagName === 'SCRIPT' || node.tagName === 'STYLE' || node.hidden) return;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return;
      }
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      node.childNodes.forEach(walk);
    };
    walk(document.body);
    if (withInputs) {
      const disclosed = (el: Element) => {
        for (let d = el.closest('details'); d !== null; d = d.parentElement?.closest('details') ?? null) {
          if (hidden.has(summaryOf(d))) return true;
        }
        return false;
      };
      document.querySelectorAll('input:not([type=hidden]), textarea').forEach((el) => {
        if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !disclosed(el))
          parts.push(el.value);
      });
    }
    return parts.join('\n');
  }, options.inputs === true);
}
