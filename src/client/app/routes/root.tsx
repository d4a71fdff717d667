import { Outlet } from 'react-router';
import { ScrollToTop } from '../scroll-to-top';

/** The root layout: every page, scrolled to the top when another page opens. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollToTop />
    </>
  );
}
