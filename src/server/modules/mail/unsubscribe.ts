import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (docs/product.md#due-dates-and-reminders; RFC 8058): the address and an HMAC of it under
 * SESSION_SECRET, so a link works without signing in and only for the person it was sent to.
 */

const tokenOf = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`unsubscribe\n${email.toLowerCase()}`).digest('base64url');

/**
 * The unsubscribe address of one person.
 * @param origin the app's public origin, e.g. https://onboarding.inspired2uplift.org
 * @param secret SESSION_SECRET
 * @param email the person's address
 * @returns an absolute URL `/api/mail/unsubscribe?email=…&token=…`
 */
export function unsubscribeUrl(origin: string, secret: string, email: string): string {
  const query = new URLSearchParams({ email: email.toLowerCase(), token: tokenOf(secret, email) });
  return `${origin}/api/mail/unsubscribe?${query.toString()}`;
}

/**
 * Whether a token is the one of that address.
 * @param secret SESSION_SECRET
 * @param email the address in the link
 * @param token the token in the link
 */
export function isUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(tokenOf(secret, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
