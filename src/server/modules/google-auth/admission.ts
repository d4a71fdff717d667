/**
 * Who may sign in with Google (docs/product.md#sign-in, docs/architecture.md#google-sign-in): the rule applied to the
 * claims of an ID token that openid-client has already verified (signature, iss, aud, exp, nonce).
 */

/** The verified identity of an admitted member. */
export interface GoogleIdentity {
  /** The provider's stable subject id. */
  subject: string;
  /** Lower case. */
  email: string;
  name: string;
  /** An https picture URL from the token, or null. */
  picture: string | null;
}

/** Why a verified account was not admitted. */
export type RefusalReason = 'no-email' | 'email-not-verified' | 'not-workspace-account' | 'other-workspace';

/** The answer of {@link admitGoogleAccount}. */
export type Admission =
  { admitted: true; identity: GoogleIdentity } | { admitted: false; reason: RefusalReason; message: string };

/**
 * The message of every refusal: it names the domain to use, e.g. "Only @inspired2uplift.org Google Workspace accounts
 * can sign in. Sign in with your @inspired2uplift.org account."
 * @param allowedDomain ALLOWED_DOMAIN
 */
export function domainRefusalMessage(allowedDomain: string): string {
  return `Only @${allowedDomain} Google Workspace accounts can sign in. Sign in with your @${allowedDomain} account.`;
}

const stringClaim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** An https picture URL, or null (anything else could not be shown under our Content Security Policy anyway). */
function pictureClaim(value: unknown): string | null {
  const text = stringClaim(value);
  if (text === undefined || text.length > 2048) return null;
  try {
    return new URL(text).protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

/**
 * Admits only an account whose e-mail the provider verified (`email_verified === true`, the boolean) and whose Google
 * Workspace domain claim `hd` equals the allowed domain. A personal Gmail account has no `hd`; an account of another
 * Workspace has another `hd`. The e-mail itself may be on a secondary domain of the same Workspace.
 * @param claims the verified ID token claims (`sub`, `email`, `email_verified`, `hd`, `name`, `picture`)
 * @param allowedDomain ALLOWED_DOMAIN, lower case
 * @returns the identity (e-mail lower-cased, name falling back to the e-mail's local part), or the refusal with
 *   {@link domainRefusalMessage}. Never throws.
 */
export function admitGoogleAccount(claims: Record<string, unknown>, allowedDomain: string): Admission {
  const refuse = (reason: RefusalReason): Admission => ({
    admitted: false,
    reason,
    message: domainRefusalMessage(allowedDomain),
  });
  const email = stringClaim(claims.email)?.toLowerCase();
  if (email === undefined || !/^[^@\s]+@[^@\s]+$/u.test(email)) return refuse('no-email');
  if (claims.email_verified !== true) return refuse('email-not-verified');
  const hd = stringClaim(claims.hd)?.toLowerCase();
  if (hd === undefined) return refuse('not-workspace-account');
  if (hd !== allowedDomain) return refuse('other-workspace');
  return {
    admitted: true,
    identity: {
      subject: String(claims.sub),
      email,
      name: stringClaim(claims.name) ?? email.slice(0, email.indexOf('@')),
      picture: pictureClaim(claims.picture),
    },
  };
}
