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

/** Where an error that stops the app from loading goes (the console: there is no app yet to show it). */
function reportLoadFailure(error: unknown): void {
  console.error('The app could not be loaded. Reload the page to try again.', error);
}

const app = document.querySelector<HTMLMetaElement>('meta[name="app-script"]')?.content;
if (app === undefined) reportLoadFailure(new Error('The document names no app script (<meta name="app-script">).'));
else afterFirstPaint(() => void import(/* @vite-ignore */ app).catch(reportLoadFailure));
