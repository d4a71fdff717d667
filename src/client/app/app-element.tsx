import type { FirstScreenWidth } from '@shared/document-answers';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { MobileWarningDismissedContext } from '@/features/onboarding/components/mobile-warning-storage';
import { FirstScreenWidthContext } from '@/lib/first-screen-width';
import { AppProvider } from './provider';

/**
 * The app's element: one definition for the browser (main.tsx) and the server (server-render.tsx), whose HTML the
 * browser hydrates only if both render the same tree (docs/decisions/030-dashboard-first-screen-from-the-server.md).
 * @param queryClient the page's query client
 * @param router the routes inside a router (`<BrowserRouter>` in the browser, `<StaticRouter>` on the server)
 * @param width the screen the server renders the first screen for, or rendered the HTML being hydrated for
 *   (lib/first-screen-width.ts); 'wide' by default
 * @param mobileWarningDismissed whether the server renders (or rendered) for a browser that dismissed the mobile
 *   warning (its cookie; mobile-warning-storage.ts); false by default
 * @returns the element to render
 */
export function appElement(
  queryClient: QueryClient,
  router: ReactNode,
  width: FirstScreenWidth = 'wide',
  mobileWarningDismissed = false,
): ReactNode {
  return (
    <StrictMode>
      <FirstScreenWidthContext value={width}>
        <MobileWarningDismissedContext value={mobileWarningDismissed}>
          <AppProvider queryClient={queryClient}>{router}</AppProvider>
        </MobileWarningDismissedContext>
      </FirstScreenWidthContext>
    </StrictMode>
  );
}
