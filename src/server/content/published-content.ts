import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import type { RoleConfiguration } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Change } from '../db/changes.js';
import type { Database } from '../db/client.js';
import { deepFreeze } from '../deep-freeze.js';
import { BY_HASH_PREFIX, loadContent } from './load-content.js';
import { sha256Hex } from '../hashing.js';
import { insertFirstVersion, latestVersion, latestVersionNumber, storeAsset } from './content.repository.js';

/**
 * The published content a process serves (docs/product.md#content-studio, docs/decisions/023-content-studio.md): the
 * latest version in the database, switched to without a restart when any process publishes (the change feed's
 * `content:<n>` announcement, db/changes.ts; a feed that lost its connection makes it look again). Every reader asks
 * for {@link PublishedContent.catalog} when it needs it — once per request — so a new version is a new catalog and
 * everything kept per catalog (content/resolved-roles.ts) is worked out again for it.
 */

/** What route modules read: the catalog of the current published version. */
export interface CatalogSource {
  /** The current published catalog (frozen; a new version replaces it as a whole). */
  readonly catalog: RoleCatalog;
  /** Its version number. */
  readonly version: number;
}

/** Who a start-up import is recorded as. */
export const IMPORT_ACTOR = 'system (start-up import)';

/**
 * Whether a stored file is published (docs/product.md#content-studio): a published version — any, since versions are
 * never changed or removed — points to its `/assets/content/by-hash/<sha256>` address, or it came with the start-up
 * import of the content folder's files (served at `/content/…` as well). A file only a draft uses is not: it is the
 * editors' preview until it is published.
 * @param db the database
 * @param sha256 the file's hex SHA-256 (lower case)
 * @returns true when anyone may be served the file
 */
export async function isPublishedFile(db: Database, sha256: string): Promise<boolean> {
  const address = `${BY_HASH_PREFIX}${sha256}`;
  const result = await db.execute(sql`
    select exists (select 1 from content_assets where sha256 = ${sha256} and created_by = ${IMPORT_ACTOR})
      or exists (select 1 from content_versions where strpos(catalog::text, ${address}) > 0) as published`);
  return (result as unknown as { rows: { published: unknown }[] }).rows[0]?.published === true;
}

/** A fixed catalog (tools and tests that need no database). */
export function fixedCatalog(catalog: RoleCatalog, version = 1): CatalogSource {
  return { catalog, version };
}

