import { DASHBOARD_PREVIEW_PARAM, SERVER_RENDERED_ATTRIBUTE } from '@shared/document-answers';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appElement } from './app/app-element';
import { isMobileWarningCookieSet } from './features/onboarding/components/mobile-warning-storage';
import { renderedWidth } from './lib/first-screen-width';
import { seedFirstAnswers } from './app/first-answers';
import { AppRouter } from './app/router';
import { paths } from './config/paths';
import { getConfigQueryOptions } from './features/app-config/api/get-config';
import { getMeQueryOptions } from './features/auth/api/get-me';
import { getDueDatesQueryOptions } from './features/onboarding/api/get-due-dates';
import { getOnboardingQueryOptions } from './features/onboarding/api/get-onboarding';
import { writeCachedUser } from './features/auth/utils/user-cache';
import { takeDocumentAnswers } from './lib/api-client';
import { prepareClassNames } from './lib/cn';
import { createQueryClient } from './lib/react-query';
import { showPageIconWhenIdle } from './lib/page-icon';
import { showToastsFromLastPage } from './lib/toast-after-navigation';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();

// On /dashboard, ask for the member's steps at once, alongside /api/me, instead of after it has answered
// (docs/architecture.md#client-bundle); the page's query finds them on the way. Without a session the steps answer 401,
// which signs the page out exactly as /api/me's 401 would. The due dates (not in a role preview, which shows none) and
// the app's configuration too: a query that starts its request when the page subscribes to it makes React render the
// page again at once, inside the task that shows it. For someone with a session the server has written these answers
// into the document (src/shared/document-answers.ts), and these first requests take them from there instead of the
// network (src/client/lib/api-client.ts; docs/decisions/028-dashboard-render-on-a-phone.md).
// Then /api/me, in a task of its own (its query starts with the profile cached in localStorage: the browser's first
// storage read), so its request does not wait for the render.
function askForTheDashboardsAnswers(): void {
  if (window.location.pathname !== paths.dashboard.getHref()) return;
  const askedAlready = () => {
    // The dashboard asks for each of them itself and shows what went wrong.
  };
  queryClient.prefetchQuery(getOnboardingQueryOptions()).catch(askedAlready);
  if (!new URLSearchParams(window.location.search).has(DASHBOARD_PREVIEW_PARAM))
    queryClient.prefetchQuery(getDueDatesQueryOptions()).catch(askedAlready);
  queryClient.prefetchQuery(getConfigQueryOptions()).catch(askedAlready);
  setTimeout(() => {
    queryClient.prefetchQuery(getMeQueryOptions()).catch(askedAlready);
  }, 0);
}

// The server may have rendered the page already (/dashboard for a signed-in member,
// docs/decisions/030-dashboard-first-screen-from-the-server.md): its HTML is on the screen, and the answers it was
// rendered from are in the document. They go into the query cache first, so that React's first render here is the
// server's, and React hydrates that HTML (attaches to it) instead of rendering the page anew. Reading and decoding
// them is a task of its own, after the one that evaluates the page's code: together they were one long task on a
// phone (docs/decisions/026-main-thread-on-a-phone.md).
let seeded: ReturnType<typeof seedFirstAnswers>;
if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  setTimeout(() => {
    seeded = seedFirstAnswers(queryClient, takeDocumentAnswers());
    if (seeded === undefined) {
      askForTheDashboardsAnswers();
      return;
    }
    const user = seeded;
    // What GET /api/me would have done: keep the cached profile in step (features/auth/utils/user-cache.ts).
    setTimeout(() => writeCachedUser(user), 0);
  }, 0);
} else {
  askForTheDashboardsAnswers();
}

// What can wait runs in tasks of its own, so none of them makes the one that evaluates the page's code longer (on a
// phone that task was the longest of the load; docs/decisions/026-main-thread-on-a-phone.md), and each stays short:
// the toasts the login page kept for this one across the full page load (e.g. 'Development Mode', docs/decisions/012).
setTimeout(showToastsFromLastPage, 0);
// The organisation's logo as the page's icon, last of all (docs/decisions/029-first-paint-requests.md).
showPageIconWhenIdle();

// Then tailwind-merge builds its tables (the first cn() call: about 50 ms on a phone), and only then does the app
// render. Rendered as a transition, React works in short slices and lets the browser paint and answer input in between,
// instead of one long task while a phone is still busy loading (docs/architecture.md#client-bundle: total blocking time).
// Hydrating the server's HTML is sliced the same way.
setTimeout(prepareClassNames, 0);
setTimeout(() => {
  startTransition(() => {
    // Hydrated for the screen the server rendered it for; the real width is used right after.
    // The dismissal cookie is the one the server rendered from (features/onboarding/components/mobile-warning-storage.ts).
    const app = appElement(queryClient, <AppRouter />, renderedWidth(root), isMobileWarningCookieSet());
    if (seeded !== undefined) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}, 0);
