import { useLocation } from 'react-router';
import { PageLoad } from '@/components/ui/page-load';
import { paths } from '@/config/paths';

/**
 * The app's /login route (docs/product.md#sign-in): the login screen is its own document (login.html,
 * docs/decisions/012-login-page-own-entry.md), so an in-app link to /login loads it, keeping the query string (a
 * `code` from Google, for instance). The server never answers /login with the app's document, so this cannot loop.
 */
export function LoginRedirectRoute() {
  const { search } = useLocation();
  return <PageLoad href={`${paths.login.getHref()}${search}`} />;
}
