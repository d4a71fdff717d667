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
