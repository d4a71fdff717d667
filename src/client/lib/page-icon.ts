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
  const win = window;
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
  // Safari has no requestIdleCallback: the wait alone.
  const whenIdle = () =>
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === 'function')
        win.requestIdleCallback(show, { timeout: ICON_IDLE_TIMEOUT_MS });
      else show();
    }, ICON_DELAY_MS);
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
