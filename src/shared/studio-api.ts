import { z } from 'zod';
import type { RoleConfiguration } from './content-schema.js';

/**
 * The content studio's API (docs/product.md#content-studio): the contract between the server's studio routes and the
 * studio's screens. The server validates each request and sends each answer through these schemas; the studio parses
 * every answer with them (it is a chunk of the admin area, which ships zod). Every route needs the `content:edit`
 * permission (admins and content editors); unsafe methods need the app's `x-requested-with: onboarding` header like
 * every other admin route.
 *
 * A *catalog* is every role configuration, in the same shape as `content/roles/*.yaml` (one entry per file, sorted by
 * key). Publishing makes a new immutable, numbered *version* of the whole catalog; members always read the latest
 * published version. Edits are kept in one shared *draft* until it is published or discarded.
 *
 * Routes (all JSON unless said otherwise):
 * - `GET    /api/studio`                       → {@link studioStateSchema}
 * - `PUT    /api/studio/draft`                 body {@link saveDraftRequestSchema} → {@link saveDraftResponseSchema}
 *     (autosave; a draft that does not validate is still saved — its problems are returned; 409
 *     {@link draftConflictSchema} when `baseUpdatedAt` is older than the stored draft: someone else saved since)
 * - `PATCH  /api/studio/draft`                 body `draftPatchSchema` of src/shared/studio-patch.ts (only the roles that
 *     changed, and the order of all) → the same answers as PUT; 422 when the patch does not fit the stored draft
 * - `DELETE /api/studio/draft`                 → 204 ('Discard draft': the published version is what the studio shows)
 * - `POST   /api/studio/publish`               body {@link publishRequestSchema} → 200 {@link publishResponseSchema}
 *     or 422 {@link problemsRefusalSchema} listing every problem of the whole catalog,
 *     or 409 {@link removalsConflictSchema} when it removes steps or items members completed and `confirmRemovals` is
 *     not true (ask, then send again with `confirmRemovals: true`), or 409 `{ error }` when there is no draft,
 *     or 403 {@link accessRefusalSchema} when a content editor (not an admin) would change, for someone the server
 *     knows, which role they resolve to, which shared passwords they may see or which team tasks name them, or would
 *     change a role's aliases (nothing is published; docs/security.md#access-is-an-invariant)
 * - `GET    /api/studio/versions`              → {@link versionsResponseSchema} newest first
 * - `GET    /api/studio/versions/:version`     ({@link versionParamsSchema}) → {@link studioVersionSchema}
 * - `POST   /api/studio/versions/:version/restore` body {@link restoreRequestSchema} (optional) →
 *     {@link publishResponseSchema} (publishes that version's catalog again; the same 422, 409
 *     {@link removalsConflictSchema} and 403 {@link accessRefusalSchema} as publishing; the draft is kept)
 * - `POST   /api/studio/assets?name=<file name>` ({@link assetQuerySchema}) raw body (PDF, PNG, JPEG, WebP or GIF;
 *     `Content-Type` says which and must agree with the bytes; at most {@link STUDIO_ASSET_MAX_BYTES}) → 201
 *     {@link studioAssetSchema}; 413 too large, 415 a type not taken (SVG is refused: it can carry scripts), 422 bytes
 *     that are not what the Content-Type says, a PDF that does not open or an image that does not decode — nothing is
 *     stored then
 * - `GET    /api/studio/assets`                → {@link assetsResponseSchema} (every stored file, newest first)
 * - `GET    /assets/content/by-hash/:sha256`   → the file's bytes with its Content-Type, `nosniff` and
 *     `Cache-Control: public, max-age=31536000, immutable` (no sign-in needed, like today's `/assets/content/*`)
 * - `GET    /api/studio/usage`                 → {@link usageResponseSchema} — how many members resolve to each role
 *     (a role with members cannot be deleted)
 * - `GET    /api/studio/team-tasks`            → {@link openTeamTasksResponseSchema} — how many team tasks not yet
 *     done each task of the content has (the publish dialog says how many a change reaches)
 * - `GET    /api/studio/retakes`               → {@link retakesResponseSchema} — who would answer a form or quiz again
 *     if the draft were published (docs/product.md#changing-a-form-or-quiz-after-people-answered)
 * - `GET    /api/studio/access`                → {@link accessMovesResponseSchema} — who the saved draft would move to
 *     another role, which shared passwords they would gain or lose, whom team tasks would name
 *     (docs/security.md#access-is-an-invariant)
 */

/** The largest file the studio accepts, in bytes (10 MiB). */
export const STUDIO_ASSET_MAX_BYTES = 10 * 1024 * 1024;