/** Sorts configurations by key: the catalog order of a stored version. */
export function sortedConfigs(configs: Iterable<RoleConfiguration>): RoleConfiguration[] {
  return [...configs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The Content-Type of an imported file, by its name (files of the repository's content/assets, trusted). */
export function contentTypeByName(name: string): string {
  const ext = path.extname(name).toLowerCase();
  const types: Record<string, string> = {
    '.pdf': 'application/pdf',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
    '.gif': 'image/gif',
    '.svg': 'image/svg+xml',
  };
  return types[ext] ?? 'application/octet-stream';
}

/**
 * Stores every file under a directory (recursively) by SHA-256, named by its path under the directory.
 * @param db the database
 * @param dir e.g. `<CONTENT_DIR>/assets`; a missing directory stores nothing
 * @returns how many files were read
 */
export async function importAssetsDir(db: Database, dir: string, by: string, at: Date): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = new Uint8Array(await readFile(file));
    const name = path.relative(dir, file).split(path.sep).join('/');
    await storeAsset(db, { sha256: sha256Hex(bytes), bytes, contentType: contentTypeByName(name), name, by, at });
    count += 1;
  }
  return count;
}

/**
 * The start-up import: on a database with no content, stores `seed` as version 1 (kind `import`, by
 * {@link IMPORT_ACTOR}) and the files of `assetsDir` by SHA-256. Two processes doing it at once store it once.
 * @param seed the catalog to import (asked for only when the database has none)
 * @returns true when this call imported
 */
export async function importSeedIfEmpty(
  db: Database,
  seed: () => Promise<RoleCatalog>,
  assetsDir: string | undefined,
  at: Date,
): Promise<boolean> {
  if ((await latestVersionNumber(db)) > 0) return false;
  const configs = sortedConfigs((await seed()).values());
  if (assetsDir !== undefined) await importAssetsDir(db, assetsDir, IMPORT_ACTOR, at);
  return insertFirstVersion(db, configs, IMPORT_ACTOR, at);
}

/** The live, published content of one process. */
export class PublishedContent implements CatalogSource {
  readonly #db: Database;
  #version: number;
  #catalog: RoleCatalog;
  #checking: Promise<void> | null = null;
  #again = false;
  readonly #onError: (error: unknown) => void;
  /** The start-up import, for a database that could not be read at start-up. */
  readonly #importSeed: () => Promise<boolean>;

  private constructor(
    db: Database,
    version: number,
    catalog: RoleCatalog,
    onError: (error: unknown) => void,
    importSeed: () => Promise<boolean>,
  ) {
    this.#db = db;
    this.#version = version;
    this.#catalog = catalog;
    this.#onError = onError;
    this.#importSeed = importSeed;
  }

  /**
   * Opens the published content: on a database with no content, stores `seed` as version 1 (kind `import`) and the
   * files of `assetsDir`; then reads the latest version and follows the change feed.
   * @param db the database
   * @param feed the app's change feed
   * @param seed the catalog to import on an empty database (asked for only then)
   * @param options.assetsDir the files to import with it; options.now the clock; options.onError where a failed
   *   refresh is reported (the process keeps serving the version it has); a database that cannot be read at start-up
   *   is reported there too, and `seed` is served as version 0 until it can
   */
  static async open(
    db: Database,
    feed: ChangeFeed,
    seed: () => Promise<RoleCatalog>,
    options: { assetsDir?: string; now: () => Date; onError: (error: unknown) => void },
  ): Promise<PublishedContent> {
    const importSeed = () => importSeedIfEmpty(db, seed, options.assetsDir, options.now());
    let content: PublishedContent;
    try {
      await importSeed();
      const latest = await latestVersion(db);
      if (!latest) throw new Error('the imported content cannot be read back');
      content = new PublishedContent(db, latest.version, catalogOf(latest.catalog), options.onError, importSeed);
    } catch (error) {
      // A database that cannot be reached is not a reason to stay down (docs/decisions/009): the seed is served as
      // version 0 until the database answers (the change feed's reconnection makes the content look again).
      options.onError(error);
      content = new PublishedContent(db, 0, await seed(), options.onError, importSeed);
    }
    feed.subscribe({
      change: (change: Change) => {
        if (change.kind === 'content' || change.kind === 'everything') content.refresh();
      },
      reset: () => content.refresh(),
    });
    return content;
  }

  get catalog(): RoleCatalog {
    return this.#catalog;
  }

  get version(): number {
    return this.#version;
  }

  /**
   * Switches to a version this process just published (without waiting for the change feed). Older versions are
   * ignored: versions only go up.
   */
  adopt(version: number, configs: RoleConfiguration[]): void {
    if (version <= this.#version) return;
    this.#version = version;
    this.#catalog = catalogOf(configs);
  }

  /**
   * Switches to the latest stored version even when it is older than the one served: after a backup was restored
   * into the database (modules/backups), the versions since the backup are gone.
   */
  async reload(): Promise<void> {
    await this.settled();
    const latest = await latestVersion(this.#db);
    if (!latest) return;
    this.#version = latest.version;
    this.#catalog = catalogOf(latest.catalog);
  }

  /** Looks for a newer version in the background (one look at a time; a request during a look makes one more). */
  refresh(): void {
    if (this.#checking) {
      this.#again = true;
      return;
    }
    this.#checking = this.#lookForNewer()
      .catch(this.#onError)
      .finally(() => {
        this.#checking = null;
        if (this.#again) {
          this.#again = false;
          this.refresh();
        }
      });
  }

  /** Resolves when the current look (if any) has finished: tests and tools that wait for a switch. */
  async settled(): Promise<void> {
    while (this.#checking) await this.#checking;
  }

  async #lookForNewer(): Promise<void> {
    if (this.#version === 0) await this.#importSeed();
    const newest = await latestVersionNumber(this.#db);
    if (newest <= this.#version) return;
    const latest = await latestVersion(this.#db);
    if (latest) this.adopt(latest.version, latest.catalog);
  }
}

/** A frozen catalog of stored configurations (already validated when they were published). */
function catalogOf(configs: RoleConfiguration[]): RoleCatalog {
  return createRoleCatalog(deepFreeze(structuredClone(configs)));
}

/**
 * The published catalog for tools (`npm run members`, seeds): the database's latest version, after the start-up
 * import of `<contentDir>` when the database has no content yet (docs/product.md#content-studio).
 * @throws ContentError when the content to import has problems
 */
export async function readPublishedCatalog(
  db: Database,
  contentDir: string,
  now: Date = new Date(),
): Promise<RoleCatalog> {
  await importSeedIfEmpty(db, () => loadContent(contentDir), path.join(contentDir, 'assets'), now);
  const latest = await latestVersion(db);
  if (!latest) throw new Error('the imported content cannot be read back');
  return catalogOf(latest.catalog);
}
