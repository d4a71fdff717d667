import { Link } from 'react-router';
import { AppHeader } from '@/components/layouts/app-header';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesLink } from '@/features/auth/components/devices-link';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { UserSummary } from '@/features/auth/components/user-summary';
import { adminViewOf } from '@/features/admin/utils/admin-access';
import { MyTasks } from '@/features/team-tasks/components/my-tasks';

/**
 * 'My tasks' (docs/product.md#team-tasks): the team tasks the signed-in person does for newcomers. Inside the protected
 * route, so the user is known.
 */
export function MyTasksRoute() {
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
        <UserSummary user={user} />
        <DevicesLink />
        <LogoutButton variant="outline" size="sm" className="max-sm:px-2.5" />
      </AppHeader>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">My tasks</h2>
        <p className="text-slate-700">Things to do for people who are joining the team. Overdue tasks come first.</p>
        <MyTasks canOpenMembers={adminViewOf(user) !== null} />
      </main>
    </div>
  );
}
