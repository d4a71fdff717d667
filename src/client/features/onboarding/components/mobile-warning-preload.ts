import { MOBILE_QUERY } from '@/hooks/use-media-query';
import type * as ContentChunk from './mobile-warning-content';

/** Where the dismissal is remembered (docs/product.md#browser-storage). */
export const MOBILE_WARNING_KEY = 'mobile-warning-dismissed';

type ContentModule = typeof ContentChunk;
let loading: Promise<ContentModule> | undefined;

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

/**
 * Loads the mobile warning dialog's chunk (Radix Dialog and its focus trap), which only phones need, once; a failed
 * load may be started again.
 * @returns the chunk
 */
export function loadMobileWarning(): Promise<ContentModule> {
  loading ??= import('./mobile-warning-content').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * On a phone that will show the warning (docs/product.md#mobile-warning: under 768 px, not dismissed), starts loading
 * its chunk together with the page's own code instead of after the page has rendered
 * (docs/architecture.md#client-bundle: the dialog is the largest thing a phone paints, so it should not wait for one
 * more round trip). Does nothing elsewhere.
 */
export function preloadMobileWarningOnPhones(): void {
  if (typeof window.matchMedia !== 'function' || !window.matchMedia(MOBILE_QUERY).matches || isMobileWarningDismissed()) return;
  loadMobileWarning().catch(() => {
    // The dialog tries again when it mounts; the page works without it.
  });
}
