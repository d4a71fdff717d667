import fastifyHelmet from '@fastify/helmet';
import { globalPlugin } from './global-plugin.js';

/**
 * The Content Security Policy (issue 8 "Security"): only what the app needs. Its own scripts, styles and workers
 * (Tailwind/Radix set inline styles; PDF.js runs its worker from our origin or a blob: URL); images and media from
 * https (SPEC §7.8 public storage URLs, profile pictures); YouTube embeds (SPEC §2 media). Google sign-in needs
 * nothing here: it is a full-page redirect from our own /api/auth/google/start (docs/decisions/004), so no Google
 * script, frame or connection is ever made from our pages. Only our own pages may frame our pages and PDFs.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
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

/** HSTS max-age in seconds (180 days), sent only in production. */
export const HSTS_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * Security headers (helmet, issue 8 "Security"): the Content Security Policy {@link CSP_DIRECTIVES}; a same-origin
 * opener policy (sign-in opens no popup); HSTS only in production, where the app is behind https; helmet's other
 * defaults (nosniff, no referrer, frame options SAMEORIGIN, …).
 * @param options `isProduction` from the configuration
 */
export const securityHeadersPlugin = globalPlugin<{ isProduction: boolean }>(async (app, options) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]])),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.isProduction ? { maxAge: HSTS_MAX_AGE_S } : false,
  });
});
