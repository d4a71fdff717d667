import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type OpenDatabase } from '../../db/client.js';
import { projectRoot } from '../../project-root.js';
import { createTestCatalog, createTestApp, signIn } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { listAudit } from '../audit/audit.repository.js';
import {
  getDraft,
  insertFirstVersion,
  latestVersion,
  listVersions,
  saveDraft,
} from '../../content/content.repository.js';
import { publishCatalog } from './studio.service.js';
import { sortedConfigs } from '../../content/published-content.js';

/**
 * A publish is one transaction (docs/decisions/023-content-studio.md): a process killed with SIGKILL in the middle of
 * it — after the version, the audit entry and the draft's removal were written, before the commit — leaves the
 * previous version served whole, the draft kept, no audit entry, and the next publish takes the next number. On the
 * embedded database (a data folder the killed process had open) and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const usePostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
let folder: string;
let pgDatabase: OpenDatabase | undefined;
let childEnv: Record<string, string>;

/** Opens the database the child used (PGlite: the data folder, after the child is gone). */
async function open(): Promise<OpenDatabase> {
  if (pgDatabase) return { ...pgDatabase, close: async () => {} };
  const database = await openDatabase({ dataDir: path.join(folder, 'data') });
  await migrate(database);
  return database;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'onboarding-publish-crash-'));
  if (usePostgres) {
    pgDatabase = await createTestDatabase();
    if (pgDatabase.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    childEnv = { DATABASE_URL: String(pgDatabase.driver.pool.options.connectionString) };
  } else {
    childEnv = { DATA_DIR: path.join(folder, 'data') };
  }
  const database = await open();
  await insertFirstVersion(
    database.db,
    sortedConfigs(createTestCatalog().values()),
    'test',
    new Date('2026-11-01T10:00:00Z'),
  );
  await saveDraft(
    database.db,
    { catalog: [], baseVersion: 1, problems: [], at: new Date('2026-11-01T11:00:00Z'), by: 'ada@inspired2uplift.org' },
    null,
  );
  await database.close();
});
afterAll(async () => {
  await pgDatabase?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a publish killed in the middle', () => {
  it('leaves the previous version served whole', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src', 'server', 'test', 'publish-and-hang.ts')],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...childEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('inside')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`the child ended before it was inside the publish:\n${output}`)));
    });
    child.kill('SIGKILL');
    await exited;

    const database = await open();
    try {
      expect((await listVersions(database.db)).map((v) => v.version)).toEqual([1]);
      expect((await latestVersion(database.db))?.catalog).toEqual(sortedConfigs(createTestCatalog().values()));
      expect(await getDraft(database.db)).toMatchObject({ updatedBy: 'ada@inspired2uplift.org' });
      expect((await listAudit(database.db, { filters: { kind: 'content-publish' } })).total).toBe(0);

      // An app on the database serves version 1, whole, and the next publish is version 2.
      const t = await createTestApp({ database, catalog: createTestCatalog() });
      try {
        expect(t.app.content.version).toBe(1);
        const cookie = await signIn(t.app, { email: 'val@inspired2uplift.org' });
        const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
        expect(res.statusCode).toBe(200);
        expect([...t.app.content.catalog.keys()].sort()).toEqual(['finance', 'volunteer']);
        const next = await publishCatalog(database.db, {
          configs: sortedConfigs(createTestCatalog().values()),
          kind: 'publish',
          restoredFrom: null,
          materialChanges: [],
          note: null,
          actor: { userId: null, email: 'ada@inspired2uplift.org' },
          at: new Date('2026-11-01T12:00:00Z'),
          clearDraft: true,
        });
        expect(next.version).toBe(2);
      } finally {
        await t.app.close();
      }
    } finally {
      await database.close();
    }
  });
});
