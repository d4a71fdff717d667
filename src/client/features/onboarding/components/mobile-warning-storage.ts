import { MOBILE_WARNING_COOKIE } from '@shared/document-answers';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** Where the dismissal is remembered (docs/product.md#browser-storage). */
export const MOBILE_WARNING_KEY = 'mobile-warning-dismissed';

/** How long the dismissal cookie is kept: a year, in seconds. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Components that show whether the warning was dismissed (the notice under the progress panel). */
const listeners = new Set<() => void>();

/**
 * Whether this browser sent the dismissal cookie ({@link MOBILE_WARNING_COOKIE}) the server renders the first screen
 * from; false where there is no document.
 */
export function isMobileWarningCookieSet(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim() === `${MOBILE_WARNING_COOKIE}=1`);
}

/**
 * True when the person has dismissed the mobile warning (docs/product.md#mobile-warning): in localStorage, or in the
 * cookie (storage blocked); false when neither says so.
 */
export function isMobileWarningDismissed(): boolean {
  try {
    if (localStorage.getItem(MOBILE_WARNING_KEY) === 'true') return true;
  } catch {
    // Storage blocked: the cookie may still say so.
  }
  return isMobileWarningCookieSet();
}

/**
 * Remembers the dismissal, or forgets it: in localStorage and in a cookie the server reads (a year, the whole site,
 * SameSite=Lax; Secure on https), so that the first screen it renders does not repeat the warning. Blocked storage
 * means the dialog simply shows again next time.
 */
export function rememberMobileWarningDismissal(dismissed: boolean): void {
  try {
    if (dismissed) localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    else localStorage.removeItem(MOBILE_WARNING_KEY);
  } catch {
    // Storage blocked: the cookie below still says it.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = dismissed ? `1; Max-Age=${COOKIE_MAX_AGE_S}` : '; Max-Age=0';
  document.cookie = `${MOBILE_WARNING_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the server rendered the page for a browser that had dismissed the mobile warning (its cookie): the answer
 * while rendering on the server and while hydrating that HTML (docs/decisions/030-dashboard-first-screen-from-the-server.md).
 */
export const MobileWarningDismissedContext = createContext(false);

/**
 * Whether the mobile warning was dismissed in this browser, kept up to date when it is dismissed or forgotten. While
 * rendering on the server and hydrating, the server's answer ({@link MobileWarningDismissedContext}).
 * @returns true once dismissed
 */
export function useMobileWarningDismissed(): boolean {
  const serverAnswer = useContext(MobileWarningDismissedContext);
  return useSyncExternalStore(subscribe, isMobileWarningDismissed, () => serverAnswer);
}
