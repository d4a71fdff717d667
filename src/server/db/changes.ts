import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * Change announcements (docs/decisions/008-read-cache.md): every write to what the read cache keeps (sessions, users,
 * member records, progress) announces itself with PostgreSQL's `pg_notify` on {@link CHANGES_CHANNEL}, in the same
 * statement or transaction as the write, so that the announcement is delivered exactly when the write commits (and
 * never for a write that rolls back). Every server process listens (db/change-feed.ts) and forgets what changed.
 * PGlite delivers the same notifications inside its one process.
 *
 * After changing these tables with SQL by hand on a running deployment, tell the servers:
 * `select pg_notify('onboarding_changes', 'everything');`
 */

/** The notification channel of change announcements. */
export const CHANGES_CHANNEL = 'onboarding_changes';

/** What changed. */
export type Change =
  /** A session ended (sign-out, expiry, rotation at sign-in): `tokenHash` is the stored hash, never the token. */
  | { kind: 'session'; tokenHash: string }
  /** A user record changed (name, picture, role, department, address), or any number of users' records did. */
  | { kind: 'user'; userId: string }
  /**
   * A person signed in: their user record was written (created, or its last sign-in, name, picture, role and
   * department from the sign-in). What is kept about other people names this person by `email` (lower case) only where
   * this person is in it, so only that needs reading again.
   */
  | { kind: 'signed-in'; userId: string; email: string }
  /** The member record of one e-mail address (lower case) was written or deleted. */
  | { kind: 'member'; email: string }
  /** Any number of member records changed (a CSV import). */
  | { kind: 'members' }
  /** A user's completed steps or ticked items changed. */
  | { kind: 'progress'; userId: string }
  /**
   * A user completed one step (a new completion, stored with `completedAt`): nothing else of their progress changed,
   * so a kept copy of it can take the completion in rather than be read again.
   */
  | { kind: 'step-completed'; userId: string; stepId: string; completedAt: Date }
  /**
   * One step of a user is no longer completed; `withItems`: its ticked items were unticked too. Nothing else of their
   * progress changed.
   */
  | { kind: 'step-uncompleted'; userId: string; stepId: string; withItems: boolean }
  /**
   * Any team task was written (docs/product.md#team-tasks). Announced by the database itself: a trigger on
   * `team_tasks` (migration team-task-changes) announces every statement that writes the table, whoever wrote it.
   */
  | { kind: 'team-tasks' }
  /** A new version of the content was published (docs/product.md#content-studio): every process switches to it. */
  | { kind: 'content'; version: number }
  /** Anything may have changed (a bulk seed, or an operator after editing with SQL by hand). */
  | { kind: 'everything' };

/** Kinds whose payload carries one row's key, `kind:key`. */
type KeyedKind = 'session' | 'user' | 'member' | 'progress';

/**
 * The notification payload of a change: `session:<hash>`, `user:<id>`, `member:<email>`, `members`,
 * `signed-in:["<user id>","<email>"]`, `progress:<id>`, `step-completed:["<user id>","<step id>","<ISO 8601 time>"]`,
 * `step-uncompleted:["<user id>","<step id>",<with items>]`, `team-tasks`, `content:<version>`, `everything`.
 */
export function changePayload(change: Change): string {
  switch (change.kind) {
    case 'session':
      return `session:${change.tokenHash}`;
    case 'user':
      return `user:${change.userId}`;
    case 'member':
      return `member:${change.email}`;
    case 'progress':
      return `progress:${change.userId}`;
    case 'signed-in':
      return `signed-in:${JSON.stringify([change.userId, change.email])}`;
    case 'step-completed':
      return `step-completed:${JSON.stringify([change.userId, change.stepId, change.completedAt.toISOString()])}`;
    case 'step-uncompleted':
      return `step-uncompleted:${JSON.stringify([change.userId, change.stepId, change.withItems])}`;
    case 'content':
      return `content:${change.version}`;
    case 'members':
    case 'team-tasks':
    case 'everything':
      return change.kind;
  }
}

