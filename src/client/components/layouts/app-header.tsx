import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Logo } from '@/components/ui/logo';

interface AppHeaderProps {
  isDevelopmentUser?: boolean;
  /** The signed-in person's summary and actions, on the right (below on narrow screens). */
  children?: ReactNode;
}

/** The dashboard header (SPEC §1/§2): logo, 'Onboarding', 'Beta' and, for development users, 'Dev'. */
export function AppHeader({ isDevelopmentUser = false, children }: AppHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6 sm:py-4">
        <div className="flex items-center gap-3">
          <Logo />
          <h1 className="text-xl font-bold tracking-tight text-slate-900">Onboarding</h1>
          <Badge variant="default">Beta</Badge>
          {isDevelopmentUser ? <Badge variant="warning">Dev</Badge> : null}
        </div>
        {children ? <div className="flex min-w-0 items-center gap-3">{children}</div> : null}
      </div>
    </header>
  );
}
