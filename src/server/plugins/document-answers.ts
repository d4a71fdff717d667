import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { acceptedEncoding, compressDocument } from '../compression.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DASHBOARD_PREVIEW_PARAM,
  dashboardAnswerPaths,
  dashboardFollowingPaths,
  type DocumentAnswer,
  documentAnswersElement,
  FIRST_SCREEN_END,
  FIRST_SCREEN_START,
  type FirstScreenRenderer,
  type FirstScreenWidth,
  loginAnswerPaths,
  MOBILE_WARNING_COOKIE,
  SERVER_RENDERED_ATTRIBUTE,
} from '../../shared/document-answers.js';
import { type Preferences, preferenceAttributes, preferencesFrom, PREFERENCES_PATH } from '../../shared/preferences.js';

/** The answer that says who is signed in (first in dashboardAnswerPaths). */
const ME_PATH = '/api/me';

/** The request headers the app's own answers depend on: the session, and the host the allowed-hosts check reads. */
const FORWARDED_HEADERS = [
  'cookie',
  'host',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const;

/**
 * API answers for the person asking (src/shared/document-answers.ts), asked of the app itself with the request's own
 * session, so they are exactly what the page would get from the API.
 * @param app the app (its routes answer the injected requests)
 * @param request the document request (its cookie and host are passed on)
 * @param paths the API paths to ask (GET)
 * @param keep which statuses the document may carry (e.g. 200 only); an answer with another status, or that is not
 *   JSON, is left out and the page asks for it itself
 * @returns each kept path's status and JSON body
 */
async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
  keep: (status: number) => boolean,
): Promise<Record<string, DocumentAnswer>> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answered = await Promise.all(
    paths.map(async (url) => {
      const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      return keep(res.statusCode) && String(res.headers['content-type'] ?? '').startsWith('application/json')
        ? ([[url, { status: res.statusCode, body: res.json() as unknown }]] as const)
        : [];
    }),
  );
  return Object.fromEntries(answered.flat());
}

/** The query string of a request's address (`?preview=volunteer`), or ''. */
function searchOf(request: FastifyRequest): string {
  return request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
}

/** The document's root element with what it shows before the app renders (vite.config.ts sharedDocument()). */
const ROOT_WITH_FIRST_SCREEN = new RegExp(`<div id="root">${FIRST_SCREEN_START}[\\s\\S]*?${FIRST_SCREEN_END}</div>`);
/** A module preload of the app's scripts (vite.config.ts firstPaintDocument()), with its line's indentation. */
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/**
 * The style sheet as the build writes it into the app's document (vite.config.ts firstPaintDocument()): its text in a
 * `<style>` element, then its `<link>`, disabled; the link's address is the first group.
 */
const INLINE_STYLE_SHEET =
  /[ \t]*<style>[\s\S]*?<\/style>\n?[ \t]*<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"(?: media="not all")? disabled>\n?/g;
/** The document's first script (the boot script), with its line's indentation as the first group. */
const FIRST_SCRIPT = /([ \t]*)<script\b/;

/**
 * The document with its style sheet linked instead of written into it: the build's file, whose address changes with
 * its content, so a browser keeps it for a year (plugins/static-files.ts) and asks for it once. The link comes before
 * the boot script, so that the style sheet, the one request the first paint waits for, is asked for first and gets the
 * document's connection, already warmed up (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
 * @param document a built document of the app
 * @returns the document, unchanged when it has no style sheet written into it
 */
function withLinkedStyleSheet(document: string): string {
  const hrefs: string[] = [];
  const without = document.replace(INLINE_STYLE_SHEET, (_sheet, href: string) => {
    hrefs.push(href);
    return '';
  });
  if (hrefs.length === 0) return document;
  const script = FIRST_SCRIPT.exec(without);
  const indent = script?.[1] ?? '';
  const links = hrefs.map((href) => `${indent}<link rel="stylesheet" crossorigin href="${href}">\n`).join('');
  if (script === null) return without.replace('</head>', () => `${links}</head>`);
  return `${without.slice(0, script.index)}${links}${without.slice(script.index)}`;
}

/**
 * The document with the first screen the server rendered in its root element, marked so the page hydrates it; without
 * the app's module preloads, so that the browser paints the first screen before its scripts are asked for (the boot
 * script loads them after the first paint, src/client/boot.ts; docs/decisions/030-dashboard-first-screen-from-the-server.md);
 * and with its style sheet linked rather than written in, so that a volunteer's document fits in the first TCP window
 * of a new connection (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
 * @param document the built index.html
 * @param firstScreen the rendered first screen and the screen it was rendered for
 * @returns the document, or undefined when it has no first screen to replace (a build older than this server)
 */
function withFirstScreen(document: string, firstScreen: RenderedFirstScreen): string | undefined {
  if (!ROOT_WITH_FIRST_SCREEN.test(document)) return undefined;
  // A function as the replacement, so that no `$` in the page's text is read as a pattern.
  const root = () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${firstScreen.width}">${firstScreen.html}</div>`;
  return withLinkedStyleSheet(document.replace(MODULE_PRELOAD, '')).replace(ROOT_WITH_FIRST_SCREEN, root);
}

