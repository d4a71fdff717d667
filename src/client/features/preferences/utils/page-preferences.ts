import { type Preferences, preferenceAttributes, preferencesFrom } from '@shared/preferences';

/**
 * The preferences of this page (docs/product.md#reading-and-display): the attributes of its `<html>` element, which the
 * server writes into the document for a signed-in member and which this browser keeps in its storage for the pages
 * before sign-in.
 */

/** The title of the panel and the name of the button that opens it (docs/product.md#reading-and-display). */
export const PREFERENCES_TITLE = 'Reading and display';

/**
 * Where a choice is saved: the member's account (signed in), only this browser (before sign-in), or the newcomer's
 * pre-boarding (docs/product.md#pre-boarding: theirs from their first Google sign-in).
 */
export type PreferencesSavedTo = 'account' | 'browser' | 'preboarding';

/** The browser's copy: `{ preferences, unsaved }`; `unsaved` while they were chosen signed out (login page). */
export const PREFERENCES_STORAGE_KEY = 'onboarding_preferences';

/** What the browser keeps. */
export interface StoredPreferences {
  preferences: Preferences;
  /** True when chosen before sign-in: saved to the member's account at the next signed-in page. */
  unsaved: boolean;
}

/**
 * The preferences the page shows now, read from its `<html>` attributes (any missing or unknown one: its default).
 * @returns complete preferences
 */
export function pagePreferences(): Preferences {
  const root = document.documentElement;
  const size = Number(root.getAttribute('data-text-size'));
  return preferencesFrom({
    textSize: size,
    spacing: root.getAttribute('data-spacing') === 'wide',
    font: root.getAttribute('data-font'),
    theme: root.getAttribute('data-theme'),
    motion: root.getAttribute('data-motion'),
    oneStepAtATime: root.getAttribute('data-steps') === 'one',
    easyRead: root.getAttribute('data-reading') === 'easy',
  });
}

/**
 * Shows `preferences` on the page at once: sets the `<html>` attributes the style sheet reads (src/client/styles/index.css).
 * @param preferences what to show
 */
export function showPreferences(preferences: Preferences): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(preferenceAttributes(preferences))) root.setAttribute(name, value);
}

/** The browser's copy, or null when there is none or it cannot be read. */
export function readStoredPreferences(): StoredPreferences | null {
  try {
    const raw = localStorage.getItem(PREFERENCES_STORAGE_KEY);
    if (raw === null) return null;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null || !('preferences' in stored)) return null;
    return {
      preferences: preferencesFrom(stored.preferences),
      unsaved: 'unsaved' in stored && stored.unsaved === true,
    };
  } catch {
    return null;
  }
}

/** Keeps `stored` in the browser (nothing when storage is unavailable: the page still shows them). */
export function storePreferences(stored: StoredPreferences): void {
  try {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private mode or full storage: the choice holds for this page only.
  }
}

/**
 * On a page the server sent without the member's preferences (signed out: the login page, the demo page), shows the
 * ones this browser keeps.
 */
export function showStoredPreferences(): void {
  if (document.documentElement.hasAttribute('data-theme')) return;
  const stored = readStoredPreferences();
  if (stored !== null) showPreferences(stored.preferences);
}
