import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Page } from '@playwright/test';

/** The WCAG 2.x A/AA rule sets (docs/product.md#accessibility: WCAG 2.2 AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Elements axe may not look into, each with the reason. Only third-party content we cannot change belongs here; our
 * own markup around it is still checked.
 */
export const THIRD_PARTY_EXCLUDES: readonly { selector: string; why: string }[] = [
  // The YouTube player is a cross-origin document (youtube-nocookie.com) with its own markup and contrast; the
  // <iframe> element itself (its title) is ours and is checked through the `frame-title` rule on the parent page.
  { selector: 'iframe[src*="youtube"]', why: 'third-party YouTube player document' },
];

/** Offending elements listed per rule; the rest are counted. */
const MAX_NODES_LISTED = 5;

export interface AxeCheckOptions {
  /** Names the state in the failure message, e.g. 'dashboard, PDF step countdown (390 px)'. */
  state: string;
  /** Limits the check to this part of the page (a CSS selector); the whole page otherwise. */
  include?: string;
  /** Runs only these axe rules (e.g. {@link LOOK_RULES}) instead of every rule of {@link WCAG_TAGS}. */
  rules?: readonly string[];
}

/**
 * The WCAG A/AA rules whose outcome depends on how the page is drawn rather than on its markup: colours, the size of
 * what can be clicked, and what scrolls. When only the look changes (the theme and text size, switched by attributes
 * of `<html>` on the same markup), only these can find anything new; every other rule has already been run on that
 * markup.
 */
export const LOOK_RULES = [
  'color-contrast',
  'link-in-text-block',
  'target-size',
  'scrollable-region-focusable',
] as const;

/**
 * The addresses of the page's frames of another origin (at any depth below frames of its own) that no
 * {@link THIRD_PARTY_EXCLUDES} selector excludes: axe run in the page reaches only frames of its own origin.
 * @param page the page to look at
 * @returns the frames' addresses; empty when axe reaches every frame it is meant to check
 */
async function framesAxeCannotReach(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const selectors = THIRD_PARTY_EXCLUDES.map(({ selector }) => selector);
  const unreachable: string[] = [];
  const visit = async (frame: Frame): Promise<void> => {
    for (const child of frame.childFrames()) {
      const url = child.url();
      if (url === '' || url.startsWith('about:') || new URL(url).origin === origin) {
        await visit(child);
        continue;
      }
      const excluded = await (
        await child.frameElement()
      ).evaluate(
        (element, excludes) =>
          element instanceof Element && excludes.some((selector) => element.closest(selector) !== null),
        selectors,
      );
      if (!excluded) unreachable.push(url);
    }
  };
  await visit(page.mainFrame());
  return unreachable;
}

/**
 * Runs axe-core on the page as it is now, with the WCAG 2.0/2.1/2.2 A and AA rules ({@link WCAG_TAGS}) and no rule
 * disabled, once every finite animation and transition has ended, and fails the test with one readable line per
 * violation: rule id, impact, help text, and every offending element's selector with axe's summary of what is wrong
 * (docs/product.md#accessibility).
 * @param page a Playwright page showing the state to check
 * @param options `state` names the state in the message; `include` narrows the check to a selector; `rules` runs
 *   only those rules
 * @throws the assertion error of `expect` when axe reports any violation
 */
export async function expectNoAxeViolations(page: Page, { state, include, rules }: AxeCheckOptions): Promise<void> {
  // Colours are measured as drawn: a card still fading in (or a toast sliding in) would be judged half transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const unreachable = await framesAxeCannotReach(page);
  expect(
    unreachable,
    `frames of another origin that axe cannot check on ${state}; exclude them (THIRD_PARTY_EXCLUDES)`,
  ).toEqual([]);
  // axe.run in the page (@axe-core/playwright's legacy mode): the same rules on the page and its same-origin frames.
  // The default runs axe in each frame, then opens a blank page in the context, gives it axe's whole source again and
  // combines the results there, on every check. Side by side on the same four pages (the login page, /test, a
  // dashboard, the admin's members) this takes 0.57 of the default's time with the same violations, passes and
  // incomplete results (load 6.6-7.5). The default's one gain is frames of another origin: each such frame is excluded
  // (THIRD_PARTY_EXCLUDES), and one that is not fails the check above.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = rules === undefined ? builder.withTags([...WCAG_TAGS]) : builder.withRules([...rules]);
  if (include !== undefined) builder = builder.include(include);
  for (const { selector } of THIRD_PARTY_EXCLUDES) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) => {
    const nodes = violation.nodes.slice(0, MAX_NODES_LISTED).map((node) => {
      const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
      return `    - ${node.target.map(String).join(' >>> ')}${why ? `: ${why}` : ''}`;
    });
    const more = violation.nodes.length - MAX_NODES_LISTED;
    if (more > 0) nodes.push(`    … and ${more} more element(s)`);
    return `  ${violation.id} [${violation.impact ?? 'unknown'}] ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
  });
  expect(
    violations.length,
    `axe found ${violations.length} WCAG A/AA violation(s) on ${state}:\n${report.join('\n')}\n`,
  ).toBe(0);
}
