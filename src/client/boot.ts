import './styles/index.css';

/**
 * The app's document's only script at first (index.html): it loads the app (main.tsx) once the browser has painted the
 * document (docs/decisions/030-dashboard-first-screen-from-the-server.md). On /dashboard the document holds the
 * member's steps rendered by the server, so they are on the screen before any of the app's code has arrived or run; on
 * a phone, loading and running that code first would keep them off the screen for about a second. Elsewhere the
 * document shows 'Loading' meanwhile. A page in a background tab paints nothing: it loads the app at once.
 *
 * The app's address is the document's `<meta name="app-script">` (main.tsx; the build writes the app's chunk there,
 * vite.config.ts firstPaintDocument()), not an `import()` of main.tsx: the bundler would then make this script import
 * its preload helper, and with it a large chunk, before it could run.
 */
function afterFirstPaint(start: () => void): void {
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  // A frame's callbacks run just before it is painted; a task queued from one runs after.
  requestAnimationFrame(() => setTimeout(start, 0));
}

/** What the page says when its scripts could not be loaded: the steps may be on the screen, but nothing works yet. */
const LOAD_FAILURE_TEXT =
  "This page couldn't finish loading, so its buttons don't work yet. Check your connection, then reload the page.";

/**
 * Says on the page, above everything, that the app could not be loaded and what to do, with a button that reloads it
 * (no app is there to show a toast or the error page); the error itself goes to the console.
 * @param error why the app's script could not be loaded or run
 */
function reportLoadFailure(error: unknown): void {
  console.error('The app could not be loaded.', error);
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.className =
    'flex flex-wrap items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900';
  const text = document.createElement('p');
  text.textContent = LOAD_FAILURE_TEXT;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload page';
  reload.className = 'rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white';
  reload.addEventListener('click', () => window.location.reload());
  alert.append(text, reload);
  document.body.prepend(alert);
}

/**
 * On a page the server sent without the member's reading and display preferences (signed out: the demo and 404
 * pages), shows the ones this browser keeps, before the first paint (docs/product.md#reading-and-display). Written out
 * here rather than imported from the preferences feature, which would make this script load the app's shared chunk
 * first; the key and the attributes are those of src/client/features/preferences/utils/page-preferences.ts and
 * src/shared/preferences.ts, and the style sheet ignores a value it does not know.
 */
function showStoredPreferences(): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-theme')) return;
  try {
    const stored = JSON.parse(localStorage.getItem('onboarding_preferences') ?? 'null') as {
      preferences?: Record<string, unknown>;
    } | null;
    const chosen = stored?.preferences;
    if (chosen === undefined) return;
    const attributes: Record<string, unknown> = {
      'data-text-size': chosen.textSize,
      'data-spacing': chosen.spacing === true ? 'wide' : 'standard',
      'data-font': chosen.font,
      'data-theme': chosen.theme,
      'data-motion': chosen.motion,
      'data-steps': chosen.oneStepAtATime === true ? 'one' : 'all',
      'data-reading': chosen.easyRead === true ? 'easy' : 'standard',
    };
    for (const [name, value] of Object.entries(attributes)) {
      if ((typeof value === 'string' || typeof value === 'number') && /^[a-z0-9]+$/.test(String(value)))
        root.setAttribute(name, String(value));
    }
  } catch {
    // Nothing kept, or storage unavailable: the system's settings.
  }
}

showStoredPreferences();
const app = document.querySelector<HTMLMetaElement>('meta[name="app-script"]')?.content;
if (app === undefined) reportLoadFailure(new Error('The document names no app script (<meta name="app-script">).'));
else afterFirstPaint(() => void import(/* @vite-ignore */ app).catch(reportLoadFailure));
