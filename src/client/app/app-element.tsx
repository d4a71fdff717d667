import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AppProvider } from './provider';

/**
 * The app's element: one definition for the browser (main.tsx) and the server (server-render.tsx), whose HTML the
 * browser hydrates only if both render the same tree (docs/decisions/030-dashboard-first-screen-from-the-server.md).
 * @param queryClient the page's query client
 * @param router the routes inside a router (`<BrowserRouter>` in the browser, `<StaticRouter>` on the server)
 * @returns the element to render
 */
export function appElement(queryClient: QueryClient, router: ReactNode): ReactNode {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>{router}</AppProvider>
    </StrictMode>
  );
}
