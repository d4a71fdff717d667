import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { announcingEach } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import type { SessionRow } from '../../plugins/session-store.js';

/**
 * A member's signed-in devices (docs/product.md#your-devices): every session of the user that has not expired at
 * `now`, the most recently used first.
 * @param db the database
 * @param userId the member's user id
 * @param now the app's clock
 * @returns the sessions' rows
 */
export async function listSessionsOfUser(db: Database, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Ends one of a member's sessions by its public id (docs/product.md#your-devices), announcing it (db/changes.ts) so
 * that every app process forgets it at once. Only the member's own: another member's session id ends nothing.
 * @param db the database
 * @param userId the member's user id
 * @param id the session's public id (a UUID)
 * @returns the ended session's token hash, or undefined when the member has no session with that id
 */
export async function endSessionOfUser(db: Database, userId: string, id: string): Promise<string | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ tokenHash: sessions.tokenHash, ...announcingEach('session', sessions.tokenHash) });
  return ended?.tokenHash;
}

/**
 * Ends a member's sessions (docs/product.md#your-devices): all of them, or all but the one with `keepTokenHash`,
 * announcing each.
 * @param db the database
 * @param userId the member's user id
 * @param keepTokenHash the token hash of the session to keep (this device), or undefined to end every one
 * @returns how many sessions ended
 */
export async function endSessionsOfUser(db: Database, userId: string, keepTokenHash?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepTokenHash === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)),
    )
    .returning(announcingEach('session', sessions.tokenHash));
  return ended.length;
}