/** The Content-Types the studio accepts for uploads (no SVG: docs/decisions/023-content-studio.md). */
export const STUDIO_ASSET_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The most role configurations a draft may hold (a sanity limit far above the catalog's size). */
export const STUDIO_MAX_ROLES = 500;

/** A version number: 1, 2, 3… (a PostgreSQL integer). */
const versionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** A time stamp, ISO 8601 UTC. */
const timeSchema = z.iso.datetime();

/**
 * A role configuration as stored. The wire checks only that it is an object: what is wrong inside it is the content
 * check's to say, as {@link studioProblemSchema problems} (a published version passed that check when it was published).
 */
const storedRoleSchema = z.custom<RoleConfiguration>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'must be a role configuration (an object)',
);

/** One problem in a catalog: which role configuration, where inside it (`scopes[0].steps[2].pdfUrl`), and what to change. */
export const studioProblemSchema = z.object({
  /** Role key, e.g. `volunteer`; empty for the catalog as a whole. */
  role: z.string(),
  /** Location inside the role configuration in the content check's notation; empty for the whole role. */
  path: z.string(),
  message: z.string(),
});
export type StudioProblem = z.infer<typeof studioProblemSchema>;

/** A version without its catalog. `at` and `by`: who published it and when. */
export const studioVersionSummarySchema = z.object({
  /** 1, 2, 3…; version 1 is the import of `content/roles/*.yaml` on an empty database. */
  version: z.number().int().min(1),
  /** `publish`, `restore` (of `restoredFrom`) or `import` (start-up seed or `npm run content:import`). */
  kind: z.enum(['publish', 'restore', 'import']),
  restoredFrom: z.number().int().nullable(),
  /** Step ids whose acknowledgments were marked as a material change (members must agree again). */
  materialChanges: z.array(z.string()),
  at: timeSchema,
  by: z.string(),
  /** The note given when publishing, or null. */
  note: z.string().nullable(),
});
export type StudioVersionSummary = z.infer<typeof studioVersionSummarySchema>;

/** GET /api/studio/versions/:version — a version with its catalog. */
export const studioVersionSchema = studioVersionSummarySchema.extend({ catalog: z.array(storedRoleSchema) });
export type StudioVersion = z.infer<typeof studioVersionSchema>;

/** The shared draft. */
export const studioDraftSchema = z.object({
  /** The catalog as last saved: it may not pass the content check (`problems` says why). */
  catalog: z.array(storedRoleSchema),
  /** The published version the draft started from. */
  baseVersion: z.number().int(),
  updatedAt: timeSchema,
  updatedBy: z.string(),
  /** Problems of the draft as last saved (empty when it would publish). */
  problems: z.array(studioProblemSchema),
});
export type StudioDraft = z.infer<typeof studioDraftSchema>;

/** GET /api/studio */
export const studioStateSchema = z.object({
  published: studioVersionSchema,
  /** null when there is no draft: the studio edits a copy of `published.catalog`. */
  draft: studioDraftSchema.nullable(),
});
export type StudioState = z.infer<typeof studioStateSchema>;

/** PUT /api/studio/draft body. */
export const saveDraftRequestSchema = z.object({
  /** Every role configuration; saved even when it does not pass the content check. */
  catalog: z.array(z.unknown()).max(STUDIO_MAX_ROLES),
  /** The `updatedAt` of the draft the editor started from; null when it started from the published version. */
  baseUpdatedAt: timeSchema.nullable(),
});
export type SaveDraftRequest = z.input<typeof saveDraftRequestSchema>;

/** PUT /api/studio/draft answer: the draft as stored, with its problems. */
export const saveDraftResponseSchema = z.object({ draft: studioDraftSchema });
export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;

