import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { User } from '../../../shared/api.js';
import { announce, announcingEach, announcingSignIn, withoutAnnounced } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { moveAddress } from '../../db/stored-by-id.js';

/** A row of the users table. */
export type UserRow = typeof users.$inferSelect;

/**
 * RETURNING of a sign-in's upsert: the stored user, and the announcement that this person signed in (db/changes.ts
 * `signed-in`: what is kept about others is read again only where it names them).
 */
const returningAnnounced = { ...getTableColumns(users), ...announcingSignIn({ id: users.id, email: users.email }) };

/** Where the signed-in user's picture is served (docs/product.md#profile-pictures; auth/profile-picture.routes.ts). */
export const MY_PICTURE_PATH = '/api/users/me/picture';

/**
 * The `picture` of the API user: our own picture route (docs/product.md#step-widgets "picture (fallback: generated avatar image from the
 * name)"), versioned by what the picture is made from so that browsers fetch it again when that changes.
 * @param row the stored user (`name`, and `picture`: the ID token's picture URL, or null)
 * @returns e.g. `/api/users/me/picture?v=3f2a9c0d1b7e`
 */
export function pictureUrlOf(row: Pick<UserRow, 'name' | 'picture'>): string {
  const version = createHash('sha256')
    .update(`${row.name}\n${row.picture ?? ''}`)
    .digest('hex')
    .slice(0, 12);
  return `${MY_PICTURE_PATH}?v=${version}`;
}

/**
 * The API shape of a user (shared `userSchema`). `picture` is always {@link pictureUrlOf}: our route decides between
 * the directory photo, the token's picture and a generated initials avatar.
 * @param row the stored user
 * @param developmentSession whether the current session came from the development sign-in; such a session always
 *   counts as a development user (docs/product.md#what-the-app-is badge) even for a person who also signs in with Google
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
 * Creates the development user for `email`, or finds the existing one (docs/product.md#sign-in: "simulated development login":
 * role volunteer, department Operations, workspace = the e-mail's domain). Signing in again with the same e-mail
 * gives the same user; the role and department of an existing user are kept, a given `name` replaces the old one.
 * Announces the change of the user (db/changes.ts).
 * @param db the database
 * @param identity `email` (any case; stored lower case) and an optional display `name`
 * @param onboarding whether a new user starts an onboarding (docs/product.md#who-starts-an-onboarding; members module
 *   `startsOnboardingAtFirstSignIn`); an existing user keeps theirs
 * @returns the stored user
 */
