/**
 * Confetti (docs/product.md#progress-rules, docs/product.md#header-and-footer): canvas-confetti, imported only when
 * confetti first plays so it is never part of the login or dashboard start-up code. People who ask for reduced motion
 * get none (docs/product.md#accessibility).
 */

/** How long a celebration lasts (docs/product.md#constants: "Confetti 10 s"). */
export const CONFETTI_DURATION_MS = 10_000;
/** Pieces of confetti on the dashboard and on the demo page (docs/product.md#constants). */
export const DASHBOARD_CONFETTI_PIECES = 400;
export const DEMO_CONFETTI_PIECES = 300;

/** Bursts fired over the duration; the pieces are shared out between them. */
const BURST_INTERVAL_MS = 250;

/**
 * Whether the person asked for reduced motion: their choice in 'Reading and display' (the `<html>` attribute
 * `data-motion`, docs/product.md#reading-and-display), else the system's `prefers-reduced-motion`.
 */
export function prefersReducedMotion(): boolean {
  const chosen = document.documentElement.getAttribute('data-motion');
  if (chosen === 'reduced' || chosen === 'full') return chosen === 'reduced';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Plays confetti: `pieces` pieces in small bursts from both sides over `durationMs`. Does nothing with reduced motion.
 * @param pieces total number of pieces (e.g. {@link DASHBOARD_CONFETTI_PIECES})
 * @param durationMs how long it plays (default {@link CONFETTI_DURATION_MS})
 * @returns a function that stops it early (safe to call at any time)
 */
export function playConfetti(pieces: number, durationMs: number = CONFETTI_DURATION_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  if (prefersReducedMotion()) return () => {};
  void import('canvas-confetti')
    .then(({ default: confetti }) => {
      if (stopped) return;
      const bursts = Math.max(1, Math.floor(durationMs / BURST_INTERVAL_MS));
      let fired = 0;
      const burst = () => {
        const left = fired % 2 === 0;
        // Shares the pieces out so that all bursts together fire exactly `pieces`.
        const count = Math.floor(((fired + 1) * pieces) / bursts) - Math.floor((fired * pieces) / bursts);
        void confetti({
          particleCount: count,
          angle: left ? 60 : 120,
          spread: 70,
          startVelocity: 45,
          origin: { x: left ? 0 : 1, y: 0.7 },
          disableForReducedMotion: true,
          zIndex: 1000,
        });
        fired += 1;
        if (fired >= bursts && timer !== undefined) clearInterval(timer);
      };
      burst();
      timer = setInterval(burst, BURST_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      // Confetti is decoration: a failed download must never disturb the page.
      console.warn('Confetti could not be loaded', error);
    });
  return () => {
    stopped = true;
    if (timer !== undefined) clearInterval(timer);
  };
}
