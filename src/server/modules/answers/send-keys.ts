import canonicalize from 'canonicalize';
import { and, eq, lte } from 'drizzle-orm';
import { parseItem } from 'structured-headers';
import type { Database } from '../../db/client.js';
import { sendKeys } from '../../db/schema.js';
import { sha256Hex } from '../../hashing.js';
import { HttpError } from '../../http-errors.js';

/**
 * A send that counts once (docs/reliability.md#a-send-that-counts-once), after the IETF draft "The Idempotency-Key
 * HTTP Header Field" (draft-ietf-httpapi-idempotency-key-header): a form sending or quiz try may carry a key in the
 * `Idempotency-Key` header, a Structured Field String (RFC 9651) the page makes for each send. The key is kept with the
 * send (table `send_keys`, in the send's transaction) together with a fingerprint of what was sent and the answer.
 * - The same key for the same send (the page sending again after an answer was lost) → the first answer again; nothing
 *   is stored again, no quiz try is used up.
 * - The same key for something else → 422 {@link KEY_REUSED_MESSAGE}; nothing is stored.
 * - A key that is not a String of the published form → 400 {@link KEY_FORMAT_MESSAGE}.
 * - No key → the send as without this (keys are optional: older pages and scripts still work).
 * A send the server refuses (a 4xx) stores nothing, so its repeat is judged anew. A key is kept
 * {@link SEND_KEY_KEEP_MS} (then the hourly answers sweep deletes it) and is scoped to its member, so two members'
 * keys never meet. Two sends with one key at the same moment: one is stored, the other gets its answer (PostgreSQL: it
 * waits for the first to commit).
 */

/** How long a send's key is kept: a day (the draft asks a server to publish its expiry policy). */
export const SEND_KEY_KEEP_MS = 86_400_000;

/** The 400 message of a key that is not a String of 1–64 letters, digits, `-` or `_`. */
export const KEY_FORMAT_MESSAGE =
  'The Idempotency-Key header must be a quoted string of 1 to 64 letters, digits, "-" or "_", ' +
  'for example "8e03978e-40d5-43e8-bc93-6894a57f9324".';

/** The 422 message of a key used before for a different send. */
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different send. Nothing was stored: send again with a new key ' +
  '(reloading the page does that).';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/u;

/** What a send's key is checked against: the kind of send, its step and its fingerprint. */
export interface SendKey {
  key: string;
  kind: 'form' | 'quiz';
  stepId: string;
  /** Hex SHA-256 of the canonical JSON (RFC 8785) of kind, step and body. */
  fingerprint: string;
}

/**
 * The key of a send from its request headers.
 * @param header the `Idempotency-Key` header as Node gives it (a string; an array when sent more than once)
 * @param send the kind of send, its step id and its parsed JSON body
 * @returns the key with the send's fingerprint, or undefined when the request has none
 * @throws HttpError 400 {@link KEY_FORMAT_MESSAGE} for a header that is not one String of the published form
 */
export function sendKeyOf(
  header: string | string[] | undefined,
  send: { kind: SendKey['kind']; stepId: string; body: unknown },
): SendKey | undefined {
  if (header === undefined) return undefined;
  // The draft allows one field line; Node joins repeated lines of an unknown header with ", ", which is no String.
  if (Array.isArray(header)) throw new HttpError(400, KEY_FORMAT_MESSAGE);
  let key: unknown;
  try {
    [key] = parseItem(header);
  } catch {
    throw new HttpError(400, KEY_FORMAT_MESSAGE);
  }
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new HttpError(400, KEY_FORMAT_MESSAGE);
  const canonical = canonicalize({ kind: send.kind, stepId: send.stepId, body: send.body });
  // canonicalize answers undefined only for undefined or a function; a parsed JSON body is neither.
  if (canonical === undefined) throw new Error('the send could not be canonicalised');
  return { key, kind: send.kind, stepId: send.stepId, fingerprint: sha256Hex(canonical) };
}

/** A kept send: its first answer, and for a form the sending whose answers that answer shows. */
export interface KeptSend {
  reply: Record<string, unknown>;
  version: number | null;
}

/**
 * The send a key was kept with, when the same member sent the same thing with it before.
 * @param db the database or the send's transaction
 * @returns the kept send, or undefined for a key not seen (or expired: older than {@link SEND_KEY_KEEP_MS} at `now`)
 * @throws HttpError 422 {@link KEY_REUSED_MESSAGE} when the key was kept with a different send
 */
export async function keptSend(db: Database, userId: string, key: SendKey, now: Date): Promise<KeptSend | undefined> {
  const [row] = await db
    .select()
    .from(sendKeys)
    .where(and(eq(sendKeys.userId, userId), eq(sendKeys.key, key.key)));
  if (row === undefined || now.getTime() - row.at.getTime() >= SEND_KEY_KEEP_MS) return undefined;
  if (row.kind !== key.kind || row.stepId !== key.stepId || row.fingerprint !== key.fingerprint)
    throw new HttpError(422, KEY_REUSED_MESSAGE);
  return { reply: row.reply, version: row.version };
}

/**
 * Keeps a send's key with its answer, in the send's transaction. An expired row of the same key goes first; a live one
 * makes the insert fail as a unique violation (two sends with one key at once), which rolls the send back.
 * @param tx the send's transaction
 * @param kept the member, the key, the answer to give again (a form's without its answers) and the form's version
 */
export async function keepSend(
  tx: Database,
  userId: string,
  key: SendKey,
  kept: KeptSend & { at: Date },
): Promise<void> {
  const mine = and(eq(sendKeys.userId, userId), eq(sendKeys.key, key.key));
  await tx.delete(sendKeys).where(and(mine, lte(sendKeys.at, new Date(kept.at.getTime() - SEND_KEY_KEEP_MS))));
  await tx.insert(sendKeys).values({
    userId,
    key: key.key,
    stepId: key.stepId,
    kind: key.kind,
    fingerprint: key.fingerprint,
    version: kept.version,
    reply: kept.reply,
    at: kept.at,
  });
}

/**
 * Deletes the keys {@link SEND_KEY_KEEP_MS} old or older (the hourly answers sweep): those {@link keptSend} no longer
 * gives back.
 * @returns how many were deleted
 */
export async function deleteExpiredSendKeys(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(sendKeys)
    .where(lte(sendKeys.at, new Date(now.getTime() - SEND_KEY_KEEP_MS)))
    .returning({ key: sendKeys.key });
  return rows.length;
}
