import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, appConfigSchema, onboardingResponseSchema } from '../shared/api.js';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstScreenRenderer } from '../shared/document-answers.js';
import { loadFirstScreenRenderer } from './plugins/first-screen.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';

const BIG_JS = `export const steps = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `step ${i}`))};`;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
/** A document without the reading preferences the server writes on `<html>` (tested in preferences-documents.test.ts). */
const withoutHtmlAttributes = (html: string): string =>
  html.replace(/^<!doctype html><html[^>]*>/, '<!doctype html><html>');
const LOGIN_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/login-1.js"></script></body></html>';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(clientDir, 'login.html'), LOGIN_HTML);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What the build's precompress plugin (scripts/vite-precompress.ts) writes next to a large file.
  writeFileSync(path.join(clientDir, 'assets', 'big-def456.js'), BIG_JS);
  writeFileSync(path.join(clientDir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(clientDir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
  t = await createTestApp({ clientDistDir: clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/config', () => {
  it('answers the public settings', async () => {
    const res = await get('/api/config');
    expect(res.statusCode).toBe(200);
    expect(appConfigSchema.parse(res.json())).toEqual({
      appName: 'Onboarding',
      version: '0.5',
      orgName: 'INSPIRED 2 UPLIFT',
      supportEmail: 'onboarding@inspired2uplift.org',
      allowedDomain: 'inspired2uplift.org',
      signIn: { google: false, development: true },
      dates: { locale: 'en-GB', timeZone: 'Europe/London' },
    });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nope', '/api', '/api/progress/steps'])('%s answers 404 JSON', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(404);
  });

  it('a wrong method answers 404 JSON too', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).error).toBe('Not Found');
  });
});

