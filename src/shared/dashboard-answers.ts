/**
 * The API answers the dashboard needs for its first screen (src/client/main.tsx): the signed-in member, their steps,
 * their due dates (not in a role preview, which shows none) and the app's configuration. The server writes them into
 * /dashboard's document for someone with a session, so a phone shows the steps after the page's scripts, without one
 * more round trip of requests after them; the page's first request for each takes the answer from the document
 * (docs/decisions/028-dashboard-render-on-a-phone.md).
 * @param search the document address's query string (`?preview=volunteer`, or '')
 * @returns the API paths, in the order the page needs them
 */
export function dashboardAnswerPaths(search: string): string[] {
  const previewing = new URLSearchParams(search).has(DASHBOARD_PREVIEW_PARAM);
  return ['/api/me', '/api/onboarding', ...(previewing ? [] : ['/api/onboarding/due']), '/api/config'];
}

/** The dashboard address's parameter that holds a previewed role (a reload keeps the preview). */
export const DASHBOARD_PREVIEW_PARAM = 'preview';

/** The id of the document's `<script type="application/json">` that holds the answers, `{ [path]: body }`. */
export const DOCUMENT_ANSWERS_ID = 'document-answers';

/**
 * The element that carries `answers` in a document: JSON in a script element the browser never runs, with every `<`
 * written as `\u003c` so that no text inside can close the element.
 * @param answers each path's JSON body
 * @returns the element's HTML
 */
export function documentAnswersElement(answers: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">${json}</script>`;
}
