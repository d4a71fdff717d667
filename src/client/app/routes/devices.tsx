import { SignedInPage } from '@/components/layouts/signed-in-page';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesList } from '@/features/auth/components/devices-list';
import { MyTasksLink } from '@/features/team-tasks/components/my-tasks-link';

/**
 * 'Your devices' (docs/product.md#your-devices): where the member sees the browsers signed in to their account and
 * signs out one, all the others, or all. Inside the protected route, so the user is known.
 */
export function DevicesRoute() {
  const user = useMe().data;
  if (!user) return null;
  return (
    <SignedInPage
      user={user}
      title="Your devices"
      intro="These browsers are signed in to your account. Sign out any you do not recognise or no longer use."
      links={<MyTasksLink />}
    >
      <DevicesList />
    </SignedInPage>
  );
}
