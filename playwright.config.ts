import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, PLAYWRIGHT_RUN } from './scripts/chromium';
import { E2E_SECRETS } from './tests/e2e/fixtures/secrets';

/**
 * End-to-end tests: real Chromium (Debian's, never a downloaded one) against the built app started the way
 * `npm start` starts it, on a fresh embedded database under a temporary DATA_DIR.
 *
 * Two app servers run side by side, each with its own data folder, and each project's spec files run one after
 * another against its own server (docs/architecture.md#tests): the browser tests took 27 of CI's 60 minutes on one.
 * The `second` project takes spec files that need nothing but the app itself; the files that start servers of their
 * own on the ports after E2E_PORT (Google's stand-in, the loopback SMTP server, a second app) or take the server's
 * backup folder away stay on the first, so no two of them ever run at once.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const secondPort = port + 500;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-'));
const secondDataDir = process.env.E2E_SECOND_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-second-'));
// The test processes load this file too: they see the same folders through the environment.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_SECOND_DATA_DIR = secondDataDir;
/**
 * BACKUP_COPY_DIR of the servers: "a mounted drive" that gets a copy of every backup (docs/operations.md#backups);
 * tests/e2e/backups.spec.ts takes the first server's away to make a copy fail.
 */
const backupCopyDir = (process.env.E2E_BACKUP_COPY_DIR ??= `${dataDir}-offsite`);
const secondBackupCopyDir = `${secondDataDir}-offsite`;
for (const dir of [backupCopyDir, secondBackupCopyDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });

/** The spec files the second server takes: about half of the browser tests' time, none with servers of its own. */
const SECOND = [
  'preferences',
  'widgets',
  'onboarding',
  'acknowledgments',
  'admin',
  'insights',
  'people',
  'pdf-on-a-phone',
  'fidelity',
  'departments',
  'launch-checklist',
  'forms-and-quizzes',
  'read-aloud',
  'devices',
  'members-import',
  'reflow',
  'screen-reader',
  'aaa-preferences',
].map((name) => new RegExp(`[\\\\/]${name}\\.spec\\.ts$`));

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
};

/** One app server on `serverPort` with its own data folder and backup copy folder. */
const appServer = (serverPort: number, serverDataDir: string, serverBackupCopyDir: string) => ({
  // Member records first (scripts/e2e-seed.ts): once started, the server holds the embedded database.
  command: 'node --import tsx scripts/e2e-seed.ts && node scripts/start.mjs --no-env-file',
  url: `http://localhost:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: serverDataDir,
    BACKUP_COPY_DIR: serverBackupCopyDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // The admin of tests/e2e/admin.spec.ts (docs/product.md#admin-area).
    ADMIN_EMAILS: 'admin.e2e@inspired2uplift.org',
    // Shared passwords (docs/product.md#shared-passwords): a development user must never see them
    // (tests/e2e/secrets.spec.ts).
    ...E2E_SECRETS,
  },
});

export default defineConfig({
  ...PLAYWRIGHT_RUN,
  testDir: 'tests/e2e',
  // One worker per project: each project's files run one after another against its own server.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  projects: [
    {
      name: 'chromium',
      testIgnore: SECOND,
      workers: 1,
      use: { ...chromium, baseURL: `http://localhost:${port}` },
    },
    {
      name: 'chromium-second',
      testMatch: SECOND,
      workers: 1,
      use: { ...chromium, baseURL: `http://localhost:${secondPort}` },
    },
  ],
  webServer: [appServer(port, dataDir, backupCopyDir), appServer(secondPort, secondDataDir, secondBackupCopyDir)],
});
