import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestCallback } from 'fastify';
import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';
import { buildApp, type AppDeps } from '../app.js';
import { createBackupService, type BackupService } from '../modules/backups/backups.js';
import { eq } from 'drizzle-orm';
import { announcingEach } from '../db/changes.js';
import type { OpenDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import type { AuthLimits } from '../plugins/auth-rate-limits.js';
import { loadConfig, type Config } from '../env.js';
import { insertSession, type SessionKind } from '../plugins/session-store.js';
import { upsertGoogleUser, type UserRow } from '../modules/auth/users.repository.js';
import { hashSessionToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionCookieName } from '../plugins/sessions.js';
import type { FirstScreenRenderer } from '../../shared/document-answers.js';
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

/**
 * Makes `app.inject` send the server's own `Origin` (and `Sec-Fetch-Site: same-origin`) on every request that names
 * neither an Origin nor a Referer (and `Sec-Fetch-Dest: empty`), as a browser does for the SPA's own requests, so tests pass the same-origin (CSRF)
 * check (plugins/same-origin.ts) and the secrets route's own-request check unless they set those headers themselves.
 * @param app the app to change
 * @param origin the origin the app expects: PUBLIC_URL, or `http://localhost` (the Host light-my-request sends)
 */
export function sendOwnOriginByDefault(app: FastifyInstance, origin: string): void {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions => {
    const injectOptions = typeof options === 'string' ? { url: options } : options;
    const headers = injectOptions.headers ?? {};
    const names = Object.keys(headers).map((name) => name.toLowerCase());
    if (names.some((name) => ['origin', 'referer'].includes(name))) return injectOptions;
    // As the SPA's own fetches do: a browser says `Sec-Fetch-Site: same-origin` and `Sec-Fetch-Dest: empty` (routes
    // that hand out secrets ask).
    const fetchSite = names.some((name) => ['sec-fetch-site', 'x-requested-with'].includes(name))
      ? {}
      : { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' };
    return { ...injectOptions, headers: { ...headers, origin, ...fetchSite } };
  };
  function injectWithOrigin(options?: InjectOptions | string, callback?: LightMyRequestCallback) {
    if (options === undefined) return inject();
    if (callback !== undefined) return inject(withOrigin(options), callback);
    return inject(withOrigin(options));
  }
  app.inject = injectWithOrigin as FastifyInstance['inject'];
}

/**
 * What Chromium sends when a person opens an address of this site as a page (a click on a link or a button that
 * navigates): Fetch Metadata of a top-level navigation and an Accept for HTML. The start of Google sign-in answers
 * only such requests (docs/decisions/034-cross-site-sign-in-lockout.md).
 */
export const PAGE_NAVIGATION = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
} as const;

const generous = { max: 1000, timeWindowMs: 60_000 };
/** Sign-in rate limits no ordinary test meets: 1000 a minute each. */
export const GENEROUS_AUTH_LIMITS: AuthLimits = {
  signInStart: generous,
  signOut: generous,
  devLogin: generous,
  failedCallbacksPerAddress: generous,
  failedCallbacksPerAccount: generous,
};

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
 * The `backups` option of {@link createTestApp} for an app on the embedded database (docs/operations.md#backups): its
 * backup service, writing to `directory`, a backup a day with 7 daily and 4 weekly ones kept, on the test clock.
 * @param directory the backups' folder
 */
export const embeddedBackups =
  (directory: string) =>
  (database: OpenDatabase, now: () => Date): BackupService =>
    createBackupService({
      client: database.driver.kind === 'pglite' ? database.driver.client : undefined,
      directory,
      settings: { everyHours: 24, keepDaily: 7, keepWeekly: 4 },
      now,
    });

/**
 * Builds the app on a fresh migrated database (see test-db.ts) with the test catalog, a temporary content
 * directory holding `assets/logo.svg`, and a clock the test controls.
 * @param options.env extra environment variables for `loadConfig` (NODE_ENV is 'test' unless given)
 * @param options.clientDistDir the SPA directory to serve (default: none)
 * @param options.renderFirstScreen renders /dashboard's first screen into its document (default: none)
 * @param options.authLimits sign-in rate limits to use instead of {@link GENEROUS_AUTH_LIMITS} (1000 a minute each,
 *   so that tests signing in often never meet them; the rate-limit tests set small ones)
 * @param options.sendOrigin whether `app.inject` adds the server's own Origin to requests without Origin/Referer
 *   (default true; see {@link sendOwnOriginByDefault})
 * @param options.catalog the role catalog (default {@link createTestCatalog})
 * @param options.logger Fastify's logger option (default: no logger)
 * @param options.database the database to use instead of a fresh one from test-db.ts (migrated by the caller; closed
 *   by `close()` all the same)
 * @param options.backups makes the app's backup service from the database and the test clock (default: none)
 * @param options.onRoute told of every route as it is registered (buildApp's `onRoute`)
 * @param options.preboardingLimits the pre-boarding links' rate limits (default: the server's)
 * @param options.workGate the gate API requests wait at (buildApp's `workGate`; default: the server's)
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDistDir?: string | null;
    renderFirstScreen?: FirstScreenRenderer;
    authLimits?: Partial<AuthLimits>;
    sendOrigin?: boolean;
    catalog?: RoleCatalog;
    logger?: FastifyServerOptions['logger'];
    database?: OpenDatabase;
    backups?: (database: OpenDatabase, now: () => Date) => BackupService;
    onRoute?: AppDeps['onRoute'];
    preboardingLimits?: AppDeps['preboardingLimits'];
    workGate?: AppDeps['workGate'];
  } = {},
): Promise<TestApp> {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-content-'));
  mkdirSync(path.join(contentDir, 'assets'));
  writeFileSync(path.join(contentDir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({ NODE_ENV: 'test', CONTENT_DIR: contentDir, ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const clock = {
    now: new Date('2025-04-01T09:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    catalog: options.catalog ?? createTestCatalog(),
    clientDistDir: options.clientDistDir ?? null,
    now: () => clock.now,
    authLimits: { ...GENEROUS_AUTH_LIMITS, ...options.authLimits },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.renderFirstScreen === undefined ? {} : { renderFirstScreen: options.renderFirstScreen }),
    ...(options.backups === undefined ? {} : { backups: options.backups(database, () => clock.now) }),
    ...(options.onRoute === undefined ? {} : { onRoute: options.onRoute }),
    ...(options.preboardingLimits === undefined ? {} : { preboardingLimits: options.preboardingLimits }),
    ...(options.workGate === undefined ? {} : { workGate: options.workGate }),
  });
  if (options.sendOrigin !== false) sendOwnOriginByDefault(app, config.publicUrl ?? 'http://localhost');
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

/**
 * Signs a person in as if Google had admitted them, without a provider: stores the Google user and a session of kind
 * 'google' directly (the session store), so tests of what a Google session may do (e.g. shared passwords,
 * docs/product.md#shared-passwords) need no OpenID Connect round trip. The real sign-in is tested in
 * modules/google-auth.
 * @param t the test app (its database, configuration and clock)
 * @param identity `email` and optional `name`
 * @returns the `cookie` header value for later requests
 */
export async function signInWithGoogleSession(t: TestApp, identity: { email: string; name?: string }): Promise<string> {
  const { user: row } = await upsertGoogleUser(t.database.db, {
    email: identity.email,
    name: identity.name ?? identity.email,
    picture: null,
  });
  return insertTestSession(t, row.id, 'google');
}

/**
 * Stores a session of `kind` for a user directly (the session store), as a sign-in would, and returns its cookie.
 * @param t the test app (its database, configuration and clock)
 * @param userId the user's id
 * @param kind 'google' or 'development'
 * @returns the `cookie` header value for later requests
 */
export async function insertTestSession(
  t: Pick<TestApp, 'database' | 'config' | 'clock'>,
  userId: string,
  kind: SessionKind,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.clock.now;
  await insertSession(t.database.db, {
    tokenHash: hashSessionToken(t.config.sessionSecret, token),
    userId,
    kind,
    now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return `${sessionCookieName(t.config)}=${token}`;
}

/**
 * The environment of a production server for tests: https `PUBLIC_URL`, Google client settings (Google's issuer; no
 * request ever reaches it in these tests), a session secret and a secrets key. Tests add or replace variables.
 */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://onboarding.inspired2uplift.org',
  GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'secret',
  OIDC_ISSUER: 'https://accounts.google.com',
  SESSION_SECRET: 'a-production-session-secret-of-enough-length-0123456789',
  SECRETS_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
};

/**
 * Changes what is stored of a user — the role, department or picture a sign-in writes (e.g. from the Workspace
 * directory) — and announces it as every write of the app does (db/changes.ts); returns once the app has heard it, so
 * that its read cache has forgotten the user.
 * @param t the test app
 * @param email the user's e-mail address (lower case)
 * @param set the columns to change
 */
export async function updateStoredUser(
  t: Pick<TestApp, 'app' | 'database'>,
  email: string,
  set: Partial<Pick<UserRow, 'role' | 'department' | 'picture'>>,
): Promise<void> {
  await t.database.db.update(users).set(set).where(eq(users.email, email)).returning(announcingEach('user', users.id));
  await t.app.changeFeed.settle();
}
