import type { User } from '@shared/api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppHeader } from '@/components/layouts/app-header';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';

/** The message of the admin pages to a signed-in person who is not an admin (the API refuses them with 403 too). */
export const NOT_ADMIN_TEXT = 'Only admins can open the admin console.';

/**
 * The frame of the admin pages (docs/product.md#admin-area): skip link, header with the signed-in person, a link back
 * to their own steps, and `children` — or, for someone who is not an admin, a short refusal instead. Used inside the
 * protected route, so the user is known.
 */
export function AdminShell({ children }: { children: (user: User) => ReactNode }) {
  const me = useMe();
  const user = me.data;
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <AppHeader isDevelopmentUser={user.isDevelopmentUser} isAdmin={user.isAdmin === true}>
        <Link to={paths.dashboard.getHref()} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          My steps
        </Link>
        <UserSummary user={user} />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        {user.isAdmin === true ? (
          children(user)
        ) : (
          <div role="alert" className="mx-auto max-w-md space-y-3 text-center">
            <h2 className="text-xl font-bold text-slate-900">Admins only</h2>
            <p className="text-slate-700">{NOT_ADMIN_TEXT}</p>
            <Link to={paths.dashboard.getHref()} className="font-semibold text-brand-700 underline">
              Back to my steps
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}
