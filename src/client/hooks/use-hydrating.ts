import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the answer changes once, when hydration ends, and React re-renders for that itself. */
const subscribeToNothing = () => () => {};

/**
 * Whether this render must match the HTML the server rendered (docs/decisions/030-dashboard-first-screen-from-the-server.md):
 * true on the server and while the browser hydrates that HTML, false in every other render. React asks for the server's
 * answer during hydration and renders again at once with the browser's, so a component can render on its first pass
 * exactly what the server did (no browser state: storage, media queries, what has loaded) and use the browser's right
 * after.
 * @returns true while rendering on the server or hydrating its HTML
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
