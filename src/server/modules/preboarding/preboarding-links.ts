import { and, eq, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client.js';
import {
  members,
  memberSchedules,
  preboardingLinks,
  preboardingRecords,
  preboardingSessions,
  users,
} from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { hashToken, looksLikeToken, newToken } from './tokens.js';

/**
 * Pre-boarding links and sessions (docs/product.md#pre-boarding, docs/security.md#pre-boarding): who may pre-board,
 * issuing a single-use link bound to the invitation, opening it into a session, reading a session, and ending both.
 */

/** Days after the start date on which pre-boarding (its sessions and links) ends, at the end of that local day. */
export const PREBOARDING_DAYS_AFTER_START = 3;

/** The longest a link or a session lasts, whatever the start date (30 days). */
export const PREBOARDING_MAX_MS = 30 * 86_400_000;

/** A member as pre-boarding sees them. */
export interface PreboardingPerson {
  /** The Workspace address, lower case. */
  email: string;
  privateEmail: string | null;
  /** The member record's creation: the invitation a link is bound to. */
  invitedAt: Date;
  role: string;
  department: string;
  buddy: string | null;
  left: boolean;
  /** The start date an admin set (YYYY-MM-DD), or null. */
  startOn: string | null;
  /** Whether they have signed in with Google (a user with a subject): pre-boarding is over. */
  signedIn: boolean;
}

/**
 * The member record of an address with what pre-boarding needs, or undefined without a record.
 * @param db the database or a transaction
 * @param email lower case
 */
export async function preboardingPerson(db: Database, email: string): Promise<PreboardingPerson | undefined> {
  const [row] = await db
    .select({
      email: members.email,
      privateEmail: members.privateEmail,
      invitedAt: members.createdAt,
      role: members.role,
      department: members.department,
      buddy: members.buddy,
      leftAt: members.leftAt,
      startOn: memberSchedules.startOn,
      subject: users.subject,
      userEmail: users.email,
    })
    .from(members)
    .leftJoin(memberSchedules, eq(memberSchedules.email, members.email))
    .leftJoin(users, eq(users.email, members.email))
    .where(eq(members.email, email));
  if (row === undefined) return undefined;
  return {
    email: row.email,
    privateEmail: row.privateEmail,
    invitedAt: row.invitedAt,
    role: row.role,
    department: row.department,
    buddy: row.buddy,
    left: row.leftAt !== null,
    startOn: row.startOn,
    signedIn: row.subject !== null,
  };
}

/**
 * When pre-boarding ends for a start date: the end of the local day {@link PREBOARDING_DAYS_AFTER_START} days after it.
 * @param startOn YYYY-MM-DD
 * @param zone the organisation's time zone (TIME_ZONE)
 */
export function preboardingEndsAt(startOn: string, zone: string): Date {
  return DateTime.fromISO(startOn, { zone })
    .plus({ days: PREBOARDING_DAYS_AFTER_START + 1 })
    .startOf('day')
    .toJSDate();
}

/**
 * Why a person may not pre-board now, or null when they may: a member record that has not left, a private address, a
 * start date, no Google sign-in yet, and before {@link preboardingEndsAt}.
 */
export function whyNoPreboarding(
  person: PreboardingPerson | undefined,
  now: Date,
  zone: string,
): 'no-member' | 'left' | 'no-private-email' | 'no-start-date' | 'signed-in' | 'over' | null {
  if (person === undefined) return 'no-member';
  if (person.left) return 'left';
  if (person.signedIn) return 'signed-in';
  if (person.privateEmail === null) return 'no-private-email';
  if (person.startOn === null) return 'no-start-date';
  if (preboardingEndsAt(person.startOn, zone) <= now) return 'over';
  return null;
}

/**
 * Issues a new link for a person who may pre-board: stores the HMAC of a new token, bound to the invitation (the
 * record's `createdAt`) and the private address, expiring with pre-boarding (at most {@link PREBOARDING_MAX_MS}).
 * @param db the database or a transaction
 * @param deps SESSION_SECRET, the clock's time, the time zone
 * @param person a person {@link whyNoPreboarding} lets pre-board
 * @param outboxId the message that carries the link, if any
 * @returns the token (to put in the message, never stored) and when the link expires
 */
export async function issueLink(
  db: Database,
  deps: { sessionSecret: string; now: Date; zone: string },
  person: PreboardingPerson & { privateEmail: string; startOn: string },
  outboxId: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(
    Math.min(preboardingEndsAt(person.startOn, deps.zone).getTime(), deps.now.getTime() + PREBOARDING_MAX_MS),
  );
  await db.insert(preboardingLinks).values({
    email: person.email,
    privateEmail: person.privateEmail,
    invitedAt: person.invitedAt,
    tokenHash: hashToken(deps.sessionSecret, 'link', token),
    outboxId,
    createdAt: deps.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The stored link of a token, whatever its state (used, expired, ended), or undefined.
 * @param db the database
 * @param sessionSecret SESSION_SECRET
 * @param token the token as the link carries it
 */
export async function findLink(
  db: Database,
  sessionSecret: string,
  token: string,
): Promise<typeof preboardingLinks.$inferSelect | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const [link] = await db
    .select()
    .from(preboardingLinks)
    .where(eq(preboardingLinks.tokenHash, hashToken(sessionSecret, 'link', token)));
  return link;
}

/**
 * Why a link did not open: 'over' when pre-boarding itself is over (the days after the start date have passed: a new
 * link would not help), 'expired' when only the link is too old.
 */
export type LinkRefusal = 'unknown' | 'used' | 'expired' | 'over' | 'signed-in' | 'ended';

/**
 * Opens a link: checks it, marks it used (once, even with two requests at the same moment) and starts a pre-boarding
 * session, in one transaction; audited as 'preboarding-opened' ('refused' with the reason for a known link).
 * @param db the database
 * @param deps SESSION_SECRET, the clock's time, the time zone, the client's address (for the audit)
 * @param token the token of the link, as sent
 * @returns the session's token and expiry, or why not
 */
export async function openLink(
  db: Database,
  deps: { sessionSecret: string; now: Date; zone: string },
  token: string,
): Promise<{ sessionToken: string; expiresAt: Date; email: string } | { refused: LinkRefusal }> {
  if (!looksLikeToken(token)) return { refused: 'unknown' };
  const tokenHash = hashToken(deps.sessionSecret, 'link', token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(preboardingLinks)
      .where(eq(preboardingLinks.tokenHash, tokenHash))
      .for('update');
    if (link === undefined) return { refused: 'unknown' as const };
    const person = await preboardingPerson(tx, link.email);
    const why = whyNoPreboarding(person, deps.now, deps.zone);
    const refusal: LinkRefusal | null =
      link.endedReason === 'signed-in' || why === 'signed-in'
        ? 'signed-in'
        : why === 'over'
          ? 'over'
          : link.usedAt !== null
            ? 'used'
            : link.expiresAt <= deps.now
              ? 'expired'
              : link.endedAt !== null ||
                  why !== null ||
                  person?.invitedAt.getTime() !== link.invitedAt.getTime() ||
                  person.privateEmail !== link.privateEmail
                ? 'ended'
                : null;
    if (refusal !== null || person === undefined || person.startOn === null) {
      await recordAudit(tx, {
        kind: 'preboarding-opened',
        outcome: 'refused',
        subject: link.email,
        reason: refusal ?? 'ended',
        at: deps.now,
      });
      return { refused: refusal ?? 'ended' };
    }
    const used = await tx
      .update(preboardingLinks)
      .set({ usedAt: deps.now })
      .where(and(eq(preboardingLinks.id, link.id), isNull(preboardingLinks.usedAt)))
      .returning({ id: preboardingLinks.id });
    if (used.length === 0) return { refused: 'used' as const };
    const sessionToken = newToken();
    const expiresAt = new Date(
      Math.min(preboardingEndsAt(person.startOn, deps.zone).getTime(), deps.now.getTime() + PREBOARDING_MAX_MS),
    );
    await tx.insert(preboardingSessions).values({
      tokenHash: hashToken(deps.sessionSecret, 'session', sessionToken),
      email: link.email,
      linkId: link.id,
      createdAt: deps.now,
      expiresAt,
    });
    await tx
      .insert(preboardingRecords)
      .values({ email: link.email, firstOpenedAt: deps.now, updatedAt: deps.now })
      .onConflictDoUpdate({
        target: preboardingRecords.email,
        set: { firstOpenedAt: sql`coalesce(${preboardingRecords.firstOpenedAt}, excluded.first_opened_at)` },
      });
    await recordAudit(tx, {
      kind: 'preboarding-opened',
      outcome: 'allowed',
      subject: link.email,
      at: deps.now,
    });
    return { sessionToken, expiresAt, email: link.email };
  });
}

/** A pre-boarding session found and still valid. */
export interface PreboardingSession {
  tokenHash: string;
  email: string;
  person: PreboardingPerson & { privateEmail: string; startOn: string };
  expiresAt: Date;
}

/**
 * The pre-boarding session of a token, when it is still valid: not expired, its link's invitation and private address
 * still those of the member record, and the person still one who may pre-board. A session that no longer holds is
 * deleted.
 * @param db the database
 * @param deps SESSION_SECRET, the clock's time, the time zone
 * @param token the cookie's value
 * @returns the session, or null
 */
export async function findSession(
  db: Database,
  deps: { sessionSecret: string; now: Date; zone: string },
  token: string,
): Promise<PreboardingSession | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(deps.sessionSecret, 'session', token);
  const [row] = await db
    .select({
      email: preboardingSessions.email,
      expiresAt: preboardingSessions.expiresAt,
      invitedAt: preboardingLinks.invitedAt,
      privateEmail: preboardingLinks.privateEmail,
      endedAt: preboardingLinks.endedAt,
    })
    .from(preboardingSessions)
    .innerJoin(preboardingLinks, eq(preboardingLinks.id, preboardingSessions.linkId))
    .where(eq(preboardingSessions.tokenHash, tokenHash));
  if (row === undefined) return null;
  const person = await preboardingPerson(db, row.email);
  const holds =
    row.expiresAt > deps.now &&
    row.endedAt === null &&
    whyNoPreboarding(person, deps.now, deps.zone) === null &&
    person?.invitedAt.getTime() === row.invitedAt.getTime() &&
    person.privateEmail === row.privateEmail;
  if (!holds || person === undefined || person.privateEmail === null || person.startOn === null) {
    await db.delete(preboardingSessions).where(eq(preboardingSessions.tokenHash, tokenHash));
    return null;
  }
  return {
    tokenHash,
    email: row.email,
    person: { ...person, privateEmail: person.privateEmail, startOn: person.startOn },
    expiresAt: row.expiresAt,
  };
}

/**
 * Ends a person's pre-boarding at their first sign-in and reads their pre-boarding record, locked for the sign-in's
 * transaction: every pre-boarding session of theirs is deleted and every link not ended yet ends, in the same one
 * statement (on the embedded database a sign-in waits its turn once per statement,
 * docs/reliability.md#a-room-signing-in-together).
 * @param tx the sign-in's transaction
 * @param email lower case
 * @param reason why the links end, e.g. 'signed-in'
 * @param now the clock's time
 * @returns the pre-boarding record, or undefined when the person has none
 */
export async function endPreboardingAndLockRecord(
  tx: Database,
  email: string,
  reason: string,
  now: Date,
): Promise<typeof preboardingRecords.$inferSelect | undefined> {
  const endedSessions = tx
    .$with('ended_sessions')
    .as(
      tx
        .delete(preboardingSessions)
        .where(eq(preboardingSessions.email, email))
        .returning({ tokenHash: preboardingSessions.tokenHash }),
    );
  const endedLinks = tx.$with('ended_links').as(
    tx
      .update(preboardingLinks)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(preboardingLinks.email, email), isNull(preboardingLinks.endedAt)))
      .returning({ email: preboardingLinks.email }),
  );
  const [record] = await tx
    .with(endedSessions, endedLinks)
    .select()
    .from(preboardingRecords)
    .where(eq(preboardingRecords.email, email))
    .for('update');
  return record;
}

/**
 * Ends one pre-boarding session (its person's own sign-out).
 * @param db the database
 * @param tokenHash the session's
 */
export async function endSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(preboardingSessions).where(eq(preboardingSessions.tokenHash, tokenHash));
}

/**
 * The members whose private address is this one and who may pre-board now (for a new link asked for by address).
 * @param db the database
 * @param privateEmail lower case
 * @param now the clock's time
 * @param zone the time zone
 */
export async function peopleOfPrivateEmail(
  db: Database,
  privateEmail: string,
  now: Date,
  zone: string,
): Promise<(PreboardingPerson & { privateEmail: string; startOn: string })[]> {
  const rows = await db.select({ email: members.email }).from(members).where(eq(members.privateEmail, privateEmail));
  const found = [];
  for (const { email } of rows) {
    const person = await preboardingPerson(db, email);
    if (person?.privateEmail == null || person.startOn === null) continue;
    if (whyNoPreboarding(person, now, zone) !== null) continue;
    found.push({ ...person, privateEmail: person.privateEmail, startOn: person.startOn });
  }
  return found;
}
