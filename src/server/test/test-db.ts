import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type OpenDatabase } from '../db/client.js';

/**
 * A fresh, migrated database for one test file (docs/architecture.md#tests).
 * By default an in-memory PGlite database. When `TEST_DATABASE_URL` names a PostgreSQL server (any database on it
 * the user may connect to, e.g. postgres://postgres:postgres@localhost:5432/postgres), a uniquely named database is
 * created on that server, migrated, and dropped again by `close()`.
 * @returns the open database; call `close()` in `afterAll`
 * @throws the driver's error when the server cannot be reached or the user may not create databases
 */
export async function createTestDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    const database = await openDatabase({ inMemory: true });
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
