import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { stringify } from 'yaml';
import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import type { Database } from '../db/client.js';
import { sha256Hex } from '../hashing.js';
import { getDraft, latestVersion, readAsset, saveDraft, storeAsset } from './content.repository.js';
import { contentAssets } from '../db/schema.js';
import { byHashOf, ContentError, loadContent, type ContentProblem } from './load-content.js';
import { contentTypeByName, sortedConfigs } from './published-content.js';

/**
 * `npm run content:export -- DIR` and `npm run content:import -- DIR` (docs/product.md#content-studio): the YAML
 * folder is the content's exchange format. DIR is a content directory like `content/`: `DIR/roles/<key>.yaml` (one
 * role configuration each) and `DIR/assets/` (the files the roles point to: `/content/<path>` at `assets/<path>`,
 * files stored by hash at `assets/by-hash/<sha256>`), so `CONTENT_DIR=DIR npm run content:check` checks it.
 */

const roleFileName = (key: string): string => `${key.replace(/ /gu, '-')}.yaml`;

/**
 * The YAML text of one role configuration: its fields in the schema's order (the database keeps JSON in an order of
 * its own), so the same configuration always gives the same bytes.
 */
export function roleYaml(config: RoleConfiguration): string {
  return stringify(roleConfigurationSchema.parse(config), { lineWidth: 0 });
}

/** Every `/content/...` and by-hash address a configuration points to. */
function addressesOf(config: RoleConfiguration): string[] {
  return config.scopes.flatMap((scope) =>
    scope.steps.flatMap((step) => [
      ...(step.pdfUrl === undefined ? [] : [step.pdfUrl]),
      ...(step.image === undefined ? [] : [step.image.src]),
      ...step.media.map((m) => m.src),
      ...step.content.contacts.flatMap((c) => (c.picture === undefined ? [] : [c.picture])),
      ...step.content.helpfulLinks.map((l) => l.url),
    ]),
  );
}

/**
 * Writes the latest published version to DIR: every role configuration as YAML, every stored file at
 * `assets/by-hash/<sha256>`, and each `/content/<path>` file the roles point to at `assets/<path>` (from the stored
 * file of that name, else from `<contentDir>/assets`).
 * @param db the database
 * @param dir the folder to write (made when missing; files of the same names are replaced)
 * @param contentDir CONTENT_DIR, for `/content/` files that were never stored
 * @returns the version written and how many role configurations and files
 * @throws Error when the database has no content yet
 */
export async function exportContent(
  db: Database,
  dir: string,
  contentDir: string,
): Promise<{ version: number; roles: number; files: number }> {
  const latest = await latestVersion(db);
  if (!latest) throw new Error('the database has no content yet (the start-up import makes version 1)');
  await mkdir(path.join(dir, 'roles'), { recursive: true });
  for (const config of sortedConfigs(latest.catalog)) {
    await writeFile(path.join(dir, 'roles', roleFileName(config.key)), roleYaml(config));
  }
  let files = 0;
  const stored = await db.select().from(contentAssets);
  const byName = new Map(stored.map((a) => [a.name, a]));
  if (stored.length > 0) await mkdir(path.join(dir, 'assets', 'by-hash'), { recursive: true });
  for (const asset of stored) {
    await writeFile(path.join(dir, 'assets', 'by-hash', asset.sha256), asset.bytes);
    files += 1;
  }
  const named = new Set(latest.catalog.flatMap(addressesOf).filter((a) => a.startsWith('/content/')));
  for (const address of named) {
    const name = decodeURIComponent(address.slice('/content/'.length).split(/[?#]/u)[0] ?? '');
    const target = path.resolve(dir, 'assets', name);
    if (!target.startsWith(path.resolve(dir, 'assets') + path.sep)) continue;
    const bytes =
      byName.get(name)?.bytes ??
      (existsSync(path.join(contentDir, 'assets', name))
        ? await readFile(path.join(contentDir, 'assets', name))
        : undefined);
    if (bytes === undefined) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    files += 1;
  }
  return { version: latest.version, roles: latest.catalog.length, files };
}

/** Thrown by {@link importContent} when the folder cannot be imported; `problems` name file, path and problem. */
export class ImportError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      problems
        .map((p) => (p.path === '' ? `${p.file}: ${p.message}` : `${p.file}: ${p.path}: ${p.message}`))
        .join('\n'),
    );
    this.name = 'ImportError';
  }
}

/**
 * Loads a folder written by {@link exportContent} (or any content directory) as the studio's new draft: checks it with
 * the rules of `npm run content:check`, stores its files (by-hash files must match their hash), and saves the draft.
 * Nothing is stored when the folder has a problem.
 * @param db the database
 * @param dir the content directory to read
 * @param options.replace replace a draft that exists (otherwise an existing draft is a problem); options.by who
 *   imports; options.now the time
 * @returns how many role configurations and files were read
 * @throws ImportError naming file, path and problem
 */
export async function importContent(
  db: Database,
  dir: string,
  options: { replace: boolean; by: string; now: Date },
): Promise<{ roles: number; files: number; baseVersion: number }> {
  let catalog;
  try {
    catalog = await loadContent(dir);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw new ImportError(error.problems);
  }
  const latest = await latestVersion(db);
  if (!latest)
    throw new ImportError([
      { file: dir, path: '', message: 'the database has no content yet: start the server once first' },
    ]);
  if (!options.replace && (await getDraft(db)) !== null) {
    throw new ImportError([
      {
        file: dir,
        path: '',
        message: 'the content studio has a draft: publish or discard it first, or import with --replace',
      },
    ]);
  }
  const assetsDir = path.join(dir, 'assets');
  const files: { name: string; bytes: Uint8Array; sha256: string; byHash: boolean }[] = [];
  const problems: ContentProblem[] = [];
  if (existsSync(assetsDir)) {
    for (const entry of await readdir(assetsDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const name = path.relative(assetsDir, file).split(path.sep).join('/');
      const bytes = new Uint8Array(await readFile(file));
      const sha256 = sha256Hex(bytes);
      const byHash = name.startsWith('by-hash/');
      if (byHash && byHashOf(`/assets/content/${name}`) !== sha256) {
        problems.push({
          file: path.join(dir, 'assets', name),
          path: '',
          message: `the file's SHA-256 is ${sha256}, not its name: it was changed after the export`,
        });
      }
      files.push({ name, bytes, sha256, byHash });
    }
  }
  if (problems.length > 0) throw new ImportError(problems);
  for (const f of files) {
    const known = f.byHash ? await readAsset(db, f.sha256) : null;
    const contentType = known?.contentType ?? (await fileTypeFromBuffer(f.bytes))?.mime ?? contentTypeByName(f.name);
    await storeAsset(db, {
      sha256: f.sha256,
      bytes: f.bytes,
      contentType,
      name: f.byHash ? f.sha256 : f.name,
      by: options.by,
      at: options.now,
    });
  }
  const configs = sortedConfigs(catalog.values());
  const current = await getDraft(db);
  await saveDraft(
    db,
    { catalog: configs, baseVersion: latest.version, problems: [], at: options.now, by: options.by },
    current === null ? null : new Date(current.updatedAt),
  );
  return { roles: configs.length, files: files.length, baseVersion: latest.version };
}
