import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { PluginOption, UserConfig } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.js';
import { DEFAULT_PREFERENCES } from '../../src/shared/preferences.js';
import { CLIENT_DIR, DOMAIN, budgets, checks, results, root, round, tempDir, withSignedInApp } from '../common.js';

/**
 * Part 9, preferences (docs/product.md#reading-and-display; budgets in docs/architecture.md#performance-budgets):
 * 1. the JavaScript the reading and display preferences add to /dashboard: the client is built a second time with
 *    the preferences' modules replaced by stand-ins that do nothing (the feature's public file
 *    `features/preferences/index.ts` — the header's button, the panel's chunk behind it, saving a choice made before
 *    sign-in — and read aloud, `read-aloud.tsx`), and the gzip size of the JavaScript of /dashboard's first render
 *    (index.html's entry, its preloads and the page's route chunks with their static imports, as the bundle part
 *    counts it) is compared between the two builds. What stays in the dashboard's own files (the one-step bar, the
 *    easy-read list: a few lines of JSX each) is not taken out, and the panel's own chunk, loaded when it is first
 *    opened, is reported beside it;
 * 2. the legible font is downloaded only when chosen: /dashboard in Chromium, every font request recorded, before and
 *    after the member chooses it;
 * 3. Lighthouse accessibility on /dashboard (desktop) in each theme: light, dark and high contrast.
 */
export async function preferencesBudgets(): Promise<void> {
  console.log('• preferences: JavaScript added to /dashboard, the font only when chosen, Lighthouse in each theme');
  await addedJavaScript();
  // A busy machine may take longer than a minute to start the server.
  const start = { dataDir: tempDir('preferences'), email: `bench-preferences@${DOMAIN}`, startTimeoutMs: 180_000 };
  await withSignedInApp(start, async (app, cookie) => {
    await fontOnlyWhenChosen(app.base, cookie);
    await accessibilityInEachTheme(app.base, cookie);
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The JavaScript files of /dashboard's first render in a built client (as bench/parts/bundle.ts counts them): the
 * index.html entry, the module preloads of index.html, and the dashboard's route modules, each with its static imports.
 * @param clientDir a built client folder (with .vite/manifest.json)
 * @returns the files, relative to `clientDir`
 */
function dashboardFiles(clientDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) files.add(m[1] as string);
  collect('index.html');
  for (const route of [/features\/auth\/components\/protected-route\.tsx$/, /app\/routes\/dashboard\.tsx$/]) {
    const key = Object.keys(manifest).find((k) => route.test(k));
    if (key !== undefined) collect(key);
  }
  return [...files].filter((f) => /\.m?js$/.test(f)).sort();
}

const gzipOf = (clientDir: string, files: readonly string[]) =>
  files.reduce((total, f) => total + gzipSync(readFileSync(path.join(clientDir, f))).length, 0);

/** Stand-ins for the preferences' modules: the same exports, doing nothing. */
const STAND_INS: readonly [RegExp, string][] = [
  [
    /src\/client\/features\/preferences\/index\.ts$/,
    "export const PreferencesButton = () => null; export const PREFERENCES_TITLE = 'Reading and display'; export const showStoredPreferences = () => {};",
  ],
  [/src\/client\/features\/onboarding\/components\/read-aloud\.tsx$/, 'export const ReadAloud = () => null;'],
];

async function addedJavaScript(): Promise<void> {
  const { build: viteBuild } = await import('vite');
  const { default: appConfig } = (await import('../../vite.config.ts')) as {
    default: (env: { command: 'build'; mode: string; isSsrBuild: boolean }) => UserConfig;
  };
  const config = appConfig({ command: 'build', mode: 'production', isSsrBuild: false });
  const outDir = tempDir('without-preferences');
  const standIns: PluginOption = {
    name: 'bench:preferences-stand-ins',
    enforce: 'pre',
    load(id) {
      return STAND_INS.find(([pattern]) => pattern.test(id))?.[1] ?? null;
    },
  };
  // The app's plugins but the one that writes compressed copies into dist/client.
  const plugins = (config.plugins ?? [])
    .flat(Infinity as 1)
    .filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'onboarding:precompress'));
  await viteBuild({
    ...config,
    configFile: false,
    root: path.join(root, 'src', 'client'),
    logLevel: 'warn',
    plugins: [...plugins, standIns],
    build: { ...config.build, outDir, emptyOutDir: true, sourcemap: false },
  });
  const withFiles = dashboardFiles(CLIENT_DIR);
  const withoutFiles = dashboardFiles(outDir);
  const withBytes = gzipOf(CLIENT_DIR, withFiles);
  const withoutBytes = gzipOf(outDir, withoutFiles);
  rmSync(outDir, { recursive: true, force: true });
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const panel = Object.entries(manifest).find(([key]) => key.endsWith('preferences/components/preferences-dialog.tsx'));
  const panelBytes = panel === undefined ? NaN : gzipOf(CLIENT_DIR, [panel[1].file]);
  const added = withBytes - withoutBytes;
  const max = budgets.preferences.addedDashboardJsMaxGzipKb;
  results.preferencesJs = { withBytes, withoutBytes, addedBytes: added, panelChunkBytes: panelBytes };
  checks.push(
    {
      name: '/dashboard JS the preferences add (gzip; first render, built with and without them)',
      value: `${round(withBytes / 1000, 2)} − ${round(withoutBytes / 1000, 2)} = ${round(added / 1000, 2)} kB`,
      budget: `≤ ${max} kB`,
      ok: added / 1000 <= max,
    },
    {
      name: "The preferences panel's own chunk (gzip; loaded when first opened)",
      value: `${round(panelBytes / 1000, 2)} kB`,
      budget: '—',
      ok: null,
    },
  );
}