/** The 409 answer of PUT /api/studio/draft: someone else saved since `baseUpdatedAt`; `draft` is theirs. */
export const draftConflictSchema = z.object({
  statusCode: z.literal(409).optional(),
  error: z.string(),
  message: z.string(),
  draft: studioDraftSchema,
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/** POST /api/studio/publish body. */
export const publishRequestSchema = z.object({
  /**
   * Step ids to mark as a material change: members who agreed to an earlier version must agree again (exactly like
   * raising the step's `version`: the server raises it, sets `versionDate` to today and `versionNote` to `note`).
   */
  materialChanges: z.array(z.string().min(1).max(200)).max(500),
  /** Optional note kept with the version (and shown to members as what changed in a material change). */
  note: z.string().trim().max(2_000).optional(),
  /** True once the editor confirmed removing steps or items that members completed (see {@link removalsConflictSchema}). */
  confirmRemovals: z.boolean().optional(),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;

/** POST /api/studio/versions/:version/restore body (optional). */
export const restoreRequestSchema = z
  .object({
    /** As in {@link publishRequestSchema}. */
    confirmRemovals: z.boolean().optional(),
  })
  .nullish();
export type RestoreRequest = NonNullable<z.input<typeof restoreRequestSchema>>;

/** POST /api/studio/publish and POST /api/studio/versions/:version/restore answer: the new version. */
export const publishResponseSchema = z.object({ version: studioVersionSummarySchema });
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** The 422 answer of a publish or restore: every problem of the catalog (nothing is published). */
export const problemsRefusalSchema = z.object({
  statusCode: z.literal(422).optional(),
  error: z.string(),
  message: z.string(),
  problems: z.array(studioProblemSchema),
});
export type ProblemsRefusal = z.infer<typeof problemsRefusalSchema>;

/** A step (or an item of a step) that a publish removes although members completed it; their records are kept. */
export const studioRemovalSchema = z.object({
  stepId: z.string(),
  /** Set for a checklist or acknowledgment item of a step that stays. */
  itemId: z.string().nullable(),
  /** The role's key. */
  role: z.string(),
  /** The role's display name, as the admin sees it. */
  roleName: z.string(),
  title: z.string(),
  /** How many members completed the step (or ticked the item). */
  completedBy: z.number().int(),
});
export type StudioRemoval = z.infer<typeof studioRemovalSchema>;

/** The 409 answer of a publish or restore that needs `confirmRemovals: true`. */
export const removalsConflictSchema = z.object({
  statusCode: z.literal(409).optional(),
  error: z.string(),
  message: z.string(),
  removals: z.array(studioRemovalSchema),
});
export type StudioRemovalsConflict = z.infer<typeof removalsConflictSchema>;

/**
 * The 403 answer to a content editor's publish or restore that would change access: `message` says an admin must make
 * the change, `changes` names each one in words (e.g. `3 people would move from Finance to HR: ann@…, bo@…, cy@….`).
 */
export const accessRefusalSchema = z.object({
  statusCode: z.literal(403),
  error: z.string(),
  message: z.string(),
  changes: z.array(z.string()),
});
export type StudioAccessRefusal = z.infer<typeof accessRefusalSchema>;

/** GET /api/studio/versions */
export const versionsResponseSchema = z.object({ versions: z.array(studioVersionSummarySchema) });

/** `:version` of GET /api/studio/versions/:version and POST /api/studio/versions/:version/restore. */
export const versionParamsSchema = z.object({ version: versionNumberSchema });

/** POST /api/studio/assets query: the file's name, for the editor's list. */
export const assetQuerySchema = z.object({ name: z.string().trim().min(1).max(200).optional() });

/** A stored file (201 answer of POST /api/studio/assets). */
export const studioAssetSchema = z.object({
  sha256: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Original file name, for the editor's list. */
  name: z.string(),
  /** Where the catalog refers to it: `/assets/content/by-hash/<sha256>`. */
  url: z.string(),
  at: timeSchema,
  by: z.string(),
});
export type StudioAsset = z.infer<typeof studioAssetSchema>;

/** GET /api/studio/assets */
export const assetsResponseSchema = z.object({ assets: z.array(studioAssetSchema) });

/** GET /api/studio/usage: how many members resolve to each role, by key. */
export const usageResponseSchema = z.object({
  roles: z.array(z.object({ key: z.string(), members: z.number().int().nonnegative() })),
});
export type StudioUsage = z.infer<typeof usageResponseSchema>;

/**
 * GET /api/studio/team-tasks: how many open team tasks (docs/product.md#team-tasks) each task of the content has, by
 * the role it comes from and its id; tasks with none are left out.
 */
export const openTeamTasksResponseSchema = z.object({
  tasks: z.array(z.object({ roleKey: z.string(), taskId: z.string(), open: z.number().int().positive() })),
});
export type OpenTeamTasks = z.infer<typeof openTeamTasksResponseSchema>['tasks'];

/**
 * GET /api/studio/retakes: the form and quiz steps whose questions the draft changes materially, each with the current
 * members who completed it and would answer it again once the draft is published
 * (docs/product.md#changing-a-form-or-quiz-after-people-answered). Empty without a draft.
 */
export const retakesResponseSchema = z.object({
  steps: z.array(
    z.object({
      stepId: z.string(),
      title: z.string(),
      members: z.array(z.object({ email: z.string(), name: z.string() })),
    }),
  ),
});
export type StudioRetakes = z.infer<typeof retakesResponseSchema>;

/**
 * GET /api/studio/access: what publishing the saved draft would change in access, one sentence each (who moves from
 * which role to which, who gains or loses which shared password, whom team tasks would name); empty without a draft or
 * when nobody's access changes (docs/security.md#access-is-an-invariant).
 */
export const accessMovesResponseSchema = z.object({ changes: z.array(z.string()) });