export async function upsertDevelopmentUser(
  db: Database,
  identity: { email: string; name: string | undefined },
  onboarding = true,
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
      onboarding,
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
 * The address a former person keeps once their address is given to someone else:
 * `ada+former-1a2b3c4d@inspired2uplift.org` (the first 8 hex digits of their user id), so that the admin console lists
 * both people.
 * @param email the recycled address (lower case)
 * @param userId the former person's user id
 */
export function formerAddressOf(email: string, userId: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+former-${userId.replaceAll('-', '').slice(0, 8)}${email.slice(at)}`;
}

/** What {@link upsertGoogleUser} did besides storing the user. */
export interface GoogleUpsertResult {
  user: UserRow;
  /** Set when the address had belonged to another person (another `sub`): the address that person keeps now. */
  formerAddress?: string;
}

/**
 * Creates or updates the user who signed in with Google (docs/product.md#profile-pictures): name, e-mail and picture come from the
 * verified ID token, the workspace is the e-mail's domain, and the user is no development user. The stored role and
 * department change only when the Workspace directory said something (`fromDirectory`); a new user otherwise starts
 * as volunteer / Operations. Member records decide over the stored role whenever they exist. Announces every change
 * (db/changes.ts).
 *
 * People are identified by the ID token's `sub` as well as the address (docs/decisions/020-people-and-permissions.md):
 * when the user stored for the address has another `sub`, the address was given to a new person. The former person
 * keeps their user (progress), member record (role, admin flag, permissions) and history under
 * {@link formerAddressOf}, their sessions end, and the new person starts afresh. A user without a stored `sub` (a
 * development user, or one from before `sub` was kept) takes the token's. A `sub` stored on another address (the
 * person's address was renamed) moves to this one.
 * @param db the database, or the sign-in's transaction
 * @param identity `email` (stored lower case), `name`, `picture` (an https URL from the token, or null), and the
 *   token's `subject` (optional: without it, the address alone identifies the person)
 * @param fromDirectory optional `role` (a configuration key) and `department` from the directory
 * @param onboarding whether a new user starts an onboarding (docs/product.md#who-starts-an-onboarding; members module
 *   `startsOnboardingAtFirstSignIn`); an existing user keeps theirs
 * @returns the stored user, and the former person's new address when the address was recycled
 */
export async function upsertGoogleUser(
  db: Database,
  identity: { email: string; name: string; picture: string | null; subject?: string },
  fromDirectory: { role?: string; department?: string } = {},
  onboarding = true,
): Promise<GoogleUpsertResult> {
  const email = identity.email.toLowerCase();
  const workspaceId = email.slice(email.lastIndexOf('@') + 1);
  const subject = identity.subject;
  const profile = {
    name: identity.name,
    picture: identity.picture,
    workspaceId,
    isDevelopmentUser: false,
    ...(subject === undefined ? {} : { subject }),
    ...fromDirectory,
  };
  if (subject !== undefined) {
    // The usual sign-in — someone new, or the same person again — is one statement; a sign-in that finds the address
    // or the subject held by another person is left to the transaction below.
    const same = await upsertSamePerson(db, email, subject, profile, onboarding);
    if (same !== undefined) return { user: same };
  }
  return db.transaction(async (tx) => {
    let formerAddress: string | undefined;
    if (subject !== undefined) {
      const [stored] = await tx
        .select({ id: users.id, subject: users.subject })
        .from(users)
        .where(eq(users.email, email))
        .for('update');
      if (stored && stored.subject !== null && stored.subject !== subject) {
        formerAddress = formerAddressOf(email, stored.id);
        // Everything stored by the address that is the former person's follows them (db/stored-by-id.ts).
        const moved = await moveAddress(tx, { from: email, to: formerAddress });
        if ((moved.get('members') ?? 0) > 0) await announce(tx, { kind: 'member', email });
        await tx
          .delete(sessions)
          .where(eq(sessions.userId, stored.id))
          .returning(announcingEach('session', sessions.tokenHash));
      }
      // The same person under another address (renamed): the subject moves here.
      await tx
        .update(users)
        .set({ subject: null })
        .where(and(eq(users.subject, subject), ne(users.email, email), isNotNull(users.subject)))
        .returning(announcingEach('user', users.id));
    }
    const [row] = await tx
      .insert(users)
      .values({ email, ...profile, onboarding })
      .onConflictDoUpdate({ target: users.email, set: { ...profile, lastSignInAt: sql`now()` } })
      .returning(returningAnnounced);
    if (!row) throw new Error(`upsert of user ${email} returned no row`);
    return { user: withoutAnnounced(row), ...(formerAddress === undefined ? {} : { formerAddress }) };
  });
}

/** Whether an error of the database driver (as drizzle passes it on) is a violation of the unique constraint `name`. */
function violatesUnique(error: unknown, name: string): boolean {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return (
    typeof cause === 'object' &&
    cause !== null &&
    'code' in cause &&
    cause.code === '23505' &&
    'constraint' in cause &&
    cause.constraint === name
  );
}

/**
 * The sign-in of {@link upsertGoogleUser} when nobody else is involved, in one statement: creates the user, or updates
 * the user of `email` whose stored subject is `subject` or none. Writes nothing when the stored user has another
 * subject (the address was given to someone else) or another user holds `subject` (the person's address was renamed):
 * the caller's transaction deals with those.
 * @param db the database or a transaction: the statement runs in a transaction (a savepoint inside the caller's) of its
 *   own, because a refused statement is how the second case shows and must not end the caller's transaction
 * @param onboarding a new user's `onboarding`
 * @returns the stored user, or undefined when nothing was written
 */
async function upsertSamePerson(
  db: Database,
  email: string,
  subject: string,
  profile: Omit<typeof users.$inferInsert, 'email'>,
  onboarding: boolean,
): Promise<UserRow | undefined> {
  try {
    const [row] = await db.transaction((own) =>
      own
        .insert(users)
        .values({ email, ...profile, onboarding })
        .onConflictDoUpdate({
          target: users.email,
          set: { ...profile, lastSignInAt: sql`now()` },
          setWhere: or(isNull(users.subject), eq(users.subject, subject)),
        })
        .returning(returningAnnounced),
    );
    return row === undefined ? undefined : withoutAnnounced(row);
  } catch (error) {
    if (violatesUnique(error, 'users_subject_unique')) return undefined;
    throw error;
  }
}

/**
 * Finds a user by id.
 * @returns the stored user, or undefined when there is none
 */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
