/**
 * The paths of Google sign-in (google-sign-in-api.ts has the contract). Kept apart from the zod schemas so that the
 * client's login screen can import them without zod (docs/architecture.md#client-bundle).
 */

/** The route that starts a Google sign-in (a full-page navigation, not a fetch). */
export const GOOGLE_START_PATH = '/api/auth/google/start';

/** The route the login screen posts the authorization response to. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * Where the provider sends the browser back to: the site origin followed by /login
 * (docs/architecture.md#google-sign-in).
 */
export const GOOGLE_REDIRECT_PATH = '/login';

/** The query parameter of the start route naming where to go after signing in (a path on this site). */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * A safe place to go after signing in: a path on this site (`/…`, not `//host` or `/\host`, no control characters,
 * not the login screen or the API), else `/dashboard`.
 * @param value the requested path, e.g. from `?returnTo=`
 * @returns the path itself when safe, else '/dashboard'
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (
    typeof value !== 'string' ||
    value.length > 512 ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    value === GOOGLE_REDIRECT_PATH ||
    value.startsWith(`${GOOGLE_REDIRECT_PATH}?`) ||
    value.startsWith('/api/') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/u.test(value)
  ) {
    return '/dashboard';
  }
  return value;
}
