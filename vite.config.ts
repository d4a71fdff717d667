import { fileURLToPath } from 'node:url';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type HtmlTagDescriptor, type Plugin, defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { FIRST_SCREEN_END, FIRST_SCREEN_START } from './src/shared/document-answers.ts';

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
    // The server replaces the first screen with the page it rendered, when it renders one (src/server/plugins/document-answers.ts).
    `<div id="root">${FIRST_SCREEN_START}`,
    '<div class="flex min-h-dvh items-center justify-center p-6">',
    '<div role="status" aria-live="polite" class="flex flex-col items-center gap-3 text-center">',
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-8 animate-spin text-brand-700" aria-hidden="true"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg>',
    '<p class="text-lg font-semibold text-slate-900">Loading</p>',
    `</div></div>${FIRST_SCREEN_END}</div>`,
    '<noscript>Onboarding needs JavaScript. Please turn it on and reload the page.</noscript>',
  ].join('');
  const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head-prepend' });
  return {
    name: 'onboarding:shared-document',
    transformIndexHtml(html, ctx) {
      if (!html.includes('<div id="root"></div>'))
        throw new Error('The page has no empty <div id="root"></div> to fill.');
      return {
        html: html.replace('<div id="root"></div>', loading),
        tags: [
          meta({ charset: 'UTF-8' }),
          meta({ name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
          // For the login page, the one page a search engine or a shared link sees; the app's pages are a member's own.
          ...(ctx.filename.endsWith('login.html')
            ? [
                meta({
                  name: 'description',
                  content:
                    'Onboarding for new volunteers and team members of INSPIRED 2 UPLIFT: sign in and work through your onboarding steps.',
                }),
              ]
            : []),
          meta({ name: 'theme-color', content: '#ffffff' }),
          // An empty icon: the page's code shows the organisation's logo once the page is idle (src/client/lib/page-icon.ts).
          // An icon to fetch would be the browser's first request after the document, and it took the document's connection,
          // already warmed up, from the scripts the first paint waits for (docs/decisions/029-first-paint-requests.md); with no
          // icon at all the browser asks for /favicon.ico instead.
          { tag: 'link', attrs: { rel: 'icon', href: 'data:,' }, injectTo: 'head' },
        ],
      };
    },
  };
}

/**
 * The requests a document makes before its first paint, shaped for a phone's connection
 * (docs/decisions/029-first-paint-requests.md):
 * - The style sheet is written into the document (`<style>`), so that the scripts are the only requests the first paint
 *   waits for. A style sheet is the browser's most urgent request: as its own file it took the document's connection,
 *   already warmed up, and the scripts started on new connections, which start slowly (TCP slow start). The `<link>`
 *   stays, `disabled` (the browser does not fetch it), so that Vite's loader of the lazy pages, which lists the style
 *   sheet among their dependencies, finds it already in the page and does not load it again. The dashboard the server
 *   renders for a member asks for no script before its first paint, so there the server links the file instead, to keep
 *   the document within the first TCP window (src/server/plugins/document-answers.ts; docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
 * - The module preloads come before the entry's own small script tag, largest first, so that the largest script takes
 *   the warmed-up connection.
 * @returns the build plugin
 */
function firstPaintDocument(): Plugin {
  return {
    name: 'onboarding:first-paint-document',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const withStyles = html.replace(
          /( *)<link rel="stylesheet" crossorigin href="([^"]+)">\n?/g,
          (_tag, indent: string, href: string) => {
            const asset = bundle[href.replace(/^\//, '')];
            if (asset?.type !== 'asset')
              throw new Error(`${ctx.filename}: the style sheet ${href} is not in the build's output.`);
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            if (/<\/style/i.test(css))
              throw new Error(
                `${ctx.filename}: the style sheet ${href} contains '</style', which would end the inline <style> element.`,
              );
            // `media="not all"` as well as `disabled`: Chromium's preload scanner fetched a link that was only disabled
            // (seen in Chromium 150), competing with the page's scripts before its first paint.
            return `${indent}<style>${css}</style>\n${indent}<link rel="stylesheet" crossorigin href="${href}" media="not all" disabled>\n`;
          },
        );
        const size = (href: string) => {
          const chunk = bundle[href.replace(/^\//, '')];
          return chunk?.type === 'chunk' ? chunk.code.length : 0;
        };
        const preloadTags = [...withStyles.matchAll(/ *<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g)];
        const preloads = preloadTags.map((p) => p[1] ?? '');
        const entry = /( *)<script type="module" crossorigin src="[^"]+"><\/script>\n?/.exec(withStyles);
        if (entry === null) throw new Error(`${ctx.filename}: no entry <script type="module"> in the built document.`);
        let rest = withStyles;
        for (const preload of preloadTags) rest = rest.replace(preload[0], '');
        // The app's document loads the app (main.tsx) from its boot script once it has painted (src/client/boot.ts): the
        // app's chunks are preloaded all the same, in parallel with the document, except where the server rendered the
        // first screen (it leaves these preloads out, src/server/plugins/document-answers.ts).
        const app = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === APP_ENTRY);
        if (ctx.filename.endsWith('index.html')) {
          if (app?.type !== 'chunk')
            throw new Error(`${ctx.filename}: the app's entry (main.tsx) is not in the build's output.`);
          const seen = new Set<string>();
          const queue = [app.fileName];
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            const chunk = bundle[file];
            if (seen.has(file) || chunk?.type !== 'chunk') continue;
            seen.add(file);
            queue.push(...chunk.imports);
          }
          for (const file of seen) if (!preloads.includes(`/${file}`)) preloads.push(`/${file}`);
          if (!rest.includes(APP_SCRIPT_META))
            throw new Error(`${ctx.filename}: no ${APP_SCRIPT_META} for the boot script.`);
          rest = rest.replace(APP_SCRIPT_META, `<meta name="app-script" content="/${app.fileName}">`);
        }
        const ordered = preloads
          .map((href) => ({ href, size: size(href) }))
          .sort((a, b) => b.size - a.size)
          .map((p) => `${entry[1]}<link rel="modulepreload" crossorigin href="${p.href}">\n`)
          .join('');
        // The source's comments are for whoever reads src/client/*.html, not for a phone's connection (the first screen's
        // markers stay: the server puts the first screen between them).
        return rest
          .replace(entry[0], `${ordered}${entry[0]}`)
          .replace(/[ \t]*<!--(?!\/?first-screen-->)[\s\S]*?-->\n?/g, '');
      },
    },
  };
}