/**
 * The signed-in member's reading and display preferences (docs/product.md#reading-and-display), asked of the app with
 * the request's session, or undefined when the request has no cookie, no member is signed in or they cannot be had
 * (logged): the page then shows the system's settings, or those the browser keeps.
 */
async function preferencesOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<Preferences | undefined> {
  if (request.headers.cookie === undefined) return undefined;
  try {
    const answer = (await firstAnswers(app, request, [PREFERENCES_PATH], (status) => status === 200))[PREFERENCES_PATH];
    return answer === undefined ? undefined : preferencesFrom(answer.body);
  } catch (error) {
    request.log.warn({ err: error }, 'could not write the reading and display preferences into the document');
    return undefined;
  }
}

/** The document's `<html>` start tag. */
const HTML_START_TAG = /<html\b([^>]*)>/;

/**
 * The document with the member's preferences as attributes of its `<html>` element (src/shared/preferences.ts
 * preferenceAttributes), so that its first paint already shows them (docs/decisions/043-reading-and-display-preferences.md).
 * The values are the schema's own words and numbers, never text from the request.
 * @param document a built document
 * @param preferences the member's preferences, or undefined to leave the document as it is
 */
export function withPreferences(document: string, preferences: Preferences | undefined): string {
  if (preferences === undefined) return document;
  const attributes = Object.entries(preferenceAttributes(preferences))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return document.replace(HTML_START_TAG, (_tag, rest: string) => `<html${rest}${attributes}>`);
}

/** Mobile user agents: 'Mobi' is in those of phones (Safari, Chrome, Firefox, Samsung Internet), not of tablets. */
const MOBILE_USER_AGENT = /Mobi/;

/**
 * The screen the browser asking for a document probably has (docs/decisions/030-dashboard-first-screen-from-the-server.md),
 * so that the first screen is rendered for it and does not change when the page is hydrated: Chromium's
 * `Sec-CH-UA-Mobile` client hint (`?1` on a phone, sent with every request) when there is one, else whether the
 * User-Agent says 'Mobi'. A wrong guess costs only a re-render once the page is hydrated.
 * @param headers the request's headers
 * @returns 'phone' or 'wide'
 */
function firstScreenWidth(headers: FastifyRequest['headers']): FirstScreenWidth {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1' ? 'phone' : 'wide';
  return MOBILE_USER_AGENT.test(headers['user-agent'] ?? '') ? 'phone' : 'wide';
}

/** A first screen the server rendered: its HTML and the screen it was rendered for. */
interface RenderedFirstScreen {
  html: string;
  width: FirstScreenWidth;
}

/**
 * The first screen rendered for a document, or undefined when there is none: no renderer, answers that make none, or
 * a rendering that failed (logged; the page then renders itself, as without a renderer).
 */
function renderedFirstScreen(
  request: FastifyRequest,
  render: FirstScreenRenderer,
  answers: Readonly<Record<string, DocumentAnswer>>,
): RenderedFirstScreen | undefined {
  const width = firstScreenWidth(request.headers);
  try {
    const html = render(request.url, answers, width, request.cookies[MOBILE_WARNING_COOKIE] === '1');
    return html === null ? undefined : { html, width };
  } catch (error) {
    request.log.error(
      { err: error, url: request.url },
      'could not render the first screen on the server; the page renders it itself',
    );
    return undefined;
  }
}

/**
 * Sends a document written for one request: personal, so never stored by a cache (`no-store`); compressed whole with
 * brotli or gzip when the browser accepts it ({@link compressDocument}, off the thread that answers), and sent with its
 * length rather than in chunks.
 * @param request the request, for its Accept-Encoding
 * @param reply its reply
 * @param status the status to answer
 * @param html the document
 */
async function sendDocument(request: FastifyRequest, reply: FastifyReply, status: number, html: string): Promise<void> {
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) {
    reply.send(html);
    return;
  }
  const body = await compressDocument(html, encoding);
  reply.header('content-encoding', encoding).send(body);
}

/**
 * Sends a built document with API answers written into it: the file, plus a JSON element before `</body>` that the page
 * reads instead of asking the API again, and the first screen rendered from them when a renderer is given
 * ({@link sendDocument}).
 */
async function sendWithAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  answers: Readonly<Record<string, DocumentAnswer>>,
  render: FirstScreenRenderer | undefined,
  preferences: Preferences | undefined,
): Promise<void> {
  const built = withPreferences(await readFile(file, 'utf8'), preferences);
  const firstScreen = render === undefined ? undefined : renderedFirstScreen(request, render, answers);
  const document = (firstScreen === undefined ? undefined : withFirstScreen(built, firstScreen)) ?? built;
  const closing = document.lastIndexOf('</body>');
  const element = documentAnswersElement(answers);
  const html =
    closing === -1 ? document + element : `${document.slice(0, closing)}${element}${document.slice(closing)}`;
  await sendDocument(request, reply, 200, html);
}

