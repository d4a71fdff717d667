import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Pre-boarding tokens (docs/security.md#pre-boarding): the link's and the session's. Each is 32 random bytes
 * (256 bits) in base64url; only its HMAC-SHA256 is stored, under a key of its own derived from SESSION_SECRET with
 * HKDF-SHA256 (RFC 5869) under the label below, so the database alone never yields a token that works, and a token is
 * never a MAC under the key of the session cookies or the unsubscribe links.
 */

/** HKDF's info label of the pre-boarding key; a new label gives a new, unrelated key. */
const KEY_LABEL = 'onboarding pre-boarding tokens v1';

/** Bytes of randomness in a token (256 bits; the rule asks at least 128). */
export const TOKEN_BYTES = 32;

const keys = new Map<string, Buffer>();

/** The HMAC key of pre-boarding tokens: 32 bytes of HKDF-SHA256 over SESSION_SECRET (no salt). */
function keyOf(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (key === undefined) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, Buffer.alloc(0), KEY_LABEL, 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

/** A new token: {@link TOKEN_BYTES} random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * The stored form of a token.
 * @param sessionSecret SESSION_SECRET (the key is derived from it)
 * @param purpose 'link' or 'session': the same bytes hash differently for each, so one can never stand for the other
 * @param token the token as the link or cookie carries it
 * @returns hex HMAC-SHA256
 */
export function hashToken(sessionSecret: string, purpose: 'link' | 'session', token: string): string {
  return createHmac('sha256', keyOf(sessionSecret)).update(`${purpose}\n${token}`).digest('hex');
}

/** Whether a text has the shape of a token (43 base64url characters): anything else is not looked up. */
export function looksLikeToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/u.test(text);
}
