import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingResponseSchema } from '../../shared/api.js';
import { loadContent } from '../content/load-content.js';
import { loadConfig } from '../env.js';
import { createTestApp, signIn } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';
import { projectRoot } from '../project-root.js';
import { migrate, openDatabase, type OpenDatabase } from './client.js';
import { copyDatabase, CopyError } from './copy.js';
import { summarizeTables, type SqlRunner } from './tables.js';

const MEMBERS = 1000;
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();

const runnerOf = (database: OpenDatabase): SqlRunner =>
  database.driver.kind === 'pglite'
    ? (
        (client) => async (statement, params) =>
          (await client.query<Record<string, unknown>>(statement, params)).rows
      )(database.driver.client)
    : (
        (pool) => async (statement, params) =>
          (await pool.query(statement, params)).rows as Record<string, unknown>[]
      )(database.driver.pool);

/** Seeds members with users and progress into a data folder with the project's own seeding script. */
function seed(dataDir: string, count: number): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'scripts', 'seed-members.ts'), String(count), '--no-dotenv'],
    {
      env,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr}`);
}

let root: string;
let source: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'onboarding-copy-'));
  source = path.join(root, 'source');
  seed(source, MEMBERS);
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A member's completed steps as the app shows them to that member. */
async function progressSeenBy(database: OpenDatabase, email: string) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const t = await createTestApp({ database, catalog: await loadContent(config.contentDir) });
  try {
    const cookie = await signIn(t.app, { email });
    const res = await t.app.inject({ url: '/api/onboarding', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return onboardingResponseSchema.parse(res.json()).progress.completed;
  } finally {
    await t.app.close();
  }
}

describe('npm run db:copy between two embedded databases', { timeout: 180_000 }, () => {
  it('copies every row, refuses a target that holds data, and copies back out', async () => {
    const copy = path.join(root, 'copy');
    const seen: string[] = [];
    const { tables } = await copyDatabase({ dataDir: source }, { dataDir: copy }, (table) => seen.push(table));
    expect(tables.members?.rows).toBe(MEMBERS);
    expect(tables.users?.rows).toBe(MEMBERS);
    expect(tables.step_progress?.rows).toBeGreaterThan(MEMBERS);
    expect(seen.indexOf('users')).toBeLessThan(seen.indexOf('step_progress'));
    await expect(copyDatabase({ dataDir: source }, { dataDir: copy })).rejects.toThrow(CopyError);
    await expect(copyDatabase({ dataDir: source }, { dataDir: copy })).rejects.toThrow(
      /is not empty: .*members \(1000 rows\)/,
    );
    await expect(
      copyDatabase({ dataDir: path.join(root, 'nothing') }, { dataDir: path.join(root, 'x') }),
    ).rejects.toThrow(/There is no embedded database/);
  });
});

describe.skipIf(!testDatabaseUrl)(
  'npm run db:copy to and from PostgreSQL (runs with TEST_DATABASE_URL, as in CI; skipped without it)',
  { timeout: 180_000 },
  () => {
    let target: OpenDatabase;
    let targetUrl: string;
    beforeAll(async () => {
      // An empty, unmigrated database on the test server: the copy migrates it.
      const scratch = await createTestDatabase();
      target = scratch;
      if (scratch.driver.kind !== 'postgres') throw new Error('TEST_DATABASE_URL should give PostgreSQL');
      targetUrl = String(
        (scratch.driver.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      );
      await runnerOf(scratch)('drop schema public cascade');
      await runnerOf(scratch)('create schema public');
      await runnerOf(scratch)('drop schema if exists drizzle cascade');
    });
    afterAll(() => target.close());

    it('copies a seeded embedded database of 1,000 members; on PostgreSQL each member sees the same progress', async () => {
      const { tables } = await copyDatabase({ dataDir: source }, { url: targetUrl });
      expect(tables.members?.rows).toBe(MEMBERS);
      expect(await summarizeTables(runnerOf(target))).toEqual(tables);

      // A member with some progress (the seed gives members of a role 0, 1, … of its steps, in turn).
      const [someone] = await runnerOf(target)(
        `select u.email from users u join step_progress p on p.user_id = u.id
         group by u.email having count(*) between 2 and 5 order by u.email limit 1`,
      );
      const email = String(someone?.email);
      const embedded = await openDatabase({ dataDir: source });
      await migrate(embedded);
      let before;
      try {
        before = await progressSeenBy(embedded, email);
      } finally {
        await embedded.close();
      }
      expect(before.length).toBeGreaterThan(0);
      expect(await progressSeenBy(target, email)).toEqual(before);

      await expect(copyDatabase({ dataDir: source }, { url: targetUrl })).rejects.toThrow(/is not empty/);
      const back = path.join(root, 'back');
      const copiedBack = await copyDatabase({ url: targetUrl }, { dataDir: back });
      expect(copiedBack.tables).toEqual(await summarizeTables(runnerOf(target)));
    });
  },
);
