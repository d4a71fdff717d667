import { desc, eq, sql } from 'drizzle-orm';
import type { RoleConfiguration } from '../../shared/content-schema.js';
import type {
  StudioAsset,
  StudioDraft,
  StudioProblem,
  StudioVersion,
  StudioVersionSummary,
} from '../../shared/studio-api.js';
import { BY_HASH_PREFIX } from './load-content.js';
import { announce } from '../db/changes.js';
import type { Database } from '../db/client.js';
import { contentAssets, contentDraft, contentVersions } from '../db/schema.js';

/**
 * The content's source of record (docs/product.md#content-studio, docs/decisions/023-content-studio.md): numbered,
 * immutable versions of the whole catalog, the one shared draft, and files stored by SHA-256.
 */

type VersionRow = typeof contentVersions.$inferSelect;

function summaryOf(row: VersionRow): StudioVersionSummary {
  return {
    version: row.version,
    kind: row.kind,
    restoredFrom: row.restoredFrom,
    materialChanges: row.materialChanges,
    at: row.createdAt.toISOString(),
    by: row.createdBy,
    note: row.note,
  };
}

function versionOf(row: VersionRow): StudioVersion {
  return { ...summaryOf(row), catalog: row.catalog as RoleConfiguration[] };
}

/**
 * The latest published version, or null on a database with no content yet.
 * @param db the database
 */
export async function latestVersion(db: Database): Promise<StudioVersion | null> {
  const [row] = await db.select().from(contentVersions).orderBy(desc(contentVersions.version)).limit(1);
  return row ? versionOf(row) : null;
}

/**
 * The number of the latest version (0 when there is none): a cheap check for a newer version.
 * @param db the database
 */
