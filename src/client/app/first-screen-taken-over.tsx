import { SERVER_RENDERED_ATTRIBUTE } from '@shared/document-answers';
import { useEffect } from 'react';

/**
 * Says, once the app has hydrated the page the server rendered (docs/decisions/030-dashboard-first-screen-from-the-server.md),
 * that its controls work now: it removes the root element's `data-server-rendered`, which kept them from taking clicks
 * (styles/index.css). Rendered inside the routes' `<Suspense>`, after the page, so that its effect runs once the page
 * itself is hydrated. Renders nothing.
 */
export function FirstScreenTakenOver() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  }, []);
  return null;
}
