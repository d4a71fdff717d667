import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scrolls to the top when a link or redirect opens another page (PUSH or REPLACE of a new pathname), as a full page
 * load would. Back/forward (POP) is left to the browser, which restores the position it remembers; a change of the
 * query alone (the admin table's filters, the dashboard's role preview) keeps the position. Renders nothing.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
