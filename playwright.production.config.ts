import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, PLAYWRIGHT_RUN } from './scripts/chromium';
import { BROWSER_HOME, PUBLIC_HOST_NAME, PUBLIC_URL } from './tests/production/rehearsal';

/**
 * The production rehearsal (`npm run test:production`; docs/operations.md#behind-a-reverse-proxy): the built app with
 * NODE_ENV=production behind Caddy (deploy/Caddyfile) terminating TLS, started by tests/production/rehearsal.ts. The
 * browser trusts Caddy's local certificate authority through the NSS database under its HOME (no certificate error
 * is ignored), and reaches the app's public name through --host-resolver-rules, as a browser elsewhere would through
 * DNS.
 */
export default defineConfig({
  ...PLAYWRIGHT_RUN,
  testDir: 'tests/production',
  workers: 1,
  timeout: 180_000,
  // Generous: on a busy machine the first pages of a fresh browser take long to load; CI's run is far quicker.
  expect: { timeout: 30_000 },
  use: { ...PLAYWRIGHT_RUN.use, baseURL: PUBLIC_URL },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${PUBLIC_HOST_NAME} 127.0.0.1`],
          env: { ...process.env, HOME: BROWSER_HOME },
        },
      },
    },
  ],
});
