import type { Page } from '@playwright/test';

/**
 * What WCAG 2.2 1.4.10 Reflow, 1.4.12 Text Spacing and 1.4.4 Resize Text forbid, measured on the rendered page
 * (docs/product.md#accessibility): the page scrolling sideways, an element with text or a control whose box leaves the
 * viewport outside a scroll container of its own, and text cut off by `overflow: hidden`/`clip` or `text-overflow`
 * (its scrollWidth or scrollHeight beyond its clientWidth or clientHeight).
 * @param page the page, in the state to check
 * @returns one line per problem, naming the element (tag, name or text, and where it is), empty when none
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    // Half a pixel for sub-pixel layout.
    const slack = 0.5;
    if (root.scrollWidth > viewportWidth + slack)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${viewportWidth} px viewport`);

    const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [tabindex]';
    const ownText = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLElement ? element.innerText : (element.textContent ?? '')).replace(/\s+/g, ' ').trim();
      const path: string[] = [];
      for (
        let at: Element | null = element;
        at !== null && at !== document.body && path.length < 4;
        at = at.parentElement
      ) {
        const id = at.id === '' ? '' : `#${at.id}`;
        path.unshift(`${at.tagName.toLowerCase()}${id}`);
      }
      return `<${element.tagName.toLowerCase()}> "${name.slice(0, 60)}" (${path.join(' > ')})`;
    };
    /** Hidden from sight on purpose: not rendered, or the 1-px clipped box of text for screen readers only. */
    const hidden = (element: Element, box: DOMRect) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
      if (box.width <= 1 && box.height <= 1) return true;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    /** Inside something that scrolls sideways on its own, or clipped entirely out of sight by an ancestor. */
    const inScrollerOrClippedAway = (element: Element, box: DOMRect) => {
      for (let at = element.parentElement; at !== null && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const clip = at.getBoundingClientRect();
          if (box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom)
            return true;
        }
      }
      return false;
    };

    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('svg') !== null && element.tagName.toLowerCase() !== 'svg') continue;
      const text = ownText(element);
      const control = element.matches(CONTROLS);
      if (!text && !control) continue;
      const box = element.getBoundingClientRect();
      if (hidden(element, box)) continue;
      if (
        (box.left < -slack || box.right > viewportWidth + slack) &&
        !inScrollerOrClippedAway(element, box) &&
        getComputedStyle(element).position !== 'fixed'
      )
        problems.push(
          `${describe(element)} leaves the viewport: from ${Math.round(box.left)} to ${Math.round(box.right)} px of ${viewportWidth}`,
        );
    }

    // Text cut off: an element that clips (overflow hidden or clip, text-overflow, line clamp) with visible text
    // wider or taller than its box.
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow !== 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip' || style.webkitLineClamp !== 'none';
      if (!clipsX && !clipsY) continue;
      const box = element.getBoundingClientRect();
      if (hidden(element, box) || element.innerText.trim() === '') continue;
      // Cut on purpose with a control that shows the rest ('Show all' of a contact's bio).
      if (
        element.id !== '' &&
        document.querySelector(`[aria-controls="${element.id}"][aria-expanded="false"]`) !== null
      )
        continue;
      const wide = clipsX && element.scrollWidth > element.clientWidth + 1;
      const tall = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (wide || tall)
        problems.push(
          `${describe(element)} cuts off its text: ${wide ? `${element.scrollWidth} px wide in ${element.clientWidth}` : `${element.scrollHeight} px tall in ${element.clientHeight}`}`,
        );
    }
    return problems;
  });
}

/**
 * The open dialogs (modal `<dialog>`, role dialog or alertdialog) each inside the viewport, and each showing its title
 * in its own scroll box: a dialog taller than the screen scrolls, and opens at its top (WCAG 1.4.10 Reflow).
 * @param page the page with the dialog just opened
 * @returns one line per problem, naming the dialog, empty when none
 */
