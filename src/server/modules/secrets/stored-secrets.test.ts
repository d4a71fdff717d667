import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../../shared/roles.js';
import { buildApp } from '../../app.js';
import { loadContent } from '../../content/load-content.js';
import { sharedSecrets } from '../../db/schema.js';
import { loadConfig } from '../../env.js';
import { projectRoot } from '../../project-root.js';
import { createTestCatalog } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { TEST_SECRET_VALUES } from '../../test/test-secrets.js';
import path from 'node:path';
import type { OpenDatabase } from '../../db/client.js';
import { SecretBox, SecretsKeyError } from './secret-box.js';
import { prepareStoredSecrets, readStoredSecret, writeStoredSecret } from './stored-secrets.js';
import { SharedSecrets } from './shared-secrets.js';

/** Shared passwords at rest: encrypted, with a wrong key refused and key rotation losing nothing. */

const keyText = () => randomBytes(32).toString('base64');
let database: OpenDatabase;
let catalog: RoleCatalog;

beforeAll(async () => {
  database = await createTestDatabase();
  catalog = await loadContent(path.join(projectRoot, 'content'));
});
afterAll(async () => {
  await database.close();
});

/** Every text of every table, as a dump would hold it. */
async function dumpText(): Promise<string> {
  const tables = (await database.db.execute(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  )) as unknown as { rows: { table_name: string }[] };
  let text = '';
  for (const { table_name: table } of tables.rows) {
    const rows = (await database.db.execute(`select * from "${table}"`)) as unknown as { rows: unknown[] };
    text += JSON.stringify(rows.rows);
  }
  return text;
}

const build = (env: Record<string, string>, catalogToUse: RoleCatalog = createTestCatalog()) =>
  buildApp({
    config: loadConfig({ NODE_ENV: 'test', ...env }),
    db: database.db,
    catalog: catalogToUse,
    clientDistDir: null,
  });

describe('shared passwords at rest', () => {
  const first = keyText();
  const second = keyText();

  it('stores the *_PASS values encrypted: the database holds no password in clear', async () => {
    const app = await build({ SECRETS_KEY: first, ...TEST_SECRET_VALUES }, catalog);
    await app.close();
    const dump = await dumpText();
    expect(dump).toContain('FINANCE_PASS');
    for (const value of Object.values(TEST_SECRET_VALUES)) expect(dump).not.toContain(value);
    const box = new SecretBox(Buffer.from(first, 'base64'));
    expect((await readStoredSecret(database.db, box, 'FINANCE_PASS'))?.value).toBe(TEST_SECRET_VALUES.FINANCE_PASS);
  });

  it('refuses to start with a key that opens nothing stored, saying what to set', async () => {
    await expect(build({ SECRETS_KEY: keyText() })).rejects.toThrow(SecretsKeyError);
    await expect(build({ SECRETS_KEY: keyText() })).rejects.toThrow(/stored under another key than SECRETS_KEY/u);
    // A damaged value is refused too.
    const box = new SecretBox(Buffer.from(first, 'base64'));
    const sealed = box.seal('HR_PASS', 'x');
    expect(() => box.open('FINANCE_PASS', sealed)).toThrow(/could not be decrypted/u);
  });

  it('re-encrypts every value in place under the new key when the keys rotate, losing nothing', async () => {
    const box = new SecretBox(Buffer.from(first, 'base64'));
    await writeStoredSecret(
      database.db,
      box,
      'HR_PASS',
      'changed-by-an-admin-Ω',
      'boss@inspired2uplift.org',
      new Date(),
    );
    const app = await build({ SECRETS_KEY: second, SECRETS_KEY_PREVIOUS: first });
    await app.close();
    const rows = await database.db.select().from(sharedSecrets);
    const rotated = new SecretBox(Buffer.from(second, 'base64'));
    expect(new Set(rows.map((r) => r.keyId))).toEqual(new Set([rotated.currentKeyId]));
    const onlyNew = new SecretBox(Buffer.from(second, 'base64'));
    for (const [name, value] of Object.entries({ ...TEST_SECRET_VALUES, HR_PASS: 'changed-by-an-admin-Ω' })) {
      expect((await readStoredSecret(database.db, onlyNew, name as keyof typeof TEST_SECRET_VALUES))?.value).toBe(
        value,
      );
    }
    // The old key alone no longer opens anything.
    await expect(build({ SECRETS_KEY: first })).rejects.toThrow(SecretsKeyError);
    // Start-up values from the environment never overwrite what is stored.
    expect((await prepareStoredSecrets(database.db, onlyNew, new SharedSecrets({ HR_PASS: 'from-env' }))).seeded).toBe(
      0,
    );
    expect((await readStoredSecret(database.db, onlyNew, 'HR_PASS'))?.value).toBe('changed-by-an-admin-Ω');
  });

  it('never serialises the keys', () => {
    const box = new SecretBox(Buffer.from(first, 'base64'));
    expect(JSON.stringify({ box })).toBe('{"box":"[Redacted]"}');
    expect(String(box)).toBe('[Redacted]');
  });
});
