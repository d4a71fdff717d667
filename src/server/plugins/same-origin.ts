import type { FastifyRequest } from 'fastify';
import type { Config } from '../env.js';
import { forbidden } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/** The 403 message of a cross-site state-changing request (docs/architecture.md#sessions: CSRF). */
export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

/** Methods that change state; every other method must not (GET, HEAD, OPTIONS). */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not an absolute http(s) URL. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin this server is reached at: `PUBLIC_URL` when set (always in production), else the origin of the
 * request itself (`protocol://Host`), which is what a development server behind Vite's proxy or on a LAN sees.
 * @param config the configuration (`publicUrl`)
 * @param request the request (its protocol and Host header; X-Forwarded-* only with TRUST_PROXY)
 * @returns an origin without a trailing slash, e.g. `http://localhost:3000`
 */
export function serverOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? originOf(`${request.protocol}://${request.host}`) ?? `${request.protocol}://localhost`;
}

/**
 * Where a request says it comes from: the origin of its `Origin` header, else of its `Referer` header.
 * @returns the origin, or null when the request names none (or names `null` / something unparsable)
 */
export function requestSourceOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return originOf(origin);
  const referer = request.headers.referer;
  return referer === undefined ? null : originOf(referer);
}

/**
 * Whether another site started a GET/HEAD request (a link, an image, a navigation): the browser says so in
 * `Sec-Fetch-Site` (`cross-site` or `same-site`; `same-origin` and `none` — an address typed or bookmarked — are the
 * member's own), or, from a browser that sends no Sec-Fetch-Site, an `Origin` or `Referer` of another origin.
 * @param config the configuration (`publicUrl`)
 * @param request the request
 */
export function startedByAnotherSite(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (request.headers.origin === undefined && request.headers.referer === undefined) return false;
  return requestSourceOrigin(request) !== serverOrigin(config, request);
}

/**
 * CSRF protection (docs/architecture.md#sessions; docs/architecture.md#sessions): every POST, PUT, PATCH or DELETE, whatever its path, must name this
 * server's own origin ({@link serverOrigin}) in its `Origin` header, or — only when the browser sent no Origin — in its
 * `Referer`. Anything else is refused before routing with 403 `{ message: CROSS_SITE_MESSAGE }`. Browsers send Origin
 * on every cross-origin request and on same-origin fetches with these methods, so the SPA passes; a form or script on
 * another site does not. SameSite=Lax session cookies are the second line.
 *
 * The check does not look at the path at all: the router decodes percent-escapes before it matches a route, so a
 * test of the raw URL for `/api/` let `POST /%61pi/auth/logout` through (security review, docs/decisions/015). The
 * app has no state-changing route outside /api, so nothing legitimate is refused by this.
 *
 * A GET/HEAD route with a side effect (a backup download: a file handed out and an audit entry) sets
 * `config: { ownSiteOnly: true }` and is refused the same 403 when another site started it ({@link startedByAnotherSite}):
 * a SameSite=Lax cookie still comes with a cross-site top-level navigation.
 */
export const sameOriginPlugin = globalPlugin<{ config: Config }>(async (app, { config }) => {
  const refused = (request: FastifyRequest): boolean => {
    if (!STATE_CHANGING_METHODS.has(request.method)) {
      return request.routeOptions.config.ownSiteOnly === true && startedByAnotherSite(config, request);
    }
    // Routes matched by the router (decoded path), so no spelling of another path gets this: see allowCrossSite.
    if (request.routeOptions.config.allowCrossSite === true) return false;
    return requestSourceOrigin(request) !== serverOrigin(config, request);
  };
  // A callback hook, not an async one: it never waits, and a promise per request costs more than the check.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refused(request) ? forbidden(CROSS_SITE_MESSAGE) : undefined);
  });
});
