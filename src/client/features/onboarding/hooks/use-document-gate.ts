import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds a document step waits before its button unlocks (docs/product.md#step-widgets, docs/product.md#constants:
 * "PDF countdown 15 s").
 */
export const DOCUMENT_WAIT_SECONDS = 15;

/** How often the countdown is checked; the shown seconds change only once a second. */
const TICK_MS = 250;

/** The state of a document step's button (docs/product.md#step-widgets). */
export interface DocumentGate {
  /** True once the countdown ended or the document was downloaded. */
  unlocked: boolean;
  /** Whole seconds left while the countdown runs; null before it starts and once unlocked. */
  secondsLeft: number | null;
  /** Starts the countdown (once the document is shown); does nothing if it runs or is done. */
  start: () => void;
  /** Unlocks at once (the document was downloaded). */
  unlock: () => void;
  /** Back to the start (the step was reset). */
  reset: () => void;
}

/**
 * The 15-second wait of a document step (docs/product.md#step-widgets: a 15 s countdown,
 * 'Please wait (Ns)', then the button unlocks; Download unlocks it at once). Counts against a deadline, so a slow or
 * throttled tab never waits longer.
 */
export function useDocumentGate(): DocumentGate {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [unlocked, setUnlocked] = useState(false);

  useEffect(() => {
    if (deadline === null || unlocked) return;
    const timer = setInterval(() => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left > 0) {
        setSecondsLeft(left);
        return;
      }
      setUnlocked(true);
      setSecondsLeft(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline, unlocked]);

  const start = useCallback(() => {
    setDeadline((d) => d ?? Date.now() + DOCUMENT_WAIT_SECONDS * 1000);
    setSecondsLeft((s) => s ?? DOCUMENT_WAIT_SECONDS);
  }, []);
  const unlock = useCallback(() => setUnlocked(true), []);
  const reset = useCallback(() => {
    setUnlocked(false);
    setDeadline(null);
    setSecondsLeft(null);
  }, []);

  return { unlocked, secondsLeft: unlocked ? null : secondsLeft, start, unlock, reset };
}
