import { constants, existsSync, readFileSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { MIGRATIONS_DIR, type OpenDatabase, openConfiguredDatabase } from '../../db/client.js';
import { DataDirBusyError } from '../../db/data-dir-lock.js';
import { postgresFix } from '../../db/postgres-fix.js';
import { type Config, ConfigError, loadConfig } from '../../env.js';
import { projectRoot } from '../../project-root.js';
import { BACKUP_CHECK_INTERVAL_MS, COPY_FAILED_ADVICE, listBackups, readCopyStatus } from '../backups/index.js';

/**
 * The checks of a configured installation (docs/operations.md#checking-an-installation): `npm run doctor` prints them;
 * the admin console can show the same results as a launch checklist. Each check says what it found and, when something
 * is wrong, how to fix it. None changes anything, except the opt-in test message.
 */

/** `ok`: fine; `warning`: works, but worth a look; `problem`: broken (the doctor exits 1); `skipped`: does not apply. */
export type CheckStatus = 'ok' | 'warning' | 'problem' | 'skipped';

/** The checks, in the order they run. */
export type CheckId = 'env-file' | 'configuration' | 'database' | 'google' | 'mail' | 'data-folder' | 'backups';

/** What one check found. */
export interface CheckResult {
  id: CheckId;
  /** A short name, e.g. "Google sign-in". */
  title: string;
  status: CheckStatus;
  /** What was found, in a sentence or two. */
  detail: string;
  /** How to fix it (with `warning` and `problem`). */
  fix?: string;
}

/** What {@link runChecks} is given. */
export interface DoctorOptions {
  /** The environment to check, usually `process.env` after reading `.env`. */
  env: Record<string, string | undefined>;
  /** The settings file that was read (its permissions are checked), if any. */
  envFile?: string;
  /** Send a test message to this address through SMTP_URL (opt-in: the doctor sends nothing otherwise). */
  sendTestTo?: string;
  /** The time backups are judged against (default now). */
  now?: Date;
  /** Milliseconds each network check may take (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const result = (id: CheckId, title: string, status: CheckStatus, detail: string, fix?: string): CheckResult =>
  fix === undefined ? { id, title, status, detail } : { id, title, status, detail, fix };

/** An error's message, with its cause's (fetch says only "fetch failed"; the cause says why). */
const message = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
};

/** Whether a file or folder can be read or written by users other than its owner and group (mode `o+rw`) or its group. */
const openToOthers = (mode: number): boolean => (mode & 0o077) !== 0;

/**
 * The settings file holds the secrets: it should be readable by its owner only.
 * @param file the path of the `.env` that was read, or undefined when none was
 */
export function checkEnvFile(file: string | undefined): CheckResult {
  const title = 'Settings file';
  if (file === undefined || !existsSync(file)) {
    return result('env-file', title, 'skipped', 'No .env file: the settings come from the environment only.');
  }
  const mode = statSync(file).mode;
  if (openToOthers(mode)) {
    return result(
      'env-file',
      title,
      'warning',
      `${file} can be read by other users of this machine (mode ${(mode & 0o777).toString(8)}), and it holds the secrets.`,
      `chmod 600 ${file}`,
    );
  }
  return result('env-file', title, 'ok', `${file} is readable by its owner only.`);
}

/**
 * The configuration, validated as the server validates it at start-up (src/server/env.ts).
 * @returns the check and, when valid, the configuration the other checks use
 */
export function checkConfiguration(env: Record<string, string | undefined>): { check: CheckResult; config?: Config } {
  const title = 'Configuration';
  try {
    const config = loadConfig(env);
    const mode = config.isProduction
      ? 'production'
      : `${config.nodeEnv} (development sign-in ${config.devLogin ? 'on' : 'off'})`;
    const database =
      config.databaseUrl === undefined ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const forgeable = forgeableClientAddresses(config);
    if (forgeable !== undefined) {
      return {
        check: result('configuration', title, 'problem', `Valid, but ${forgeable}.`, FORGEABLE_FIX),
        config,
      };
    }
    return { check: result('configuration', title, 'ok', `Valid: ${mode}, ${database}.`), config };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      check: result(
        'configuration',
        title,
        'problem',
        `The server would refuse to start:\n${error.problems.map((p) => `- ${p}`).join('\n')}`,
        'Correct each variable named above in .env (or the environment); docs/operations.md#configuration says what each one takes. ' +
          '`npm run setup` writes a complete .env for production.',
      ),
    };
  }
}