export async function latestVersionNumber(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${contentVersions.version}), 0)::int` })
    .from(contentVersions);
  return row?.n ?? 0;
}

/**
 * One version with its catalog.
 * @returns the version, or null when there is no such version
 */
export async function getVersion(db: Database, version: number): Promise<StudioVersion | null> {
  const [row] = await db.select().from(contentVersions).where(eq(contentVersions.version, version));
  return row ? versionOf(row) : null;
}

/** Every version without its catalog, newest first. */
export async function listVersions(db: Database): Promise<StudioVersionSummary[]> {
  const rows = await db
    .select({
      version: contentVersions.version,
      kind: contentVersions.kind,
      restoredFrom: contentVersions.restoredFrom,
      materialChanges: contentVersions.materialChanges,
      note: contentVersions.note,
      createdAt: contentVersions.createdAt,
      createdBy: contentVersions.createdBy,
    })
    .from(contentVersions)
    .orderBy(desc(contentVersions.version));
  return rows.map((row) => summaryOf({ ...row, catalog: null }));
}

/** What a new version is made of. */
export interface NewVersion {
  catalog: RoleConfiguration[];
  kind: StudioVersionSummary['kind'];
  restoredFrom: number | null;
  materialChanges: string[];
  note: string | null;
  by: string;
  at: Date;
}

/**
 * Appends a version numbered one above the latest, and announces it (every process switches when the transaction
 * commits). Call it inside the publishing transaction: two publishes at once cannot both take the same number (the
 * primary key refuses the second, whose transaction rolls back).
 * @param tx the publishing transaction
 * @returns the stored version's summary
 */
export async function insertVersion(tx: Database, input: NewVersion): Promise<StudioVersionSummary> {
  const [row] = await tx
    .insert(contentVersions)
    .values({
      version: sql`(select coalesce(max(${contentVersions.version}), 0) + 1 from ${contentVersions})`,
      catalog: input.catalog,
      kind: input.kind,
      restoredFrom: input.restoredFrom,
      materialChanges: input.materialChanges,
      note: input.note,
      createdAt: input.at,
      createdBy: input.by,
    })
    .returning();
  if (!row) throw new Error('insert into content_versions returned no row');
  await announce(tx, { kind: 'content', version: row.version });
  return summaryOf(row);
}

/**
 * Stores version 1 unless a version exists (a start-up import on an empty database; two processes starting at once
 * store it once).
 * @returns true when this call stored it
 */
export async function insertFirstVersion(
  db: Database,
  catalog: RoleConfiguration[],
  by: string,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(contentVersions)
      .values({
        version: 1,
        catalog,
        kind: 'import',
        restoredFrom: null,
        materialChanges: [],
        note: null,
        createdAt: at,
        createdBy: by,
      })
      .onConflictDoNothing()
      .returning({ version: contentVersions.version });
    if (stored.length > 0) await announce(tx, { kind: 'content', version: 1 });
    return stored.length > 0;
  });
}

/** The shared draft, or null when there is none. */
export async function getDraft(db: Database): Promise<StudioDraft | null> {
  const [row] = await db.select().from(contentDraft).where(eq(contentDraft.id, 1));
  if (!row) return null;
  return {
    catalog: row.catalog as RoleConfiguration[],
    baseVersion: row.baseVersion,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    problems: row.problems as StudioProblem[],
  };
}

/**
 * Saves the shared draft unless someone saved since the editor's copy (compare-and-set in one statement).
 * @param expected the `updatedAt` the editor started from (null: they started from the published version, so no draft
 *   may exist)
 * @returns the stored draft, or `{ conflict }` with the draft stored now
 */
export async function saveDraft(
  db: Database,
  draft: { catalog: unknown[]; baseVersion: number; problems: StudioProblem[]; at: Date; by: string },
  expected: Date | null,
): Promise<{ draft: StudioDraft } | { conflict: StudioDraft }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentDraft).where(eq(contentDraft.id, 1)).for('update');
    const stale =
      expected === null
        ? current !== undefined
        : current === undefined || current.updatedAt.getTime() !== expected.getTime();
    if (stale && current) {
      return {
        conflict: {
          catalog: current.catalog as RoleConfiguration[],
          baseVersion: current.baseVersion,
          updatedAt: current.updatedAt.toISOString(),
          updatedBy: current.updatedBy,
          problems: current.problems as StudioProblem[],
        },
      };
    }
    // A save after a discard (expected set, no draft left) starts a new draft: nothing of anyone else's is lost.
    const values = {
      id: 1,
      catalog: draft.catalog,
      baseVersion: draft.baseVersion,
      problems: draft.problems,
      updatedAt: draft.at,
      updatedBy: draft.by,
    };
    await tx.insert(contentDraft).values(values).onConflictDoUpdate({ target: contentDraft.id, set: values });
    return {
      draft: {
        catalog: draft.catalog as RoleConfiguration[],
        baseVersion: draft.baseVersion,
        updatedAt: draft.at.toISOString(),
        updatedBy: draft.by,
        problems: draft.problems,
      },
    };
  });
}

/** Removes the shared draft ('Discard draft', or after a publish). */
export async function deleteDraft(db: Database): Promise<void> {
  await db.delete(contentDraft).where(eq(contentDraft.id, 1));
}

type AssetRow = Omit<typeof contentAssets.$inferSelect, 'bytes'>;

function assetOf(row: AssetRow): StudioAsset {
  return {
    sha256: row.sha256,
    contentType: row.contentType,
    bytes: row.size,
    name: row.name,
    url: `${BY_HASH_PREFIX}${row.sha256}`,
    at: row.createdAt.toISOString(),
    by: row.createdBy,
  };
}

const assetColumns = {
  sha256: contentAssets.sha256,
  contentType: contentAssets.contentType,
  size: contentAssets.size,
  name: contentAssets.name,
  createdAt: contentAssets.createdAt,
  createdBy: contentAssets.createdBy,
};

/**
 * Stores a file by its SHA-256; the same bytes stored again keep their first record.
 * @returns the stored file's description (the first record's when it was there already)
 */
export async function storeAsset(
  db: Database,
  asset: { sha256: string; bytes: Uint8Array; contentType: string; name: string; by: string; at: Date },
): Promise<StudioAsset> {
  await db
    .insert(contentAssets)
    .values({
      sha256: asset.sha256,
      bytes: asset.bytes,
      contentType: asset.contentType,
      size: asset.bytes.byteLength,
      name: asset.name,
      createdAt: asset.at,
      createdBy: asset.by,
    })
    .onConflictDoNothing();
  const [row] = await db.select(assetColumns).from(contentAssets).where(eq(contentAssets.sha256, asset.sha256));
  if (!row) throw new Error('the stored file cannot be read back');
  return assetOf(row);
}

/** Every stored file, newest first (without bytes). */
export async function listAssets(db: Database): Promise<StudioAsset[]> {
  const rows = await db
    .select(assetColumns)
    .from(contentAssets)
    .orderBy(desc(contentAssets.createdAt), contentAssets.name);
  return rows.map(assetOf);
}

/** The SHA-256 of every stored file. */
export async function assetHashes(db: Database): Promise<Set<string>> {
  const rows = await db.select({ sha256: contentAssets.sha256 }).from(contentAssets);
  return new Set(rows.map((r) => r.sha256));
}

/**
 * One stored file with its bytes.
 * @returns the file, or null when nothing is stored under that hash
 */
export async function readAsset(
  db: Database,
  sha256: string,
): Promise<{ bytes: Uint8Array; contentType: string; name: string } | null> {
  const [row] = await db
    .select({ bytes: contentAssets.bytes, contentType: contentAssets.contentType, name: contentAssets.name })
    .from(contentAssets)
    .where(eq(contentAssets.sha256, sha256));
  return row ?? null;
}
