import { startTransition, useEffect, useState } from 'react';
import type * as ContentChunk from './mobile-warning-content';
import { MOBILE_WARNING_KEY, isMobileWarningDismissed, loadMobileWarning } from './mobile-warning-preload';
import { useIsMobile } from '@/hooks/use-media-query';

export { MOBILE_WARNING_KEY } from './mobile-warning-preload';
/** How long after load the dialog opens (docs/product.md#constants: "mobile dialog delay 800 ms"). */
export const MOBILE_WARNING_DELAY_MS = 800;

let loadedContent: typeof ContentChunk | undefined;

/** Loads the dialog's chunk (Radix Dialog and its focus trap), which only phones need. */
function loadContent(): Promise<typeof ContentChunk> {
  return loadMobileWarning().then((module) => (loadedContent = module));
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
 * The mobile warning (docs/product.md#mobile-warning): under 768 px wide, 800 ms after load, a 'Warning' dialog says
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
    if (isMobileWarningDismissed()) return;
    // Opens once the delay is over and the dialog's chunk is here (it loads during the delay).
    let active = true;
    let elapsed = false;
    const show = () => {
      // A transition: React renders the dialog (Radix Dialog, its focus trap) in short slices, not one long task.
      if (active && elapsed && loadedContent) startTransition(() => setOpen(true));
    };
    const timer = setTimeout(() => {
      elapsed = true;
      show();
    }, MOBILE_WARNING_DELAY_MS);
    loadContent().then(show, () => {
      // No connection: the warning is not essential, the page works without it.
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [isMobile]);

  const dismiss = () => {
    rememberDismissal(true);
    setOpen(false);
  };

  if (!open || !isMobile || !loadedContent) return null;
  return <loadedContent.MobileWarningContent onDismiss={dismiss} />;
}
