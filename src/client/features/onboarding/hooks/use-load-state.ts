import { useCallback, useEffect, useState } from 'react';

/**
 * After this long still loading, a media item says so (docs/product.md#step-widgets, docs/product.md#constants: "Media
 * slow-load 8000 ms").
 */
export const SLOW_LOAD_MS = 8000;

/** Where a media item is: loading, still loading after {@link SLOW_LOAD_MS}, loaded, or failed. */
export type LoadState = 'loading' | 'slow' | 'loaded' | 'failed';

/**
 * The loading state of one media item (docs/product.md#step-widgets: loading, then loaded or
 * failed; after 8 s of loading the message changes).
 * @param failedAtOnce true when the item cannot load at all (e.g. an invalid YouTube address): failed from the start
 * @returns the state and the handlers for the element's load and error events
 */
export function useLoadState(failedAtOnce = false): { state: LoadState; onLoad: () => void; onError: () => void } {
  const [state, setState] = useState<LoadState>(failedAtOnce ? 'failed' : 'loading');
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'slow' : s)), SLOW_LOAD_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const onLoad = useCallback(() => setState((s) => (s === 'failed' ? s : 'loaded')), []);
  const onError = useCallback(() => setState('failed'), []);
  return { state, onLoad, onError };
}
