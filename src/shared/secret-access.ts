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
  /**
   * The name the role lookup matched (RoleLookupResult.name, docs/product.md#role-lookup): the configuration key when
   * the text was the key or matched nothing, otherwise the alias, e.g. 'graphic designer' or 'director of finance' —
   * never the key an alias leads to ('graphic designer' leads to `external`, which the Instagram list names).
   */
  memberRoleName: string;
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

/**
 * The form in which role names are compared (docs/product.md#shared-passwords): lower case, without spaces,
 * underscores or hyphens, so that 'Content_Creator' and 'blogwriter' are the listed 'content creator' and 'blog writer'.
 * @param name a role name, key or list entry
 * @returns the comparable form, '' for a blank name
 */
export function comparableRoleName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/gu, '');
}

/**
 * Decides whether a member may see a step's shared password (docs/product.md#shared-passwords).
 *
 * First the session: anonymous → 'not-signed-in'; development or preview → 'development'
 * (docs/product.md#shared-passwords: only a real Google session ever sees a real secret; there is deliberately no
 * exception for local development). Then, for a Google session, allowed when `stepRequiredRole` contains '*', or the
 * step is the test step, or one of `stepRequiredRole` is (see {@link comparableRoleName}) the member's role text, the
 * name the lookup matched, or an inherited key; otherwise 'role-mismatch'. The key an alias leads to does not count:
 * the lists name each alias they allow, and 'graphic designer' (an alias of External) is on the Design e-mail and Wix
 * lists but not on Instagram's. A member whose role is `test` gets no special access: the test exception is the test
 * step, not the test role.
 * @returns `{ allowed: true }` or `{ allowed: false, reason }`; never throws
 */
export function decideSecretAccess(input: SecretAccessInput): SecretAccessDecision {
  if (input.session === 'anonymous') return { allowed: false, reason: 'not-signed-in' };
  if (input.session !== 'google') return { allowed: false, reason: 'development' };
  if (input.isTestStep) return { allowed: true };
  const allowedRoles = new Set(input.stepRequiredRole.map(comparableRoleName));
  if (allowedRoles.has('*')) return { allowed: true };
  const memberRoles = [input.memberRoleName, ...input.inheritedRoleKeys, input.memberRoleText ?? '']
    .map(comparableRoleName)
    .filter((r) => r !== '');
  return memberRoles.some((r) => allowedRoles.has(r)) ? { allowed: true } : { allowed: false, reason: 'role-mismatch' };
}