/** Whether a bind address (HOST) is this machine only: 127.0.0.0/8, ::1 or localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host);

/**
 * Whether anyone who reaches the server's port directly can choose the client address it sees
 * (docs/operations.md#behind-a-reverse-proxy): TRUST_PROXY trusts whoever connects (`true` or a number of hops) and HOST
 * is not this machine only. A list of the proxy's addresses is safe on any bind: only those peers are trusted.
 * @param config the configuration (`trustProxy`, `host`)
 * @returns a sentence saying so, or undefined when addresses cannot be forged that way
 */
export function forgeableClientAddresses(config: Pick<Config, 'trustProxy' | 'host'>): string | undefined {
  const trustsAnyPeer = config.trustProxy === true || (typeof config.trustProxy === 'number' && config.trustProxy > 0);
  if (!trustsAnyPeer || isLoopbackHost(config.host)) return undefined;
  return (
    `TRUST_PROXY=${String(config.trustProxy)} trusts whoever connects, and HOST=${config.host} lets anyone reach the ` +
    'port without the proxy: they can forge X-Forwarded-For and choose the address the sign-in limits count'
  );
}

/** The fix for {@link forgeableClientAddresses}. */
export const FORGEABLE_FIX =
  "Set HOST=127.0.0.1 when the proxy runs on this machine, or set TRUST_PROXY to the proxy's address as the app sees it " +
  '(docs/operations.md#behind-a-reverse-proxy).';

/** The migrations the code has, from drizzle-kit's journal: their `when` stamps, oldest first. */
function committedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/**
 * The database: reachable, and migrated to the code's last migration. The embedded database is opened only when no
 * server holds it; while one does, its `/api/health` is asked instead.
 * @param envFile the settings file the doctor read, when it is not the project's `.env`: the fixes printed name it
 *   (`npm run db:migrate -- --dotenv FILE`), so that they act on the same database
 */
export async function checkDatabase(
  config: Config,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  envFile?: string,
): Promise<CheckResult> {
  const title = 'Database';
  const where =
    config.databaseUrl === undefined ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  if (config.databaseUrl === undefined && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    return result(
      'database',
      title,
      'warning',
      `There is no database in ${config.dataDir} yet.`,
      'Start the server once (`npm start`): it creates the database and applies the migrations. If the data should be there, check DATA_DIR.',
    );
  }
  let database: OpenDatabase;
  try {
    database = await withTimeout(
      openConfiguredDatabase(config, 'npm run doctor'),
      timeoutMs,
      `${where} did not answer`,
    );
  } catch (error) {
    if (error instanceof DataDirBusyError) return checkRunningServer(config, error.holder.pid, timeoutMs);
    return result(
      'database',
      title,
      'problem',
      `Could not open ${where}: ${message(error)}`,
      config.databaseUrl === undefined
        ? 'Check that DATA_DIR is the data folder and that this user may write it (docs/operations.md#when-the-database-is-down).'
        : (postgresFix(error, config.databaseUrl) ??
            'Check DATABASE_URL (host, port, user, password, database name) and that PostgreSQL accepts connections from this machine.'),
    );
  }
  try {
    await withTimeout(database.db.execute(sql`select 1`), timeoutMs, `${where} did not answer`);
    const expected = committedMigrations();
    const applied = await appliedMigrations(database);
    const missing = expected.filter((when) => !applied.includes(when)).length;
    if (missing > 0) {
      return result(
        'database',
        title,
        'problem',
        `Reachable, but ${missing} of the code's ${expected.length} migrations are not applied to ${where}.`,
        `Run \`npm run db:migrate${envFile === undefined ? '' : ` -- --dotenv ${envFile}`}\` (or start the server: it migrates at start-up). docs/operations.md#migrations`,
      );
    }
    const unknown = applied.filter((when) => !expected.includes(when)).length;
    if (unknown > 0) {
      return result(
        'database',
        title,
        'problem',
        `${where} has ${unknown} migration(s) this code does not know: it was migrated by a newer release.`,
        'Deploy the newer release again, or restore a backup taken before it (docs/operations.md#upgrades).',
      );
    }
    return result('database', title, 'ok', `Reachable and migrated (${expected.length} migrations): ${where}.`);
  } catch (error) {
    return result(
      'database',
      title,
      'problem',
      `${where} did not answer a query: ${message(error)}`,
      (config.databaseUrl === undefined ? undefined : postgresFix(error, config.databaseUrl)) ??
        'See docs/operations.md#when-the-database-is-down.',
    );
  } finally {
    await database.close();
  }
}

