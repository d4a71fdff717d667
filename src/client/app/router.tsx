import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullPageStatus } from '@/components/ui/full-page-status';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { lazyPage } from './lazy-page';
import { PageErrorBoundary } from './page-error-boundary';
import { LoginRedirectRoute } from './routes/login-redirect';
import { NotFoundRoute } from './routes/not-found';
import { DashboardRoute } from './routes/dashboard';
import { RootRoute } from './routes/root';

// The dashboard, the page nearly every visit is for, comes with the app's own code: index.html preloads it with the
// entry, so a phone on a slow connection does not wait one more round trip for it (docs/architecture.md#client-bundle).
// The other pages are their own chunks (docs/architecture.md#client-bundle). Public demo page
// (docs/product.md#demo-page):
const DemoRoute = lazyPage(async () => (await import('./routes/demo')).DemoRoute);
// The admin console (docs/product.md#admin-area): its own chunks, loaded only when an admin opens it.
const AdminRoute = lazyPage(async () => (await import('./routes/admin')).AdminRoute);
// The insights page: its own chunk with the charting library (visx), loaded only when an admin opens it.
const AdminInsightsRoute = lazyPage(async () => (await import('./routes/admin-insights')).AdminInsightsRoute);
// The content studio: its own chunks (forms, preview, drag and drop), loaded only when an admin or editor opens it.
const AdminStudioRoute = lazyPage(async () => (await import('./routes/admin-studio')).AdminStudioRoute);
// 'Your devices': its own chunk, loaded only when a member opens it.
const DevicesRoute = lazyPage(async () => (await import('./routes/devices')).DevicesRoute);
// 'My tasks' (docs/product.md#team-tasks): its own chunk, loaded when someone with team tasks opens it.
const MyTasksRoute = lazyPage(async () => (await import('./routes/my-tasks')).MyTasksRoute);
const AdminMemberRoute = lazyPage(async () => (await import('./routes/admin-member')).AdminMemberRoute);
// Getting ready before the first day (docs/product.md#pre-boarding): its own chunk, outside sign-in.
const PreboardingRoute = lazyPage(async () => (await import('./routes/preboarding')).PreboardingRoute);

/**
 * The routes of docs/product.md#pages, in react-router's declarative mode (docs/decisions/013): each page a lazy chunk
 * shown through one
 * `<Suspense>` ('Loading' until the first page's chunk is here; a later navigation keeps the current page on screen
 * until the next one is ready, since the router navigates in a transition), inside the Error page's boundary.
 * Must be rendered inside a router (`<BrowserRouter>` in the app, `<MemoryRouter>` in tests).
 */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<FullPageStatus title="Loading" />}>
        <Routes>
          <Route path={paths.home.path} element={<RootRoute />}>
            <Route index element={<Navigate to={paths.dashboard.getHref()} replace />} />
            {/* The login screen is its own document (login.html, docs/decisions/012): an in-app link to /login loads it. */}
            <Route path={paths.login.path} element={<LoginRedirectRoute />} />
            <Route path={paths.demo.path} element={<DemoRoute />} />
            <Route path={paths.preboarding.path} element={<PreboardingRoute />} />
            <Route element={<ProtectedRoute />}>
              <Route path={paths.dashboard.path} element={<DashboardRoute />} />
              <Route path={paths.devices.path} element={<DevicesRoute />} />
              <Route path={paths.myTasks.path} element={<MyTasksRoute />} />
              <Route path={paths.admin.path} element={<AdminRoute />} />
              <Route path={paths.adminInsights.path} element={<AdminInsightsRoute />} />
              <Route path={paths.adminStudio.path} element={<AdminStudioRoute />} />
              <Route path={paths.adminMember.path} element={<AdminMemberRoute />} />
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}

/** The app's routes over the browser's address bar and history. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
