import { SignedInPage } from '@/components/layouts/signed-in-page';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesLink } from '@/features/auth/components/devices-link';
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
    <SignedInPage
      user={user}
      title="My tasks"
      intro="Things to do for people who are joining the team. Overdue tasks come first."
      links={<DevicesLink />}
    >
      <MyTasks canOpenMembers={adminViewOf(user) !== null} />
    </SignedInPage>
  );
}