/** The app's code (its router, pages and data layer), which the app's document loads from its boot script. */
const APP_ENTRY = `${root}src/client/main.tsx`;
/** Where the app's document names the app's script for its boot script (src/client/boot.ts): main.tsx, in the build its chunk. */
const APP_SCRIPT_META = '<meta name="app-script" content="/main.tsx">';

/** Libraries' indexes that re-export every part (see firstPaintChunks). */
const BARRELS = [/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/, /[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/];

/**
 * What the dashboard's first load must not evaluate: zod. Building the API's schemas at start-up took about 30 ms of
 * the 64 ms 'evaluate the app's code' task on this machine (unthrottled), far over the 50 ms of a long task at
 * Lighthouse's 4× phone CPU; the member's path checks the API's answers with light decoders instead
 * (src/client/lib/decoders.ts), and the pages that parse with zod load it with their own code. A static import that
 * pulls it into the first load (often through a feature's public file that re-exports another page's component) fails
 * the build, naming the chain of imports (docs/decisions/065-dashboard-first-load-without-zod-again.md).
 */
const NOT_IN_FIRST_LOAD = [/[\\/]node_modules[\\/]zod[\\/]/];

/** What a chunking decision may ask about a module (Rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The chunks a page loads before its first paint, few and large instead of many and small
 * (docs/decisions/028-dashboard-render-on-a-phone.md): every module the app's entry (main.tsx) imports statically
 * goes into one 'app' chunk, except those the login page's entry (login-main.tsx) imports statically too, which go
 * into one 'shared' chunk (React and what both pages use). Without this the bundler split out every module that a
 * lazy page shares with the dashboard (an icon, a Radix part), and /dashboard asked for 14 scripts: on a phone's
 * connection, each round of requests costs a round trip. What only lazy pages use is split as before.
 * @returns the function that names a module's chunk ('app', 'shared', or null to leave it to the bundler)
 */
function firstPaintChunks(): {
  shared: (id: string, graph: ModuleGraph) => string | null;
  app: (id: string, graph: ModuleGraph) => string | null;
} {
  const appEntry = APP_ENTRY;
  const loginEntry = `${root}src/client/login-main.tsx`;
  let closures: { app: Set<string>; login: Set<string> } | undefined;
  /** The modules `entry` imports statically, directly or not (itself excluded: an entry keeps its own chunk). */
  const staticClosure = (entry: string, graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    /** Who first imported each module: the chain an error names. */
    const importer = new Map<string, string>();
    const queue = [...(graph.getModuleInfo(entry)?.importedIds ?? [])];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id) || id === entry) continue;
      seen.add(id);
      if (entry === appEntry && NOT_IN_FIRST_LOAD.some((pattern) => pattern.test(id))) {
        const chain = [id];
        for (let at = importer.get(id); at !== undefined; at = importer.get(at)) chain.unshift(at);
        throw new Error(
          `/dashboard's first load would evaluate ${path.relative(root, id)}: ${chain.map((m) => path.relative(root, m)).join(' → ')}. Import what the page needs by its own path, or load it with the page that uses it.`,
        );
      }
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
        if (!importer.has(next)) importer.set(next, id);
        queue.push(next);
      }
    }
    return seen;
  };
  const closuresOf = (graph: ModuleGraph) => {
    if (closures === undefined) {
      closures = { app: staticClosure(appEntry, graph), login: staticClosure(loginEntry, graph) };
      // A library's index that re-exports all of it would put the whole library on the login page's side (the walk
      // cannot see which of its exports are used): the login page imports its parts by their own paths.
      const barrel = [...closures.login].find((m) => BARRELS.some((b) => b.test(m)));
      if (barrel !== undefined) {
        throw new Error(
          `The login page's code imports ${barrel}, a library's index: import the part itself (e.g. 'lucide-react/icons/mail', '@radix-ui/react-slot').`,
        );
      }
    }
    return closures;
  };
  // Two groups, 'shared' first (a higher priority): a group also takes the modules its modules import, so 'app' going
  // first would take React with it.
  return {
    shared: (id, graph) => {
      const { app, login } = closuresOf(graph);
      return app.has(id) && login.has(id) ? 'shared' : null;
    },
    app: (id, graph) => (closuresOf(graph).app.has(id) ? 'app' : null),
  };
}

