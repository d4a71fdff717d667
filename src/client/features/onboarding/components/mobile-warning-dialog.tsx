import { Smartphone } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/hooks/use-media-query';

/** Where the dismissal is remembered (SPEC §9). */
export const MOBILE_WARNING_KEY = 'mobile-warning-dismissed';
/** How long after load the dialog opens (SPEC §9 "mobile dialog delay 800 ms"). */
export const MOBILE_WARNING_DELAY_MS = 800;

function isDismissed(): boolean {
  try {
    return localStorage.getItem(MOBILE_WARNING_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissal(dismissed: boolean): void {
  try {
    if (dismissed) localStorage.setItem(MOBILE_WARNING_KEY, 'true');
    else localStorage.removeItem(MOBILE_WARNING_KEY);
  } catch {
    // Storage blocked: the dialog then simply shows again next time.
  }
}

/**
 * The mobile warning (SPEC §2 "Mobile warning dialog"): under 768 px wide, 800 ms after load, a 'Warning' dialog says
 * onboarding is meant for a personal computer; 'Continue Anyway' closes it and the dismissal is remembered, and
 * forgotten as soon as the screen is no longer mobile.
 */
export function MobileWarningDialog() {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!isMobile) {
      rememberDismissal(false);
      return;
    }
    if (isDismissed()) return;
    const timer = setTimeout(() => setOpen(true), MOBILE_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isMobile]);

  const dismiss = () => {
    rememberDismissal(true);
    setOpen(false);
  };

  return (
    <Dialog.Root open={open && isMobile} onOpenChange={(next) => (next ? setOpen(true) : dismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <Smartphone aria-hidden="true" className="size-5" />
            </span>
            <Dialog.Title className="text-lg font-bold text-slate-900">Warning</Dialog.Title>
          </div>
          <Dialog.Description className="mt-3 text-sm leading-relaxed text-slate-700">
            Onboarding is meant to be used on a personal computer. On a phone or a small screen, some features may be
            broken, limited or harder to use.
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Button onClick={dismiss}>Continue Anyway</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
