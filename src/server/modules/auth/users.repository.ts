import { sql } from 'drizzle-orm';
import type { User } from '../../../shared/api.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A row of the users table. */
export type UserRow = typeof users.$inferSelect;

/**
 * The API shape of a user (shared `userSchema`).
 * @param row the stored user
 * @param developmentSession whether the current session came from the development sign-in; such a session always
 *   counts as a development user (SPEC §1 'Dev' badge) even for a person who also signs in with Google
 */
export function toApiUser(row: UserRow, developmentSession: boolean): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    role: row.role,
    department: row.department,
    workspaceId: row.workspaceId,
    isDevelopmentUser: row.isDevelopmentUser || developmentSession,
  };
}

/**
 * Creates the development user for `email`, or finds the existing one (SPEC §4 "simulated development login":
 * role volunteer, department Operations, workspace = the e-mail's domain). Signing in again with the same e-mail
 * gives the same user; the role and department of an existing user are kept, a given `name` replaces the old one.
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
    .returning();
  if (!row) throw new Error(`upsert of user ${email} returned no row`);
  return row;
}

