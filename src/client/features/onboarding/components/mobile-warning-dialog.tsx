import { useEffect, useState } from 'react';
import type * as ContentChunk from './mobile-warning-content';
import { useIsMobile } from '@/hooks/use-media-query';

/** Where the dismissal is remembered (SPEC §9). */
export const MOBILE_WARNING_KEY = 'mobile-warning-dismissed';
/** How long after load the dialog opens (SPEC §9 "mobile dialog delay 800 ms"). */
export const MOBILE_WARNING_DELAY_MS = 800;

type ContentModule = typeof ContentChunk;
let loadedContent: ContentModule | undefined;

/** Loads the dialog's chunk (Radix Dialog and its focus trap), which only phones need. */
function loadContent(): Promise<ContentModule> {
  return import('./mobile-warning-content').then((module) => (loadedContent = module));
}

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
    // Opens once the delay is over and the dialog's chunk is here (it loads during the delay).
    let active = true;
    let elapsed = false;
    const show = () => {
      if (active && elapsed && loadedContent) setOpen(true);
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
