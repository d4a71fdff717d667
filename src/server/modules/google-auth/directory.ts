import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { DirectoryPhoto, DirectoryPhotoLookup } from '../auth/index.js';

/**
 * The Google Workspace directory (Admin SDK Directory API, read only; docs/product.md#member-records,
 * docs/product.md#profile-pictures), reached with a service account that has domain-wide delegation for the scope
 * {@link DIRECTORY_READONLY_SCOPE} and acts as an administrator (GOOGLE_DIRECTORY_ADMIN_EMAIL). Optional: only when
 * GOOGLE_SERVICE_ACCOUNT_KEY_FILE and GOOGLE_DIRECTORY_ADMIN_EMAIL are set.
 */

/** The read-only scope of the Directory API's users. */
export const DIRECTORY_READONLY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

/** Seconds each request to Google may take. */
const REQUEST_TIMEOUT_MS = 10_000;

const serviceAccountKeySchema = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

/** The parts of a service account's JSON key file the directory needs. */
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

/** A member's organisation entry in the directory: job title and department, each null when not set. */
export interface DirectoryProfile {
  jobTitle: string | null;
  department: string | null;
}

/** Thrown when the directory answers with an unexpected status or cannot be reached. */
export class DirectoryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryError';
  }
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().default(3600),
});
const userResponseSchema = z.object({
  organizations: z
    .array(
      z.object({ title: z.string().optional(), department: z.string().optional(), primary: z.boolean().optional() }),
    )
    .optional(),
});
const photoResponseSchema = z.object({ photoData: z.string().min(1), mimeType: z.string().optional() });

const textOrNull = (value: string | undefined): string | null =>
  value !== undefined && value.trim() !== '' ? value.trim() : null;

/** Settings of {@link WorkspaceDirectory}. */
export interface WorkspaceDirectorySettings {
  key: ServiceAccountKey;
  /** The administrator the service account acts as (GOOGLE_DIRECTORY_ADMIN_EMAIL). */
  adminEmail: string;
  /** Base URL of the Admin SDK (GOOGLE_DIRECTORY_API_URL, default https://admin.googleapis.com). */
  apiUrl: string;
}

/**
 * A read-only client of the Directory API. Access tokens come from the service account's JWT bearer grant (RFC 7523)
 * and are reused until a minute before they expire. Uses the real clock: Google checks the assertion's times.
 */
export class WorkspaceDirectory implements DirectoryPhotoLookup {
  #token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly settings: WorkspaceDirectorySettings) {}

  /**
   * The primary organisation of a member (docs/product.md#member-records: role and department).
   * @param email the member's e-mail
   * @returns job title and department, or null when the directory does not know the member
   * @throws DirectoryError when the directory cannot be asked
   */
  async profileOf(email: string): Promise<DirectoryProfile | null> {
    const response = await this.#get(`users/${encodeURIComponent(email)}?projection=basic&fields=organizations`);
    if (response === null) return null;
    const parsed = userResponseSchema.safeParse(response);
    if (!parsed.success) throw new DirectoryError('unexpected answer from the directory (user)');
    const organizations = parsed.data.organizations ?? [];
    const primary = organizations.find((o) => o.primary === true) ?? organizations[0];
    return { jobTitle: textOrNull(primary?.title), department: textOrNull(primary?.department) };
  }

  /**
   * The member's directory photo (docs/product.md#profile-pictures).
   * @param email the member's e-mail
   * @returns the photo, or null when the member has none or is unknown
   * @throws DirectoryError when the directory cannot be asked
   */
  async photoOf(email: string): Promise<DirectoryPhoto | null> {
    const response = await this.#get(`users/${encodeURIComponent(email)}/photos/thumbnail`);
    if (response === null) return null;
    const parsed = photoResponseSchema.safeParse(response);
    if (!parsed.success) throw new DirectoryError('unexpected answer from the directory (photo)');
    // "Web-safe" base64 of the Directory API: '-' for '+', '_' for '/', '*' for '='.
    const base64 = parsed.data.photoData.replace(/-/gu, '+').replace(/_/gu, '/').replace(/\*/gu, '=');
    return { contentType: parsed.data.mimeType ?? 'image/jpeg', data: Buffer.from(base64, 'base64') };
  }

  /** GET a Directory API resource; null on 404. */
  async #get(resource: string): Promise<unknown> {
    const url = `${this.settings.apiUrl}/admin/directory/v1/${resource}`;
    const response = await this.#fetch(url, {
      headers: { authorization: `Bearer ${await this.#accessToken()}`, accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok)
      throw new DirectoryError(`the directory answered ${response.status} for ${resource.split('?')[0]}`);
    return response.json();
  }

  async #accessToken(): Promise<string> {
    const now = Date.now();
    if (this.#token && this.#token.expiresAt - 60_000 > now) return this.#token.value;
    const { key, adminEmail } = this.settings;
    const issuedAt = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: DIRECTORY_READONLY_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(key.client_email)
      .setSubject(adminEmail)
      .setAudience(key.token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await importPKCS8(key.private_key, 'RS256'));
    const response = await this.#fetch(key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    if (!response.ok) throw new DirectoryError(`the token endpoint answered ${response.status}`);
    const parsed = tokenResponseSchema.safeParse(await response.json());
    if (!parsed.success) throw new DirectoryError('unexpected answer from the token endpoint');
    this.#token = { value: parsed.data.access_token, expiresAt: now + parsed.data.expires_in * 1000 };
    return this.#token.value;
  }

  async #fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new DirectoryError(`the directory could not be reached (${new URL(url).host})`, { cause: error });
    }
  }
}

/**
 * What the directory says about a member's role (docs/product.md#member-records: job title / department matched
 * through the role lookup rules of docs/product.md#role-lookup): the configuration key found for the job title, else
 * for the department; and the department itself. Member records still decide over this
 * (docs/product.md#member-records).
 * @param catalog all role configurations
 * @param profile the member's directory profile
 * @returns `role` (a configuration key) when the title or department matched one, `department` when the directory has
 *   one; an empty object when it says nothing useful
 */
export function roleFromDirectory(
  catalog: RoleCatalog,
  profile: DirectoryProfile,
): { role?: string; department?: string } {
  const matched = [profile.jobTitle, profile.department]
    .map((text) => (text === null ? undefined : findRoleConfiguration(catalog, text)))
    .find((lookup) => lookup !== undefined && lookup.matchedBy !== 'default');
  return {
    ...(matched ? { role: matched.key } : {}),
    ...(profile.department === null ? {} : { department: profile.department }),
  };
}
