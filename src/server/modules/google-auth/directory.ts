import { z } from 'zod';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { DirectoryPhoto, DirectoryPhotoLookup } from '../auth/index.js';
import { WORKSPACE_SCOPES, type WorkspaceConnection, workspaceError } from '../workspace/index.js';

/**
 * The Google Workspace directory as sign-in reads it (Admin SDK Directory API, read only; docs/product.md#member-records,
 * docs/product.md#profile-pictures), through the Workspace connection (docs/operations.md#google-workspace) with the
 * scope {@link DIRECTORY_READONLY_SCOPE}. Optional: only when GOOGLE_SERVICE_ACCOUNT_KEY_FILE and
 * GOOGLE_DIRECTORY_ADMIN_EMAIL are set.
 */

/** The read-only scope of the Directory API's users. */
export const DIRECTORY_READONLY_SCOPE = WORKSPACE_SCOPES.readUsers;

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

const userResponseSchema = z.object({
  organizations: z
    .array(
      z.object({
        title: z.string().nullish(),
        department: z.string().nullish(),
        primary: z.boolean().nullish(),
      }),
    )
    .nullish(),
});
const photoResponseSchema = z.object({ photoData: z.string().min(1), mimeType: z.string().nullish() });

const textOrNull = (value: string | null | undefined): string | null =>
  value !== undefined && value !== null && value.trim() !== '' ? value.trim() : null;

/**
 * Reads at sign-in retry once: the sign-in waits for them, and goes on without the directory when it fails
 * (docs/product.md#member-records).
 */
const SIGN_IN_RETRY = { retryConfig: { retry: 1 } };

/**
 * A read-only view of the Directory API for sign-in: a member's organisation and photo. Google's client keeps the
 * access token until shortly before it expires. Uses the real clock: Google checks the assertion's times.
 */
export class WorkspaceDirectory implements DirectoryPhotoLookup {
  constructor(private readonly connection: WorkspaceConnection) {}

  /**
   * The primary organisation of a member (docs/product.md#member-records: role and department).
   * @param email the member's e-mail
   * @returns job title and department, or null when the directory does not know the member
   * @throws DirectoryError when the directory cannot be asked
   */
  async profileOf(email: string): Promise<DirectoryProfile | null> {
    const response = await this.#read('user', () =>
      this.#users().get({ userKey: email, projection: 'basic', fields: 'organizations' }, SIGN_IN_RETRY),
    );
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
    const response = await this.#read('photo', () => this.#users().photos.get({ userKey: email }, SIGN_IN_RETRY));
    if (response === null) return null;
    const parsed = photoResponseSchema.safeParse(response);
    if (!parsed.success) throw new DirectoryError('unexpected answer from the directory (photo)');
    // "Web-safe" base64 of the Directory API: '-' for '+', '_' for '/', '*' for '='.
    const base64 = parsed.data.photoData.replace(/-/gu, '+').replace(/_/gu, '/').replace(/\*/gu, '=');
    return { contentType: parsed.data.mimeType ?? 'image/jpeg', data: Buffer.from(base64, 'base64') };
  }

  #users(): ReturnType<WorkspaceConnection['directory']>['users'] {
    return this.connection.directory([DIRECTORY_READONLY_SCOPE]).users;
  }

  /** One read: its answer's body, or null on 404. */
  async #read(what: string, call: () => Promise<{ data: unknown }>): Promise<unknown> {
    try {
      return (await call()).data;
    } catch (error) {
      const failure = workspaceError(error, `reading the directory (${what})`);
      if (failure.failure === 'not-found') return null;
      throw new DirectoryError(failure.message, { cause: failure });
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