export async function dialogProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const height = window.innerHeight;
    const width = document.documentElement.clientWidth;
    for (const dialog of document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')) {
      if (!dialog.checkVisibility()) continue;
      const titleId = dialog.getAttribute('aria-labelledby');
      const title = titleId === null ? null : document.getElementById(titleId);
      const name = title?.textContent?.trim() ?? dialog.getAttribute('aria-label') ?? '(no name)';
      const box = dialog.getBoundingClientRect();
      if (box.top < -0.5 || box.bottom > height + 0.5 || box.left < -0.5 || box.right > width + 0.5)
        problems.push(
          `the dialog "${name}" leaves the screen: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)} in ${width}×${height}`,
        );
      // Unless the control the dialog put focus on would then be out of view: focus seen comes first (WCAG 2.4.11).
      const focused = dialog.contains(document.activeElement) ? document.activeElement : null;
      const focusFitsAtTop =
        focused === null || focused.getBoundingClientRect().bottom + dialog.scrollTop - box.top <= dialog.clientHeight;
      if (title !== null && focusFitsAtTop) {
        const titleBox = title.getBoundingClientRect();
        // Its first line at least: at 320 × 200 CSS px with 200% text a long title may not fit whole.
        if (titleBox.top < Math.max(box.top, 0) - 0.5 || titleBox.top > Math.min(box.bottom, height) - 16)
          problems.push(`the dialog "${name}" opens with its title out of view (scrolled ${dialog.scrollTop} px)`);
      }
    }
    return problems;
  });
}

/**
 * Controls whose label breaks inside a word (WCAG 2.2 1.4.10 Reflow, docs/product.md#accessibility): a word of a
 * button's, link's, tab's or disclosure's text split over two lines ("Fullscr" / "een") although it would fit whole
 * on a line of the nearest block whose width does not come from its content. A word wider than that line (a long
 * e-mail address or domain) must wrap rather than be cut, so it is left out. Words are the runs between spaces; a
 * break after a hyphen, a dash or a slash is a break between words. Measured on the rendered page: each word's line
 * boxes (Range.getClientRects) and their widths added up (its width on one line).
 * @param page the page, in the state to check
 * @returns one line per broken word: the control, the word, its width and the line's, empty when none
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = 'a[href], button, summary, [role="button"], [role="link"], [role="tab"], [role^="menuitem"]';
    const found: string[] = [];
    const range = document.createRange();
    const px = (value: string) => Number.parseFloat(value) || 0;
    /**
     * The width of a line: the content box of the nearest block laid out by its container, not by its content, less
     * the padding and borders of the boxes inside it (a button's, a list item's).
     */
    const lineWidth = (from: Element) => {
      let inset = 0;
      for (let at: Element | null = from; at !== null && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const container = at.parentElement === null ? 'block' : getComputedStyle(at.parentElement).display;
        const block = ['block', 'list-item', 'flow-root'].includes(style.display);
        const fromContainer =
          block &&
          style.float === 'none' &&
          style.position !== 'absolute' &&
          style.position !== 'fixed' &&
          !/flex|grid|table|inline/.test(container);
        if (fromContainer) return at.clientWidth - px(style.paddingLeft) - px(style.paddingRight) - inset;
        if (style.display !== 'inline')
          inset +=
            px(style.paddingLeft) + px(style.paddingRight) + px(style.borderLeftWidth) + px(style.borderRightWidth);
      }
      return document.documentElement.clientWidth - inset;
    };
    for (const control of document.querySelectorAll(CONTROLS)) {
      if (control.closest('svg, .sr-only, [aria-hidden="true"], .textLayer') !== null) continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent === null || parent.closest('.sr-only, [aria-hidden="true"]') !== null) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s/\u2010-\u2014-]+[/\u2010-\u2014-]?/gu)) {
          const word = match[0];
          if (word.length < 2) continue;
          range.setStart(node, match.index);
          range.setEnd(node, match.index + word.length);
          const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
          const tops: number[] = [];
          for (const box of boxes)
            if (!tops.some((top) => Math.abs(top - box.top) < box.height / 2)) tops.push(box.top);
          if (tops.length < 2) continue;
          const width = boxes.reduce((sum, box) => sum + box.width, 0);
          const line = lineWidth(parent);
          // A pixel for rounding: a word as wide as its line may not fit it.
          if (width > line - 1) continue;
          const label = (control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
          found.push(
            `<${control.tagName.toLowerCase()}> "${label}" breaks the word "${word}" over ${tops.length} lines (${Math.round(width)} px wide, its line ${Math.round(line)} px)`,
          );
        }
      }
    }
    return found;
  });
}
