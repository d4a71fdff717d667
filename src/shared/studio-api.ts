import type { RoleConfiguration } from './content-schema.js';

/**
 * The content studio's API (docs/product.md#content-studio): the contract between the server's studio routes and the
 * studio's screens. Every route needs the `content:edit` permission (admins and content editors); unsafe methods need
 * the app's `x-requested-with: onboarding` header like every other admin route.
 *
 * A *catalog* is every role configuration, in the same shape as `content/roles/*.yaml` (one entry per file, sorted by
 * key). Publishing makes a new immutable, numbered *version* of the whole catalog; members always read the latest
 * published version. Edits are kept in one shared *draft* until it is published or discarded.
 *
 * Routes (all JSON unless said otherwise):
 * - `GET    /api/studio`                       → {@link StudioState}
 * - `PUT    /api/studio/draft`                 body {@link SaveDraftRequest} → {@link SaveDraftResponse}
 *     (autosave; a draft that does not validate is still saved — its problems are returned; 409 with
 *     `{ error, draft: StudioDraft }` when `baseUpdatedAt` is older than the stored draft: someone else saved since)
 * - `DELETE /api/studio/draft`                 → 204 ('Discard draft': the published version is what the studio shows)
 * - `POST   /api/studio/publish`               body {@link PublishRequest} → 200 {@link PublishResponse}
 *     or 422 `{ error, problems: StudioProblem[] }` listing every problem of the whole catalog,
 *     or 409 {@link StudioRemovalsConflict} when it removes steps or items members completed and `confirmRemovals` is
 *     not true (ask, then send again with `confirmRemovals: true`), or 409 `{ error }` when there is no draft,
 *     or 403 {@link StudioAccessRefusal} when a content editor (not an admin) would change who may see a shared
 *     password or which role people belong to (nothing is published)
 * - `GET    /api/studio/versions`              → `{ versions: StudioVersionSummary[] }` newest first
 * - `GET    /api/studio/versions/:version`     → {@link StudioVersion}
 * - `GET    /api/studio/diff?from=N&to=M`      → {@link StudioDiff} (readable, per role/scope/step and field)
 * - `POST   /api/studio/versions/:version/restore` body {@link RestoreRequest} (optional) → {@link PublishResponse}
 *     (publishes that version's catalog again; the same 409 {@link StudioRemovalsConflict} and 403
 *     {@link StudioAccessRefusal} as publishing; the draft is kept)
 * - `POST   /api/studio/assets?name=<file name>` raw body (PDF, PNG, JPEG, WebP or GIF; `Content-Type` says which and
 *     must agree with the bytes; at most {@link STUDIO_ASSET_MAX_BYTES}) → 201 {@link StudioAsset}; 413 too large,
 *     415 a type not taken (SVG is refused: it can carry scripts), 422 bytes that are not what the Content-Type says,
 *     a PDF that does not open or an image that does not decode — nothing is stored then
 * - `GET    /api/studio/assets`                → `{ assets: StudioAsset[] }` (every stored file, newest first)
 * - `GET    /assets/content/by-hash/:sha256`   → the file's bytes with its Content-Type, `nosniff` and
 *     `Cache-Control: public, max-age=31536000, immutable` (no sign-in needed, like today's `/assets/content/*`)
 * - `GET    /api/studio/usage`                 → `{ roles: { key: string; members: number }[] }` — how many members
 *     resolve to each role (a role with members cannot be deleted)
 */

/**
 * The 403 answer to a content editor's publish or restore that would change access: `message` says an admin must make
 * the change, `changes` names each one (e.g. `role "finance": aliases`).
 */
export interface StudioAccessRefusal {
  statusCode: 403;
  error: string;
  message: string;
  changes: string[];
}

/** The largest file the studio accepts, in bytes (10 MiB). */
export const STUDIO_ASSET_MAX_BYTES = 10 * 1024 * 1024;

