import type { Onboarding } from '@shared/onboarding-join';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

interface ScopeSectionProps {
  scope: Onboarding['scopes'][number];
  /**
   * True when the mouse is over this scope or the open step is in it (docs/product.md#dashboard: that scope is
   * highlighted).
   */
  highlighted: boolean;
  /** The mouse entered (true) or left (false) the scope. */
  onHoverChange: (hovered: boolean) => void;
  accent: string;
  children: ReactNode;
}

/** One block per scope (docs/product.md#dashboard): a sticky title, an optional description, then its step cards. */
export function ScopeSection({ scope, highlighted, onHoverChange, accent, children }: ScopeSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-highlighted={highlighted}
      // One step at a time hides a scope without the shown step (src/client/styles/index.css).
      data-scope-section=""
      onMouseEnter={() => onHoverChange(true)}
      onMouseLeave={() => onHoverChange(false)}
      className={cn(
        'relative -mx-3 rounded-3xl px-3 pb-3 transition-colors duration-300 sm:-mx-4 sm:px-4',
        highlighted ? 'bg-white/70 ring-1 ring-slate-200' : 'ring-1 ring-transparent',
      )}
    >
      <div className="sticky top-0 z-20 -mx-3 rounded-t-3xl bg-slate-50/95 px-3 py-3 backdrop-blur sm:-mx-4 sm:px-4">
        <h2 id={headingId} className="flex items-center gap-2.5 text-lg font-bold text-slate-900 sm:text-xl">
          <span
            aria-hidden="true"
            className={cn('h-5 w-1.5 rounded-full transition-opacity', highlighted ? 'opacity-100' : 'opacity-40')}
            style={{ backgroundColor: accent }}
          />
          {scope.title}
        </h2>
      </div>
      {scope.description ? <p className="-mt-1 pl-4 text-sm text-slate-600">{scope.description}</p> : null}
      <ol className="mt-3 space-y-3">{children}</ol>
    </section>
  );
}
