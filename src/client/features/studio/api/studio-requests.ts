import {
  assetsResponseSchema,
  draftConflictSchema,
  problemsRefusalSchema,
  publishResponseSchema,
  removalsConflictSchema,
  saveDraftRequestSchema,
  saveDraftResponseSchema,
  studioAssetSchema,
  studioStateSchema,
  studioVersionSchema,
  retakesResponseSchema,
  accessMovesResponseSchema,
  usageResponseSchema,
  openTeamTasksResponseSchema,
  versionsResponseSchema,
  type PublishRequest,
  type PublishResponse,
  type RestoreRequest,
  type SaveDraftRequest,
  type StudioAsset,
  type StudioDraft,
  type StudioProblem,
  type StudioRemoval,
} from '@shared/studio-api';
import { CLIENT_REQUEST_HEADER } from '@shared/client-request';
import { draftPatchSchema, type DraftPatch } from '@shared/studio-patch';
import { apiPaths } from '@/config/paths';
import { apiErrorOf, apiRequest, apiRequestNoContent, ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * The content studio's calls (docs/product.md#content-studio), through the app's one API client and parsed with the
 * shared contract (src/shared/studio-api.ts). The studio's error answers that carry more than a message (the other
 * person's draft, the problems, the removals to confirm) become errors of their own kind.
 */

/** Query keys of the studio; a publish, restore or discard invalidates `studioKeys.all`. */
export const studioKeys = {
  all: ['studio'] as const,
  state: ['studio', 'state'] as const,
  versions: ['studio', 'versions'] as const,
  version: (version: number) => ['studio', 'version', version] as const,
  diff: (from: number, to: number) => ['studio', 'diff', from, to] as const,
  assets: ['studio', 'assets'] as const,
  usage: ['studio', 'usage'] as const,
  openTeamTasks: ['studio', 'team-tasks'] as const,
  retakes: ['studio', 'retakes'] as const,
  access: ['studio', 'access'] as const,
};

/** Someone else saved the draft since this editor last loaded or saved it (409 from PUT /api/studio/draft). */
export class DraftConflictError extends Error {
  override name = 'DraftConflictError';
  constructor(
    message: string,
    /** The draft as the other person saved it. */
    readonly draft: StudioDraft,
  ) {
    super(message);
  }
}

/** Publishing was refused because the catalog has problems (422 from POST /api/studio/publish). */
export class PublishProblemsError extends Error {
  override name = 'PublishProblemsError';
  constructor(
    message: string,
    readonly problems: StudioProblem[],
  ) {
    super(message);
  }
}

/**
 * Publishing (or restoring) removes steps or items that members completed: the server asks for a confirmation first
 * (409 with the removals); send again with `confirmRemovals: true`.
 */
export class RemovalsConflictError extends Error {
  override name = 'RemovalsConflictError';
  constructor(
    message: string,
    readonly removals: StudioRemoval[],
  ) {
    super(message);
  }
}

/**
 * The studio's error of an API error whose answer says more: the other person's draft (409 of a save), the problems
 * (422 of a publish or restore) or the removals to confirm (409 of a publish or restore); anything else as it is.
 */
function studioErrorOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 409) {
    const conflict = draftConflictSchema.safeParse(error.body);
    if (conflict.success) return new DraftConflictError(conflict.data.message, conflict.data.draft);
    const removals = removalsConflictSchema.safeParse(error.body);
    if (removals.success) return new RemovalsConflictError(removals.data.message, removals.data.removals);
  }
  if (error.status === 422) {
    const refused = problemsRefusalSchema.safeParse(error.body);
    if (refused.success) return new PublishProblemsError(refused.data.message, refused.data.problems);
  }
  return error;
}

/** GET /api/studio — the published version and the shared draft, if any. @throws ApiError */
export function getStudio({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.studio, studioStateSchema, { ...(signal ? { signal } : {}) });
}

/**
 * PUT /api/studio/draft (the whole catalog) or PATCH /api/studio/draft (only the roles that changed:
 * src/shared/studio-patch.ts) — saves the draft (autosave). A draft with problems is still saved; its problems come
 * back.
 * @throws DraftConflictError when someone else saved since `baseUpdatedAt`; ApiError otherwise
 */
export async function saveDraft(request: SaveDraftRequest | DraftPatch): Promise<StudioDraft> {
  try {
    const saved = await apiRequest(apiPaths.studioDraft, saveDraftResponseSchema, {
      method: 'catalog' in request ? 'PUT' : 'PATCH',
      body: request,
    });
    return saved.draft;
  } catch (error) {
    throw studioErrorOf(error);
  }
}

