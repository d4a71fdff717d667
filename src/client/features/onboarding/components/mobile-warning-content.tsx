import Smartphone from 'lucide-react/icons/smartphone';
import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';

/**
 * The mobile warning's dialog itself (docs/product.md#mobile-warning), its own chunk: only phones load it
 * (docs/architecture.md#client-bundle); mobile-warning-dialog.tsx decides when it shows.
 * @param onDismiss 'Continue Anyway', Escape or a click outside: the person has read it
 */
export function MobileWarningContent({ onDismiss }: { onDismiss: () => void }) {
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          // 'Continue Anyway' gets focus, as Radix would give it, but at the next frame: focusing at once made the
          // browser lay out the whole page inside the task that adds the dialog, the longest task of a phone's load
          // (docs/decisions/026-main-thread-on-a-phone.md). The frame's own style and layout pass does it instead.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            requestAnimationFrame(() => continueRef.current?.focus({ preventScroll: true }));
          }}
        >
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <Smartphone aria-hidden="true" className="size-5" />
            </span>
            <Dialog.Title className="text-lg font-bold text-slate-900">Warning</Dialog.Title>
          </div>
          {/*
            Two short paragraphs, one sentence each: easier to take in, and neither is larger than the dashboard's own
            text, so the page's largest paint on a phone is its content, not this late dialog (docs/architecture.md#client-bundle).
          */}
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2 text-sm leading-relaxed text-slate-700">
              <p>Onboarding is meant to be used on a personal computer.</p>
              <p>On a phone or a small screen, some features may be broken, limited or harder to use.</p>
            </div>
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Button ref={continueRef} onClick={onDismiss}>
              Continue Anyway
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
