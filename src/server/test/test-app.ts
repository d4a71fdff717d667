import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';
import { buildApp } from '../app.js';
import type { OpenDatabase } from '../db/client.js';
import { loadConfig, type Config } from '../env.js';
import { createTestDatabase } from './test-db.js';

/** Step ids of the test catalog's volunteer role, in order. */
export const VOLUNTEER_STEP_IDS = ['sign-in-to-chrome', 'change-password', 'set-up-slack'] as const;
/** The finance role's own step (it also includes the volunteer steps). */
export const FINANCE_STEP_ID = 'meet-the-treasurer';

const step = (id: string, title: string, category: string) => ({
  id,
  title,
  description: `${title}.`,
  icon: 'User',
  category,
  content: { details: [`How to ${title.toLowerCase()}.`], tasks: [`${title}.`] },
});

/**
 * A small, stable role catalog for server tests (independent of the real content): volunteer with three steps,
 * finance including the volunteer steps plus one of its own.
 */
export function createTestCatalog(): RoleCatalog {
  return createRoleCatalog(
    [
      {
        key: 'volunteer',
        displayName: 'Volunteer',
        version: '1.0',
        icon: 'HeartHandshake',
        colors: { baseColor: '#15803d' },
        aliases: ['vol'],
        scopes: [
          {
            id: 'pre-meeting',
            title: 'Before your first meeting',
            steps: [
              step('sign-in-to-chrome', 'Sign in to your Chrome profile', 'Volunteer'),
              step('change-password', 'Change your password', 'Volunteer'),
              step('set-up-slack', 'Set up Slack', 'Volunteer'),
            ],
          },
        ],
      },
      {
        key: 'finance',
        displayName: 'Finance',
        version: '1.0',
        icon: 'DollarSign',
        isDepartment: true,
        colors: { baseColor: '#1d4ed8' },
        scopes: [
          {
            id: 'pre-meeting',
            title: 'Before your first meeting',
            include: ['volunteer'],
            steps: [step(FINANCE_STEP_ID, 'Meet the treasurer', 'Finance')],
          },
        ],
      },
    ].map((config) => roleConfigurationSchema.parse(config)),
  );
}

/** A server test's app with its own database, content directory and clock. */
export interface TestApp {
  app: FastifyInstance;
  database: OpenDatabase;
  config: Config;
  /** The test clock; `advance` moves it forward. */
  clock: { now: Date; advance(ms: number): void };
  /** Closes the app, drops the database and removes the temporary directories. */
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh migrated database (see test-db.ts) with the test catalog, a temporary content
 * directory holding `assets/logo.svg`, and a clock the test controls.
 * @param options.env extra environment variables for `loadConfig` (NODE_ENV is 'test' unless given)
 * @param options.clientDistDir the SPA directory to serve (default: none)
 */
export async function createTestApp(options: { env?: Record<string, string>; clientDistDir?: string | null } = {}): Promise<TestApp> {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-content-'));
  mkdirSync(path.join(contentDir, 'assets'));
  writeFileSync(path.join(contentDir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({ NODE_ENV: 'test', CONTENT_DIR: contentDir, ...options.env });
  const database = await createTestDatabase();
  const clock = {
    now: new Date('2025-04-01T09:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    catalog: createTestCatalog(),
    clientDistDir: options.clientDistDir ?? null,
    now: () => clock.now,
  });
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(contentDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the development sign-in and returns the `cookie` header value for later requests.
 * @throws Error when the sign-in does not answer 200 with a session cookie
 */
export async function signIn(app: FastifyInstance, body: { email?: string; name?: string } = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: body });
  const cookie = res.cookies.find((c) => c.name === 'onboarding_session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

