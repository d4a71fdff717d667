import { type ComponentType, lazy } from 'react';

/**
 * A page's code could not be downloaded (no connection, or a new release removed the old chunk). The Error page offers
 * 'Try again' for it, which loads the page anew. The message is the browser's own, as the Error page showed before.
 */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

/**
 * A page as its own chunk (docs/architecture.md#client-bundle): React.lazy over the page module's named export, for
 * `<Suspense>`.
 * @param load imports the page module and returns its component, e.g. `async () => (await import('./routes/demo')).DemoRoute`
 * @returns the lazy component; rendering it suspends until the chunk is here, and throws a {@link PageLoadError} to the
 *   nearest error boundary when the download fails
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      throw new PageLoadError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  });
}
