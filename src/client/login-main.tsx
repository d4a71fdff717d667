import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './app/login-page';
import { ToastersHost } from './components/ui/toasters-host';
import { showToastsFromLastPage } from './lib/toast-after-navigation';
import './styles/index.css';

/**
 * The login page's entry (login.html): React and the login screen only, no router and no TanStack Query
 * (docs/architecture.md#client-bundle, docs/decisions/012-login-page-own-entry.md). The toasters' chunk (sonner) loads
 * only when a toast is shown: one kept by the last page (e.g. 'Logged Out') or one of the screen's own.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

showToastsFromLastPage();

createRoot(root).render(
  <StrictMode>
    <LoginPage />
    <ToastersHost />
  </StrictMode>,
);
