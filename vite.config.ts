import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type HtmlTagDescriptor, type Plugin, defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `vite dev`: /login (any query string) answers login.html, the login page's own document
 * (docs/decisions/012-login-page-own-entry.md), as the server does in production (src/server/plugins/static-files.ts).
 * Every other page address gets index.html from Vite's own history fallback.
 */
function loginPageInDev(): Plugin {
  return {
    name: 'onboarding:login-page-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        if ((req.method === 'GET' || req.method === 'HEAD') && pathname === '/login') {
          req.url = query === undefined ? '/login.html' : `/login.html?${query}`;
        }
        next();
      });
    },
  };
}

/**
 * What both documents (index.html and login.html) share, written once: the head's meta tags and icon, a 'Loading'
 * status painted before any script has run (the markup of FullPageStatus with its Spinner, whose classes the app's CSS
 * already has; React replaces it on its first render), and the note for a browser without JavaScript. Without the
 * status a phone on a slow connection shows a blank page until the scripts have arrived
 * (docs/architecture.md#client-bundle).
 */
function sharedDocument(): Plugin {
  const loading = [
    '<div id="root">',
    '<div class="flex min-h-dvh items-center justify-center p-6">',
    '<div role="status" aria-live="polite" class="flex flex-col items-center gap-3 text-center">',
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-8 animate-spin text-brand-700" aria-hidden="true"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg>',
    '<p class="text-lg font-semibold text-slate-900">Loading</p>',
    '</div></div></div>',
    '<noscript>Onboarding needs JavaScript. Please turn it on and reload the page.</noscript>',
  ].join('');
  const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head-prepend' });
  return {
    name: 'onboarding:shared-document',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('The page has no empty <div id="root"></div> to fill.');
      return {
        html: html.replace('<div id="root"></div>', loading),
        tags: [
          meta({ charset: 'UTF-8' }),
          meta({ name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
          meta({
            name: 'description',
            content:
              'Onboarding for new volunteers and team members of INSPIRED 2 UPLIFT: sign in and work through your onboarding steps.',
          }),
          meta({ name: 'theme-color', content: '#ffffff' }),
          { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/content/logo.svg' }, injectTo: 'head' },
        ],
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), tailwindcss(), loginPageInDev(), sharedDocument(), precompress(`${root}dist/client`)],
  resolve: {
    alias: [
      { find: '@shared', replacement: `${root}src/shared` },
      { find: '@', replacement: `${root}src/client` },
      // react-router's package points bundlers at its development build (extra checks and warnings for the console);
      // its production build is the same router without them (docs/decisions/026-main-thread-on-a-phone.md).
      ...(command !== 'build' ? [] : [{ find: /^react-router$/, replacement: `${root}node_modules/react-router/dist/production/index.mjs` }]),
    ],
  },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    // Written for debugging a build, but not referenced from the bundles, and never served by a production server
    // (plugins/static-files.ts).
    sourcemap: 'hidden',
    // Lets `npm run bench` follow each route's static imports (bench/bundle.ts).
    manifest: true,
    rollupOptions: {
      // Two documents: the app (router, TanStack Query) and the login page, which loads React only
      // (docs/architecture.md#client-bundle, docs/decisions/012-login-page-own-entry.md).
      input: { main: `${root}src/client/index.html`, login: `${root}src/client/login.html` },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? '3000'}`,
      '/content': `http://localhost:${process.env.PORT ?? '3000'}`,
    },
  },
}));
