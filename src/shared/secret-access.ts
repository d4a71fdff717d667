/**
 * Who may see a shared password (docs/product.md#shared-passwords). A pure decision: the server applies it before
 * returning a secret, the client uses the reasons to show the placeholder tooltips.
 */

/**
 * How the requester is signed in. `preview` is a role preview (docs/product.md#role-preview); it never sees secrets.
 */
export type SessionKind = 'anonymous' | 'development' | 'preview' | 'google';

/** Why a secret is withheld. */
export type SecretRefusalReason = 'not-signed-in' | 'role-mismatch' | 'development';

/** What {@link decideSecretAccess} needs to know. */
export interface SecretAccessInput {
  /** The step's `envVariable.requiredRole`: role keys, aliases or free role texts; '*' allows every role. */
  stepRequiredRole: readonly string[];
  /** True for the test step (TEST_PASS), which any signed-in role may see (docs/product.md#shared-passwords). */
  isTestStep: boolean;
  session: SessionKind;
  /** The member's resolved role configuration key, e.g. 'finance'. */
  memberRoleKey: string;
  /** Every configuration the member's role inherits, transitively (ResolvedRole.inherits). */
  inheritedRoleKeys: readonly string[];
  /** The member's role text before lookup, e.g. 'Treasurer' or 'graphic designer', if there was one. */
  memberRoleText?: string;
}

export type SecretAccessDecision = { allowed: true } | { allowed: false; reason: SecretRefusalReason };

/** The tooltip on the hidden placeholder for each refusal reason (docs/product.md#shared-passwords). */
export const SECRET_REFUSAL_TEXT: Readonly<Record<SecretRefusalReason, string>> = {
  'not-signed-in': 'Sign in to view with Google',
  'role-mismatch': "You don't have the necessary permissions to view this password",
  development: 'Development mode - real passwords hidden',
};

const norm = (s: string) => s.trim().replace(/\s+/gu, ' ').toLowerCase();

/**
 * Decides whether a member may see a step's shared password (docs/product.md#shared-passwords).
 *
 * First the session: anonymous → 'not-signed-in'; development or preview → 'development'
 * (docs/product.md#shared-passwords: only a real Google session ever sees a real secret; there is deliberately no
 * exception for local development). Then, for a Google session, allowed when `stepRequiredRole` contains '*', or the
 * step is the test step, or one of
 * `stepRequiredRole` equals (trimmed, case-insensitive, whitespace collapsed) the member's role key, the raw role
 * text, or an inherited key; otherwise 'role-mismatch'. A member whose role is `test` gets no special access: the
 * test exception is the test step, not the test role.
 * @returns `{ allowed: true }` or `{ allowed: false, reason }`; never throws
 */
export function decideSecretAccess(input: SecretAccessInput): SecretAccessDecision {
  if (input.session === 'anonymous') return { allowed: false, reason: 'not-signed-in' };
  if (input.session !== 'google') return { allowed: false, reason: 'development' };
  if (input.isTestStep) return { allowed: true };
  const allowedRoles = new Set(input.stepRequiredRole.map(norm));
  if (allowedRoles.has('*')) return { allowed: true };
  const memberRoles = [input.memberRoleKey, ...input.inheritedRoleKeys, input.memberRoleText ?? '']
    .map(norm)
    .filter((r) => r !== '');
  return memberRoles.some((r) => allowedRoles.has(r)) ? { allowed: true } : { allowed: false, reason: 'role-mismatch' };
}
