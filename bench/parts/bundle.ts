import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.js';
import { CLIENT_DIR, DOMAIN, budgets, checks, gzipBytes, results, round, tempDir, withSignedInApp } from '../common.js';
import { FIRST_TCP_WINDOW_BYTES } from './lighthouse.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Part 2, bundle: gzip size of the JS and CSS /login and /dashboard load (bench/run.ts). */
export function bundle(): void {
  console.log('• bundle sizes');
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

  /** Files (JS and CSS) a chunk loads: itself, its CSS and, recursively, its static imports. */
  const collect = (key: string, files: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, files);
    return files;
  };
  /**
   * What a document loads before any lazy module: its entry script (the manifest entry keyed by the HTML file, e.g.
   * 'index.html', 'login.html'), its module preloads and stylesheets, and the entry's static imports.
   */
  const documentFiles = (htmlFile: string): Set<string> => {
    const html = readFileSync(path.join(CLIENT_DIR, htmlFile), 'utf8');
    const entry = manifest[htmlFile];
    if (entry?.isEntry !== true) throw new Error(`no entry '${htmlFile}' in dist/client/.vite/manifest.json`);
    const entryScript = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
    if (entryScript !== entry.file)
      throw new Error(`${htmlFile} loads ${entryScript}, the manifest's entry is ${entry.file}`);
    const htmlFiles = [...html.matchAll(/<link rel="(?:stylesheet|modulepreload)"[^>]*href="\/([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    return collect(htmlFile, new Set(htmlFiles));
  };
  /**
   * The app (index.html) loads its entry, then the modules of the page's matched routes: a lazy route's chunk
   * (react-router `lazy` or React.lazy, a dynamic import) with its static imports. A route module without a chunk of
   * its own is part of the entry (already counted). Dynamic imports inside a page (PDF viewer, confetti, dialogs) are
   * not counted.
   */
  const appPage = (routeModules: RegExp[]): Set<string> => {
    const files = documentFiles('index.html');
    for (const module of routeModules) {
      const key = Object.keys(manifest).find((k) => module.test(k));
      if (key !== undefined) collect(key, files);
    }
    return files;
  };
  // The login page is its own document (docs/decisions/012-login-page-own-entry.md): no router, no lazy route. The
  // dashboard is part of the app's entry (router.tsx); were it lazy again, its chunk would be counted here.
  const login = documentFiles('login.html');
  const dashboard = appPage([/features\/auth\/components\/protected-route\.tsx$/, /app\/routes\/dashboard\.tsx$/]);

  const measure = (files: Set<string>) => {
    const list = [...files].sort();
    return { files: list, jsGzipBytes: gzipBytes(list, 'js'), cssGzipBytes: gzipBytes(list, 'css') };
  };
  const loginSizes = measure(login);
  const dashboardSizes = measure(dashboard);
  results.bundle = { login: loginSizes, dashboard: dashboardSizes };
  const kb = (bytes: number) => round(bytes / 1000);
  checks.push(
    // Before the first paint (the page's static and route chunks); the budgets apply to what Chromium loads in all
    // (loadedInBrowser), which adds the chunks fetched right after the first paint.
    { name: '/login JS before first paint (gzip)', value: `${kb(loginSizes.jsGzipBytes)} kB`, budget: '—', ok: null },
    {
      name: '/login CSS (gzip; written into the document)',
      value: `${kb(loginSizes.cssGzipBytes)} kB`,
      budget: '—',
      ok: null,
    },
    // A signed-in member's /dashboard document holds its first screen, rendered by the server, and asks for this after
    // its first paint (docs/decisions/030-dashboard-first-screen-from-the-server.md); the plain document preloads it.
    {
      name: '/dashboard JS of its first render (gzip; after the first paint)',
      value: `${kb(dashboardSizes.jsGzipBytes)} kB`,
      budget: '—',
      ok: null,
    },
    {
      name: '/dashboard CSS (gzip; written into the document)',
      value: `${kb(dashboardSizes.cssGzipBytes)} kB`,
      budget: '—',
      ok: null,
    },
  );
}

/** How a phone's Chromium asks for a document (Lighthouse's mobile preset: its user agent and client hint). */
const PHONE_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  'sec-ch-ua-mobile': '?1',
};

/**
 * The bytes a document's answer takes on the wire (status line, headers and body as sent, compressed as a phone's
 * browser accepts it): everything read from a connection of its own, opened for this one request.
 * @param url the document's address
 * @param headers further request headers (the session cookie)
 * @returns the bytes read and the answer's status and encoding
 */