/** The `when` stamps of the migrations drizzle recorded as applied; none when it never migrated this database. */
async function appliedMigrations(database: OpenDatabase): Promise<number[]> {
  const statement = 'select created_at from drizzle.__drizzle_migrations order by created_at';
  try {
    const rows =
      database.driver.kind === 'pglite'
        ? (await database.driver.client.query<{ created_at: string | number }>(statement)).rows
        : (await database.driver.pool.query<{ created_at: string | number }>(statement)).rows;
    return rows.map((row) => Number(row.created_at));
  } catch {
    return [];
  }
}

/** While a server holds the embedded database: ask that server's health check. */
async function checkRunningServer(config: Config, pid: number, timeoutMs: number): Promise<CheckResult> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok) {
      return result(
        'database',
        'Database',
        'ok',
        `The server (pid ${pid}) is running on ${config.dataDir}; its health check (${url}) answers ${response.status}. It applied the migrations when it started.`,
      );
    }
    return result(
      'database',
      'Database',
      'problem',
      `The server (pid ${pid}) holds ${config.dataDir}, but its health check (${url}) answers ${response.status}.`,
      'Read the server log; docs/operations.md#when-the-database-is-down.',
    );
  } catch (error) {
    return result(
      'database',
      'Database',
      'warning',
      `Process ${pid} holds ${config.dataDir}, and ${url} does not answer (${message(error)}).`,
      'If that process is this app, check PORT and HOST; stop it to let the doctor open the database itself.',
    );
  }
}

/**
 * Google sign-in: the provider's discovery document (OIDC_ISSUER/.well-known/openid-configuration) can be fetched
 * and names the configured issuer; shows the addresses to register in the Google client.
 */
