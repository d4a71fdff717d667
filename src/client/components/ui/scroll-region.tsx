import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** The region's accessible name, e.g. 'Audit log entries'. */
  label: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways on narrow screens (wide tables). Its content may hold nothing focusable, so the box is
 * itself a named, focusable region: keyboard users can reach it and scroll it with the arrow keys (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children }: ScrollRegionProps) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className="overflow-x-auto rounded-xl border border-slate-200">
      {children}
    </div>
  );
}