const chunks = firstPaintChunks();

/**
 * `vite build --ssr`: the server's bundle of the dashboard's first screen (src/client/server-render.tsx,
 * docs/decisions/030-dashboard-first-screen-from-the-server.md), in dist/ssr. Everything it imports is bundled into
 * it (React, the router, the app's components), with the same aliases as the browser's build, so that both render the same
 * HTML from the same code.
 */
const serverBundle = defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@shared', replacement: `${root}src/shared` },
      { find: '@', replacement: `${root}src/client` },
      { find: /^react-router$/, replacement: `${root}node_modules/react-router/dist/production/index.mjs` },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: `${root}dist/ssr`,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { input: { 'server-render': `${root}src/client/server-render.tsx` } },
  },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild === true
    ? serverBundle
    : {
        root: 'src/client',
        publicDir: false,
        plugins: [
          react(),
          tailwindcss(),
          loginPageInDev(),
          sharedDocument(),
          firstPaintDocument(),
          precompress(`${root}dist/client`),
        ],
        resolve: {
          alias: [
            { find: '@shared', replacement: `${root}src/shared` },
            { find: '@', replacement: `${root}src/client` },
            // react-router's package points bundlers at its development build (extra checks and warnings for the console);
            // its production build is the same router without them (docs/decisions/026-main-thread-on-a-phone.md).
            ...(command !== 'build'
              ? []
              : [
                  { find: /^react-router$/, replacement: `${root}node_modules/react-router/dist/production/index.mjs` },
                ]),
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
          // Every browser the app supports preloads modules itself (Safari since 17; an older one loads them without
          // preloading): the polyfill would be one more script request before the first paint.
          modulePreload: { polyfill: false },
          rollupOptions: {
            // Two documents: the app (router, TanStack Query) and the login page, which loads React only
            // (docs/architecture.md#client-bundle, docs/decisions/012-login-page-own-entry.md).
            // The app's code (main.tsx) is an entry of its own: the app's document loads it from its boot script (boot.ts).
            input: { main: `${root}src/client/index.html`, login: `${root}src/client/login.html`, start: APP_ENTRY },
            output: {
              codeSplitting: {
                groups: [
                  { name: chunks.shared, debugName: 'shared', priority: 2 },
                  { name: chunks.app, debugName: 'app', priority: 1 },
                ],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: {
            '/api': `http://localhost:${process.env.PORT ?? '3000'}`,
            '/content': `http://localhost:${process.env.PORT ?? '3000'}`,
          },
        },
      },
);
