import type { DateTime } from 'luxon';
import { startServer, type ServerProcess } from '../../../src/server/test/server-process';

/**
 * Starts the build of `npm start` for a spec that runs its own server at a time of its choosing (reminders, team tasks,
 * pre-boarding, Workspace accounts): NODE_ENV=test, so that TEST_CLOCK_OFFSET_MS sets the server's clock to `clock`
 * whatever the real time is (CI may run at night), and MAIL_EVERY_SECONDS=1, so that planning and sending mail do not
 * wait a minute. The same `dataDir` may be served again at a later `clock`.
 * @param options `name`: the spec's (its session secret is made of it); `port`, `origin` (PUBLIC_URL) and `dataDir`;
 *   `clock`: the server's time; `readyTimeoutMs`: how long its start may take; `env`: the spec's own settings
 *   (ADMIN_EMAILS, TIME_ZONE, SMTP_URL…)
 * @returns the running server; stop it in `afterAll`
 * @throws Error with the server's output when it does not start in time
 */
export function startClockServer(options: {
  name: string;
  port: number;
  origin: string;
  dataDir: string;
  clock: DateTime;
  readyTimeoutMs: number;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  return startServer({
    entry: 'build',
    port: options.port,
    readyTimeoutMs: options.readyTimeoutMs,
    env: {
      PUBLIC_URL: options.origin,
      DATA_DIR: options.dataDir,
      SESSION_SECRET: `onboarding-e2e-${options.name}-session-secret-0123456789`,
      MAIL_EVERY_SECONDS: '1',
      ...options.env,
      TEST_CLOCK_OFFSET_MS: String(options.clock.toMillis() - Date.now()),
    },
  });
}
