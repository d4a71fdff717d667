import { useCallback, useEffect, useState } from 'react';

/** After this long still loading, a media item says so (SPEC §4 "Media", §9 "Media slow-load 8000 ms"). */
export const SLOW_LOAD_MS = 8000;

/** Where a media item is: loading, still loading after {@link SLOW_LOAD_MS}, loaded, or failed. */
export type LoadState = 'loading' | 'slow' | 'loaded' | 'failed';

/**
 * The loading state of one media item (SPEC §4 "Media: loading, then loaded or failed. After 8 s of loading, message
 * changes to slow-load text").
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
