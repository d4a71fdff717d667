import { startTransition, useEffect, useState } from 'react';
import { MobileWarningContent } from './mobile-warning-content';
import { isMobileWarningDismissed, rememberMobileWarningDismissal } from './mobile-warning-storage';
import { useHydrating } from '@/hooks/use-hydrating';
import { useIsMobile } from '@/hooks/use-media-query';

export { MOBILE_WARNING_KEY } from './mobile-warning-storage';
/** How long after load the dialog opens (docs/product.md#constants: "mobile dialog delay 800 ms"). */
export const MOBILE_WARNING_DELAY_MS = 800;

/**
 * The mobile warning (docs/product.md#mobile-warning): under 768 px wide, 800 ms after load, a 'Warning' dialog says
 * onboarding is meant for a personal computer; 'Continue Anyway' closes it and the dismissal is remembered, and
 * forgotten as soon as the screen is no longer mobile.
 */
export function MobileWarningDialog() {
  const isMobile = useIsMobile();
  // While the browser hydrates the server's page, the width is the server's guess: nothing is decided on it, or a phone
  // the server took for a wide screen would forget its dismissal (docs/decisions/030-dashboard-first-screen-from-the-server.md).
  const hydrating = useHydrating();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hydrating) return;
    if (!isMobile) {
      rememberMobileWarningDismissal(false);
      return;
    }
    if (isMobileWarningDismissed()) {
      // Renewed, so that a dismissal kept only in localStorage (before the cookie existed) reaches the server too.
      rememberMobileWarningDismissal(true);
      return;
    }
    // A transition: React renders the dialog in short slices, not one long task.
    const timer = setTimeout(() => startTransition(() => setOpen(true)), MOBILE_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isMobile, hydrating]);

  const dismiss = () => {
    rememberMobileWarningDismissal(true);
    setOpen(false);
  };

  if (!open || !isMobile) return null;
  return <MobileWarningContent onDismiss={dismiss} />;
}
