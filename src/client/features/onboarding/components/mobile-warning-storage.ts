/** Where the dismissal is remembered (docs/product.md#browser-storage). */
export const MOBILE_WARNING_KEY = 'mobile-warning-dismissed';

/**
 * True when the person has dismissed the mobile warning (docs/product.md#mobile-warning); false when storage is
 * blocked.
 */
export function isMobileWarningDismissed(): boolean {
  try {
    return localStorage.getItem(MOBILE_WARNING_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Remembers the dismissal, or forgets it; blocked storage means the dialog simply shows again next time. */
export function rememberMobileWarningDismissal(dismissed: boolean): void {
  try {
    if (dismissed) localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    else localStorage.removeItem(MOBILE_WARNING_KEY);
  } catch {
    // Storage blocked: the dialog then simply shows again next time.
  }
}
