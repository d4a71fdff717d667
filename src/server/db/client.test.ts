import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { migrate, openDatabase, type OpenDatabase } from './client.js';
import { users } from './schema.js';

let database: OpenDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrate', () => {
  it('creates the tables, and running again (even concurrently) changes nothing', async () => {
    const count = async () => {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      return row?.n;
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    if (database.driver.kind === 'postgres') {
      // Two processes starting together: separate pools on one database, serialised by the advisory lock.
      const other = await openDatabase({ url: database.driver.pool.options.connectionString ?? '' });
      try {
        await Promise.all([migrate(database), migrate(other)]);
      } finally {
        await other.close();
      }
    } else {
      await migrate(database);
    }
    expect(await count()).toBe(before);
  });

  it('stores e-mail addresses only in lower case', async () => {
    await expect(
      database.db.insert(users).values({ email: 'Upper@Example.org', name: 'U', workspaceId: 'example.org' }),
    ).rejects.toThrow();
  });
});
