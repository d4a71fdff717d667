import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client.js';
import { getDraft, insertFirstVersion, latestVersion } from './content.repository.js';
import { publishCatalog } from '../modules/studio/studio.service.js';
import { projectRoot } from '../project-root.js';
import { createTestDatabase } from '../test/test-db.js';
import { exportContent, ImportError, importContent } from './exchange.js';
import { loadContent } from './load-content.js';
import { importAssetsDir, sortedConfigs } from './published-content.js';

/**
 * The YAML folder as the content's exchange format (docs/product.md#content-studio), with the real catalog of
 * content/: export → import → publish → export gives the same bytes, and content:check's loader accepts the export.
 */

const CONTENT = path.join(projectRoot, 'content');
let database: OpenDatabase;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-export-'));
  dirs.push(dir);
  return dir;
};

/** Every file under a folder with its bytes, by relative path. */
function filesOf(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(dir, file), readFileSync(file)] as const;
      }),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  const catalog = await loadContent(CONTENT);
  const at = new Date('2026-11-01T10:00:00Z');
  await importAssetsDir(database.db, path.join(CONTENT, 'assets'), 'test', at);
  await insertFirstVersion(database.db, sortedConfigs(catalog.values()), 'test', at);
});
afterAll(async () => {
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('content export and import', () => {
  it('round-trips the real catalog byte for byte, and the export passes the content check', async () => {
    const first = tempDir();
    const exported = await exportContent(database.db, first, CONTENT);
    expect(exported.roles).toBe((await loadContent(CONTENT)).size);
    const checked = await loadContent(first);
    expect(sortedConfigs(checked.values())).toEqual(sortedConfigs((await loadContent(CONTENT)).values()));

    const imported = await importContent(database.db, first, {
      replace: false,
      by: 'test',
      now: new Date('2026-11-02T10:00:00Z'),
    });
    expect(imported).toMatchObject({ roles: exported.roles, baseVersion: 1 });
    const draft = await getDraft(database.db);
    if (!draft) throw new Error('the import saved no draft');
    expect(draft.problems).toEqual([]);
    await publishCatalog(database.db, {
      configs: draft.catalog,
      kind: 'publish',
      restoredFrom: null,
      materialChanges: [],
      note: null,
      actor: { userId: null, email: 'test' },
      at: new Date('2026-11-02T11:00:00Z'),
      clearDraft: true,
    });
    expect((await latestVersion(database.db))?.version).toBe(2);

    const second = tempDir();
    await exportContent(database.db, second, CONTENT);
    const a = filesOf(first);
    const b = filesOf(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [name, bytes] of a) expect(b.get(name)?.equals(bytes), name).toBe(true);
    expect([...a.keys()]).toContain(path.join('roles', 'volunteer.yaml'));
    expect([...a.keys()]).toContain('volunteer-agreement.pdf'.replace(/^/u, `assets${path.sep}`));
  });

  it('refuses a broken folder naming file, path and problem, and stores nothing', async () => {
    const dir = tempDir();
    await exportContent(database.db, dir, CONTENT);
    const file = path.join(dir, 'roles', 'finance.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^icon: .*$/mu, 'icon: NotAnIcon'));
    const before = await getDraft(database.db);
    const error = await importContent(database.db, dir, { replace: true, by: 'test', now: new Date() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('finance.yaml'),
        path: 'icon',
        message: expect.stringContaining('unknown icon "NotAnIcon"'),
      }),
    ]);
    expect(await getDraft(database.db)).toEqual(before);
  });

  it('refuses a file stored by hash whose bytes changed after the export', async () => {
    const dir = tempDir();
    await exportContent(database.db, dir, CONTENT);
    const byHash = path.join(dir, 'assets', 'by-hash');
    const [name] = readdirSync(byHash);
    if (name === undefined) throw new Error('nothing was exported by hash');
    writeFileSync(path.join(byHash, name), 'changed');
    const error = await importContent(database.db, dir, { replace: true, by: 'test', now: new Date() }).catch(
      (e: unknown) => e,
    );
    expect((error as ImportError).problems[0]?.message).toContain('changed after the export');
  });
});
