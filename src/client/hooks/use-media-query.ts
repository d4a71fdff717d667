import { useCallback, useContext, useSyncExternalStore } from 'react';
import { FirstScreenWidthContext } from '@/lib/first-screen-width';

/**
 * Whether a CSS media query matches, kept up to date as the window changes. False where matchMedia is missing.
 * @param query the media query (`(max-width: 767.98px)`)
 * @param serverAnswer the answer while rendering on the server and while hydrating its HTML, where the window is not
 *   known (default false)
 * @returns whether the query matches
 */
export function useMediaQuery(query: string, serverAnswer = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => serverAnswer,
  );
}

/** docs/product.md#constants: mobile means a viewport under 768 px wide. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the screen is a phone's (docs/product.md#constants). While rendering on the server and while hydrating its
 * HTML, the answer is the width the server guessed (lib/first-screen-width.ts), so that a phone's first screen does not
 * change when the app takes it over.
 * @returns true under 768 px wide
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, useContext(FirstScreenWidthContext) === 'phone');
}
