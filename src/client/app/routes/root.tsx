import { Outlet, ScrollRestoration } from 'react-router';

/** The root layout: every page, with scroll restored on back/forward. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
