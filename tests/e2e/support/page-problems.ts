import type { Page } from '@playwright/test';

/**
 * Collects what goes wrong in a page from now on: its console errors (React reports a hydration difference there) and
 * its uncaught errors, for a test to expect none.
 * @param page the page to listen to
 * @returns a list that fills as problems happen, each 'console: …' or 'page: …'
 */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  return problems;
}
