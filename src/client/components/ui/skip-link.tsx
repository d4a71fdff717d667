/** The first stop of the keyboard on a page: jumps past the header to `#main` (WCAG 2.4.1), visible only when focused. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
    >
      Skip to main content
    </a>
  );
}