export async function checkGoogle(config: Config, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<CheckResult> {
  const title = 'Google sign-in';
  if (config.googleClientId === undefined) {
    return result(
      'google',
      title,
      config.isProduction ? 'problem' : 'skipped',
      'No Google client is configured: only development sign-in is offered.',
      config.isProduction
        ? 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (docs/operations.md#google-sign-in).'
        : undefined,
    );
  }
  const origin = config.publicUrl ?? 'the address the browser used';
  const register = `Register in the Google client: JavaScript origin ${origin}, redirect address ${config.publicUrl === undefined ? `${origin} followed by /login` : `${config.publicUrl}/login`}.`;
  const discoveryUrl = `${config.oidcIssuer.replace(/\/+$/u, '')}/.well-known/openid-configuration`;
  let document: Record<string, unknown>;
  try {
    const response = await fetch(discoveryUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    document = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    return result(
      'google',
      title,
      'problem',
      `Could not fetch the provider's discovery document ${discoveryUrl}: ${message(error)}.`,
      'Check OIDC_ISSUER (leave it unset for Google) and that this machine reaches it over HTTPS (proxy, firewall, DNS).',
    );
  }
  const missing = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter(
    (key) => typeof document[key] !== 'string',
  );
  const issuer = typeof document.issuer === 'string' ? document.issuer.replace(/\/+$/u, '') : undefined;
  if (missing.length > 0 || issuer !== config.oidcIssuer.replace(/\/+$/u, '')) {
    return result(
      'google',
      title,
      'problem',
      missing.length > 0
        ? `The discovery document ${discoveryUrl} lacks ${missing.join(', ')}.`
        : `The discovery document names the issuer ${String(document.issuer)}, not OIDC_ISSUER (${config.oidcIssuer}); sign-in would be refused.`,
      "Set OIDC_ISSUER to the provider's issuer exactly (for Google leave it unset: https://accounts.google.com).",
    );
  }
  return result('google', title, 'ok', `The discovery document of ${config.oidcIssuer} was fetched. ${register}`);
}

/**
 * E-mail: SMTP_URL accepts a connection (and its login); with `sendTestTo`, a test message is sent through it.
 * Without SMTP_URL nothing leaves the machine (a warning in production).
 */
export async function checkMail(
  config: Config,
  sendTestTo: string | undefined,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<CheckResult> {
  const title = 'E-mail';
  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl === undefined) {
    return result(
      'mail',
      title,
      config.isProduction ? 'warning' : 'skipped',
      'SMTP_URL is not set: reminders and digests stay in the outbox and nothing is sent.',
      config.isProduction ? 'Set SMTP_URL and MAIL_FROM (docs/operations.md#e-mail).' : undefined,
    );
  }
  const server = safeHost(smtpUrl);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transporter.verify();
    if (sendTestTo === undefined) {
      return result(
        'mail',
        title,
        'ok',
        `${server} accepts connections. Add --send-test-to <address> to send a test message.`,
      );
    }
    const info = (await transporter.sendMail({
      from: config.mail.from,
      to: sendTestTo,
      subject: `${config.orgName} Onboarding: test message`,
      text: `This is a test message from npm run doctor. If you can read it, ${config.orgName} Onboarding can send reminders and digests.\n`,
    })) as { accepted?: unknown[] };
    const accepted = Array.isArray(info.accepted) && info.accepted.length > 0;
    return result(
      'mail',
      title,
      accepted ? 'ok' : 'problem',
      accepted
        ? `${server} accepted a test message to ${sendTestTo} from ${config.mail.from}. Check that it arrives (and not in spam).`
        : `${server} did not accept the test message to ${sendTestTo}.`,
      accepted ? undefined : 'Check that MAIL_FROM is an address the relay may send from.',
    );
  } catch (error) {
    return result(
      'mail',
      title,
      'problem',
      `${server} refused or could not be reached: ${message(error)}`,
      'Check SMTP_URL (host, port, smtp:// or smtps://, a percent-encoded user and password) and that this machine may use the relay ' +
        '(for Google Workspace: allow its IP address in the SMTP relay service; docs/operations.md#e-mail).',
    );
  } finally {
    transporter.close();
  }
}

/**
 * Whether an SMTP server accepts a connection (and the login the URL carries), as `npm run setup` checks SMTP_URL.
 * @param smtpUrl an smtp:// or smtps:// URL
 * @param timeoutMs how long connecting and greeting may take
 * @returns undefined when it does, else what went wrong (without the password)
 */
export async function smtpProblem(smtpUrl: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string | undefined> {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transporter.verify();
    return undefined;
  } catch (error) {
    return `${safeHost(smtpUrl)} refused or could not be reached: ${message(error)}`;
  } finally {
    transporter.close();
  }
}

/**
 * Whether a PostgreSQL server accepts a connection and a query, as `npm run setup` checks DATABASE_URL.
 * @param databaseUrl a postgres:// URL
 * @param timeoutMs how long connecting may take
 * @returns undefined when it does, else what went wrong
 */
export async function postgresProblem(
  databaseUrl: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    const fix = postgresFix(error, databaseUrl);
    return `the database could not be reached: ${message(error)}${fix === undefined ? '' : `. ${fix}`}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The SMTP URL without its password, for messages. */
function safeHost(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** The data folder (embedded database and its backups): there, writable by this user, closed to other users. */
export async function checkDataFolder(config: Config): Promise<CheckResult> {
  const title = 'Data folder';
  if (config.databaseUrl !== undefined) {
    return result('data-folder', title, 'skipped', 'The data is in PostgreSQL (DATABASE_URL); no data folder is used.');
  }
  const dir = config.dataDir;
  if (!existsSync(dir)) {
    const parent = path.dirname(dir);
    try {
      await access(parent, constants.W_OK | constants.X_OK);
      return result(
        'data-folder',
        title,
        'warning',
        `${dir} does not exist yet.`,
        'The server creates it at its first start; or check DATA_DIR.',
      );
    } catch {
      return result(
        'data-folder',
        title,
        'problem',
        `${dir} does not exist, and this user may not create it in ${parent}.`,
        `mkdir -p ${dir} && chown <the app's user> ${dir} && chmod 700 ${dir}`,
      );
    }
  }
  const stats = statSync(dir);
  if (!stats.isDirectory()) {
    return result('data-folder', title, 'problem', `${dir} is not a folder.`, 'Point DATA_DIR at a folder.');
  }
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    return result(
      'data-folder',
      title,
      'problem',
      `This user (uid ${process.getuid?.() ?? '?'}) may not read and write ${dir}.`,
      `Run the app as the folder's owner, or: chown -R <the app's user> ${dir}`,
    );
  }
  if (openToOthers(stats.mode)) {
    return result(
      'data-folder',
      title,
      'warning',
      `${dir} is open to other users of this machine (mode ${(stats.mode & 0o777).toString(8)}); it holds every member's records.`,
      `chmod 700 ${dir}`,
    );
  }
  return result('data-folder', title, 'ok', `${dir} is writable by this user and closed to others.`);
}

/**
 * The last backup and its age (embedded database): a problem when there is none, or when it is older than the
 * schedule (BACKUP_EVERY_HOURS) plus the hour the schedule takes to notice.
 */
