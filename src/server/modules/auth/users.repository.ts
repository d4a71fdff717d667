import { createHash } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { User } from '../../../shared/api.js';
import { announcingEach, withoutAnnounced } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A row of the users table. */
export type UserRow = typeof users.$inferSelect;

/** RETURNING of an upsert: the stored user, and the announcement that it changed (db/changes.ts). */
const returningAnnounced = { ...getTableColumns(users), ...announcingEach('user', users.id) };

/** Where the signed-in user's picture is served (docs/product.md#profile-pictures; auth/profile-picture.routes.ts). */
export const MY_PICTURE_PATH = '/api/users/me/picture';

/**
 * The `picture` of the API user: our own picture route (docs/product.md#profile-pictures: the
 * fallback is an avatar made from the name), versioned by what the picture is made from so that browsers fetch it again
 * when that changes.
 * @param row the stored user (`name`, and `picture`: the ID token's picture URL, or null)
 * @returns e.g. `/api/users/me/picture?v=3f2a9c0d1b7e`
 */
export function pictureUrlOf(row: Pick<UserRow, 'name' | 'picture'>): string {
  const version = createHash('sha256').update(`${row.name}\n${row.picture ?? ''}`).digest('hex').slice(0, 12);
  return `${MY_PICTURE_PATH}?v=${version}`;
}

/**
 * The API shape of a user (shared `userSchema`). `picture` is always {@link pictureUrlOf}: our route decides between
 * the directory photo, the token's picture and a generated initials avatar.
 * @param row the stored user
 * @param developmentSession whether the current session came from the development sign-in; such a session always
 * counts as a development user (the 'Dev' badge of docs/product.md#header-and-footer) even for a person who also signs
 * in with Google
 */
export function toApiUser(row: UserRow, developmentSession: boolean): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: pictureUrlOf(row),
    role: row.role,
    department: row.department,
    workspaceId: row.workspaceId,
    isDevelopmentUser: row.isDevelopmentUser || developmentSession,
  };
}

/**
 * Creates the development user for `email`, or finds the existing one (the development sign-in of
 * docs/product.md#sign-in: role volunteer, department Operations, workspace = the e-mail's domain). Signing in again
 * with the same e-mail gives the same user; the role and department of an existing user are kept, a given `name`
 * replaces the old one. Announces the change of the user (db/changes.ts).
 * @param db the database
 * @param identity `email` (any case; stored lower case) and an optional display `name`
 * @returns the stored user
 */
export async function upsertDevelopmentUser(
  db: Database,
  identity: { email: string; name: string | undefined },
): Promise<UserRow> {
  const email = identity.email.toLowerCase();
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: identity.name ?? 'Development User',
      role: 'volunteer',
      department: 'Operations',
      workspaceId: email.slice(email.lastIndexOf('@') + 1),
      isDevelopmentUser: true,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { lastSignInAt: sql`now()`, ...(identity.name === undefined ? {} : { name: identity.name }) },
    })
    .returning(returningAnnounced);
  if (!row) throw new Error(`upsert of user ${email} returned no row`);
  return withoutAnnounced(row);
}

/**
 * Creates or updates the user who signed in with Google (docs/product.md#sign-in): name, e-mail and picture come from
 * the verified ID token, the workspace is the e-mail's domain, and the user is no development user. The stored role and
 * department change only when the Workspace directory said something (`fromDirectory`); a new user otherwise starts as
 * volunteer / Operations. Member records (docs/product.md#member-records) decide over the stored role whenever they
 * exist. Announces the change of the user (db/changes.ts).
 * @param db the database
 * @param identity `email` (stored lower case), `name`, and `picture` (an https URL from the token, or null)
 * @param fromDirectory optional `role` (a configuration key) and `department` from the directory
 * @returns the stored user
 */
export async function upsertGoogleUser(
  db: Database,
  identity: { email: string; name: string; picture: string | null },
  fromDirectory: { role?: string; department?: string } = {},
): Promise<UserRow> {
  const email = identity.email.toLowerCase();
  const workspaceId = email.slice(email.lastIndexOf('@') + 1);
  const profile = { name: identity.name, picture: identity.picture, workspaceId, isDevelopmentUser: false, ...fromDirectory };
  const [row] = await db
    .insert(users)
    .values({ email, ...profile })
    .onConflictDoUpdate({ target: users.email, set: { ...profile, lastSignInAt: sql`now()` } })
    .returning(returningAnnounced);
  if (!row) throw new Error(`upsert of user ${email} returned no row`);
  return withoutAnnounced(row);
}

/**
 * Finds a user by id.
 * @returns the stored user, or undefined when there is none
 */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
