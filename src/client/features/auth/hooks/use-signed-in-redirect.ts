import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useRequest } from '@/hooks/use-request';
import { pageNavigation } from '@/lib/page-navigation';
import { getMe } from '../api/me';

/**
 * The login screen's session check (docs/product.md#login-screen: someone already signed in goes on
 * to the dashboard): asks GET /api/me and, when someone is signed in, loads the dashboard in place of the login page
 * (another document: docs/decisions/012-login-page-own-entry.md). The server decides; the cached profile is not used
 * here, so a stale copy cannot send a signed-out visitor to the dashboard and back.
 * @param enabled false while the address carries a code: the exchange decides then
 * @param returnTo the page asked for (`?returnTo=`), opened instead of the dashboard
 * @returns `checking`: true until the server answered, and while leaving for the dashboard
 */
export function useSignedInRedirect(enabled: boolean, returnTo?: string): { checking: boolean } {
  const me = useRequest(getMe, enabled);
  const signedIn = me.data !== undefined && me.data !== null;
  useEffect(() => {
    if (signedIn) pageNavigation.replace(returnTo ?? paths.dashboard.getHref());
  }, [signedIn, returnTo]);
  return { checking: me.pending || signedIn };
}
