import Smartphone from 'lucide-react/icons/smartphone';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** The class that keeps the page behind the open dialog from scrolling (set on <html>, so only that element restyles). */
const SCROLL_LOCK_CLASS = 'overflow-hidden';

/**
 * The mobile warning's dialog itself (docs/product.md#mobile-warning), with no script library and no chunk of its own
 * (docs/decisions/028-dashboard-render-on-a-phone.md). A modal dialog for the person and for assistive technologies,
 * without the browser's modal mode (docs/decisions/080-mobile-warning-without-the-browsers-modal-mode.md): `showModal()`
 * makes the whole page behind it inert, and on a phone restyling every element of the dashboard for that was the
 * longest task of the page's load. So the `<dialog>` opens with `show()`, marked `aria-modal` (screen readers then keep
 * to it), over a backdrop of its own that covers the page and closes it when tapped; Tab and Shift+Tab stay on its
 * button, and Escape closes it. mobile-warning-dialog.tsx decides when it shows.
 * @param onDismiss 'Continue Anyway', Escape or a tap outside it: the person has read it
 */
export function MobileWarningContent({ onDismiss }: { onDismiss: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Escape's listener is the document's, added once: it calls the latest onDismiss.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    // Opened at the next frame, where the browser styles and lays out the page anyway: focusing 'Continue Anyway' needs
    // an up-to-date layout; done at once, it made the task that adds the dialog a long one on a phone
    // (docs/decisions/026-main-thread-on-a-phone.md).
    const frame = requestAnimationFrame(() => {
      // A browser without <dialog> (before 2022) shows it in place; it still has its button and Escape handling.
      if (typeof dialog.show === 'function') {
        if (!dialog.open) dialog.show();
      } else {
        dialog.setAttribute('open', '');
      }
      document.documentElement.classList.add(SCROLL_LOCK_CLASS);
      continueRef.current?.focus({ preventScroll: true });
      // Taller than the screen (large text on a phone), it scrolls: it opens at its title, not at the focused button.
      dialog.scrollTop = 0;
    });
    // Escape closes it wherever the focus is (a screen reader may have moved it), as 'Continue Anyway' does.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      dismissRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onEscape);
      document.documentElement.classList.remove(SCROLL_LOCK_CLASS);
    };
  }, []);

  return (
    <>
      {/* The backdrop: it dims the page, and a tap on it lands here instead of on the page (the person has read it). */}
      <div aria-hidden="true" className="fixed inset-0 z-50 bg-slate-900/60" onClick={onDismiss} />
      <dialog
        ref={dialogRef}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="fixed top-1/2 left-1/2 z-50 m-0 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-4 sm:p-6 text-left shadow-xl focus:outline-none"
        onKeyDown={(event) => {
          // The focus stays in the dialog, as in the browser's modal mode: its one button is the only stop for Tab.
          if (event.key !== 'Tab') return;
          event.preventDefault();
          continueRef.current?.focus();
        }}
      >
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-800">
            <Smartphone aria-hidden="true" className="size-5" />
          </span>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            Warning
          </h2>
        </div>
        {/*
          Two short paragraphs, one sentence each: easier to take in, and neither is larger than the dashboard's own
          text, so the page's largest paint on a phone is its content, not this late dialog (docs/architecture.md#client-bundle).
        */}
        <div id={descriptionId} className="mt-3 space-y-2 text-sm leading-relaxed text-slate-700">
          <p>Onboarding is meant to be used on a personal computer.</p>
          <p>On a phone or a small screen, some features may be broken, limited or harder to use.</p>
        </div>
        <div className="mt-6 flex justify-end">
          <Button ref={continueRef} onClick={onDismiss}>
            Continue Anyway
          </Button>
        </div>
      </dialog>
    </>
  );
}
