import { useRef } from 'react';

/**
 * Counts clicks and calls `onCount` at every `count`-th one, then starts counting again (SPEC §2 "Clicking the logo 5
 * times triggers confetti (counter resets)").
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
