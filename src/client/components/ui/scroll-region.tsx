import type { FocusEvent, ReactNode } from 'react';

interface ScrollRegionProps {
  /** The region's accessible name, e.g. 'Audit log entries'. */
  label: string;
  children: ReactNode;
}

/**
 * The focus handler of a box that scrolls sideways: brings the element the keyboard has just reached wholly into view.
 * A browser scrolls a focused element into view only when it is out of sight entirely, so a link or button cut at the
 * box's edge kept its focus ring half hidden (WCAG 2.4.11).
 * @param event the focus event, bubbled up from the element inside the box
 */
export function revealFocused(event: FocusEvent<HTMLElement>): void {
  if (event.target instanceof HTMLElement) event.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * A box that scrolls sideways on narrow screens (wide tables). Its content may hold nothing focusable, so the box is
 * itself a named, focusable region: keyboard users can reach it and scroll it with the arrow keys (WCAG 2.1.1); what the keyboard reaches inside is
 * brought wholly into view (revealFocused).
 */
export function ScrollRegion({ label, children }: ScrollRegionProps) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="relative overflow-x-auto rounded-xl border border-slate-200"
      onFocus={revealFocused}
    >
      {children}
    </div>
  );
}
