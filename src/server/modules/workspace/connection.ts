import { readFileSync } from 'node:fs';
import { admin, type admin_directory_v1 } from '@googleapis/admin';
import { JWT } from 'google-auth-library';
import { z } from 'zod';

/**
 * The one connection to Google Workspace (docs/operations.md#google-workspace): Google's own Node clients
 * (`google-auth-library` for the service account's token, `@googleapis/admin` for the Directory API), the service
 * account acting as an administrator through domain-wide delegation. Every feature asks for the scopes it needs; a
 * scope the delegation lacks is named by {@link WorkspaceConnection.missingScopes}.
 */

/** The Directory API scopes the app uses (docs/operations.md#google-workspace lists what each is for). */
export const WORKSPACE_SCOPES = {
  /** Reading users: job titles, departments, photos, suspended accounts. */
  readUsers: 'https://www.googleapis.com/auth/admin.directory.user.readonly',
  /** Creating and suspending users (only when writing is on). */
  writeUsers: 'https://www.googleapis.com/auth/admin.directory.user',
  /** Adding members to groups and removing them (only when writing is on). */
  groupMembers: 'https://www.googleapis.com/auth/admin.directory.group.member',
} as const;

/** Google's OAuth 2.0 token endpoint: the audience of every service account assertion, whatever the key's token URI. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

const serviceAccountKeySchema = z.object({
  client_email: z.email(),
  /** The client ID the Admin console's domain-wide delegation lists. */
  client_id: z.string().optional(),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default(GOOGLE_TOKEN_URL),
});

/** The parts of a service account's JSON key file the connection needs. */
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

/** Thrown when the service account key file cannot be read or is not a service account key. */
export class ServiceAccountKeyError extends Error {
  constructor(file: string, reason: string) {
    super(`GOOGLE_SERVICE_ACCOUNT_KEY_FILE (${file}): ${reason}`);
    this.name = 'ServiceAccountKeyError';
  }
}

/**
 * Reads a service account's JSON key file (as downloaded from the Google Cloud console).
 * @param file absolute path of the key file
 * @returns the client e-mail, private key (PKCS #8 PEM) and token URI
 * @throws ServiceAccountKeyError naming the file and what is wrong
 */
export function loadServiceAccountKey(file: string): ServiceAccountKey {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ServiceAccountKeyError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceAccountKeyError(file, 'is not JSON');
  }
  const parsed = serviceAccountKeySchema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceAccountKeyError(
      file,
      `is not a service account key (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`,
    );
  }
  return parsed.data;
}

/** Why a request to Google failed, in the words the app acts on. */
export type WorkspaceFailure =
  /** The delegation lacks a scope (token refused with `unauthorized_client`, or 403 insufficient scopes). */
  | 'missing-scope'
  /** The service account's grant was refused otherwise (wrong key, unknown administrator). */
  | 'refused'
  /** The resource does not exist (404). */
  | 'not-found'
  /** It exists already (409 duplicate). */
  | 'duplicate'
  /** Google is busy or down (429, 5xx) or could not be reached; worth trying again later. */
  | 'unavailable'
  /** Anything else (400 invalid input, 403 not allowed). */
  | 'other';

/** Thrown by the connection's users when Google refuses or cannot be reached; `failure` says which. */
export class WorkspaceError extends Error {
  constructor(
    message: string,
    readonly failure: WorkspaceFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WorkspaceError';
  }
}

const googleErrorSchema = z.object({
  status: z.number().optional(),
  response: z
    .object({
      status: z.number(),
      data: z.unknown(),
    })
    .optional(),
});
/** Google's reasons for a 403 that means "slow down" (Directory API "Limits and quotas"): worth trying again later. */
const QUOTA_REASONS = new Set(['userRateLimitExceeded', 'quotaExceeded', 'rateLimitExceeded']);
const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const apiErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/**
 * What a failed call to Google means, from Google's documented error shapes: the token endpoint's
 * `{error, error_description}` and the Directory API's `{error: {code, message, errors: [{reason}]}}`.
 * @param error what the client threw
 * @param what the call, for the message, e.g. "reading ada@inspired2uplift.org"
 * @returns a WorkspaceError with the failure and Google's own words
 */