/**
 * PATCH (or PUT) /api/studio/draft as the page is left (keepalive: the request outlives the page), for an edit the
 * autosave has not sent yet. Browsers refuse a keepalive body over 64 KiB, so it should be a patch of the roles that
 * changed (the whole catalog is about 110 kB). Nothing is waited for or reported: the page is gone. A body the
 * contract refuses is not sent.
 * @param request the roles that changed and the order of all (or the whole catalog), and the `updatedAt` of the draft
 *   it started from
 */
export function saveDraftOnLeave(request: SaveDraftRequest | DraftPatch): void {
  const body = 'catalog' in request ? saveDraftRequestSchema.safeParse(request) : draftPatchSchema.safeParse(request);
  if (!body.success) return;
  apiRequestNoContent(apiPaths.studioDraft, {
    method: 'catalog' in request ? 'PUT' : 'PATCH',
    body: body.data,
    keepalive: true,
  }).catch(() => undefined);
}

/** DELETE /api/studio/draft — 'Discard draft'. @throws ApiError */
export function discardDraft() {
  return apiRequestNoContent(apiPaths.studioDraft, { method: 'DELETE' });
}

/**
 * POST /api/studio/publish — publishes the draft as a new version.
 * @throws PublishProblemsError (422) listing every problem; RemovalsConflictError (409) when it removes what members
 *   completed and `confirmRemovals` is not true; ApiError otherwise
 */
export function publishDraft(request: PublishRequest): Promise<PublishResponse> {
  return publishLike(apiPaths.studioPublish, request);
}

/** The answer of a publish or a restore: the new version, or the problems, or the removals to confirm. */
async function publishLike(path: string, body: PublishRequest | RestoreRequest): Promise<PublishResponse> {
  try {
    return await apiRequest(path, publishResponseSchema, { method: 'POST', body });
  } catch (error) {
    throw studioErrorOf(error);
  }
}

/** GET /api/studio/versions — every published version, newest first. @throws ApiError */
export async function getVersions({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioVersions, versionsResponseSchema, { ...(signal ? { signal } : {}) }))
    .versions;
}

/** GET /api/studio/versions/:version. @throws ApiError */
export function getVersion(version: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.studioVersion(version), studioVersionSchema, { ...(signal ? { signal } : {}) });
}

/**
 * POST /api/studio/versions/:version/restore — publishes an earlier version again (the draft is kept).
 * @throws as {@link publishDraft}
 */
export function restoreVersion(version: number, request: RestoreRequest = {}) {
  return publishLike(apiPaths.studioRestore(version), request);
}

/** GET /api/studio/assets — every stored file, newest first. @throws ApiError */
export async function getAssets({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioAssets, assetsResponseSchema, { ...(signal ? { signal } : {}) })).assets;
}

/**
 * GET /api/studio/retakes — the forms and quizzes the saved draft changes materially, each with the members who would
 * answer it again (docs/product.md#changing-a-form-or-quiz-after-people-answered). @throws ApiError
 */
export async function getRetakes({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioRetakes, retakesResponseSchema, { ...(signal ? { signal } : {}) })).steps;
}

/**
 * GET /api/studio/access — what publishing the saved draft would change in access, one sentence each
 * (docs/security.md#access-is-an-invariant). @throws ApiError
 */
export async function getAccessMoves({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioAccess, accessMovesResponseSchema, { ...(signal ? { signal } : {}) }))
    .changes;
}

/** GET /api/studio/usage — how many members resolve to each role. @throws ApiError */
export async function getUsage({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioUsage, usageResponseSchema, { ...(signal ? { signal } : {}) })).roles;
}

/**
 * POST /api/studio/assets — uploads a PDF or image with its bytes as the body. XMLHttpRequest rather than the API
 * client, for the upload's progress (fetch reports none); the answer is parsed with the same contract and its errors
 * read as the API client reads them.
 * @param file the chosen file; its type is the Content-Type (the server decides by the bytes)
 * @param onProgress 0 to 1 as the bytes are sent
 * @returns the stored file, whose `url` the catalog refers to
 * @throws ApiError with the server's message on a 4xx/5xx, status 0 without a connection
 */
export function uploadAsset(file: File, onProgress: (fraction: number) => void): Promise<StudioAsset> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiPaths.studioAssets}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Content-Type', file.type === '' ? 'application/octet-stream' : file.type);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CLIENT_REQUEST_HEADER.name, CLIENT_REQUEST_HEADER.value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides.
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(xhr.status, json));
        return;
      }
      const parsed = studioAssetSchema.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(apiErrorOf(xhr.status, json));
    };
    xhr.send(file);
  });
}

/** GET /api/studio/team-tasks — how many open team tasks each task of the content has. @throws ApiError */
export async function getOpenTeamTasks({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioTeamTasks, openTeamTasksResponseSchema, { ...(signal ? { signal } : {}) }))
    .tasks;
}
