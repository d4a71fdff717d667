import { assetPaths } from '@/config/paths';

/** How long after the page's load the icon waits (ms): on a phone the page is still rendering its first screen then. */
const ICON_DELAY_MS = 2_000;
/** How much longer it waits at most for the browser to be idle (ms). */
const ICON_IDLE_TIMEOUT_MS = 2_000;

/**
 * Points the page's icon at the organisation's logo (`/content/logo.svg`) two seconds after the page has loaded, once
 * the browser is idle. The built documents carry an empty icon (`data:,`, which also keeps the browser from asking for
 * /favicon.ico): a browser asks for a document's icon as soon as the document has arrived, and on a phone's connection
 * that request took the document's connection, already warmed up, from the scripts the first paint waits for
 * (docs/decisions/029-first-paint-requests.md). The icon is the last thing a volunteer needs.
 */
export function showPageIconWhenIdle(): void {
  const doc = document;
  const show = () => {
    let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link === null) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.append(link);
    }
    link.type = 'image/svg+xml';
    link.href = assetPaths.logo;
  };
  afterLoadWhenIdle(show);
}

/**
 * Asks for the build's style sheet once the login page is idle, as a prefetch (the browser's lowest priority): the
 * dashboard a member goes to next links that file instead of carrying it in its document, so that the document fits in
 * the first TCP window of a phone's connection (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md), and
 * then finds it in the browser's cache. The addresses are those of the document's own style sheet links, kept disabled
 * there (the document carries the styles itself; vite.config.ts firstPaintDocument()). None in development.
 */
export function prefetchStyleSheetWhenIdle(): void {
  afterLoadWhenIdle(() => {
    for (const sheet of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')) {
      const href = sheet.getAttribute('href');
      if (href === null) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.setAttribute('as', 'style');
      // As the dashboard's link asks for it (vite.config.ts writes its links with `crossorigin`).
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
  });
}

/** Runs `work` two seconds after the page has loaded, once the browser is idle (at most two seconds more). */
function afterLoadWhenIdle(work: () => void): void {
  const win = window;
  // Safari has no requestIdleCallback: the wait alone.
  const whenIdle = () =>
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === 'function')
        win.requestIdleCallback(work, { timeout: ICON_IDLE_TIMEOUT_MS });
      else work();
    }, ICON_DELAY_MS);
  if (document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
