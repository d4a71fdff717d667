import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { globalPlugin } from './global-plugin.js';

/** The helmet options of the app (see {@link securityHeadersPlugin}). */
export function helmetOptions(isProduction: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", 'https://accounts.google.com'],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ["'self'", 'https://accounts.google.com/gsi/', 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // The Google sign-in popup talks back to this window (DESIGN.md §3 "Sign-in").
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: isProduction ? { maxAge: 180 * 24 * 60 * 60 } : false,
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
 * Security headers (helmet). The Content Security Policy allows what the SPA needs: its own scripts and styles
 * (Tailwind/Radix set inline styles), Google sign-in, images and media from https (SPEC §7.8 public storage URLs,
 * profile pictures), YouTube embeds (SPEC §2 media), PDF.js workers from blob: URLs; our own pages and PDFs may be framed by ourselves.
 * HSTS is sent only in production, where the app is behind https.
 *
 * The headers are the same for every response, so they are worked out once with @fastify/helmet (which would build
 * helmet's middleware again, parsing every directive, for each request: issue 8 "Performance") and set on each
 * response as helmet sets them, on the raw response at `onRequest` (a route may still replace one, as the profile
 * picture route does with its own policy).
 */
export const securityHeadersPlugin = globalPlugin<{ isProduction: boolean }>(async (app, options) => {
  const headers = await helmetHeaders(helmetOptions(options.isProduction));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
