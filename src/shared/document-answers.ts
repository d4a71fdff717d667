/**
 * API answers the server writes into a page's document, so that the page's first requests for them take the answer
 * from the document instead of waiting one more round trip after the scripts (docs/decisions/028-dashboard-render-on-a-phone.md,
 * docs/decisions/029-first-paint-requests.md).
 */

/**
 * The API answers the dashboard needs for its first screen (src/client/main.tsx): the signed-in member, their steps,
 * their due dates (not in a role preview, which shows none) and the app's configuration. The server writes them into
 * /dashboard's document for someone with a session.
 * @param search the document address's query string (`?preview=volunteer`, or '')
 * @returns the API paths, in the order the page needs them
 */
export function dashboardAnswerPaths(search: string): string[] {
  const previewing = new URLSearchParams(search).has(DASHBOARD_PREVIEW_PARAM);
  return ['/api/me', '/api/onboarding', ...(previewing ? [] : ['/api/onboarding/due']), '/api/config'];
}

/** The prefix of the role content addresses GET /api/onboarding names (src/shared/api.ts onboardingResponseSchema). */
const ROLE_CONTENT_PREFIX = '/api/content/roles/';

/**
 * The API answers the dashboard needs after those of {@link dashboardAnswerPaths}: the content of the member's role,
 * whose address their onboarding answer names (docs/architecture.md#role-content).
 * @param answers the answers of dashboardAnswerPaths (each path's status and JSON body)
 * @returns the address of the role's content, or nothing when the onboarding answer is missing or names none
 */
export function dashboardFollowingPaths(answers: Readonly<Record<string, DocumentAnswer>>): string[] {
  const body = answers['/api/onboarding']?.body;
  if (typeof body !== 'object' || body === null || !('content' in body)) return [];
  const { content } = body;
  return typeof content === 'string' && content.startsWith(ROLE_CONTENT_PREFIX) ? [content] : [];
}

/**
 * The API answers the login screen asks for as it opens (src/client/app/login-page.tsx): whether someone is already
 * signed in (a 401 answer says no one is) and the app's configuration. With a sign-in code in the address (Google's
 * answer, `?code=`) the page does not ask who is signed in, so the document does not say.
 * @param search the document address's query string (`?returnTo=/admin`, `?code=…&state=…`, or '')
 * @returns the API paths
 */
export function loginAnswerPaths(search: string): string[] {
  return [...(new URLSearchParams(search).has('code') ? [] : ['/api/me']), '/api/config'];
}

/** The dashboard address's parameter that holds a previewed role (a reload keeps the preview). */
export const DASHBOARD_PREVIEW_PARAM = 'preview';

/** The id of the document's `<script type="application/json">` that holds the answers, `{ [path]: DocumentAnswer }`. */
export const DOCUMENT_ANSWERS_ID = 'document-answers';

/** One API answer as the document carries it: the HTTP status and the JSON body. */
export interface DocumentAnswer {
  status: number;
  body: unknown;
}

/**
 * The element that carries `answers` in a document: JSON in a script element the browser never runs, with every `<`
 * written as `\u003c` so that no text inside can close the element.
 * @param answers each path's answer
 * @returns the element's HTML
 */
export function documentAnswersElement(answers: Readonly<Record<string, DocumentAnswer>>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">${json}</script>`;
}

/**
 * The attribute the server sets on the document's `<div id="root">` when it holds the page rendered on the server
 * (docs/decisions/030-dashboard-first-screen-from-the-server.md): the browser then hydrates that HTML instead of
 * rendering the page anew. Its value is the {@link FirstScreenWidth} the page was rendered for.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The screen a first screen is rendered for: a phone (under 768 px wide, docs/product.md#constants) or anything wider.
 * The server cannot know the width; it guesses from the request (src/server/plugins/document-answers.ts
 * firstScreenWidth), and the browser hydrates as if the guess were right, then follows the real width.
 */
export type FirstScreenWidth = 'phone' | 'wide';

/**
 * Renders a page's first screen on the server, as the browser's first render will (src/client/server-render.tsx).
 * @param url the page's address, path and query string (`/dashboard?step=slack`)
 * @param answers the API answers the document carries (each path's status and JSON body)
 * @param width the screen to render for (a phone's step buttons say 'Done', a wider screen's 'Complete')
 * @param mobileWarningDismissed whether the browser sent {@link MOBILE_WARNING_COOKIE} (default false)
 * @returns the HTML that goes inside `<div id="root">`, or null when the answers do not make a first screen (no
 *   signed-in member, or an answer of another shape): the document is then sent as it is
 */
export type FirstScreenRenderer = (
  url: string,
  answers: Readonly<Record<string, DocumentAnswer>>,
  width: FirstScreenWidth,
  mobileWarningDismissed?: boolean,
) => string | null;

/**
 * The cookie that says this browser dismissed the mobile warning (docs/product.md#mobile-warning): `1` while it is
 * dismissed. The browser keeps the dismissal in localStorage too, but the server cannot read that; with the cookie the
 * dashboard's first screen is rendered without the warning's notice, so that neither repeats.
 */
export const MOBILE_WARNING_COOKIE = 'mobile-warning-dismissed';

/**
 * The comments around what the app's built document shows inside `<div id="root">` before the app has rendered
 * ('Loading', vite.config.ts sharedDocument()): the server puts the first screen it rendered in their place.
 */
export const FIRST_SCREEN_START = '<!--first-screen-->';
export const FIRST_SCREEN_END = '<!--/first-screen-->';
