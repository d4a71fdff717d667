import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { announcingEach } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

/** A row of the sessions table. */
export type SessionRow = typeof sessions.$inferSelect;
export type SessionKind = SessionRow['kind'];

/** The condition of a user's sessions that expired before `now` (idle or absolute). */
const expiredSessionsOf = (userId: string, now: Date) =>
  and(eq(sessions.userId, userId), or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)));

/** A new session: `tokenHash` (hex HMAC of the token), `userId`, `kind`, and the times. */
export interface NewSession {
  tokenHash: string;
  userId: string;
  kind: SessionKind;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Stores a new session (docs/architecture.md#sessions).
 * @param db the database
 * @param session `tokenHash` (hex HMAC of the token), `userId`, `kind`, and the times: `now`, `idleExpiresAt`,
 *   `absoluteExpiresAt`
 * @param options.deleteExpired also delete the user's sessions that expired before `session.now` (announcing each),
 *   in the same statement, as {@link deleteExpiredSessionsOfUser} does
 */
export async function insertSession(
  db: Database,
  session: NewSession,
  options: { deleteExpired?: boolean } = {},
): Promise<void> {
  const row = {
    tokenHash: session.tokenHash,
    userId: session.userId,
    kind: session.kind,
    createdAt: session.now,
    lastSeenAt: session.now,
    idleExpiresAt: session.idleExpiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
  };
  if (options.deleteExpired !== true) {
    await db.insert(sessions).values(row);
    return;
  }
  // A data-modifying WITH runs to completion whether or not the insert reads it.
  const expired = db
    .$with('expired')
    .as(
      db
        .delete(sessions)
        .where(expiredSessionsOf(session.userId, session.now))
        .returning(announcingEach('session', sessions.tokenHash)),
    );
  await db.with(expired).insert(sessions).values(row);
}

/**
 * Finds a session and its user by the token's hash, expired or not (the caller decides).
 * @returns the session and user, or undefined when there is no such session
 */
export async function findSessionWithUser(
  db: Database,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

/**
 * Records activity on a session and slides its idle expiry. Not announced (db/changes.ts): another process that kept
 * the older times reads the session again before it calls it expired (plugins/sessions.ts).
 * @param times `lastSeenAt` and the new `idleExpiresAt`
 */
export async function touchSession(
  db: Database,
  tokenHash: string,
  times: { lastSeenAt: Date; idleExpiresAt: Date },
): Promise<void> {
  await db.update(sessions).set(times).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Deletes one session (logout, or an expired session), announcing it (db/changes.ts). Deleting a missing session is
 * not an error.
 */
export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning(announcingEach('session', sessions.tokenHash));
}

/** Deletes a user's sessions that expired before `now`, so old sessions do not pile up; announces each. */
export async function deleteExpiredSessionsOfUser(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(expiredSessionsOf(userId, now))
    .returning(announcingEach('session', sessions.tokenHash));
}

/**
 * Ends every session of the person with an e-mail address (sign out everywhere): deletes them and announces each, so
 * that every app process forgets them at once (db/changes.ts, db/change-feed.ts).
 * @param db the database (or a transaction: the announcements are delivered when it commits)
 * @param email any case
 * @returns how many sessions ended
 */
export async function endSessionsOfEmail(db: Database, email: string): Promise<number> {
  const owners = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  const ended = await db
    .delete(sessions)
    .where(inArray(sessions.userId, owners))
    .returning(announcingEach('session', sessions.tokenHash));
  return ended.length;
}
