import type { ExternalToast } from 'sonner';
import { toast } from './toasts';

/** sessionStorage key of the toasts waiting for the next page (docs/decisions/012-login-page-own-entry.md). */
export const PENDING_TOASTS_KEY = 'onboarding_pending_toasts';

/** The kinds of `toast` of lib/toasts.ts a stored toast may use. */
export type StoredToastKind = 'message' | 'error' | 'success';

/** The options a stored toast keeps: only what survives JSON (no actions, no callbacks, no elements). */
export type StoredToastOptions = Pick<ExternalToast, 'id' | 'duration' | 'toasterId'> & { description?: string };

interface StoredToast {
  kind: StoredToastKind;
  title: string;
  options?: StoredToastOptions;
}

function isStoredToast(value: unknown): value is StoredToast {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, title, options } = value as Record<string, unknown>;
  return (
    (kind === 'message' || kind === 'error' || kind === 'success') &&
    typeof title === 'string' &&
    (options === undefined || (typeof options === 'object' && options !== null))
  );
}

function readStored(): StoredToast[] {
  try {
    const raw = sessionStorage.getItem(PENDING_TOASTS_KEY);
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStoredToast) : [];
  } catch {
    // Storage off (private mode) or not JSON: nothing to show.
    return [];
  }
}

/**
 * Keeps a toast for the next page, for a toast shown just before a full page load (toasts of
 * docs/product.md#exact-texts, e.g. 'Logged Out' before the login page, 'Development Mode' before the dashboard): the
 * next document shows it at start ({@link showToastsFromLastPage}). Without sessionStorage the toast is shown here at
 * once instead (it may be lost with the page).
 * @param kind 'message' (sonner's default toast), 'error' or 'success'
 * @param title the toast's title
 * @param options description, id, duration or toaster of the toast
 */
export function toastAfterNavigation(kind: StoredToastKind, title: string, options?: StoredToastOptions): void {
  const next: StoredToast[] = [...readStored(), { kind, title, ...(options ? { options } : {}) }];
  try {
    sessionStorage.setItem(PENDING_TOASTS_KEY, JSON.stringify(next));
  } catch {
    if (kind === 'message') toast(title, options);
    else toast[kind](title, options);
  }
}

/**
 * Shows, and forgets, the toasts the last page kept for this one ({@link toastAfterNavigation}). Each entry (the app's
 * main.tsx and the login page's login-main.tsx) calls it once at start; without stored toasts it loads nothing (the
 * toasters chunk loads with the first toast).
 * @returns how many toasts were shown
 */
export function showToastsFromLastPage(): number {
  const stored = readStored();
  try {
    sessionStorage.removeItem(PENDING_TOASTS_KEY);
  } catch {
    // Storage off: nothing was stored either.
  }
  for (const { kind, title, options } of stored) {
    if (kind === 'message') toast(title, options);
    else toast[kind](title, options);
  }
  return stored.length;
}
