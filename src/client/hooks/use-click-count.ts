import { useRef } from 'react';

/**
 * Counts clicks and calls `onCount` at every `count`-th one, then starts counting again
 * (docs/product.md#header-and-footer: five clicks on the logo play confetti).
 * @returns the click handler
 */
export function useClickCount(count: number, onCount: () => void): () => void {
  const clicks = useRef(0);
  return () => {
    clicks.current += 1;
    if (clicks.current >= count) {
      clicks.current = 0;
      onCount();
    }
  };
}
