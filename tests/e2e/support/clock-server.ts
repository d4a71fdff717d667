import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { DateTime } from 'luxon';
import { freePort, startServer, type ServerProcess } from '../../../src/server/test/server-process';
import { signedInPage } from './sign-in';

/**
 * The app server of a spec that runs its own at a time of its choosing (reminders, team tasks, pre-boarding, Workspace
 * accounts, the welcome e-mail): the build of `npm start` on a free port and a data folder of its own, with
 * NODE_ENV=test, so that TEST_CLOCK_OFFSET_MS sets the server's clock to the spec's time whatever the real time is (CI
 * may run at night), and MAIL_EVERY_SECONDS=1, so that planning and sending mail do not wait a minute. It can be
 * restarted on the same port and data folder at a later time (the next morning, a week on).
 */
export class ClockServer {
  #port = 0;
  #dataDir: string | undefined;
  #process: ServerProcess | undefined;

  /**
   * @param options `name`: the spec's (its data folder and session secret are named after it); `host`: the host of
   *   its address (default 127.0.0.1); `readyTimeoutMs`: how long a start may take; `env`: the spec's own settings
   *   (ADMIN_EMAILS, TIME_ZONE, SMTP_URL…), read at each start
   */
  constructor(
    private readonly options: {
      name: string;
      host?: string;
      readyTimeoutMs: number;
      env: () => Record<string, string>;
    },
  ) {}

  /** The server's address (PUBLIC_URL), e.g. `http://127.0.0.1:41234`. */
  get origin(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.#port}`;
  }

  /**
   * Starts the server for the first time on a free port and a new data folder, its clock at `clock`.
   * @param clock the server's time
   * @throws Error with the server's output when it does not start in time
   */
  async start(clock: DateTime): Promise<void> {
    this.#port = await freePort();
    this.#dataDir = mkdtempSync(path.join(tmpdir(), `onboarding-e2e-${this.options.name}-`));
    await this.#startAt(clock);
  }

  /**
   * Stops the server and starts it again on the same port and data folder, its clock at `clock` (a later time).
   * @param clock the server's new time
   * @throws Error with the server's output when it does not start in time
   */
  async restartAt(clock: DateTime): Promise<void> {
    await this.#process?.stop();
    this.#process = undefined;
    await this.#startAt(clock);
  }

  /** Stops the server and removes its data folder; for `afterAll` (nothing to do when it never started). */
  async stop(): Promise<void> {
    await this.#process?.stop();
    this.#process = undefined;
    if (this.#dataDir !== undefined) rmSync(this.#dataDir, { recursive: true, force: true });
  }

  /**
   * A page of a new browser context on this server, signed in as `email` with the development sign-in.
   * @param browser the test's browser
   * @param email the address to sign in as
   * @param name the person's name
   */
  signedIn(browser: Browser, email: string, name: string): Promise<Page> {
    return signedInPage(browser, email, { name, baseURL: this.origin });
  }

  async #startAt(clock: DateTime): Promise<void> {
    this.#process = await startServer({
      entry: 'build',
      port: this.#port,
      readyTimeoutMs: this.options.readyTimeoutMs,
      env: {
        PUBLIC_URL: this.origin,
        DATA_DIR: this.#dataDir ?? '',
        SESSION_SECRET: `onboarding-e2e-${this.options.name}-session-secret-0123456789`,
        MAIL_EVERY_SECONDS: '1',
        ...this.options.env(),
        TEST_CLOCK_OFFSET_MS: String(clock.toMillis() - Date.now()),
      },
    });
  }
}
