import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './app/login-page';
import { showStoredPreferences } from './features/preferences';
import { ToastersHost } from './components/ui/toasters-host';
import { prepareClassNames } from './lib/cn';
import { prefetchStyleSheetWhenIdle, showPageIconWhenIdle } from './lib/page-icon';
import { showToastsFromLastPage } from './lib/toast-after-navigation';
import './styles/index.css';

/**
 * The login page's entry (login.html): React and the login screen only, no router and no TanStack Query
 * (docs/architecture.md#client-bundle, docs/decisions/012-login-page-own-entry.md). The toasters' chunk (sonner) loads
 * only when a toast is shown: one kept by the last page (e.g. 'Logged Out') or one of the screen's own.
 */
// The reading and display preferences chosen in this browser before sign-in, before anything is rendered.
showStoredPreferences();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// Each in a task of its own, so that no task of the load is long on a phone (docs/decisions/026-main-thread-on-a-phone.md):
// the toasts the last page kept (the browser's first storage read), tailwind-merge's tables (the first cn() call), then
// the page, rendered as a transition so that React works in short slices.
setTimeout(showToastsFromLastPage, 0);
// The organisation's logo as the page's icon, last of all (docs/decisions/029-first-paint-requests.md).
showPageIconWhenIdle();
// The style sheet the dashboard links, for the cache, once idle (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
prefetchStyleSheetWhenIdle();
setTimeout(prepareClassNames, 0);
setTimeout(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <LoginPage />
        <ToastersHost />
      </StrictMode>,
    );
  });
}, 0);
