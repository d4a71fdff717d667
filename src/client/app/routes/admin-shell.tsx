import type { User } from '@shared/api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppHeader } from '@/components/layouts/app-header';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesLink } from '@/features/auth/components/devices-link';
import { MyTasksLink } from '@/features/team-tasks/components/my-tasks-link';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { adminViewOf } from '@/features/admin/utils/admin-access';

/** The message of the admin pages to a signed-in person who is not an admin (the API refuses them with 403 too). */
export const NOT_ADMIN_TEXT = 'Only admins can open the admin console.';

/** The message of the content studio to a signed-in person who is neither an admin nor a content editor. */
export const NOT_EDITOR_TEXT = 'Only admins and content editors can open the content studio.';

/**
 * The frame of the admin pages: skip link, header with the signed-in person, a link back to their own steps, and
 * `children` with what the person may see ('admin', or 'lead' for a department lead's read-only view) — or, for
 * someone with neither, a short refusal instead. Used inside the protected route, so the user is known.
 */
export function AdminShell({
  children,
  editors = false,
}: {
  children: (user: User, view: 'admin' | 'lead') => ReactNode;
  /**
   * A page of the content studio: content editors may open it as well as admins, and department leads may not
   * (docs/product.md#content-studio).
   */
  editors?: boolean;
}) {
  const me = useMe();
  const user = me.data;
  if (!user) return null;
  const adminView = adminViewOf(user);
  const view = editors ? (user.isAdmin === true || user.isEditor === true ? 'admin' : null) : adminView;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        isDevelopmentUser={user.isDevelopmentUser}
        isAdmin={adminView !== null}
        isEditor={user.isEditor === true}
      >
        <Link
          to={paths.dashboard.getHref()}
          className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          My steps
        </Link>
        <UserSummary user={user} />
        <MyTasksLink />
        <DevicesLink />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-2 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        {view !== null ? (
          children(user, view)
        ) : (
          <div role="alert" className="mx-auto max-w-md space-y-3 text-center">
            <h2 className="text-xl font-bold text-slate-900">Admins only</h2>
            <p className="text-slate-700">{editors ? NOT_EDITOR_TEXT : NOT_ADMIN_TEXT}</p>
            <Link to={paths.dashboard.getHref()} className="font-semibold text-brand-700 underline">
              Back to my steps
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}
