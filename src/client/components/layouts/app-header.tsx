import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { PreferencesButton, type PreferencesSavedTo } from '@/features/preferences';

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
  /**
   * Where 'Reading and display' saves (default: the account; 'browser' on the demo page). The pre-boarding page saves
   * to the newcomer's pre-boarding (docs/product.md#pre-boarding).
   */
  preferencesSavedTo?: PreferencesSavedTo;
  /** The signed-in person's summary and actions, on the right (below on narrow screens). */
  children?: ReactNode;
}

/**
 * The page header (docs/product.md#header-and-footer): logo, 'Onboarding', 'Beta', and 'Dev' for development users or
 * 'Demo' on the demo page, then the reading and display button, the admin link and `children`.
 * Where the header is narrower than 24 rem (a phone with large text, a page zoomed to 400%), it keeps one line (logo,
 * 'Onboarding' and a 'Menu' button) and the rest opens under it with that button, so that the header takes at most a
 * third of the screen (WCAG 1.4.10 Reflow); under 16 rem (200% text on a phone) the logo gives way too. The button is a disclosure: its state is `aria-expanded`, it controls
 * the part it shows, and it is not there at all where everything fits. A container query decides, so the server's
 * first screen is already right.
 */
export function AppHeader({
  isDevelopmentUser = false,
  isDemo = false,
  isAdmin = false,
  isEditor = false,
  preferencesSavedTo,
  onLogoClick,
  children,
}: AppHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const badges = (
    <>
      <Badge variant="default">Beta</Badge>
      {isDevelopmentUser ? <Badge variant="warning">Dev</Badge> : null}
      {isDemo ? <Badge variant="warning">Demo</Badge> : null}
    </>
  );
  return (
    <header className="@container border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6 sm:py-4 @max-[24rem]:gap-x-2 @max-[24rem]:px-3 @max-[24rem]:py-2">
        <div className="flex min-w-0 flex-wrap items-center gap-3 @max-[24rem]:gap-2">
          <Logo
            className="@max-[24rem]:size-7 @max-[16rem]:hidden"
            {...(onLogoClick ? { onClick: onLogoClick } : {})}
          />
          <h1 className="text-xl font-bold tracking-tight text-slate-900 @max-[24rem]:text-base">Onboarding</h1>
          <span className="contents @max-[24rem]:hidden">{badges}</span>
        </div>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
          className="hidden min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 @max-[24rem]:inline-flex"
        >
          {menuOpen ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
          Menu
        </button>
        <div
          id={menuId}
          className={cn(
            'flex min-w-0 flex-wrap items-center gap-3 @max-[24rem]:w-full',
            !menuOpen && '@max-[24rem]:hidden',
          )}
        >
          <span className="hidden flex-wrap gap-2 @max-[24rem]:flex @max-[24rem]:w-full">{badges}</span>
          <PreferencesButton savedTo={preferencesSavedTo ?? (isDemo ? 'browser' : 'account')} />
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
