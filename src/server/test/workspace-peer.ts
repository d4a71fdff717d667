import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';

// Longer than 500 lines: it is one protocol peer, Google's token endpoint and the Directory API's users, groups and
// members with the failures a test can ask of them, and its parts share one store and one request log.

/** A user as the peer keeps it: the Directory API's user resource, in the fields the app uses. */
export interface PeerUser {
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string };
  orgUnitPath: string;
  suspended: boolean;
  /** Why it is suspended, as Google says it ('ADMIN' when an administrator did); only while `suspended`. */
  suspensionReason?: string;
  /** When it was suspended (RFC 3339); only while `suspended`. */
  suspensionTime?: string;
  /** When it was deleted (RFC 3339): deleted users only, listed with `showDeleted=true`. */
  deletionTime?: string;
  changePasswordAtNextLogin: boolean;
  /** The password set at creation (the real API never returns it; the peer's tests read it). */
  password?: string;
  organizations?: { title?: string; department?: string; primary?: boolean }[];
  /** The photo's bytes and type, or none. */
  photo?: { data: Buffer; mimeType: string };
}

/** One request the Directory API part answered: for tests that count calls (a doubled click creates one user). */
export interface PeerRequest {
  method: string;
  path: string;
  status: number;
}

const SERVICE_ACCOUNT = 'onboarding-directory@onboarding-test.iam.gserviceaccount.com';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DIRECTORY = '/admin/directory/v1';
const SCOPE = {
  readUsers: 'https://www.googleapis.com/auth/admin.directory.user.readonly',
  writeUsers: 'https://www.googleapis.com/auth/admin.directory.user',
  groupMembers: 'https://www.googleapis.com/auth/admin.directory.group.member',
  groups: 'https://www.googleapis.com/auth/admin.directory.group',
};

/** Encodes bytes the way the Directory API does ("web-safe" base64: '-', '_' and '*' for '+', '/' and '='). */
function webSafeBase64(data: Buffer): string {
  return data.toString('base64').replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=/gu, '*');
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) res.writeHead(status).end();
  else res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

/** The Directory API's error body (Google's documented JSON error shape). */
function apiError(code: number, message: string, reason: string, status: string): unknown {
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status } };
}

const NOT_FOUND = (what: string) => apiError(404, `Resource Not Found: ${what}`, 'notFound', 'NOT_FOUND');

