import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';
import { E2E_SECRETS } from './tests/e2e/fixtures/secrets';

/**
 * End-to-end tests: real Chromium (Debian's, never a downloaded one) against the built app started the way
 * `npm start` starts it, on a fresh embedded database under a temporary DATA_DIR.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-'));
// The test processes load this file too: they see the same folders through the environment.
process.env.E2E_DATA_DIR = dataDir;
/**
 * BACKUP_COPY_DIR of the server: "a mounted drive" that gets a copy of every backup (docs/operations.md#backups);
 * tests/e2e/backups.spec.ts takes it away to make a copy fail.
 */
const backupCopyDir = (process.env.E2E_BACKUP_COPY_DIR ??= `${dataDir}-offsite`);
mkdirSync(backupCopyDir, { recursive: true, mode: 0o700 });

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
      },
    },
  ],
  webServer: {
    // Member records first (scripts/e2e-seed.ts): once started, the server holds the embedded database.
    command: 'node --import tsx scripts/e2e-seed.ts && node scripts/start.mjs --no-env-file',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BACKUP_COPY_DIR: backupCopyDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The admin of tests/e2e/admin.spec.ts (docs/product.md#admin-area).
      ADMIN_EMAILS: 'admin.e2e@inspired2uplift.org',
      // Shared passwords (docs/product.md#shared-passwords): a development user must never see them
      // (tests/e2e/secrets.spec.ts).
      ...E2E_SECRETS,
    },
  },
});
