import { Outlet } from 'react-router';
import { FirstScreenTakenOver } from '../first-screen-taken-over';
import { ScrollToTop } from '../scroll-to-top';

/** The root layout: every page, scrolled to the top when another page opens; the server's first screen taken over. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollToTop />
      <FirstScreenTakenOver />
    </>
  );
}
