import { type FirstScreenWidth, SERVER_RENDERED_ATTRIBUTE } from '@shared/document-answers';
import { createContext } from 'react';

/**
 * The screen the server rendered the page's first screen for (docs/decisions/030-dashboard-first-screen-from-the-server.md):
 * while rendering on the server and while the browser hydrates that HTML, whether the screen is a phone's is this
 * guess, not the real width (hooks/use-media-query.ts useIsMobile), so that both render the same. 'wide' where the page
 * was not rendered on the server; the real width is used in every other render.
 */
export const FirstScreenWidthContext = createContext<FirstScreenWidth>('wide');

/**
 * The screen a page the server rendered was rendered for, as its root element says (src/server/plugins/document-answers.ts).
 * @param root the document's `<div id="root">`
 * @returns 'phone' when the server rendered it for a phone, else 'wide'
 */
export function renderedWidth(root: Element): FirstScreenWidth {
  return root.getAttribute(SERVER_RENDERED_ATTRIBUTE) === 'phone' ? 'phone' : 'wide';
}
