import { and, eq, lt, or } from 'drizzle-orm';
import { announcingEach } from '../db/changes.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';

/**
 * The session store (docs/architecture.md#sessions): the rows of the sessions table that the session hook
 * (plugins/sessions.ts) and the read cache (plugins/read-cache.ts) read and write. It sits below the modules with the
 * hook (docs/decisions/068-nothing-below-the-modules-imports-them.md); the auth module's list of devices builds on it.
 */

/** A row of the users table, as a session's user. */
export type UserRow = typeof users.$inferSelect;

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
  /** The browser's User-Agent header (cut to {@link USER_AGENT_MAX_LENGTH}), when it sent one. */
  userAgent?: string | null;
  /** The client address as the server sees it (`request.ip`). */
  ipAddress?: string | null;
}

/** How much of a User-Agent header is kept: enough for any real browser's, not a megabyte of anyone's. */
export const USER_AGENT_MAX_LENGTH = 512;

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
    userAgent: session.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    ipAddress: session.ipAddress ?? null,
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
 * Records activity on a session (when, and from which address) and slides its idle expiry. Not announced (db/changes.ts): another process that kept
 * the older times reads the session again before it calls it expired (plugins/sessions.ts).
 * @param times `lastSeenAt` and the new `idleExpiresAt`
 */
export async function touchSession(
  db: Database,
  tokenHash: string,
  times: { lastSeenAt: Date; idleExpiresAt: Date; ipAddress?: string },
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
