import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, migrate, openDatabase, type OpenDatabase } from '../db/client.js';

/** Every file under `dir`, relative paths sorted, for hashing. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

/** The first 16 hex digits of a SHA-256 of the committed migrations' names and contents. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(MIGRATIONS_DIR)) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The advisory lock the test processes take while one of them makes the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 7_340_291_106;

/**
 * Creates the PostgreSQL database `name` as a copy of a template migrated with the committed migrations. The template
 * is named by the migrations' content, so that a changed migration makes a new one (templates of other migrations are
 * dropped), and made by the first test process that needs it. Everything happens under an advisory lock, so that no
 * process drops or makes a template while another copies one. A copy takes about a third of the time of migrating a
 * new database.
 * @param admin a connection to the server (any database but the template)
 * @param serverUrl the server's URL, for connecting to the template while making it
 * @param name the new database's name
 */
async function createFromTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  const template = `onboarding_template_${migrationsHash()}`;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const { rows } = await admin.query<{ datname: string; datistemplate: boolean }>(
      `select datname, datistemplate from pg_database where starts_with(datname, 'onboarding_template_')`,
    );
    for (const row of rows) {
      // Another migration's template, or this one left half made by a process that stopped while making it.
      if (row.datname === template && row.datistemplate) continue;
      await admin.query(`alter database "${row.datname}" is_template false`);
      await admin.query(`drop database "${row.datname}" with (force)`);
    }
    if (!rows.some((row) => row.datname === template && row.datistemplate)) {
      await admin.query(`create database "${template}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${template}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${template}" is_template true`);
    }
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

/**
 * An in-memory PGlite database migrated with the committed migrations, as a data-directory dump. Opening a database
 * from it takes about half as long as starting an empty one (PGlite's initdb is most of the start). The dump is kept in
 * the system's temporary folder under a name made of the migrations' content, so every test process shares one and a
 * changed migration makes a new one; it is written to a temporary name and renamed, so a process never reads half of it.
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `onboarding-test-template-${migrationsHash()}.tar`);
  try {
    if (statSync(file).size > 0) return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({ inMemory: true });
  try {
    await migrate(database);
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    const dump = await database.driver.client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier migrations are of no more use (each is about 40 MB).
    for (const name of readdirSync(tmpdir())) {
      const other = path.join(tmpdir(), name);
      if (/^onboarding-test-template-[0-9a-f]{16}\.tar$/.test(name) && other !== file) rmSync(other, { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

let template: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file (docs/architecture.md#tests).
 * By default an in-memory PGlite database, opened from a migrated template shared by the test processes (see
 * {@link migratedTemplate}). When `TEST_DATABASE_URL` names a PostgreSQL server (any database on it
 * the user may connect to, e.g. postgres://postgres:postgres@localhost:5432/postgres), a uniquely named database is
 * created on that server as a copy of a migrated template ({@link createFromTemplate}), and dropped again by `close()`.
 * @returns the open database; call `close()` in `afterAll`
 * @throws the driver's error when the server cannot be reached or the user may not create databases
 */
export async function createTestDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    template ??= migratedTemplate();
    const database = await openDatabase({ inMemory: true, fromDump: await template });
    // Nothing to do on the template, but it checks that the migrations the template was made from are all applied.
    await migrate(database);
    return database;
  }
  const name = `onboarding_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await createFromTemplate(admin, serverUrl, name);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  };
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    await dropDatabase();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase();
    },
  };
}
