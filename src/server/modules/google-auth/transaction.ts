import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { safeReturnTo } from '../../../shared/google-sign-in-api.js';

/**
 * The OpenID Connect transaction of one sign-in (docs/architecture.md#google-sign-in): what the server must remember
 * between sending the browser to the provider and the browser coming back. It lives in a short-lived, HttpOnly,
 * SameSite=Lax cookie, encrypted and authenticated with a key derived from SESSION_SECRET (A256GCM), so it needs no
 * database table and the browser can neither read nor change it. It is cleared on first use; {@link
 * ConsumedTransactions} refuses a replay within this process, and the provider accepts each authorization code only
 * once.
 */

/** How long a sign-in may take from the start route to the callback. */
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

const transactionSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.url(),
  // Checked again with the rule of the start route when the transaction is opened: a transaction sealed by an older
  // version of the app, or with an older rule, never sends the browser somewhere today's rule refuses (it goes to the
  // dashboard instead).
  returnTo: z.string().transform((value) => safeReturnTo(value)),
});

/** One sign-in's secrets and where it returns to. */
export type OidcTransaction = z.infer<typeof transactionSchema>;

/** The key of the latest secret: a server has one SESSION_SECRET, so every sign-in after the first reuses it. */
let derived: { secret: string; key: Uint8Array } | undefined;

/** A 256-bit key for the transaction cookie, derived from SESSION_SECRET (HKDF-SHA256, its own label) once. */
function transactionKey(secret: string): Uint8Array {
  if (derived?.secret !== secret)
    derived = {
      secret,
      key: new Uint8Array(hkdfSync('sha256', secret, 'onboarding', 'oidc-transaction-cookie-v1', 32)),
    };
  return derived.key;
}

/**
 * Seals a transaction into the cookie value: a compact JWE (dir + A256GCM) that expires {@link TRANSACTION_TTL_MS}
 * after `now`.
 * @param secret SESSION_SECRET
 * @param transaction state, nonce, PKCE code verifier, redirect URI and return path
 * @param now the app's clock
 * @returns the cookie value
 */
export async function sealTransaction(secret: string, transaction: OidcTransaction, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ ...transaction })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'oidc-transaction' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TRANSACTION_TTL_MS / 1000)
    .encrypt(transactionKey(secret));
}

/**
 * Opens a transaction cookie sealed by {@link sealTransaction} with the same secret.
 * @param secret SESSION_SECRET
 * @param sealed the cookie value
 * @param now the app's clock
 * @returns the transaction and its expiry, or null when the value is missing, forged, tampered with, sealed with
 *   another secret, malformed or expired. Never throws.
 */
export async function openTransaction(
  secret: string,
  sealed: string | undefined,
  now: Date,
): Promise<{ transaction: OidcTransaction; expiresAt: Date } | null> {
  if (sealed === undefined || sealed === '') return null;
  try {
    const { payload } = await jwtDecrypt(sealed, transactionKey(secret), {
      currentDate: now,
      clockTolerance: 0,
      typ: 'oidc-transaction',
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const parsed = transactionSchema.safeParse(payload);
    if (!parsed.success || typeof payload.exp !== 'number') return null;
    return { transaction: parsed.data, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}

/**
 * The `state` values of transactions already used in this process, kept until the transaction would have expired,
 * so a callback replayed with a copy of the cookie is refused before the provider is asked again. Several processes
 * do not share it; there the provider's one-use authorization codes refuse the replay
 * (docs/architecture.md#scaling-out).
 */
export class ConsumedTransactions {
  readonly #expiries = new Map<string, number>();

  /**
   * Marks a transaction as used.
   * @param state the transaction's state
   * @param expiresAt when the transaction expires anyway
   * @param now the app's clock
   * @returns true the first time, false when this state was already used (a replay)
   */
  consume(state: string, expiresAt: Date, now: Date): boolean {
    for (const [key, expiry] of this.#expiries) if (expiry <= now.getTime()) this.#expiries.delete(key);
    if (this.#expiries.has(state)) return false;
    this.#expiries.set(state, expiresAt.getTime());
    return true;
  }
}
