import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
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

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), tailwindcss(), loginPageInDev(), precompress(`${root}dist/client`)],
  resolve: {
    alias: {
      '@shared': `${root}src/shared`,
      '@': `${root}src/client`,
    },
  },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    sourcemap: true,
    // Lets `npm run bench` follow each route's static imports (bench/bundle.ts).
    manifest: true,
    rollupOptions: {
      // Two documents: the app (router, TanStack Query) and the login page, which loads React only (issue 8 budget,
      // docs/decisions/012-login-page-own-entry.md).
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
});