/** What a page's document carries: which file, which API answers, and when they are worth sending. */
interface AnsweredDocument {
  /** The built document's file name in the client directory. */
  file: string;
  /** The API paths to ask (GET). */
  paths: readonly string[];
  /** The API paths to ask (GET) after those, named by their answers (none: nothing more). */
  following?: (answers: Readonly<Record<string, DocumentAnswer>>) => readonly string[];
  /** Which statuses the document may carry. */
  keep: (status: number) => boolean;
  /** Whether the answers make the document worth sending; otherwise the caller serves the plain one. */
  usable: (answers: Readonly<Record<string, DocumentAnswer>>) => boolean;
  /** Renders the page's first screen from the answers, into the document (none: the page renders it itself). */
  render?: FirstScreenRenderer | undefined;
}

/**
 * Asks the app for a document's answers and sends the document with them.
 * @returns true when it answered; false when the answers could not be had or are not usable (the caller serves the
 *   plain document, and the page asks for them itself)
 */
async function sendAnswered(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  document: AnsweredDocument,
): Promise<boolean> {
  let answers: Record<string, DocumentAnswer>;
  const preferences = preferencesOfRequest(app, request);
  try {
    answers = await firstAnswers(app, request, document.paths, document.keep);
    const following = document.following?.(answers) ?? [];
    if (following.length > 0) Object.assign(answers, await firstAnswers(app, request, following, document.keep));
  } catch (error) {
    // The page can always ask for its answers itself: a failure here only costs it a round trip.
    request.log.warn({ err: error, file: document.file }, 'could not write the first API answers into the document');
    return false;
  }
  if (!document.usable(answers)) return false;
  await sendWithAnswers(
    request,
    reply,
    path.join(clientDir, document.file),
    answers,
    document.render,
    await preferences,
  );
  return true;
}

/**
 * Answers a page of the app other than /dashboard (index.html) for someone with a session, with their reading and
 * display preferences written into it (docs/product.md#reading-and-display). Personal, so never stored by a cache.
 * @param app the app
 * @param request GET of a page address, with a session cookie
 * @param reply its reply
 * @param clientDir the built client, holding index.html
 * @param status the status to answer (200 for a page of the app, 404 for any other address)
 * @returns true when it answered; false when there are no preferences to write (no member signed in, or they could not
 *   be had), and the caller serves the plain document
 */
export async function sendAppDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  status: number,
): Promise<boolean> {
  const preferences = await preferencesOfRequest(app, request);
  if (preferences === undefined) return false;
  const html = withPreferences(await readFile(path.join(clientDir, 'index.html'), 'utf8'), preferences);
  await sendDocument(request, reply, status, html);
  return true;
}

/**
 * Answers /dashboard's document with its first API answers in it (docs/decisions/028-dashboard-render-on-a-phone.md):
 * index.html of the build, plus the answers of dashboardAnswerPaths and the role content their onboarding answer names
 * (dashboardFollowingPaths; 200 only), so a phone shows the steps one round trip sooner (two, without the content).
 * @param app the app
 * @param request GET /dashboard with a session cookie
 * @param reply its reply
 * @param clientDir the built client, holding index.html and login.html
 * @param render renders the dashboard's first screen from the answers (the build's server bundle,
 *   src/client/server-render.tsx; docs/decisions/030-dashboard-first-screen-from-the-server.md), or null to leave it to
 *   the page. Not for a role preview, whose steps are not among the answers.
 * @returns true when it answered; false when the session is no member's (GET /api/me did not answer 200) or the answers
 *   could not be had, and the caller serves the plain document
 */
export function sendDashboardDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  render: FirstScreenRenderer | null,
): Promise<boolean> {
  const search = searchOf(request);
  return sendAnswered(app, request, reply, clientDir, {
    render: render === null || new URLSearchParams(search).has(DASHBOARD_PREVIEW_PARAM) ? undefined : render,
    file: 'index.html',
    paths: dashboardAnswerPaths(search),
    following: dashboardFollowingPaths,
    keep: (status) => status === 200,
    // No signed-in member (an expired or unknown session): the page goes to /login, the plain document does.
    usable: (answers) => ME_PATH in answers,
  });
}

/**
 * Answers /login's document with the answers the login screen asks for as it opens (docs/decisions/029-first-paint-requests.md):
 * login.html of the build, plus the answers of loginAnswerPaths: who is signed in (200, or 401: no one) and the app's
 * configuration (200). Without them, the screen's largest text waited on a phone for two more requests after the
 * scripts.
 * @param app the app
 * @param request GET /login (any query string)
 * @param reply its reply
 * @param clientDir the built client, holding index.html and login.html
 * @returns true when it answered; false when the answers could not be had, and the caller serves the plain document
 */
export function sendLoginDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
): Promise<boolean> {
  return sendAnswered(app, request, reply, clientDir, {
    file: 'login.html',
    paths: loginAnswerPaths(searchOf(request)),
    keep: (status) => status === 200 || status === 401,
    usable: () => true,
  });
}
