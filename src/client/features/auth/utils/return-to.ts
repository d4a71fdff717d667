import { RETURN_TO_PARAM, safeReturnTo } from '@shared/google-sign-in-paths';

/**
 * Where to go after signing in, from the login page's address (`/login?returnTo=/dashboard?step=x`, docs/product.md#sign-in):
 * a safe path on this site, else undefined (the dashboard).
 * @param search the login page's query string
 */
export function returnToOf(search: string): string | undefined {
  const value = new URLSearchParams(search).get(RETURN_TO_PARAM);
  return value === null ? undefined : safeReturnTo(value);
}

/**
 * The login page's address that comes back to `path` after signing in (plain /login for the dashboard itself).
 * @param path the path and query string of the page that needs a session, e.g. `/dashboard?step=set-up-slack`
 */
export function loginHrefFor(path: string): string {
  return path === '/dashboard' || path === '/'
    ? '/login'
    : `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: path }).toString()}`;
}