export function workspaceError(error: unknown, what: string): WorkspaceError {
  if (error instanceof WorkspaceError) return error;
  const parsed = googleErrorSchema.safeParse(error);
  const status = parsed.success ? (parsed.data.response?.status ?? parsed.data.status) : undefined;
  const data = parsed.success ? parsed.data.response?.data : undefined;
  const token = tokenErrorSchema.safeParse(data);
  if (token.success) {
    const words = `${token.data.error}${token.data.error_description === undefined ? '' : `: ${token.data.error_description}`}`;
    const failure = token.data.error === 'unauthorized_client' ? 'missing-scope' : 'refused';
    return new WorkspaceError(`Google refused the service account's sign-in (${words}) while ${what}`, failure, {
      cause: error,
    });
  }
  const api = apiErrorSchema.safeParse(data);
  const reason = api.success ? api.data.error.errors?.[0]?.reason : undefined;
  const words = api.success ? (api.data.error.message ?? '') : '';
  if (status === undefined) {
    const cause = error instanceof Error ? error.message : String(error);
    return new WorkspaceError(`Google could not be reached while ${what} (${cause})`, 'unavailable', { cause: error });
  }
  const failure: WorkspaceFailure =
    status === 404
      ? 'not-found'
      : status === 409
        ? 'duplicate'
        : status === 429 || status >= 500 || (status === 403 && QUOTA_REASONS.has(reason ?? ''))
          ? 'unavailable'
          : status === 403 && reason === 'insufficientPermissions'
            ? 'missing-scope'
            : 'other';
  return new WorkspaceError(`Google answered ${status}${words === '' ? '' : ` (${words})`} while ${what}`, failure, {
    cause: error,
  });
}

/**
 * The Directory API queries a minute the app allows itself: Google's documented default quota is 2,400 a minute per
 * user (the administrator the service account acts as) per Cloud project, answered 403 `userRateLimitExceeded` beyond
 * it; the app keeps a sixth of it for the admins' own tools.
 */
export const DIRECTORY_QUERIES_PER_MINUTE = 2_000;

/**
 * Spaces out the starts of requests so that no minute holds more than `perMinute` (one start every 60,000 / perMinute
 * ms, in the order asked). In memory, per connection: one app process is one user of the quota.
 */
export class RequestPacer {
  readonly #intervalMs: number;
  #next = 0;

  /** @param perMinute the most request starts in any minute */
  constructor(perMinute: number) {
    this.#intervalMs = 60_000 / perMinute;
  }

  /** @returns when the next request may start */
  async wait(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, Math.ceil(at - now)));
  }
}

/** Settings of {@link WorkspaceConnection}. */
export interface WorkspaceConnectionSettings {
  key: ServiceAccountKey;
  /** The administrator the service account acts as (GOOGLE_DIRECTORY_ADMIN_EMAIL). */
  adminEmail: string;
  /** Base URL of the Admin SDK (GOOGLE_DIRECTORY_API_URL, default https://admin.googleapis.com). */
  apiUrl: string;
  /** Milliseconds each request may take (default 10 000). */
  timeoutMs?: number;
  /** The most Directory API requests a minute (default {@link DIRECTORY_QUERIES_PER_MINUTE}). */
  queriesPerMinute?: number;
}

/**
 * The service account's connection to the Directory API. One client per set of scopes, each keeping its access token
 * until shortly before it expires (google-auth-library's own cache). The token request goes to the key's `token_uri`
 * (Google's, unless the key names a private endpoint): google-auth-library's service account client always posts to
 * Google's URL, so a request interceptor of its own transporter sends it where the key says; the assertion's
 * audience stays Google's token URL, as Google requires. Directory requests are the library's, at `apiUrl`, paced by
 * the same interceptor under Google's quota ({@link RequestPacer}, shared by every client of the connection).
 */
export class WorkspaceConnection {
  readonly #clients = new Map<string, admin_directory_v1.Admin>();
  readonly #pacer: RequestPacer;

  constructor(readonly settings: WorkspaceConnectionSettings) {
    this.#pacer = new RequestPacer(settings.queriesPerMinute ?? DIRECTORY_QUERIES_PER_MINUTE);
  }

  /**
   * The Directory API client acting with the given scopes.
   * @param scopes values of {@link WORKSPACE_SCOPES}
   */
  directory(scopes: readonly string[]): admin_directory_v1.Admin {
    const id = [...scopes].sort().join(' ');
    const known = this.#clients.get(id);
    if (known) return known;
    const client = admin({
      version: 'directory_v1',
      auth: this.#auth(scopes),
      rootUrl: `${this.settings.apiUrl}/`,
      timeout: this.settings.timeoutMs ?? 10_000,
    });
    this.#clients.set(id, client);
    return client;
  }

  /**
   * The scopes the domain-wide delegation does not grant: a token is asked for each scope on its own, and Google
   * answers `unauthorized_client` for one the delegation lacks.
   * @param scopes the scopes to check
   * @returns those refused, in the order given (empty when all are granted)
   * @throws WorkspaceError when Google refuses the sign-in for another reason or cannot be reached
   */
  async missingScopes(scopes: readonly string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const scope of scopes) {
      try {
        await this.#auth([scope]).authorize();
      } catch (error) {
        const failure = workspaceError(error, `checking the scope ${scope}`);
        if (failure.failure !== 'missing-scope') throw failure;
        missing.push(scope);
      }
    }
    return missing;
  }

  #auth(scopes: readonly string[]): JWT {
    const { key, adminEmail } = this.settings;
    const auth = new JWT({ email: key.client_email, key: key.private_key, scopes: [...scopes], subject: adminEmail });
    const tokenUri = new URL(key.token_uri);
    auth.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (request.url.href === GOOGLE_TOKEN_URL) request.url = tokenUri;
        else await this.#pacer.wait();
        return request;
      },
    });
    return auth;
  }
}