/** The values of a JSON array of `length` values (three unless told), or none when the text is not one. */
function jsonTuple(text: string, length = 3): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length === length ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Reads a notification payload written by {@link changePayload}.
 * @returns the change, or undefined for any other payload (e.g. the change feed's own sync markers)
 */
export function parseChange(payload: string): Change | undefined {
  if (payload === 'members' || payload === 'team-tasks' || payload === 'everything') return { kind: payload };
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const key = payload.slice(colon + 1);
  if (colon < 1 || key === '') return undefined;
  switch (kind) {
    case 'session':
      return { kind, tokenHash: key };
    case 'user':
      return { kind, userId: key };
    case 'member':
      return { kind, email: key };
    case 'progress':
      return { kind, userId: key };
    case 'content': {
      const version = Number(key);
      return Number.isSafeInteger(version) && version > 0 ? { kind, version } : undefined;
    }
    case 'step-completed': {
      const [userId, stepId, at] = jsonTuple(key);
      const completedAt = typeof at === 'string' ? new Date(at) : undefined;
      return typeof userId === 'string' &&
        typeof stepId === 'string' &&
        completedAt &&
        !Number.isNaN(completedAt.getTime())
        ? { kind, userId, stepId, completedAt }
        : undefined;
    }
    case 'signed-in': {
      const [userId, email] = jsonTuple(key, 2);
      return typeof userId === 'string' && typeof email === 'string' ? { kind, userId, email } : undefined;
    }
    case 'step-uncompleted': {
      const [userId, stepId, withItems] = jsonTuple(key);
      return typeof userId === 'string' && typeof stepId === 'string' && typeof withItems === 'boolean'
        ? { kind, userId, stepId, withItems }
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A RETURNING column that announces `change` once for every row the statement wrote:
 * `.returning({ ...columns, ...announcing({ kind: 'progress', userId }) })`. The statement and its announcement
 * commit together. Payloads that are the same within one transaction are delivered once.
 */
export function announcing(change: Change): { announced: SQL<unknown> } {
  return { announced: sql`pg_notify(${CHANGES_CHANNEL}, ${changePayload(change)})` };
}

/**
 * A RETURNING column that announces, for every row the statement wrote, the change of that row's key column:
 * `.returning(announcingEach('session', sessions.tokenHash))` announces `session:<token_hash>` of each deleted row.
 */
export function announcingEach(kind: KeyedKind, key: AnyPgColumn): { announced: SQL<unknown> } {
  return { announced: sql`pg_notify(${CHANGES_CHANNEL}, ${`${kind}:`}::text || ${key}::text)` };
}

/**
 * Announces changes with a statement of their own. Call it inside the transaction that makes the changes (a bulk
 * write), so that they are delivered when it commits.
 * @param tx the writing transaction
 */
export async function announce(tx: Database, ...changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const calls = changes.map((change) => sql`pg_notify(${CHANGES_CHANNEL}, ${changePayload(change)})`);
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/**
 * A RETURNING column of a statement that inserts rows of `step_progress`: announces each new completion as
 * `step-completed` (the row's user, step and stored time, as {@link changePayload} writes it).
 * @param columns the inserted row's `user_id`, `step_id` and `completed_at`
 */
export function announcingCompletions(columns: {
  userId: AnyPgColumn;
  stepId: AnyPgColumn;
  completedAt: AnyPgColumn;
}): { announced: SQL<unknown> } {
  return {
    announced: sql`pg_notify(${CHANGES_CHANNEL}, 'step-completed:' || json_build_array(${columns.userId}::text, ${columns.stepId}::text, to_char(${columns.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)`,
  };
}

/**
 * A RETURNING column of a statement that writes the `users` row of a sign-in: announces `signed-in` with the row's id
 * and address, as {@link changePayload} writes it.
 * @param columns the written row's `id` and `email`
 */
export function announcingSignIn(columns: { id: AnyPgColumn; email: AnyPgColumn }): { announced: SQL<unknown> } {
  return {
    announced: sql`pg_notify(${CHANGES_CHANNEL}, 'signed-in:' || json_build_array(${columns.id}::text, ${columns.email}::text)::text)`,
  };
}

/** Drops the `announced` column of a row written with {@link announcing} / {@link announcingEach}. */
export function withoutAnnounced<Row extends { announced: unknown }>(row: Row): Omit<Row, 'announced'> {
  const { announced: _announced, ...rest } = row;
  return rest;
}