export function checkBackups(config: Config, now: Date): CheckResult {
  const title = 'Backups';
  if (config.databaseUrl !== undefined) {
    return result(
      'backups',
      title,
      'warning',
      'On PostgreSQL the app takes no backups.',
      "Back up with pg_dump on a schedule, or your host's managed backups (docs/operations.md#backups).",
    );
  }
  const dir = path.join(config.dataDir, 'backups');
  const newest = listBackups(dir)[0];
  if (newest === undefined && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    return result(
      'backups',
      title,
      'skipped',
      'No database yet, so no backups: the server takes the first one when it starts.',
    );
  }
  const every = config.backups.everyHours;
  if (newest === undefined) {
    return result(
      'backups',
      title,
      every === 0 ? 'warning' : 'problem',
      every === 0
        ? `Scheduled backups are off (BACKUP_EVERY_HOURS=0) and ${dir} holds none.`
        : `${dir} holds no backup.`,
      every === 0
        ? "Set BACKUP_EVERY_HOURS (24 takes one a day), or take them by hand in the admin console's Backups tab."
        : "The server takes one at start-up: start it, or take one in the admin console's Backups tab; check the server log for backup errors.",
    );
  }
  const ageHours = (now.getTime() - newest.createdAt.getTime()) / 3_600_000;
  const age = ageHours < 48 ? `${Math.floor(ageHours)} h` : `${Math.floor(ageHours / 24)} days`;
  const detail = `The last backup is ${newest.name} (${Math.round(newest.bytes / 1024)} kB), taken ${age} ago.`;
  if (every > 0 && ageHours > every + BACKUP_CHECK_INTERVAL_MS / 3_600_000) {
    return result(
      'backups',
      title,
      'problem',
      `${detail} Backups should come every ${every} h.`,
      "Is the server running? Check its log for backup errors and the free space of the data disk; take one now in the admin console's Backups tab.",
    );
  }
  const copied = config.backups.copyDir !== undefined || config.backups.s3 !== undefined;
  const copy = readCopyStatus(dir);
  const failed = copy?.outcomes.filter((outcome) => !outcome.ok) ?? [];
  if (copied && failed.length > 0) {
    return result(
      'backups',
      title,
      'problem',
      `${detail} Its copy off this machine failed: ${failed.map((f) => `${f.target}: ${f.error}`).join('; ')}.`,
      COPY_FAILED_ADVICE,
    );
  }
  return result(
    'backups',
    title,
    'ok',
    copied
      ? `${detail} ${copy === undefined ? 'The next backup is also copied off this machine.' : `Copied off this machine: ${copy.outcomes.map((o) => o.target).join(', ')}.`}`
      : `${detail} Copy backups off this machine too (BACKUP_COPY_DIR or BACKUP_S3_BUCKET): a backup on the same disk does not survive the disk.`,
  );
}

/** Resolves with the promise, or rejects with `what` after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every check in order (docs/operations.md#checking-an-installation). With an invalid configuration only the
 * settings-file and configuration checks run: the others need a valid one.
 * @returns one result per check
 */
export async function runChecks(options: DoctorOptions): Promise<CheckResult[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const results = [checkEnvFile(options.envFile)];
  const { check, config } = checkConfiguration(options.env);
  results.push(check);
  if (config === undefined) return results;
  const otherFile =
    options.envFile !== undefined && path.resolve(options.envFile) !== path.join(projectRoot, '.env')
      ? options.envFile
      : undefined;
  results.push(await checkDatabase(config, timeoutMs, otherFile));
  results.push(await checkGoogle(config, timeoutMs));
  results.push(await checkMail(config, options.sendTestTo, timeoutMs));
  results.push(await checkDataFolder(config));
  results.push(checkBackups(config, options.now ?? new Date()));
  return results;
}

const LABELS: Record<CheckStatus, string> = { ok: 'ok', warning: 'WARNING', problem: 'PROBLEM', skipped: '-' };

/**
 * The report as printed: one block per check (status, title, what was found, how to fix it) and a summary line.
 * @param results what {@link runChecks} found
 */
export function formatReport(results: CheckResult[]): string {
  const lines: string[] = [];
  for (const check of results) {
    const [first = '', ...rest] = check.detail.split('\n');
    lines.push(`${LABELS[check.status].padEnd(8)} ${check.title}: ${first}`);
    for (const line of rest) lines.push(`         ${line}`);
    if (check.fix !== undefined) lines.push(`         Fix: ${check.fix}`);
  }
  const problems = results.filter((r) => r.status === 'problem').length;
  const warnings = results.filter((r) => r.status === 'warning').length;
  lines.push('');
  lines.push(
    problems === 0 && warnings === 0
      ? 'Everything checked is in order.'
      : `${problems} problem${problems === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`,
  );
  return lines.join('\n');
}
