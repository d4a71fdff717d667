import { useLocation } from 'react-router';
import { PageLoad } from '@/components/ui/page-load';
import { paths } from '@/config/paths';

/** Where this document was loaded: the router's address may change since, this does not. */
const documentPathname = window.location.pathname;

/**
 * The app's /login route (SPEC §2): the login screen is its own document (login.html,
 * docs/decisions/012-login-page-own-entry.md), so an in-app link to /login loads it, keeping the query string (a
 * `code` from Google, for instance). If this document itself was served for /login (a build without login.html),
 * loading /login again would loop: it says so instead.
 */
export function LoginRedirectRoute() {
  const { search } = useLocation();
  if (documentPathname === paths.login.getHref()) {
    return (
      <div role="alert" className="flex min-h-dvh items-center justify-center p-6 text-center">
        <p className="max-w-sm text-lg font-semibold text-slate-900">The sign-in page is missing from this site. Please contact support.</p>
      </div>
    );
  }
  return <PageLoad href={`${paths.login.getHref()}${search}`} />;
}
