import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAppDocument, sendDashboardDocument, sendLoginDocument } from './document-answers.js';
import type { FirstScreenRenderer } from '../../shared/document-answers.js';
import { apiError } from './error-handler.js';
import { globalPlugin } from './global-plugin.js';

/** Where the files come from. */
export interface StaticFilesOptions extends Record<string, unknown> {
  /** `<CONTENT_DIR>/assets`, served at /content/ (logo, PDFs, images of the role configurations). */
  contentAssetsDir: string;
  /**
   * The built client (`dist/client`); served at / with a history fallback when it holds an index.html, and its login
   * page (login.html) at /login.
   */
  clientDistDir: string | null;
  /**
   * In production the build's source maps (`*.map`) and Vite's manifest (`.vite/manifest.json`) are not served (404):
   * they are for debugging and measuring a build (bench/bundle.ts), not for visitors, and would list every module.
   */
  isProduction?: boolean;
  /**
   * The session cookie's name: /dashboard's document, asked for with one, carries the page's first API answers
   * (src/shared/document-answers.ts, plugins/document-answers.ts). Without it, the plain document.
   */
  sessionCookie?: string;
  /**
   * Renders /dashboard's first screen into its document (the build's server bundle, plugins/first-screen.ts); null or
   * absent: the page renders it itself.
   */
  renderFirstScreen?: FirstScreenRenderer | null;
}

/** The dashboard's address (src/client/config/paths.ts), whose document carries its first API answers. */
const DASHBOARD_PATH = '/dashboard';

/** A source map's file name. */
const SOURCE_MAP = /\.map$/i;

/** Anything under a folder whose name starts with a dot, e.g. Vite's `.vite/manifest.json`. */
const IN_DOT_FOLDER = /(?:^|[/\\])\.[^/\\]+[/\\]/;

/** Whether a production server keeps a file of the build to itself (see {@link StaticFilesOptions.isProduction}). */
const buildOnlyFile = (pathName: string): boolean => SOURCE_MAP.test(pathName) || IN_DOT_FOLDER.test(pathName);

/** The login page's address and document (vite.config.ts builds login.html as a second page). */
const LOGIN_PATH = '/login';
const LOGIN_HTML = 'login.html';

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The endings of files a browser asks for (scripts, styles, source maps, images, fonts, documents): a missing one is
 * a 404, not the SPA. Other dots are page addresses, e.g. /admin/members/sam%40inspired2uplift.org.
 */
const FILE_EXTENSION =
  /\.(?:m?js|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|webp|avif|svg|pdf|woff2?|ttf|otf|webmanifest|br|gz)$/i;

/**
 * The page addresses the client's router has a page for (src/client/config/paths.ts; keep the two in step): the
 * dashboard (and anything under it), the demo page, the admin console, its insights page and content studio, one
 * member's page, and the pre-boarding page. Any other page address
 * gets the app with HTTP 404, and the router shows its 404 page.
 */
const APP_PAGES = [
  /^\/$/,
  /^\/dashboard(?:\/.*)?$/,
  /^\/test\/?$/,
  /^\/admin\/?$/,
  /^\/admin\/(?:insights|studio)\/?$/,
  /^\/admin\/members\/[^/]+\/?$/,
  /^\/preboarding\/?$/,
];

/** True when `pathname` is a page of the app (see {@link APP_PAGES}). */
export function isAppPage(pathname: string): boolean {
  return APP_PAGES.some((page) => page.test(pathname));
}

/** True for a request the SPA should answer: a GET/HEAD page address, not an API call, content asset or file. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/content/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !FILE_EXTENSION.test(last);
}

/**
 * Static files (docs/architecture.md#layers): content assets at /content/ always; the built SPA at / when `clientDistDir` has an
 * index.html, with a history fallback — a GET for a page address that is no file (e.g. /dashboard, /anything) gets
 * index.html so the SPA's router can answer: HTTP 200 for a page of the app, HTTP 404 (with the router's 404 page)
 * for any other address. GET/HEAD /login (any query string, e.g.
 * Google's `?code=…&state=…`) gets login.html, the login page's own document (docs/decisions/012-login-page-own-entry.md;
 * a 500 JSON error naming the fix if the build has none). Everything else that matches no route gets a 404 JSON error.
 */
export const staticFilesPlugin = globalPlugin<StaticFilesOptions>(async (app, options) => {
  const clientDir =
    options.clientDistDir !== null && existsSync(path.join(options.clientDistDir, 'index.html'))
      ? options.clientDistDir
      : null;

  if (clientDir !== null) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !(options.isProduction === true && buildOnlyFile(pathName)),
      setHeaders: (res, filePath) => {
        const inAssets = path.relative(clientDir, filePath).split(path.sep)[0] === 'assets';
        res.setHeader('cache-control', inAssets ? IMMUTABLE : 'no-cache');
        // The answer depends on Accept-Encoding (preCompressed), so caches must keep one copy per encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  if (clientDir !== null) {
    // GET also answers HEAD (Fastify's exposeHeadRoutes). A build without login.html is incomplete (an older build):
    // /login then says so, and never falls back to the app, which would only send the browser back to /login.
    if (existsSync(path.join(clientDir, LOGIN_HTML))) {
      app.get(LOGIN_PATH, async function getLogin(request, reply) {
        // GET: with the answers the screen asks for as it opens (who is signed in, the configuration); HEAD, or when
        // they cannot be had: the plain document, and the page asks for them itself.
        if (request.method === 'GET' && (await sendLoginDocument(app, request, reply, clientDir))) return reply;
        return reply.header('cache-control', 'no-cache').sendFile(LOGIN_HTML, clientDir, { cacheControl: false });
      });
    } else {
      const message = `The client build in ${clientDir} has no ${LOGIN_HTML}: build it again (npm run build) and restart the server.`;
      app.log.error({ dir: clientDir }, message);
      app.get(LOGIN_PATH, function getLoginWithoutItsDocument(_request, reply) {
        return reply.code(500).send(apiError(500, message));
      });
    }
  }
  if (existsSync(options.contentAssetsDir)) {
    await app.register(fastifyStatic, {
      root: options.contentAssetsDir,
      prefix: '/content/',
      decorateReply: clientDir === null,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    });
  } else {
    app.log.warn({ dir: options.contentAssetsDir }, 'content assets directory missing; /content/ serves nothing');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (clientDir !== null && isClientRoute(request)) {
      // An address that is no page of the app still gets the app, whose router shows the 404 page; the status says
      // so too, for monitors, crawlers and link checkers.
      const pathname = request.url.split('?')[0] ?? '';
      // Only for someone with a session: signed out, the page goes to /login.
      const withSession = options.sessionCookie !== undefined && request.cookies[options.sessionCookie] !== undefined;
      if (
        request.method === 'GET' &&
        pathname === DASHBOARD_PATH &&
        withSession &&
        (await sendDashboardDocument(app, request, reply, clientDir, options.renderFirstScreen ?? null))
      ) {
        return reply;
      }
      // Any other page for someone with a session: with their reading and display preferences.
      const status = isAppPage(pathname) ? 200 : 404;
      if (request.method === 'GET' && withSession && (await sendAppDocument(app, request, reply, clientDir, status))) {
        return reply;
      }
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', clientDir, { cacheControl: false });
    }
    const pathname = request.url.split('?')[0] ?? request.url;
    return reply.code(404).send(apiError(404, `Nothing here: ${request.method} ${pathname}`));
  });
});
