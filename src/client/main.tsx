import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { paths } from './config/paths';
import { getOnboardingQueryOptions } from './features/onboarding/api/get-onboarding';
import { preloadMobileWarningOnPhones } from './features/onboarding/components/mobile-warning-preload';
import { createQueryClient } from './lib/react-query';
import { showToastsFromLastPage } from './lib/toast-after-navigation';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();

// Toasts the login page kept for this one across the full page load (e.g. 'Development Mode', docs/decisions/012).
showToastsFromLastPage();

// On /dashboard, ask for the member's steps at once, alongside /api/me, instead of after it has answered
// (docs/architecture.md#client-bundle); the page's query finds them on the way. Without a session the steps answer 401,
// which signs the page out exactly as /api/me's 401 would. Phones also start loading the mobile warning's code.
if (window.location.pathname === paths.dashboard.getHref()) {
  preloadMobileWarningOnPhones();
  queryClient.prefetchQuery(getOnboardingQueryOptions()).catch(() => {
    // The dashboard asks for its steps itself and shows what went wrong.
  });
}

// Rendered as a transition, React works in short slices and lets the browser paint and answer input in between, instead
// of one long task while a phone is still busy loading (docs/architecture.md#client-bundle: total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