function documentOnTheWire(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; status: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { ...PHONE_HEADERS, ...headers } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          bytes: response.socket.bytesRead,
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * /login's and a volunteer's /dashboard's documents on the wire, as a phone asks for them, against the first window of
 * a new TCP connection (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md): budgeted for /dashboard
 * (`dashboardDocumentInFirstTcpWindow`), shown for /login. The same figure as the Lighthouse part's, without Chromium.
 * @param base the app's address
 * @param cookie the volunteer's session cookie (`name=value`)
 */
async function documentsOnTheWire(base: string, cookie: string): Promise<void> {
  const sizes: Record<string, unknown> = {};
  for (const pagePath of ['/login', '/dashboard']) {
    const measured = await documentOnTheWire(`${base}${pagePath}`, pagePath === '/login' ? {} : { cookie });
    if (measured.status !== 200) throw new Error(`${pagePath} answered ${measured.status}`);
    sizes[pagePath] = measured;
    const budgeted = pagePath === '/dashboard' && budgets.lighthouse.dashboardDocumentInFirstTcpWindow;
    checks.push({
      name: `${pagePath} document on the wire (a phone's request, ${measured.encoding})`,
      value: `${measured.bytes} bytes with headers (first TCP window ${FIRST_TCP_WINDOW_BYTES}: ${
        measured.bytes <= FIRST_TCP_WINDOW_BYTES
          ? `${FIRST_TCP_WINDOW_BYTES - measured.bytes} bytes to spare`
          : 'past it, one more round trip'
      })`,
      budget: budgeted ? `≤ ${FIRST_TCP_WINDOW_BYTES} bytes` : '—',
      ok: budgeted ? measured.bytes <= FIRST_TCP_WINDOW_BYTES : null,
    });
  }
  results.documents = sizes;
}

/** The file of the content studio's page chunk (src/client/app/routes/admin-studio.tsx) in Vite's manifest. */
function studioChunk(): string {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([key]) => key.endsWith('app/routes/admin-studio.tsx'))?.[1];
  if (!entry) throw new Error('no chunk for app/routes/admin-studio.tsx in dist/client/.vite/manifest.json');
  return entry.file;
}

/**
 * What a page really loads in Chromium without any interaction: every /assets/ script and stylesheet requested from
 * opening the page until the network has been idle (desktop width, signed in for /dashboard). Unlike `bundle()`, this
 * counts chunks loaded after the first paint without any interaction; it leaves out what waits for the member: the
 * toasters (first press or toast), a step's widgets (opening a step that shows them), PDF viewer, confetti, dialogs.
 * The budgets apply to these figures. What the first press adds is reported alongside, not budgeted.
 */
export async function loadedInBrowser(): Promise<void> {
  console.log('• bundle sizes as loaded in Chromium');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  const loaded: Record<string, unknown> = {};
  await withSignedInApp({ dataDir: tempDir('loaded'), email: `bench-bundle@${DOMAIN}` }, async (app, cookie) => {
    await documentsOnTheWire(app.base, cookie);
    for (const pagePath of ['/login', '/dashboard']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (pagePath !== '/login') {
        const [name, value] = cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url: app.base }]);
      }
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/assets\/.+\.(?:m?js|css)$/.test(pathname)) files.add(pathname.slice(1));
      });
      await page.goto(`${app.base}${pagePath}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      if (new URL(page.url()).pathname !== pagePath) throw new Error(`${pagePath} ended at ${page.url()}`);
      const list = [...files].sort();
      // The content studio (docs/product.md#content-studio) is its own chunk, with drag and drop and the forms: neither
      // page may load it.
      const studio = studioChunk();
      checks.push({
        name: `${pagePath} loads the content studio's chunk`,
        value: list.includes(studio) ? 'yes' : 'no',
        budget: 'no',
        ok: !list.includes(studio),
      });
      // For the record, not budgeted: what the first press on the page adds (the toasters load then).
      await page.mouse.click(2, 2);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const afterPress = gzipBytes(files, 'js');
      await context.close();
      const js = gzipBytes(list, 'js');
      const css = gzipBytes(list, 'css');
      loaded[pagePath] = { files: list, jsGzipBytes: js, cssGzipBytes: css, jsGzipBytesAfterFirstPress: afterPress };
      const kb = round(js / 1000);
      const max = pagePath === '/login' ? budgets.bundle.loginJsMaxGzipKb : budgets.bundle.dashboardJsMaxGzipKb;
      checks.push(
        {
          name: `${pagePath} JS loaded in Chromium (gzip)`,
          value: `${kb} kB in ${list.length} files`,
          budget: `≤ ${max} kB`,
          ok: kb <= max,
        },
        {
          name: `${pagePath} CSS files loaded in Chromium (gzip)`,
          value: `${round(css / 1000)} kB`,
          budget: '—',
          ok: null,
        },
        {
          name: `${pagePath} JS after the first press (gzip)`,
          value: `${round(afterPress / 1000)} kB`,
          budget: '—',
          ok: null,
        },
      );
    }
  }).finally(() => browser.close());
  results.bundleLoaded = loaded;
}
