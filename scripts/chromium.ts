import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * The Chromium every browser run uses (Playwright e2e, the benchmark's Lighthouse and bundle runs): Debian's
 * `chromium` (CHROME_PATH overrides it; a downloaded browser is never used), with the flags this project's machines
 * need (no sandbox, GPU, QUIC or background traffic).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium executable: CHROME_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

/**
 * What both Playwright configurations share (playwright.config.ts, playwright.production.config.ts): spec files one
 * after another, no `.only` and no retry (a test that fails once fails), the list reporter, and a trace and a
 * screenshot kept only of a failure.
 */
export const PLAYWRIGHT_RUN = {
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
} satisfies PlaywrightTestConfig;
