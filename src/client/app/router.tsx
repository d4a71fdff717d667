import { Navigate, type RouteObject, RouterProvider, createBrowserRouter } from 'react-router';
import { FullPageStatus } from '@/components/ui/full-page-status';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { ErrorRoute } from './routes/error';
import { LoginRedirectRoute } from './routes/login-redirect';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute } from './routes/root';

/** SPEC §2 routes. Each page is a lazy route module, its own chunk, so a page loads only its own code. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootRoute />,
    errorElement: <ErrorRoute />,
    hydrateFallbackElement: <FullPageStatus title="Loading" />,
    children: [
      { index: true, element: <Navigate to={paths.dashboard.getHref()} replace /> },
      // The login screen is its own document (login.html, docs/decisions/012-login-page-own-entry.md): an in-app
      // navigation to /login loads it.
      { path: paths.login.path, element: <LoginRedirectRoute /> },
      // Every page is its own chunk (issue 8 "Bundle"). Public demo page (SPEC §2); its own chunk, like the dashboard.
      { path: paths.demo.path, lazy: async () => ({ Component: (await import('./routes/demo')).DemoRoute }) },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: paths.dashboard.path,
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
          },
          // The admin console (issue 7): its own chunks, loaded only when an admin opens it.
          { path: paths.admin.path, lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }) },
          {
            path: paths.adminMember.path,
            lazy: async () => ({ Component: (await import('./routes/admin-member')).AdminMemberRoute }),
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  // One router for the page's lifetime (created lazily so tests can build their own from `routes`).
  return <RouterProvider router={getRouter()} />;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
function getRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
