import { useEffect } from 'react';
import { pageNavigation } from '@/lib/page-navigation';
import { FullPageStatus } from './full-page-status';

/**
 * Loads another document in place of this page (history replaced), e.g. the login page, which is not part of the
 * app's router (docs/decisions/012-login-page-own-entry.md). Shows 'Loading' until the browser leaves.
 * @param href a path on this site, with its query string if any
 */
export function PageLoad({ href }: { href: string }) {
  useEffect(() => {
    pageNavigation.replace(href);
  }, [href]);
  return <FullPageStatus title="Loading" />;
}
