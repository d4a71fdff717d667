/**
 * Full page loads between the app's two documents (docs/decisions/012-login-page-own-entry.md): the login screen is
 * its own page (login.html, no router), so going to /login from the app, or to the app from /login, loads the other
 * document. One object, so that tests in jsdom (which cannot load another document) can watch the calls.
 */
export const pageNavigation = {
  /**
   * Opens `href` in place of the current page (history replaced, as the router's `replace` did).
   * @param href a path on this site, e.g. '/login' or '/dashboard'
   */
  replace(href: string): void {
    window.location.replace(href);
  },
  /**
   * Goes to `href`, keeping the current page in the history (the Back button returns to it).
   * @param href an address on this site, e.g. the server's Google sign-in start route
   */
  assign(href: string): void {
    window.location.assign(href);
  },
};
