import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_DIR, type OpenDatabase, openConfiguredDatabase } from '../../db/client.js';
import { DataDirBusyError } from '../../db/data-dir-lock.js';
import { postgresFix } from '../../db/postgres-fix.js';
import { type Config } from '../../env.js';
import { type CheckResult, DEFAULT_TIMEOUT_MS, message, result, withTimeout } from './check-result.js';

/** The database check (docs/operations.md#checking-an-installation, docs/operations.md#on-postgresql). */

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
