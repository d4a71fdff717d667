import { expect, type Locator, type Page } from '@playwright/test';

/** What the keyboard is on and whether a sighted keyboard user can see it (docs/product.md#accessibility). */
export interface FocusReport {
  /** Tag, role, name or text of the focused element, for messages. */
  element: string;
  /** The focused element (or its ::before/::after, which our step toggles use) draws an outline of ≥ 2 px. */
  indicated: boolean;
  /** The focused element's centre is not covered by another element, e.g. a sticky header (WCAG 2.4.11). */
  unobscured: boolean;
  /** The element drawn at the focused element's centre when that is another one. */
  coveredBy: string;
}

/**
 * Describes the focused element of the page: a short description, whether it shows a focus indicator (a computed
 * outline that is not `none`, at least 2 px wide and not transparent, on the element or on its ::before/::after), and
 * whether it is the top element at the centre of its first line box (so not hidden behind a sticky header or an
 * overlay).
 * @param page the page to inspect
 * @returns a {@link FocusReport}; `element` is 'nothing' when the body has focus
 */
export async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) {
      return { element: 'nothing', indicated: false, unobscured: false, coveredBy: '' };
    }
    const outlined = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) >= 2 &&
      style.outlineColor !== 'transparent' &&
      !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
    const indicated =
      outlined(getComputedStyle(el)) ||
      outlined(getComputedStyle(el, '::after')) ||
      outlined(getComputedStyle(el, '::before'));
    // The first line box: a link that wraps has an empty middle in its bounding box.
    const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
    // The centre of the part inside the viewport: an element taller than the screen (a tab panel holding a long table)
    // is scrolled to its top when focused, and its centre may lie below the fold.
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const hit = bottom > top && right > left ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
    const unobscured = hit !== null && (hit === el || el.contains(hit));
    const describe = (node: Element) => {
      const name = node.getAttribute('aria-label') ?? node.textContent?.replace(/\s+/g, ' ').trim().slice(0, 60) ?? '';
      const role = node.getAttribute('role');
      const id = node.id ? `#${node.id}` : '';
      return `<${node.tagName.toLowerCase()}${id}${role ? ` role=${role}` : ''}> "${name}"`;
    };
    const coveredBy = hit === null ? 'nothing (off screen)' : unobscured ? '' : describe(hit);
    return { element: describe(el), indicated, unobscured, coveredBy };
  });
}

/**
 * Waits until the app has taken over a page the server rendered (docs/decisions/030-dashboard-first-screen-from-the-server.md):
 * until then the page's controls take no pointer events, so a key pressed on one does nothing and
 * `document.elementFromPoint` looks through it (the covering check of {@link focusReport} would name its parent).
 * Returns at once on a page the browser rendered.
 * @param page the page
 * @throws Playwright's timeout error when the app never takes the page over
 */
export async function waitForTakeOver(page: Page): Promise<void> {
  await page.locator('#root[data-server-rendered]').waitFor({ state: 'detached' });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, once the app has taken the page over ({@link waitForTakeOver}), checking at every stop that the focused element shows a visible
 * focus indicator and is not covered (see {@link focusReport}).
 * @param page the page
 * @param target the element to reach
 * @param options `backwards` presses Shift+Tab; `max` is the most presses allowed (default 60)
 * @returns the descriptions of every element the keyboard stopped on, `target` last
 * @throws the assertion error when `target` is not reached within `max` presses, or a stop has no visible focus
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<string[]> {
  await waitForTakeOver(page);
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const report = await focusReport(page);
    stops.push(report.element);
    expect(
      report.indicated,
      `no visible focus indicator on ${report.element} (stops so far: ${stops.join(', ')})`,
    ).toBe(true);
    expect(report.unobscured, `${report.element} has focus but is covered by ${report.coveredBy}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return stops;
  }
  throw new Error(
    `Did not reach the target within ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}: ${stops.join(', ')}`,
  );
}

/**
 * Asserts that the element with focus now shows a visible, uncovered focus indicator.
 * @throws the assertion error otherwise
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const report = await focusReport(page);
  expect(report.indicated, `no visible focus indicator on ${report.element}`).toBe(true);
  expect(report.unobscured, `${report.element} has focus but is covered by ${report.coveredBy}`).toBe(true);
}

/**
 * Tabs through the whole page from its start, once the app has taken it over ({@link waitForTakeOver}), checking at every stop that the focused element shows a visible focus
 * indicator and is not covered (see {@link focusReport}), until focus leaves the page or comes back round.
 * @param page the page, just loaded (focus on the document)
 * @param max the most Tab presses (default 150)
 * @returns the descriptions of the stops, in order
 * @throws the assertion error at the first stop without a visible, uncovered focus indicator, or when the page has
 *   more than `max` stops
 */
export async function tabThroughPage(page: Page, max = 150): Promise<string[]> {
  await waitForTakeOver(page);
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const report = await focusReport(page);
    if (report.element === 'nothing' || report.element === stops[0]) return stops;
    stops.push(report.element);
    expect(report.indicated, `no visible focus indicator on ${report.element} (stop ${stops.length})`).toBe(true);
    expect(report.unobscured, `${report.element} has focus but is covered by ${report.coveredBy}`).toBe(true);
  }
  throw new Error(`More than ${max} Tab stops: ${stops.join(', ')}`);
}