describe('static files', () => {
  it("serves the build's pre-compressed copies to browsers that accept them, and the plain file otherwise", async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    // A file without compressed copies is sent as it is even when the browser accepts br.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("app")');
  });

  it('serves content assets at /content/', async () => {
    const res = await get('/content/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers 404 JSON for a missing content asset', async () => {
    const res = await get('/content/missing.pdf');
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(404);
  });

  it('serves the SPA at / and its hashed assets as immutable', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(INDEX_HTML);
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  /** The answers element of a document, parsed. */
  const answersIn = (html: string): Record<string, { status: number; body: unknown }> => {
    const match = /<script type="application\/json" id="document-answers">(.*?)<\/script>/s.exec(html);
    if (match?.[1] === undefined) throw new Error(`no answers in ${html}`);
    return JSON.parse(match[1]) as Record<string, { status: number; body: unknown }>;
  };

  it.each(['/login', '/login?returnTo=%2Fadmin', '/login?code=abc&state=xyz&scope=email'])(
    'serves the login page, login.html, at %s, with the answers its screen asks for as it opens, never stored',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.startsWith(LOGIN_HTML.slice(0, LOGIN_HTML.indexOf('</body>')))).toBe(true);
      const answers = answersIn(res.body);
      // No one is signed in: /api/me's own 401. With Google's code in the address the page does not ask who is.
      expect(Object.keys(answers)).toEqual(url.includes('code=') ? ['/api/config'] : ['/api/me', '/api/config']);
      if (!url.includes('code='))
        expect(answers['/api/me']).toEqual({ status: 401, body: (await get('/api/me')).json() });
      expect(answers['/api/config']).toEqual({ status: 200, body: (await get('/api/config')).json() });
      // Compressed for a browser that accepts it.
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(answersIn(brotliDecompressSync(br.rawPayload).toString())).toEqual(answers);
      // HEAD: the plain document's headers.
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['cache-control']).toBe('no-cache');
    },
  );

  it('tells the login page who is signed in, so that it goes on to the dashboard without asking', async () => {
    const cookie = await signIn(t.app, { email: 'login-answers@inspired2uplift.org', name: 'Robin Shah' });
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } });
    const answers = answersIn(res.body);
    expect(answers['/api/me']).toEqual({
      status: 200,
      body: (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    });
    expect(answers['/api/me']?.body).toMatchObject({ user: { email: 'login-answers@inspired2uplift.org' } });
  });

  it('serves index.html, not the login page, at /dashboard and at addresses that only begin like /login', async () => {
    expect((await get('/dashboard')).body).toBe(INDEX_HTML);
    for (const url of ['/login/more', '/logins']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it("writes the dashboard's first API answers into its document, only for a signed-in member, and never lets it be stored", async () => {
    // A name that would end the element, were it written as it is.
    const cookie = await signIn(t.app, { email: 'preload@inspired2uplift.org', name: 'Sam </script><!-- Lee' });
    const signedIn = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    const own = await signedIn('/dashboard');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('text/html');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(withoutHtmlAttributes(own.body).startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</body>')))).toBe(true);
    const answers = answersIn(own.body);
    // The role's content too, at the address the member's answer names (docs/architecture.md#role-content).
    const content = onboardingResponseSchema.parse(answers['/api/onboarding']?.body).content;
    expect(Object.keys(answers)).toEqual(['/api/me', '/api/onboarding', '/api/onboarding/due', '/api/config', content]);
    // Exactly what the API answers the same session.
    for (const [url, answer] of Object.entries(answers))
      expect(answer).toEqual({ status: 200, body: (await signedIn(url)).json() });

    // Compressed for a browser that accepts it, as the build's files are.
    const br = await signedIn('/dashboard', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(answersIn(brotliDecompressSync(br.rawPayload).toString())).toEqual(answers);
    const gz = await signedIn('/dashboard', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(answersIn(gunzipSync(gz.rawPayload).toString())).toEqual(answers);
    // Whole, with its length, not in chunks (docs/architecture.md#compressed-answers), and never any other encoding.
    for (const [answer, encoding] of [
      [br, 'br'],
      [gz, 'gzip'],
      [own, undefined],
    ] as const) {
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('accept-encoding');
    }

    // A role preview shows no due dates, so they are left out; a reminder's link changes nothing.
    expect(Object.keys(answersIn((await signedIn('/dashboard?preview=volunteer')).body))).not.toContain(
      '/api/onboarding/due',
    );
    expect(Object.keys(answersIn((await signedIn('/dashboard?step=set-up-slack')).body))).toHaveLength(5);
    // The name is inside the element, whole.
    expect(own.body.match(/<\/script>/g)).toHaveLength(1);
    expect(answers['/api/me']?.body).toMatchObject({ user: { name: 'Sam </script><!-- Lee' } });

    // Signed out, with a session that is no longer valid, for HEAD, and on other pages: the plain document.
    expect((await get('/dashboard')).body).toBe(INDEX_HTML);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: 'onboarding_session=not-a-session' },
    });
    expect(stale.body).toBe(INDEX_HTML);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(
      (await t.app.inject({ method: 'HEAD', url: '/dashboard', headers: { cookie } })).headers['cache-control'],
    ).toBe('no-cache');
    for (const url of ['/admin', '/', '/dashboard/steps/x', '/no-such-page'])
      expect(withoutHtmlAttributes((await signedIn(url)).body)).toBe(INDEX_HTML);
  });

  it.each([
    '/anything?x=1',
    '/dashboards',
    '/admin/members',
    '/admin/members/a@b.org/more',
    '/admin/studio/x',
    '/test/x',
    '/no-such-page',
  ])(
    'answers HTTP 404 with the app (its router shows the 404 page) for %s, which is no page of the app',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it.each([
    '/',
    '/dashboard',
    '/dashboard/steps/set-up-slack',
    '/test',
    '/admin',
    '/admin/',
    '/admin/insights',
    '/admin/studio',
    // A member page: the address ends in an e-mail address, whose dot is no file extension.
    '/admin/members/sam%40inspired2uplift.org',
    '/admin/members/sam.lee@inspired2uplift.org',
  ])('falls back to index.html for the client route %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each(['/assets/missing-123.js', '/favicon.ico', '/robots.txt', '/assets/new-chunk', '/logo.svg'])(
    'answers 404 for the missing file %s rather than the SPA',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    },
  );

  it('sends security headers', async () => {
    const res = await get('/dashboard');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe("the dashboard's first screen rendered on the server", () => {
  // The app's built document as vite.config.ts writes it: the app's module preloads, the boot script, and the first
  // screen's place in the root element ('Loading' until the app renders).
  const BUILT_INDEX_HTML = [
    '<!doctype html><html><head>',
    '    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/app-2.js">',
    '    <script type="module" crossorigin src="/assets/main-3.js"></script>',
    '    <style>body{color:#000}</style>',
    '    <link rel="stylesheet" crossorigin href="/assets/styles-4.css" media="not all" disabled>',
    '</head><body><div id="root"><!--first-screen--><p>Loading</p><!--/first-screen--></div><noscript>Onboarding needs JavaScript.</noscript></body></html>',
  ].join('\n');
  let dir: string;
  let app: TestApp;
  const rendered: { url: string; answers: string[]; width: string }[] = [];
  /**
   * Stands in for the build's server bundle (src/client/server-render.tsx, which the client's tests hydrate for real and
   * the browser tests load in Chromium): what the server does with a renderer's HTML is tested here. It renders the
   * member's name from the answers, `$&` included, fails for a member named 'Crash', and renders nothing without a member.
   */
  /** The mobile warning's dismissal the renderer was given, one per rendering. */
  const dismissals: (boolean | undefined)[] = [];
  const renderFirstScreen: FirstScreenRenderer = (url, answers, width, mobileWarningDismissed) => {
    rendered.push({ url, answers: Object.keys(answers), width });
    dismissals.push(mobileWarningDismissed);
    const me = answers['/api/me']?.body as { user?: { name: string } } | undefined;
    if (me?.user === undefined) return null;
    if (me.user.name === 'Crash') throw new Error('the renderer failed');
    return `<main><h2>Welcome, ${me.user.name}!</h2></main>`;
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-client-'));
    writeFileSync(path.join(dir, 'index.html'), BUILT_INDEX_HTML);
    writeFileSync(path.join(dir, 'login.html'), LOGIN_HTML);
    app = await createTestApp({ clientDistDir: dir, renderFirstScreen });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const dashboard = async (name: string, url = '/dashboard', headers: Record<string, string> = {}) => {
    const cookie = await signIn(app.app, {
      email: `${name.toLowerCase().replace(/[^a-z]/g, '')}@inspired2uplift.org`,
      name,
    });
    return app.app.inject({ method: 'GET', url, headers: { ...headers, cookie } });
  };

  it('puts the first screen in the root element, marked for hydration, with the answers, and no module preloads', async () => {
    rendered.length = 0;
    const res = await dashboard('Sam $& Lee');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-server-rendered="wide"><main><h2>Welcome, Sam $& Lee!</h2></main></div><noscript>',
    );
    expect(res.body).not.toContain('<!--first-screen-->');
    expect(res.body).not.toContain('modulepreload');
    // The scripts that load the app after the first paint, and the answers the page hydrates from, are still there.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-3.js"></script>');
    // The style sheet is linked, not written in, and asked for before the boot script (a phone's document stays within
    // the first TCP window: docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
    expect(res.body).not.toContain('<style>');
    expect(res.body).not.toContain('disabled');
    expect(res.body).toContain(
      [
        '    <link rel="stylesheet" crossorigin href="/assets/styles-4.css">',
        '    <script type="module" crossorigin src="/assets/main-3.js"></script>',
        '</head>',
      ].join('\n'),
    );
    expect(res.body).toContain('<script type="application/json" id="document-answers">');
    expect(rendered).toEqual([
      {
        url: '/dashboard',
        answers: [
          '/api/me',
          '/api/onboarding',
          '/api/onboarding/due',
          '/api/config',
          expect.stringMatching(/^\/api\/content\/roles\/volunteer\/[0-9a-f]{16}$/),
        ],
        width: 'wide',
      },
    ]);
    // A reminder's link to a step renders with its address.
    await dashboard('Sam $& Lee', '/dashboard?step=set-up-slack');
    expect(rendered.at(-1)?.url).toBe('/dashboard?step=set-up-slack');
  });

  it('renders for a phone when the request says it comes from one (client hint first, else the user agent), and the root element says so', async () => {
    const iPhone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const androidChrome =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
    const desktopChrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const androidTablet =
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const cases: [Record<string, string>, string][] = [
      [{ 'user-agent': iPhone }, 'phone'],
      [{ 'user-agent': androidChrome, 'sec-ch-ua-mobile': '?1' }, 'phone'],
      [{ 'user-agent': desktopChrome, 'sec-ch-ua-mobile': '?1' }, 'phone'],
      // Chrome's 'desktop site' on a phone says it is not one, whatever else the request says.
      [{ 'user-agent': androidChrome, 'sec-ch-ua-mobile': '?0' }, 'wide'],
      [{ 'user-agent': desktopChrome, 'sec-ch-ua-mobile': '?0' }, 'wide'],
      [{ 'user-agent': androidTablet }, 'wide'],
      [{}, 'wide'],
    ];
    for (const [headers, width] of cases) {
      rendered.length = 0;
      const res = await dashboard('Pat Phone', '/dashboard', headers);
      expect(
        rendered.map((r) => r.width),
        JSON.stringify(headers),
      ).toEqual([width]);
      expect(res.body).toContain(`<div id="root" data-server-rendered="${width}"><main><h2>Welcome, Pat Phone!</h2>`);
    }
  });

  it("tells the renderer whether the browser sent the mobile warning's dismissal cookie", async () => {
    const cookie = await signIn(app.app, { email: 'dismissed@inspired2uplift.org', name: 'Dee Dismissed' });
    dismissals.length = 0;
    for (const extra of ['', '; mobile-warning-dismissed=1', '; mobile-warning-dismissed=0']) {
      const res = await app.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: cookie + extra } });
      expect(res.statusCode).toBe(200);
    }
    expect(dismissals).toEqual([false, true, false]);
  });

  it('leaves the first screen to the page in a role preview, when the renderer renders nothing, and when it fails', async () => {
    rendered.length = 0;
    const preview = await dashboard('Preview Person', '/dashboard?preview=volunteer');
    expect(rendered).toEqual([]);
    const failed = await dashboard('Crash');
    expect(rendered).toHaveLength(1);
    for (const res of [preview, failed]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"><!--first-screen--><p>Loading</p><!--/first-screen--></div>');
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-2.js">');
      // The page paints 'Loading' while its scripts arrive: nothing but them is asked for before (decision 029).
      expect(res.body).toContain('<style>body{color:#000}</style>');
      expect(res.body).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/styles-4.css" media="not all" disabled>',
      );
      expect(res.body).toContain('<script type="application/json" id="document-answers">');
    }
  });

  it('leaves a document without a first screen as it is (a build older than the server)', async () => {
    writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    try {
      const res = await dashboard('Old Build');
      expect(withoutHtmlAttributes(res.body).startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</body>')))).toBe(true);
      expect(res.body).not.toContain('data-server-rendered');
    } finally {
      writeFileSync(path.join(dir, 'index.html'), BUILT_INDEX_HTML);
    }
  });
});

describe('loading the server bundle of the first screen', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-ssr-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const log = () => {
    const errors: string[] = [];
    const logger = {
      error: (_details: unknown, message: string) => errors.push(message),
    } as unknown as FastifyBaseLogger;
    return { errors, logger };
  };

  it('loads its renderer; without a bundle there is none, quietly; an unusable bundle is reported', async () => {
    const good = path.join(dir, 'good.mjs');
    writeFileSync(good, 'export const renderFirstScreen = (url) => `<p>${url}</p>`;');
    const quiet = log();
    const render = await loadFirstScreenRenderer(good, quiet.logger);
    expect(render?.('/dashboard', {}, 'wide')).toBe('<p>/dashboard</p>');
    expect(await loadFirstScreenRenderer(path.join(dir, 'missing.mjs'), quiet.logger)).toBeNull();
    expect(quiet.errors).toEqual([]);

    const noExport = path.join(dir, 'no-export.mjs');
    writeFileSync(noExport, 'export const other = 1;');
    const broken = path.join(dir, 'broken.mjs');
    writeFileSync(broken, 'export const = ;');
    const loud = log();
    expect(await loadFirstScreenRenderer(noExport, loud.logger)).toBeNull();
    expect(await loadFirstScreenRenderer(broken, loud.logger)).toBeNull();
    expect(loud.errors).toHaveLength(2);
    for (const message of loud.errors) expect(message).toContain('npm run build');
  });
});

describe('a build without login.html', () => {
  let dir: string;
  let older: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-client-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    older = await createTestApp({ clientDistDir: dir });
  });
  afterAll(async () => {
    await older.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /login with an error that says to build again, never with the app (which would send it back)', async () => {
    const res = await older.app.inject({ method: 'GET', url: '/login?code=abc' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `The client build in ${dir} has no login.html: build it again (npm run build) and restart the server.`,
    });
    // The app's other pages are still served.
    expect((await older.app.inject({ method: 'GET', url: '/dashboard' })).body).toBe(INDEX_HTML);
  });
});

describe('without a built client', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ clientDistDir: null });
  });
  afterAll(async () => {
    await bare.close();
  });

  it('answers 404 JSON for client routes', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(404);
  });
});
