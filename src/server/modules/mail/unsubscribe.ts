import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (docs/product.md#due-dates-and-reminders; RFC 8058): the address and an HMAC of it, so a
 * link works without signing in and only for the person it was sent to.
 *
 * The HMAC key is a key of its own, derived from SESSION_SECRET with HKDF-SHA256 (RFC 5869) under a label of its own,
 * so no new setting is needed and a token in a mail is never a MAC under the key that signs session cookies
 * (docs/security.md#what-was-checked-and-how). Links sent before that change (an HMAC under SESSION_SECRET itself)
 * are still accepted, so that a person can stop their reminders from any mail they still have; see
 * docs/decisions/031-second-security-review.md for why. Changing SESSION_SECRET ends old and new links alike.
 */

/** HKDF's info label of the unsubscribe key; a new label gives a new, unrelated key. */
const KEY_LABEL = 'onboarding unsubscribe links v1';

const derivedKeys = new Map<string, Buffer>();

/**
 * The key of unsubscribe tokens: 32 bytes from HKDF-SHA256 (RFC 5869) of SESSION_SECRET, no salt, info
 * `onboarding unsubscribe links v1`.
 * @param sessionSecret SESSION_SECRET
 */
export function unsubscribeKey(sessionSecret: string): Buffer {
  let key = derivedKeys.get(sessionSecret);
  if (key === undefined) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, Buffer.alloc(0), KEY_LABEL, 32));
    derivedKeys.set(sessionSecret, key);
  }
  return key;
}

const tokenOf = (key: string | Buffer, email: string): string =>
  createHmac('sha256', key).update(`unsubscribe\n${email.toLowerCase()}`).digest('base64url');

const sameToken = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The unsubscribe address of one person.
 * @param origin the app's public origin, e.g. https://onboarding.inspired2uplift.org
 * @param sessionSecret SESSION_SECRET (the token's key is derived from it: {@link unsubscribeKey})
 * @param email the person's address
 * @returns an absolute URL `/api/mail/unsubscribe?email=…&token=…`
 */
export function unsubscribeUrl(origin: string, sessionSecret: string, email: string): string {
  const query = new URLSearchParams({
    email: email.toLowerCase(),
    token: tokenOf(unsubscribeKey(sessionSecret), email),
  });
  return `${origin}/api/mail/unsubscribe?${query.toString()}`;
}

/**
 * Whether a token is the one of that address: under the derived key ({@link unsubscribeKey}), or — a link sent
 * before the key had its own — under SESSION_SECRET itself.
 * @param sessionSecret SESSION_SECRET
 * @param email the address in the link
 * @param token the token in the link
 * @returns `'current'`, `'old-link'`, or null when the token is neither
 */
export function checkUnsubscribeToken(
  sessionSecret: string,
  email: string,
  token: string,
): 'current' | 'old-link' | null {
  if (sameToken(tokenOf(unsubscribeKey(sessionSecret), email), token)) return 'current';
  if (sameToken(tokenOf(sessionSecret, email), token)) return 'old-link';
  return null;
}
