import { useDeferredValue, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import { FullPageStatus } from '@/components/ui/full-page-status';
import { PageLoad } from '@/components/ui/page-load';
import { useMe } from '../api/get-me';
import { loginHrefFor } from '../utils/return-to';

/**
 * Renders its child routes only for a signed-in user (docs/product.md#pages). The server decides: `/api/me`
 * answers with the user or 401; a cached profile only makes the first paint instant. Without a session it loads the
 * login page (history replaced).
 */
export function ProtectedRoute() {
  const me = useMe();
  const location = useLocation();
  // docs/product.md#exact-texts: the server could not tell who is signed in (not a 401, which means "not signed in").
  useEffect(() => {
    if (me.isError) {
      toast.error('Profile Error', {
        id: 'profile-error',
        description: 'Failed to retrieve your profile information.',
      });
    }
  }, [me.isError]);
  // The page mounts in a background render that React does in short slices, not in one long task on a phone
  // (docs/decisions/026-main-thread-on-a-phone.md); until then 'Authenticating' stays.
  const user = useDeferredValue(me.data, undefined);
  if (user && me.data) return <Outlet />;
  // The login page is its own document (docs/decisions/012-login-page-own-entry.md): a full page load.
  // The page asked for comes back after signing in (a reminder's link to a step).
  if (me.data === null) return <PageLoad href={loginHrefFor(`${location.pathname}${location.search}`)} />;
  if (me.isError) {
    return (
      <div className="flex min-h-dvh items-center justify-center p-6">
        <div role="alert" className="max-w-sm space-y-4 text-center">
          <p className="text-lg font-semibold">We couldn't check your sign-in.</p>
          <p className="text-sm text-slate-600">{me.error.message}</p>
          <Button onClick={() => void me.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  return <FullPageStatus title="Authenticating" description="Waiting for Google..." />;
}
