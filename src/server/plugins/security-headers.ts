import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { globalPlugin } from './global-plugin.js';

/**
 * The Content Security Policy (docs/architecture.md#security): only what the app needs. Its own scripts, styles and
 * workers (Tailwind/Radix set inline styles; PDF.js runs its worker from our origin or a blob: URL); images and media
 * from https (content media, profile pictures); YouTube embeds (docs/product.md#step-widgets). Google sign-in needs
 * nothing here: it is a full-page redirect from our own /api/auth/google/start (docs/decisions/004), so no Google
 * script, frame or connection is ever made from our pages. Only our own pages may frame our pages and PDFs.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  // No <base> element at all: an injected one could not redirect relative script or link URLs.
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  workerSrc: ["'self'", 'blob:'],
};

/** HSTS max-age in seconds (one year, as OWASP ASVS asks), sent only in production. */
export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The helmet options of the app: the Content Security Policy {@link CSP_DIRECTIVES}; a same-origin opener policy
 * (sign-in opens no popup); HSTS only in production, where the app is behind https; helmet's other defaults
 * (nosniff, no referrer, frame options SAMEORIGIN, no DNS prefetching, no cross-domain policies, …) but two that only
 * Internet Explorer ever read: `X-Download-Options` (IE 8's "open" button for downloads) and `X-XSS-Protection: 0`
 * (which turned off the XSS filter of IE and old Safari; no browser has one now). Every response carries its headers,
 * and the dashboard's document must fit in the first TCP window (docs/performance.md#the-dashboards-document-on-the-wire).
 * @param isProduction `isProduction` from the configuration
 */
export function helmetOptions(isProduction: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]])),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isProduction ? { maxAge: HSTS_MAX_AGE_S } : false,
    xDownloadOptions: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets for `options`, asked of @fastify/helmet once on a throwaway app: what its hook has set on the
 * response when a route runs.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async (_request, reply) => reply.raw.getHeaders());
  try {
    const headers = (await probe.inject({ method: 'GET', url: '/' })).json<OutgoingHttpHeaders>();
    return Object.entries(headers).map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

/**
 * Security headers (helmet, docs/architecture.md#security), with {@link helmetOptions}.
 *
 * The headers are the same for every response, so they are worked out once with @fastify/helmet (which would build
 * helmet's middleware again, parsing every directive, for each request: docs/architecture.md#a-request) and set on each
 * response as helmet sets them, on the raw response at `onRequest` (a route may still replace one, as the profile
 * picture route does with its own policy).
 * @param options `isProduction` from the configuration
 */
export const securityHeadersPlugin = globalPlugin<{ isProduction: boolean }>(async (app, options) => {
  const headers = await helmetHeaders(helmetOptions(options.isProduction));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
