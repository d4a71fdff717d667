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

/**
 * An in-memory PGlite database migrated with the committed migrations, as a data-directory dump. Opening a database
 * from it takes about half as long as starting an empty one (PGlite's initdb is most of the start). The dump is kept in
 * the system's temporary folder under a name made of the migrations' content, so every test process shares one and a
 * changed migration makes a new one; it is written to a temporary name and renamed, so a process never reads half of it.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of filesUnder(MIGRATIONS_DIR)) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const file = path.join(tmpdir(), `onboarding-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
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
 * created on that server, migrated, and dropped again by `close()`.
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
    await admin.query(`create database "${name}"`);
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
