import { CLIENT_REQUEST_HEADER } from '@shared/client-request';
import type {
  RestoreRequest,
  StudioRemoval,
  PublishRequest,
  PublishResponse,
  SaveDraftRequest,
  StudioAsset,
  StudioDiff,
  StudioDraft,
  StudioProblem,
  StudioState,
  StudioVersion,
  StudioVersionSummary,
} from '@shared/studio-api';
import { apiPaths } from '@/config/paths';
import { apiRequest, apiRequestNoContent, ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { isRecord, objectDecoder } from '@/lib/decoders';

/**
 * The content studio's calls (src/shared/studio-api.ts; docs/product.md#content-studio). Answers are checked for the
 * fields the studio relies on; the server validates what it sends.
 */

const hasCatalog = (v: unknown): boolean => isRecord(v) && Array.isArray(v.catalog);

const studioStateDecoder = objectDecoder<StudioState>(
  (v) => hasCatalog(v.published) && (v.draft === null || hasCatalog(v.draft)),
);
const saveDraftDecoder = objectDecoder<{ draft: StudioDraft }>((v) => hasCatalog(v.draft));
const publishDecoder = objectDecoder<PublishResponse>(
  (v) => isRecord(v.version) && typeof v.version.version === 'number',
);
const versionsDecoder = objectDecoder<{ versions: StudioVersionSummary[] }>((v) => Array.isArray(v.versions));
const versionDecoder = objectDecoder<StudioVersion>((v) => typeof v.version === 'number' && Array.isArray(v.catalog));
const diffDecoder = objectDecoder<StudioDiff>((v) => Array.isArray(v.entries));
const assetsDecoder = objectDecoder<{ assets: StudioAsset[] }>((v) => Array.isArray(v.assets));
const assetDecoder = objectDecoder<StudioAsset>((v) => typeof v.url === 'string' && typeof v.sha256 === 'string');
const usageDecoder = objectDecoder<{ roles: { key: string; members: number }[] }>((v) => Array.isArray(v.roles));

/** Query keys of the studio; a publish, restore or discard invalidates `studioKeys.all`. */
export const studioKeys = {
  all: ['studio'] as const,
  state: ['studio', 'state'] as const,
  versions: ['studio', 'versions'] as const,
  version: (version: number) => ['studio', 'version', version] as const,
  diff: (from: number, to: number) => ['studio', 'diff', from, to] as const,
  assets: ['studio', 'assets'] as const,
  usage: ['studio', 'usage'] as const,
};

/** GET /api/studio — the published version and the shared draft, if any. @throws ApiError */
export function getStudio({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.studio, studioStateDecoder, { ...(signal ? { signal } : {}) });
}

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

/** A JSON request whose error answers the studio reads in full (409 with the other draft, 422 with problems). */
async function sendJson(
  path: string,
  method: 'PUT' | 'POST',
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [CLIENT_REQUEST_HEADER.name]: CLIENT_REQUEST_HEADER.value,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // An answer that is not JSON keeps json null: the status says what happened.
  }
  return { status: response.status, json };
}

function errorOf(status: number, json: unknown): ApiError {
  const message =
    isRecord(json) && typeof json.message === 'string'
      ? json.message
      : isRecord(json) && typeof json.error === 'string'
        ? json.error
        : `Something went wrong on the server (error ${status}). Please try again.`;
  return new ApiError(status, message);
}

/**
 * PUT /api/studio/draft — saves the draft (autosave). A draft with problems is still saved; its problems come back.
 * @throws DraftConflictError when someone else saved since `baseUpdatedAt`; ApiError otherwise
 */
export async function saveDraft(request: SaveDraftRequest): Promise<StudioDraft> {
  const { status, json } = await sendJson(apiPaths.studioDraft, 'PUT', request);
  if (status === 409 && isRecord(json) && hasCatalog(json.draft)) {
    const message =
      typeof json.message === 'string'
        ? json.message
        : typeof json.error === 'string'
          ? json.error
          : 'Someone else saved the draft.';
    throw new DraftConflictError(message, json.draft as StudioDraft);
  }
  if (status < 200 || status >= 300) throw errorOf(status, json);
  const parsed = saveDraftDecoder.safeParse(json);
  if (!parsed.success) throw errorOf(status, json);
  return parsed.data.draft;
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
  const { status, json } = await sendJson(path, 'POST', body);
  if (status === 422 && isRecord(json) && Array.isArray(json.problems)) {
    throw new PublishProblemsError(errorOf(status, json).message, json.problems as StudioProblem[]);
  }
  if (status === 409 && isRecord(json) && Array.isArray(json.removals)) {
    throw new RemovalsConflictError(errorOf(status, json).message, json.removals as StudioRemoval[]);
  }
  if (status < 200 || status >= 300) throw errorOf(status, json);
  const parsed = publishDecoder.safeParse(json);
  if (!parsed.success) throw errorOf(status, json);
  return parsed.data;
}

/** GET /api/studio/versions — every published version, newest first. @throws ApiError */
export async function getVersions({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioVersions, versionsDecoder, { ...(signal ? { signal } : {}) })).versions;
}

/** GET /api/studio/versions/:version. @throws ApiError */
export function getVersion(version: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.studioVersion(version), versionDecoder, { ...(signal ? { signal } : {}) });
}

/** GET /api/studio/diff?from=&to= — what changed between two versions. @throws ApiError */
export function getDiff(from: number, to: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.studioDiff(from, to), diffDecoder, { ...(signal ? { signal } : {}) });
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
  return (await apiRequest(apiPaths.studioAssets, assetsDecoder, { ...(signal ? { signal } : {}) })).assets;
}

/** GET /api/studio/usage — how many members resolve to each role. @throws ApiError */
export async function getUsage({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest(apiPaths.studioUsage, usageDecoder, { ...(signal ? { signal } : {}) })).roles;
}

/**
 * POST /api/studio/assets — uploads a PDF or image with its bytes as the body (XMLHttpRequest, for progress).
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
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides.
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorOf(xhr.status, json));
        return;
      }
      const parsed = assetDecoder.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(errorOf(xhr.status, json));
    };
    xhr.send(file);
  });
}