/** The Content-Types the studio accepts for uploads (no SVG: docs/decisions/023-content-studio.md). */
export const STUDIO_ASSET_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** One problem in a catalog: which role configuration, where inside it (`scopes[0].steps[2].pdfUrl`), and what to change. */
export interface StudioProblem {
  /** Role key, e.g. `volunteer`; empty for the catalog as a whole. */
  role: string;
  /** Location inside the role configuration in the content check's notation; empty for the whole role. */
  path: string;
  message: string;
}

/** Who did something and when (ISO 8601 UTC). */
export interface StudioStamp {
  at: string;
  by: string;
}

export interface StudioVersionSummary extends StudioStamp {
  /** 1, 2, 3…; version 1 is the import of `content/roles/*.yaml` on an empty database. */
  version: number;
  /** `publish`, `restore` (of `restoredFrom`) or `import` (start-up seed or `npm run content:import`). */
  kind: 'publish' | 'restore' | 'import';
  restoredFrom: number | null;
  /** Step ids whose acknowledgments were marked as a material change (members must agree again). */
  materialChanges: string[];
  /** The note given when publishing, or null. */
  note: string | null;
}

export interface StudioVersion extends StudioVersionSummary {
  catalog: RoleConfiguration[];
}

export interface StudioDraft {
  catalog: RoleConfiguration[];
  /** The published version the draft started from. */
  baseVersion: number;
  updatedAt: string;
  updatedBy: string;
  /** Problems of the draft as last saved (empty when it would publish). */
  problems: StudioProblem[];
}

export interface StudioState {
  published: StudioVersion;
  /** null when there is no draft: the studio edits a copy of `published.catalog`. */
  draft: StudioDraft | null;
}

export interface SaveDraftRequest {
  catalog: unknown[];
  /** The `updatedAt` of the draft the editor started from; null when it started from the published version. */
  baseUpdatedAt: string | null;
}

export interface SaveDraftResponse {
  draft: StudioDraft;
}

export interface PublishRequest {
  /**
   * Step ids to mark as a material change: members who agreed to an earlier version must agree again (exactly like
   * raising the step's `version`: the server raises it, sets `versionDate` to today and `versionNote` to `note`).
   */
  materialChanges: string[];
  /** Optional note kept with the version (and shown to members as what changed in a material change). */
  note?: string;
  /** True once the editor confirmed removing steps or items that members completed (see {@link StudioRemovalsConflict}). */
  confirmRemovals?: boolean;
}

export interface RestoreRequest {
  /** As in {@link PublishRequest}. */
  confirmRemovals?: boolean;
}

/** A step (or an item of a step) that a publish removes although members completed it; their records are kept. */
export interface StudioRemoval {
  stepId: string;
  /** Set for a checklist or acknowledgment item of a step that stays. */
  itemId: string | null;
  role: string;
  title: string;
  /** How many members completed the step (or ticked the item). */
  completedBy: number;
}

/** The 409 answer of a publish or restore that needs `confirmRemovals: true`. */
export interface StudioRemovalsConflict {
  error: string;
  message: string;
  removals: StudioRemoval[];
}

export interface PublishResponse {
  version: StudioVersionSummary;
}

/** One changed field between two versions, in words an editor can read. */
export interface StudioDiffEntry {
  role: string;
  /** e.g. `scopes[0].steps[2].title` */
  path: string;
  /** Human-readable place, e.g. `Volunteer › Getting started › Set up Slack › Title`. */
  label: string;
  change: 'added' | 'removed' | 'changed';
  /** YAML-ish text of the old/new value; null when added/removed. */
  before: string | null;
  after: string | null;
}

export interface StudioDiff {
  from: number;
  to: number;
  entries: StudioDiffEntry[];
}

export interface StudioAsset {
  sha256: string;
  contentType: string;
  bytes: number;
  /** Original file name, for the editor's list. */
  name: string;
  /** Where the catalog refers to it: `/assets/content/by-hash/<sha256>`. */
  url: string;
  at: string;
  by: string;
}