/** The error body Google sends with a status the tests ask for: its documented reason for each. */
function failureOf(status: number): unknown {
  if (status === 403) {
    return apiError(
      403,
      'Request had insufficient authentication scopes.',
      'insufficientPermissions',
      'PERMISSION_DENIED',
    );
  }
  if (status === 429) return apiError(429, 'Rate Limit Exceeded', 'rateLimitExceeded', 'RESOURCE_EXHAUSTED');
  return apiError(status, 'Backend Error', 'backendError', 'UNAVAILABLE');
}
const INSUFFICIENT = apiError(
  403,
  'Request had insufficient authentication scopes.',
  'insufficientPermissions',
  'PERMISSION_DENIED',
);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The body as a JSON object, or undefined when it is none. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A local protocol peer of the Google services the Workspace connection uses (docs/operations.md#google-workspace),
 * speaking their documented protocols over real HTTP:
 * - the OAuth 2.0 token endpoint's JWT bearer grant (RFC 7523) for a service account with domain-wide delegation:
 *   the assertion's RS256 signature with the account's key, `iss`, `sub` (the administrator), `aud` (Google's token
 *   URL) and times; every requested scope must be delegated, else `401 unauthorized_client` as Google answers;
 * - the Directory API's users (get, insert, update, list with paging and `showDeleted`, photos), groups' members (insert, delete, list) with
 *   Google's error shapes: 404 `notFound`, 409 `duplicate`, 403 `insufficientPermissions` for a token without the
 *   method's scope, 401 without a token; and, on demand, 429 / 503 for the next requests to test retries.
 * The service account key file it writes names the peer's token endpoint as `token_uri`.
 */
export class WorkspacePeer {
  /** The users by lower-case primary e-mail; change per test. */
  users = new Map<string, PeerUser>();
  /**
   * Users deleted in the last 20 days, by lower-case primary e-mail: users.list gives them (with `deletionTime`) only
   * with `showDeleted=true`, as Google does; {@link deleteUser} puts one here.
   */
  deletedUsers = new Map<string, PeerUser>();
  /** The groups' members: group e-mail → member e-mails (all lower case); change per test. */
  groups = new Map<string, Set<string>>();
  /** The scopes the domain-wide delegation grants (default: all the app uses). */
  delegatedScopes = new Set<string>(Object.values(SCOPE));
  /** When true, every Directory API request answers 503. */
  down = false;
  /**
   * Statuses the next Directory API requests answer, in order (e.g. `[429, 503]`, or 403 for a scope the token
   * lacks), with Google's reason for each, before answering normally.
   */
  failNext: number[] = [];
  /**
   * Google's per-user quota (2,400 queries a minute by default, docs: Directory API "Limits and quotas"): when set,
   * a request beyond `queries` in any `windowMs` answers 403 `userRateLimitExceeded`, counted in `overQuota`.
   */
  quota: { queries: number; windowMs: number } | undefined;
  /** How many requests the quota refused. */
  overQuota = 0;
  readonly #recent: number[] = [];
  /**
   * When true, the next write is carried out and then never answered (the connection held open), as when the app's
   * process dies while it waits: a test kills the process, then `releaseHeld()`.
   */
  holdNextWrite = false;
  readonly #held: ServerResponse[] = [];
  /**
   * When true, the next write is carried out but answered 503, as when Google did the work and the answer was lost
   * on the way back.
   */
  loseNextWriteAnswer = false;
  /** How many access tokens were issued. */
  tokensIssued = 0;
  /** The Directory API requests answered, in order. */
  readonly requests: PeerRequest[] = [];
  readonly #tokens = new Map<string, Set<string>>();

  readonly #server: Server;
  readonly #dir: string;
  readonly #publicKey: KeyObject;
  readonly #privateKey: KeyObject;
  readonly #adminEmail: string;
  #apiUrl = '';
  /** Path of the service account key file, GOOGLE_SERVICE_ACCOUNT_KEY_FILE (written by {@link listen}). */
  readonly keyFile: string;

  /**
   * A peer not listening yet: its key pair and folder are made, {@link listen} starts it. For a test file that hands
   * the peer out before its `beforeAll` starts it; others use {@link start}.
   * @param adminEmail the administrator the service account must act as
   */
  constructor(adminEmail: string) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
    this.#adminEmail = adminEmail;
    this.#dir = mkdtempSync(path.join(tmpdir(), 'onboarding-workspace-peer-'));
    this.keyFile = path.join(this.#dir, 'service-account.json');
    this.#server = createServer((req, res) => {
      if (this.#apiUrl === '') return send(res, 503, {});
      this.#handle(req, res).catch(() => send(res, 500, apiError(500, 'Backend Error', 'backendError', '')));
    });
  }

  /**
   * Starts the peer on a free port of 127.0.0.1 and writes its service account key file (its `token_uri` the peer's).
   * @returns the peer, listening
   */
  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    writeFileSync(
      this.keyFile,
      JSON.stringify({
        type: 'service_account',
        client_email: SERVICE_ACCOUNT,
        client_id: '104857392011234567890',
        private_key: this.#privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${apiUrl}/token`,
      }),
    );
    this.#apiUrl = apiUrl;
    return this;
  }

  /** Base URL, the GOOGLE_DIRECTORY_API_URL of the app under test ('' until {@link listen}). */
  get apiUrl(): string {
    return this.#apiUrl;
  }

  /**
   * Starts a peer on a free port of 127.0.0.1 and writes a service account key file for it.
   * @param adminEmail the administrator the service account must act as
   */
  static start(adminEmail: string): Promise<WorkspacePeer> {
    return new WorkspacePeer(adminEmail).listen();
  }

  /**
   * The app's settings that point it at this peer: GOOGLE_SERVICE_ACCOUNT_KEY_FILE, GOOGLE_DIRECTORY_ADMIN_EMAIL and
   * GOOGLE_DIRECTORY_API_URL (writing stays off unless the test adds GOOGLE_WORKSPACE_WRITE).
   */
  get appEnv(): Record<string, string> {
    return {
      GOOGLE_SERVICE_ACCOUNT_KEY_FILE: this.keyFile,
      GOOGLE_DIRECTORY_ADMIN_EMAIL: this.#adminEmail,
      GOOGLE_DIRECTORY_API_URL: this.apiUrl,
    };
  }

  /**
   * Back to a fresh peer between tests: no users or groups, every scope delegated, no failure, quota or held write
   * planned, no request recorded (the access tokens issued stay valid).
   */
  reset(): void {
    this.users.clear();
    this.deletedUsers.clear();
    this.groups.clear();
    this.delegatedScopes = new Set(Object.values(SCOPE));
    this.down = false;
    this.failNext = [];
    this.quota = undefined;
    this.overQuota = 0;
    this.#recent.length = 0;
    this.holdNextWrite = false;
    this.loseNextWriteAnswer = false;
    this.requests.length = 0;
  }

  /**
   * Adds a user the way an administrator would in Google's console.
   * @param primaryEmail the user's address
   * @param fields any other fields
   */
  addUser(primaryEmail: string, fields: Partial<PeerUser> = {}): PeerUser {
    const user: PeerUser = {
      id: randomUUID(),
      primaryEmail: primaryEmail.toLowerCase(),
      name: { givenName: 'Given', familyName: 'Family' },
      orgUnitPath: '/',
      suspended: false,
      changePasswordAtNextLogin: false,
      ...fields,
    };
    this.users.set(user.primaryEmail, user);
    return user;
  }

  /**
   * Suspends a user the way an administrator would in Google's console.
   * @param primaryEmail the user's address
   * @param at when (default now)
   */
  suspendUser(primaryEmail: string, at = new Date()): void {
    const user = this.users.get(primaryEmail.toLowerCase());
    if (!user) throw new Error(`the peer has no user ${primaryEmail}`);
    Object.assign(user, { suspended: true, suspensionReason: 'ADMIN', suspensionTime: at.toISOString() });
  }

  /**
   * Deletes a user the way an administrator would in Google's console: listed as deleted for 20 days.
   * @param primaryEmail the user's address
   * @param at when (default now)
   */
  deleteUser(primaryEmail: string, at = new Date()): void {
    const key = primaryEmail.toLowerCase();
    const user = this.users.get(key);
    if (!user) throw new Error(`the peer has no user ${primaryEmail}`);
    this.users.delete(key);
    this.deletedUsers.set(key, { ...user, deletionTime: at.toISOString() });
  }

  /** The Directory API requests that changed something (POST, PUT, PATCH, DELETE) and succeeded. */
  writes(): PeerRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.status < 300);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.apiUrl);
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/token') return this.#token(res, new URLSearchParams(body));
    const method = req.method ?? 'GET';
    const lose = method !== 'GET' && this.loseNextWriteAnswer;
    if (lose) this.loseNextWriteAnswer = false;
    const hold = method !== 'GET' && this.holdNextWrite;
    if (hold) this.holdNextWrite = false;
    const answer = (status: number, value?: unknown) => {
      const shown = lose ? 503 : status;
      this.requests.push({ method, path: url.pathname, status: shown });
      if (hold) {
        this.#held.push(res);
        return;
      }
      send(res, shown, lose ? apiError(503, 'Backend Error', 'backendError', 'UNAVAILABLE') : value);
    };
    if (this.quota !== undefined) {
      const now = Date.now();
      while (this.#recent.length > 0 && (this.#recent[0] ?? now) <= now - this.quota.windowMs) this.#recent.shift();
      if (this.#recent.length >= this.quota.queries) {
        this.overQuota += 1;
        return answer(
          403,
          apiError(403, 'Quota exceeded for quota metric Queries per minute per user.', 'userRateLimitExceeded', ''),
        );
      }
      this.#recent.push(now);
    }
    const failure = this.failNext.shift();
    if (failure !== undefined) return answer(failure, failureOf(failure));
    if (this.down) return answer(503, apiError(503, 'Backend Error', 'backendError', 'UNAVAILABLE'));
    const scopes = this.#tokens.get((req.headers.authorization ?? '').replace(/^Bearer /u, ''));
    if (!scopes) {
      return answer(401, apiError(401, 'Invalid Credentials', 'authError', 'UNAUTHENTICATED'));
    }
    const route = url.pathname.startsWith(DIRECTORY) ? url.pathname.slice(DIRECTORY.length).split('/').slice(1) : [];
    const key = route.map((part) => decodeURIComponent(part).toLowerCase());
    const may = (...allowed: string[]) => allowed.some((scope) => scopes.has(scope));
    if (key[0] === 'users') {
      const writing = method !== 'GET';
      if (!(writing ? may(SCOPE.writeUsers) : may(SCOPE.readUsers, SCOPE.writeUsers))) return answer(403, INSUFFICIENT);
      return this.#users(method, key.slice(1), url.searchParams, jsonObject(body), answer);
    }
    if (key[0] === 'groups' && key[2] === 'hasmember') {
      if (!may(SCOPE.groupMembers, SCOPE.groups)) return answer(403, INSUFFICIENT);
      const members = this.groups.get(key[1] ?? '');
      if (!members) return answer(404, NOT_FOUND('groupKey'));
      return answer(200, { isMember: members.has(key[3] ?? '') });
    }
    if (key[0] === 'groups' && key[2] === 'members') {
      if (!may(SCOPE.groupMembers, SCOPE.groups)) return answer(403, INSUFFICIENT);
      return this.#members(method, key[1] ?? '', key[3], jsonObject(body), answer);
    }
    return answer(404, NOT_FOUND('path'));
  }

  async #token(res: ServerResponse, form: URLSearchParams): Promise<void> {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    let scopes: string[];
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', this.#publicKey, {
        algorithms: ['RS256'],
        issuer: SERVICE_ACCOUNT,
        audience: GOOGLE_TOKEN_URL,
        requiredClaims: ['iat', 'exp', 'scope'],
        maxTokenAge: '1h',
      });
      if (payload.sub !== this.#adminEmail) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid email or User ID' });
      }
      scopes = String(payload.scope)
        .split(' ')
        .filter((s) => s !== '');
    } catch {
      return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    if (scopes.length === 0 || scopes.some((scope) => !this.delegatedScopes.has(scope))) {
      return send(res, 401, {
        error: 'unauthorized_client',
        error_description:
          'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      });
    }
    this.tokensIssued += 1;
    const token = `peer-token-${this.tokensIssued}-${randomUUID()}`;
    this.#tokens.set(token, new Set(scopes));
    send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  #findUser(userKey: string): PeerUser | undefined {
    return this.users.get(userKey) ?? [...this.users.values()].find((u) => u.id.toLowerCase() === userKey);
  }

  #users(
    method: string,
    key: string[],
    query: URLSearchParams,
    body: Record<string, unknown> | undefined,
    answer: (status: number, value?: unknown) => void,
  ): void {
    const [userKey, sub] = key;
    const shown = ({ password: _password, photo: _photo, ...user }: PeerUser) => ({
      kind: 'admin#directory#user',
      ...user,
    });
    if (userKey === undefined && method === 'GET') {
      // users.list: `customer` or `domain` is required; `showDeleted=true` lists only the deleted users.
      const domain = query.get('domain');
      if (domain === null && query.get('customer') === null) {
        return answer(400, apiError(400, 'Bad Request', 'badRequest', 'INVALID_ARGUMENT'));
      }
      const listed = query.get('showDeleted') === 'true' ? this.deletedUsers : this.users;
      const all = [...listed.values()]
        .filter((u) => domain === null || u.primaryEmail.endsWith(`@${domain.toLowerCase()}`))
        .sort((a, b) => a.primaryEmail.localeCompare(b.primaryEmail));
      const size = Math.min(Number(query.get('maxResults') ?? 100), 500);
      const start = Number(query.get('pageToken') ?? 0);
      const page = all.slice(start, start + size);
      return answer(200, {
        kind: 'admin#directory#users',
        users: page.map(shown),
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    if (userKey === undefined && method === 'POST') {
      const primaryEmail = typeof body?.primaryEmail === 'string' ? body.primaryEmail.toLowerCase() : '';
      const name = body?.name as { givenName?: unknown; familyName?: unknown } | undefined;
      if (primaryEmail === '' || typeof name?.givenName !== 'string' || typeof name.familyName !== 'string') {
        return answer(400, apiError(400, 'Invalid Input', 'invalid', 'INVALID_ARGUMENT'));
      }
      if (typeof body?.password !== 'string' || body.password.length < 8) {
        return answer(400, apiError(400, 'Invalid Password', 'invalid', 'INVALID_ARGUMENT'));
      }
      if (this.users.has(primaryEmail)) {
        return answer(409, apiError(409, 'Entity already exists.', 'duplicate', 'ALREADY_EXISTS'));
      }
      const user = this.addUser(primaryEmail, {
        name: { givenName: name.givenName, familyName: name.familyName },
        password: body.password,
        orgUnitPath: typeof body.orgUnitPath === 'string' ? body.orgUnitPath : '/',
        changePasswordAtNextLogin: body.changePasswordAtNextLogin === true,
        suspended: body.suspended === true,
      });
      return answer(200, shown(user));
    }
    const user = userKey === undefined ? undefined : this.#findUser(userKey);
    if (!user) return answer(404, NOT_FOUND('userKey'));
    if (sub === 'photos') {
      if (!user.photo) return answer(404, NOT_FOUND('photo'));
      return answer(200, { photoData: webSafeBase64(user.photo.data), mimeType: user.photo.mimeType });
    }
    if (method === 'GET') return answer(200, shown(user));
    if (method === 'PUT' || method === 'PATCH') {
      if (typeof body?.suspended === 'boolean' && body.suspended !== user.suspended) {
        if (body.suspended) this.suspendUser(user.primaryEmail);
        else Object.assign(user, { suspended: false, suspensionReason: undefined, suspensionTime: undefined });
      }
      if (typeof body?.orgUnitPath === 'string') user.orgUnitPath = body.orgUnitPath;
      if (typeof body?.password === 'string') {
        if (body.password.length < 8)
          return answer(400, apiError(400, 'Invalid Password', 'invalid', 'INVALID_ARGUMENT'));
        user.password = body.password;
      }
      if (typeof body?.changePasswordAtNextLogin === 'boolean') {
        user.changePasswordAtNextLogin = body.changePasswordAtNextLogin;
      }
      return answer(200, shown(user));
    }
    return answer(400, apiError(400, 'Invalid Input', 'invalid', 'INVALID_ARGUMENT'));
  }

  #members(
    method: string,
    groupKey: string,
    memberKey: string | undefined,
    body: Record<string, unknown> | undefined,
    answer: (status: number, value?: unknown) => void,
  ): void {
    const members = this.groups.get(groupKey);
    if (!members) return answer(404, NOT_FOUND('groupKey'));
    const resource = (email: string) => ({ kind: 'admin#directory#member', email, role: 'MEMBER', type: 'USER' });
    if (method === 'GET' && memberKey === undefined) {
      return answer(200, { kind: 'admin#directory#members', members: [...members].sort().map(resource) });
    }
    if (method === 'POST' && memberKey === undefined) {
      const email = typeof body?.email === 'string' ? body.email.toLowerCase() : '';
      if (email === '') return answer(400, apiError(400, 'Missing required field: memberKey', 'required', ''));
      if (members.has(email)) {
        return answer(409, apiError(409, 'Member already exists.', 'duplicate', 'ALREADY_EXISTS'));
      }
      members.add(email);
      return answer(200, resource(email));
    }
    if (memberKey === undefined || !members.has(memberKey)) return answer(404, NOT_FOUND('memberKey'));
    if (method === 'GET') return answer(200, resource(memberKey));
    if (method === 'DELETE') {
      members.delete(memberKey);
      return answer(204);
    }
    return answer(400, apiError(400, 'Invalid Input', 'invalid', 'INVALID_ARGUMENT'));
  }

  /** Ends the held answers' connections (the process that waited for them is gone). */
  releaseHeld(): void {
    for (const res of this.#held.splice(0)) res.destroy();
  }

  /** Stops the peer and removes the key file. */
  async stop(): Promise<void> {
    this.releaseHeld();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
