import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { PreferencesButton } from '@/features/preferences';

interface AppHeaderProps {
  isDevelopmentUser?: boolean;
  /** The demo page's 'Demo' badge (docs/product.md#demo-page). */
  isDemo?: boolean;
  /** A click on the logo (docs/product.md#header-and-footer: five clicks play confetti). */
  onLogoClick?: () => void;
  /** Shows the 'Admin' link to the admin console (docs/product.md#admin-area): only for admins. */
  isAdmin?: boolean;
  /**
   * A content editor who is no admin: a 'Content studio' link instead of 'Admin' (docs/product.md#content-studio).
   */
  isEditor?: boolean;
  /** The signed-in person's summary and actions, on the right (below on narrow screens). */
  children?: ReactNode;
}

/**
 * The page header (docs/product.md#header-and-footer): logo, 'Onboarding', 'Beta', and 'Dev' for development users or
 * 'Demo' on the demo page.
 */
export function AppHeader({
  isDevelopmentUser = false,
  isDemo = false,
  isAdmin = false,
  isEditor = false,
  onLogoClick,
  children,
}: AppHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6 sm:py-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <Logo {...(onLogoClick ? { onClick: onLogoClick } : {})} />
          <h1 className="text-xl font-bold tracking-tight text-slate-900">Onboarding</h1>
          <Badge variant="default">Beta</Badge>
          {isDevelopmentUser ? <Badge variant="warning">Dev</Badge> : null}
          {isDemo ? <Badge variant="warning">Demo</Badge> : null}
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <PreferencesButton savedTo={isDemo ? 'browser' : 'account'} />
          {isAdmin ? (
            <Link
              to={paths.admin.getHref()}
              className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              Admin
            </Link>
          ) : isEditor ? (
            <Link
              to={paths.adminStudio.getHref()}
              className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              Content studio
            </Link>
          ) : null}
          {children}
        </div>
      </div>
    </header>
  );
}