async function savePreferences(base: string, cookie: string, change: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${base}/api/me/preferences`, {
    method: 'PUT',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEFAULT_PREFERENCES, ...change }),
  });
  if (!res.ok) throw new Error(`PUT /api/me/preferences answered ${res.status}: ${await res.text()}`);
}

async function fontOnlyWhenChosen(base: string, cookie: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    /** The font files /dashboard asks for, from opening it until the network has been idle. */
    const fontsLoaded = async (): Promise<string[]> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      const fonts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'font' || /\.(?:woff2?|ttf|otf)$/.test(pathname)) fonts.push(pathname);
      });
      await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      await context.close();
      return fonts;
    };
    await savePreferences(base, cookie, {});
    const standard = await fontsLoaded();
    await savePreferences(base, cookie, { font: 'legible' });
    const legible = await fontsLoaded();
    await savePreferences(base, cookie, {});
    results.preferencesFont = { standard, legible };
    checks.push(
      {
        name: '/dashboard font files downloaded, legible font not chosen',
        value: standard.length === 0 ? 'none' : standard.join(', '),
        budget: 'none',
        ok: standard.length === 0,
      },
      {
        name: '/dashboard font files downloaded, legible font chosen',
        value: `${legible.length} (${legible.map((f) => path.basename(f)).join(', ')})`,
        budget: '≥ 1 Atkinson Hyperlegible',
        ok: legible.some((f) => /atkinson-hyperlegible/i.test(f)),
      },
    );
  } finally {
    await browser.close();
  }
}

async function accessibilityInEachTheme(base: string, cookie: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS] });
  const scores: Record<string, unknown> = {};
  try {
    for (const theme of ['light', 'dark', 'contrast'] as const) {
      await savePreferences(base, cookie, { theme });
      const result = await lighthouse(
        `${base}/dashboard`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          extraHeaders: { Cookie: cookie },
        },
        desktopConfig,
      );
      if (result === undefined) throw new Error(`Lighthouse gave no result for /dashboard (${theme})`);
      const score = Math.round((result.lhr.categories.accessibility?.score ?? 0) * 100);
      const failing = Object.entries(result.lhr.audits)
        .filter(([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map(([id]) => id);
      scores[theme] = { score, failing };
      checks.push({
        name: `Lighthouse /dashboard desktop accessibility, ${theme === 'contrast' ? 'high contrast' : theme} theme`,
        value: `${score}${failing.length > 0 ? ` (failing: ${failing.join(', ')})` : ''}`,
        budget: `≥ ${budgets.lighthouse.accessibilityMin}`,
        ok: score >= budgets.lighthouse.accessibilityMin,
      });
    }
    await savePreferences(base, cookie, {});
  } finally {
    chrome.kill();
  }
  results.preferencesAccessibility = scores;
}
