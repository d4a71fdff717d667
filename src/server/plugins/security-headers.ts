import fastifyHelmet from '@fastify/helmet';
import { globalPlugin } from './global-plugin.js';

/**
 * Security headers (helmet). The Content Security Policy allows what the SPA needs: its own scripts and styles
 * (Tailwind/Radix set inline styles), Google sign-in, images and media from https (SPEC §7.8 public storage URLs,
 * profile pictures), YouTube embeds (SPEC §2 media), PDF.js workers from blob: URLs; our own pages and PDFs may be framed by ourselves.
 * HSTS is sent only in production, where the app is behind https.
 */
export const securityHeadersPlugin = globalPlugin<{ isProduction: boolean }>(async (app, options) => {
  await app.register(fastifyHelmet, {
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
    strictTransportSecurity: options.isProduction ? { maxAge: 180 * 24 * 60 * 60 } : false,
  });
});
