import { Link } from 'react-router';
import { AppHeader } from '@/components/layouts/app-header';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesList } from '@/features/auth/components/devices-list';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { adminViewOf } from '@/features/admin/utils/admin-access';
import { MyTasksLink } from '@/features/team-tasks';

/**
 * 'Your devices' (docs/product.md#your-devices): where the member sees the browsers signed in to their account and
 * signs out one, all the others, or all. Inside the protected route, so the user is known.
 */
export function DevicesRoute() {
  const user = useMe().data;
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        isDevelopmentUser={user.isDevelopmentUser}
        isAdmin={adminViewOf(user) !== null}
        isEditor={user.isEditor === true}
      >
        <Link
          to={paths.dashboard.getHref()}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          My steps
        </Link>
        <MyTasksLink />
        <UserSummary user={user} />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Your devices</h2>
        <p className="text-slate-700">
          These browsers are signed in to your account. Sign out any you do not recognise or no longer use.
        </p>
        <DevicesList />
      </main>
    </div>
  );
}
