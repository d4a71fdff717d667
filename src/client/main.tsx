import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { paths } from './config/paths';
import { preloadMobileWarningOnPhones } from './features/onboarding/components/mobile-warning-preload';
import { createQueryClient } from './lib/react-query';
import { showToastsFromLastPage } from './lib/toast-after-navigation';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();

// Toasts the login page kept for this one across the full page load (e.g. 'Development Mode', docs/decisions/012).
showToastsFromLastPage();

// The dashboard needs its code and the member's steps: ask for both at once, alongside /api/me, instead of one after
// the other (issue 8 "Lighthouse"). The router's lazy page (the same module) and the page's query then find them already
// on the way.
// Without a session the steps answer 401, which signs the page out exactly as /api/me's 401 would.
if (window.location.pathname === paths.dashboard.getHref()) {
  preloadMobileWarningOnPhones();
  import('./app/routes/dashboard').catch(() => {
    // No connection: the lazy page asks again and shows the Error page if it fails.
  });
  import('./features/onboarding/api/get-onboarding')
    .then(({ getOnboardingQueryOptions }) => queryClient.prefetchQuery(getOnboardingQueryOptions()))
    .catch(() => {
      // As above: the dashboard asks for its steps itself.
    });
}

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
