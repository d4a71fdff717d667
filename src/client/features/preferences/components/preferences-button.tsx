import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { savePreferences } from '../api/save-preferences';
import {
  PREFERENCES_TITLE,
  type PreferencesSavedTo,
  readStoredPreferences,
  showPreferences,
  storePreferences,
} from '../utils/page-preferences';

/** The panel, a chunk of its own: loaded when the member first opens it (docs/architecture.md#client-bundle). */
const PreferencesDialog = lazy(() =>
  import('./preferences-dialog').then((module) => ({ default: module.PreferencesDialog })),
);

/**
 * Saves to the member's account the preferences chosen in this browser before sign-in, once signed in.
 * @returns nothing; a failure leaves them unsaved in the browser, to be tried again on the next page
 */
async function saveChosenBeforeSignIn(): Promise<void> {
  const stored = readStoredPreferences();
  if (stored === null || !stored.unsaved) return;
  showPreferences(stored.preferences);
  try {
    storePreferences({ preferences: await savePreferences(stored.preferences), unsaved: false });
  } catch {
    // Kept unsaved; the next signed-in page tries again.
  }
}

/**
 * The header's 'Reading and display' button (docs/product.md#reading-and-display): opens the panel of reading and
 * display preferences. On a signed-in page it also saves to the account what was chosen on the login page.
 * @param savedTo 'account' on the signed-in pages, 'browser' on those before sign-in (login and demo pages)
 */
export function PreferencesButton({ savedTo }: { savedTo: PreferencesSavedTo }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (savedTo === 'account') void saveChosenBeforeSignIn();
  }, [savedTo]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 7V4h16v3M9 20h6M12 4v16" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {PREFERENCES_TITLE}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PreferencesDialog
            savedTo={savedTo}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
