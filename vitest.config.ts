import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@shared': `${root}src/shared`, '@': `${root}src/client` };

/**
 * Server tests that start the app or a command line tool as a process of its own and hold it to a start-up or
 * shutdown limit (docs/architecture.md#tests). They run one at a time after the other tests, so a test file beside them
 * never takes the CPU their limits assume.
 */
const PROCESS_TESTS = [
  'src/server/reliability-tests/**/*.test.ts',
  'src/server/modules/studio/publish-crash.test.ts',
  'src/server/modules/mail/mail-processes.test.ts',
  'src/server/modules/doctor/checks.test.ts',
  'src/server/modules/setup/setup.test.ts',
  'src/server/modules/members/members-command.test.ts',
  'src/server/modules/backups/backups.test.ts',
  'src/server/content/check-cli.test.ts',
  'src/server/db/copy.test.ts',
  'src/server/db/data-dir-lock.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on CI's two. Most test time is spent waiting on
    // a database, a socket or a timer, so two workers finish sooner there (docs/architecture.md#tests).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-processes',
          include: PROCESS_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
          // A component test renders and waits on the real app's timers; beside another worker on two CPUs the
          // slowest take a few seconds.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
