import { extract, pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { buildBackupFile, parseBackupFile, withoutLeftOutEntries, type BackupManifest } from './backup-file.js';

/** A tar archive of the given files (name → text), written by tar-stream. */
async function tarOf(files: Record<string, string>): Promise<Buffer> {
  const out = pack();
  for (const [name, text] of Object.entries(files)) out.entry({ name }, text);
  out.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of out) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The entries of a tar archive: name → text. */
async function entriesOf(tar: Buffer): Promise<Record<string, string>> {
  const source = extract();
  source.end(tar);
  const entries: Record<string, string> = {};
  for await (const entry of source) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
    entries[entry.header.name] = Buffer.concat(chunks).toString('utf8');
  }
  return entries;
}

describe('backup files', () => {
  it('leave out the backups folder and the data folder lock, and keep every other entry as it was', async () => {
    const long = `base/${'n'.repeat(120)}/16384`; // a name over 100 bytes: stored with the ustar prefix
    const tar = await tarOf({
      PG_VERSION: '17',
      [long]: 'x'.repeat(2000),
      'backups/onboarding-2026-11-26.backup': 'an older backup',
      './backups/nested/file': 'also left out',
      '.database.lock': '4242',
      'global/pg_control': 'control',
    });
    expect(await entriesOf(await withoutLeftOutEntries(tar))).toEqual({
      PG_VERSION: '17',
      [long]: 'x'.repeat(2000),
      'global/pg_control': 'control',
    });
  });

  it('round-trip: the manifest and the kept archive come back from the file', async () => {
    const manifest: BackupManifest = {
      app: 'onboarding',
      format: 1,
      createdAt: '2026-11-26T00:00:00.000Z',
      migrations: 3,
      tables: {},
    };
    const file = await buildBackupFile(manifest, await tarOf({ PG_VERSION: '17', '.database.lock': '1' }));
    const parsed = parseBackupFile(file);
    expect(parsed.manifest).toEqual(manifest);
    expect(await entriesOf(parsed.tar)).toEqual({ PG_VERSION: '17' });
  });
});
