import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.js';
import { CLIENT_DIR, DOMAIN, budgets, checks, results, root, round, tempDir, withSignedInApp } from '../common.js';

/** Where the floor page is built, inside the built client so that the app's own server serves it (bench-floor/). */
const FLOOR_DIR = path.join(CLIENT_DIR, 'bench-floor');
const FLOOR_PATH = '/bench-floor/index.html';

/**
 * Builds the floor page (bench/floor: React 19 and react-dom, no router, no CSS framework, 17 step cards of the
 * dashboard's shape) into dist/client/bench-floor/, where the app's server serves it like its own files. Removed
 * again when the Lighthouse part ends.
 * @returns the gzip size (bytes) of its JavaScript
 */
export async function buildFloor(): Promise<number> {
  const { build: viteBuild } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { precompress } = await import('../../scripts/vite-precompress.ts');
  const output = await viteBuild({
    configFile: false,
    root: path.join(root, 'bench', 'floor'),
    base: '/bench-floor/',
    logLevel: 'warn',
    // Compressed like the app's own files (brotli and gzip copies the server sends), so its JavaScript crosses the
    // simulated phone connection at the size it would in production, as the app's does.
    plugins: [react(), precompress(FLOOR_DIR)],
    build: { outDir: FLOOR_DIR, emptyOutDir: true },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  return chunks.filter((c) => c.type === 'chunk').reduce((total, c) => total + gzipSync(c.code).length, 0);
}

/** The first window of a new TCP connection: 10 packets of 1,460 bytes (what Lighthouse's simulation assumes too). */
export const FIRST_TCP_WINDOW_BYTES = 10 * 1460;

/** Lighthouse's main-thread groups (mainthread-work-breakdown), as the bench reports them. */
const MAIN_THREAD_GROUPS = {
  scriptEvaluation: 'script evaluation',
  scriptParseCompile: 'script parse/compile',
  styleLayout: 'style and layout',
  paintCompositeRender: 'rendering',
  parseHTML: 'HTML/CSS parsing',
  garbageCollection: 'garbage collection',
  other: 'other',
} as const;
type MainThreadGroup = keyof typeof MAIN_THREAD_GROUPS;

/** One Lighthouse run's figures (times in ms, as Lighthouse reports them: mobile times are simulated on a 4× slower CPU). */
interface LighthouseRun {
  performance: number;
  accessibility: number;
  benchmarkIndex: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Elements in the page's DOM (Lighthouse's dom-size). */
  domElements: number;
  /** Bytes the page's document took on the wire, headers included (Lighthouse's network-requests). */
  documentBytes: number;
  mainThreadMs: Record<MainThreadGroup, number>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
/** The machine's 1, 5 and 15 minute load averages, as the bench's notes print them. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/**
 * Lighthouse 12 with the system Chromium. Mobile (Lighthouse's default: simulated slow 4G and a 4× slower CPU): the
 * floor page, /login and /dashboard (signed in with development sign-in, 17 steps), interleaved run by run, so a
 * busy moment of the machine falls on all three; LIGHTHOUSE_RUNS runs each (default 5). /login and /dashboard are
 * held to the floor of the same run (docs/decisions/026-main-thread-on-a-phone.md): median performance within
 * `performanceMaxPointsBelowFloor` points of the floor's median, median total blocking time within
 * `tbtMaxMsAboveFloor` and median largest contentful paint within `lcpMaxMsAboveFloor`. Desktop: /login and
 * /dashboard against the absolute budget, as before. Accessibility 100 everywhere. Each run's `benchmarkIndex`
 * (Lighthouse's measure of the machine's speed at that moment), main-thread breakdown and the load average are kept
 * in bench/results.json.
 */
export async function lighthouseScores(): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const lb = budgets.lighthouse;
  console.log(
    `• Lighthouse: the floor page, /login and /dashboard on mobile (interleaved, ${runs} runs each), /login and /dashboard on desktop`,
  );
  const floorJsGzipBytes = await buildFloor();
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS] });
  const scores: Record<string, unknown> = {};
  const start = { dataDir: tempDir('lighthouse'), email: `bench-lighthouse@${DOMAIN}` };
  await withSignedInApp(start, async (app, cookie) => {
    const loadBefore = loadAverage();
    const failing = new Map<string, Set<string>>();
    /** One Lighthouse run, retried twice when Lighthouse could not finish it (e.g. NO_NAVSTART); then it counts 0. */
    const measure = async (page: string, preset: 'mobile' | 'desktop', run: number): Promise<LighthouseRun> => {
      const key = `${page} ${preset}`;
      const notes = failing.get(key) ?? new Set<string>();
      failing.set(key, notes);
      for (let attempt = 0; ; attempt += 1) {
        const result = await lighthouse(
          `${app.base}${page}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(page === '/dashboard' ? { extraHeaders: { Cookie: cookie } } : {}),
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (result === undefined) throw new Error(`Lighthouse gave no result for ${page} (${preset})`);
        const { lhr } = result;
        if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
          // Every run's whole report, for reading the long tasks, the LCP's phases and the network's critical path.
          mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
          const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${preset}-${run}${attempt > 0 ? `-attempt${attempt + 1}` : ''}.json`;
          writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== page) {
          throw new Error(
            `Lighthouse on ${page} ended at ${lhr.finalDisplayedUrl}: the page redirected (is the session cookie sent?)`,
          );
        }
        const unfinished = lhr.runtimeError !== undefined || lhr.categories.performance?.score === null;
        if (unfinished && attempt < 2) {
          notes.add(`run ${run} retried: ${lhr.runtimeError?.code ?? 'no performance score'}`);
          continue;
        }
        if (unfinished) {
          notes.add(
            `run ${run} failed: ${lhr.runtimeError?.code ?? 'no performance score'} ${lhr.runtimeError?.message ?? ''}`.trim(),
          );
          for (const warning of lhr.runWarnings) notes.add(`warning: ${warning}`);
        }
        for (const [id, audit] of Object.entries(lhr.audits)) {
          if (
            audit.score !== null &&
            audit.score < 0.9 &&
            (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric')
          ) {
            notes.add(`${id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
        const breakdown =
          (
            lhr.audits['mainthread-work-breakdown']?.details as
              { items?: { group: string; duration: number }[] } | undefined
          )?.items ?? [];
        const mainThreadMs = Object.fromEntries(
          Object.keys(MAIN_THREAD_GROUPS).map((group) => [
            group,
            Math.round(breakdown.filter((i) => i.group === group).reduce((t, i) => t + i.duration, 0)),
          ]),
        ) as Record<MainThreadGroup, number>;
        const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
        return {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          domElements: Math.round(
            lhr.audits['dom-size']?.numericValue ?? lhr.audits['dom-size-insight']?.numericValue ?? NaN,
          ),
          documentBytes: Math.round(
            (
              (
                lhr.audits['network-requests']?.details as
                  { items?: { resourceType?: string; transferSize?: number }[] } | undefined
              )?.items ?? []
            ).find((item) => item.resourceType === 'Document')?.transferSize ?? NaN,
          ),
          mainThreadMs,
        };
      }
    };

    const mobilePages = [FLOOR_PATH, '/login', '/dashboard'];
    const mobile = new Map<string, LighthouseRun[]>(mobilePages.map((page) => [page, []]));
    for (let run = 1; run <= runs; run += 1) {
      for (const page of mobilePages) mobile.get(page)?.push(await measure(page, 'mobile', run));
    }
    const desktop = new Map<string, LighthouseRun[]>();
    for (const page of ['/login', '/dashboard']) {
      const list: LighthouseRun[] = [];
      for (let run = 1; run <= runs; run += 1) list.push(await measure(page, 'desktop', run));
      desktop.set(page, list);
    }
    const loadAfter = loadAverage();

    /** The medians of a page's runs, and each run's figures for the record. */
    const summary = (list: LighthouseRun[]) => ({
      medianPerformance: median(list.map((r) => r.performance)),
      medianAccessibility: median(list.map((r) => r.accessibility)),
      medianBenchmarkIndex: median(list.map((r) => r.benchmarkIndex)),
      medianFcpMs: median(list.map((r) => r.fcpMs)),
      medianLcpMs: median(list.map((r) => r.lcpMs)),
      medianTbtMs: median(list.map((r) => r.tbtMs)),
      medianDomElements: median(list.map((r) => r.domElements)),
      medianDocumentBytes: median(list.map((r) => r.documentBytes)),
      medianMainThreadMs: Object.fromEntries(
        Object.keys(MAIN_THREAD_GROUPS).map((g) => [g, median(list.map((r) => r.mainThreadMs[g as MainThreadGroup]))]),
      ),
      runs: list,
    });
    const floor = summary(mobile.get(FLOOR_PATH) ?? []);
    scores.floor = { page: FLOOR_PATH, jsGzipBytes: floorJsGzipBytes, ...summary(mobile.get(FLOOR_PATH) ?? []) };
    const joined = (list: LighthouseRun[], pick: (r: LighthouseRun) => number) => list.map(pick).join(', ');
    const describe = (list: LighthouseRun[]) => {
      const s = summary(list);
      const m = s.medianMainThreadMs;
      return (
        `perf ${s.medianPerformance} (${joined(list, (r) => r.performance)}), TBT ${s.medianTbtMs} ms (${joined(list, (r) => r.tbtMs)}), ` +
        `LCP ${s.medianLcpMs} ms, FCP ${s.medianFcpMs} ms; main thread: script ${m.scriptEvaluation} ms, style+layout ${m.styleLayout} ms, ` +
        `rendering ${m.paintCompositeRender} ms; ${s.medianDomElements} elements; benchmarkIndex ${joined(list, (r) => r.benchmarkIndex)}`
      );
    };
    checks.push({
      name: `Lighthouse floor page mobile (bare React 19, ${round(floorJsGzipBytes / 1000)} kB JS)`,
      value: describe(mobile.get(FLOOR_PATH) ?? []),
      budget: `— (load average ${loadBefore} before, ${loadAfter} after)`,
      ok: null,
    });
    for (const page of ['/login', '/dashboard']) {
      const list = mobile.get(page) ?? [];
      const s = summary(list);
      scores[`${page} mobile`] = s;
      const notes = [...(failing.get(`${page} mobile`) ?? [])];
      if (notes.length > 0) console.log(`  ${page} mobile: ${notes.join('; ')}`);
      checks.push(
        { name: `Lighthouse ${page} mobile`, value: describe(list), budget: '—', ok: null },
        {
          name: `Lighthouse ${page} mobile: performance − floor`,
          value: `${s.medianPerformance} − ${floor.medianPerformance} = ${s.medianPerformance - floor.medianPerformance}`,
          budget: `≥ −${lb.mobileRelative.performanceMaxPointsBelowFloor}`,
          ok: floor.medianPerformance - s.medianPerformance <= lb.mobileRelative.performanceMaxPointsBelowFloor,
        },
        {
          name: `Lighthouse ${page} mobile: TBT − floor`,
          value: `${s.medianTbtMs} − ${floor.medianTbtMs} = ${s.medianTbtMs - floor.medianTbtMs} ms`,
          budget: `≤ ${lb.mobileRelative.tbtMaxMsAboveFloor} ms`,
          ok: s.medianTbtMs - floor.medianTbtMs <= lb.mobileRelative.tbtMaxMsAboveFloor,
        },
        {
          name: `Lighthouse ${page} mobile: LCP − floor`,
          value: `${s.medianLcpMs} − ${floor.medianLcpMs} = ${s.medianLcpMs - floor.medianLcpMs} ms`,
          budget: `≤ ${lb.mobileRelative.lcpMaxMsAboveFloor} ms`,
          ok: s.medianLcpMs - floor.medianLcpMs <= lb.mobileRelative.lcpMaxMsAboveFloor,
        },
        {
          name: `Lighthouse ${page} mobile: accessibility`,
          value: `${s.medianAccessibility} (runs: ${joined(list, (r) => r.accessibility)})`,
          budget: `≥ ${lb.accessibilityMin}`,
          ok: s.medianAccessibility >= lb.accessibilityMin,
        },
        {
          // A response larger than the first window of a new TCP connection takes one more round trip: 150 ms in
          // Lighthouse's phone (docs/decisions/029-first-paint-requests.md). Budgeted for a volunteer's /dashboard (the
          // bench's member is one); shown for /login.
          name: `Lighthouse ${page} mobile: document on the wire`,
          value: `${s.medianDocumentBytes} bytes with headers (first TCP window ${FIRST_TCP_WINDOW_BYTES}: ${
            s.medianDocumentBytes <= FIRST_TCP_WINDOW_BYTES
              ? `${FIRST_TCP_WINDOW_BYTES - s.medianDocumentBytes} bytes to spare`
              : 'past it, one more round trip'
          })`,
          budget:
            page === '/dashboard' && lb.dashboardDocumentInFirstTcpWindow ? `≤ ${FIRST_TCP_WINDOW_BYTES} bytes` : '—',
          ok:
            page === '/dashboard' && lb.dashboardDocumentInFirstTcpWindow
              ? s.medianDocumentBytes <= FIRST_TCP_WINDOW_BYTES
              : null,
        },
        {
          // Every run within the margin, not only the median: a single slow run is what a member on a phone meets.
          name: `Lighthouse ${page} mobile: TBT − floor, the worst run`,
          value: `${Math.max(...list.map((r, i) => r.tbtMs - (mobile.get(FLOOR_PATH)?.[i]?.tbtMs ?? 0)))} ms (each run against the floor's run beside it)`,
          budget: page === '/dashboard' ? `≤ ${lb.mobileRelative.dashboardTbtMaxMsAboveFloorEveryRun} ms` : '—',
          ok:
            page === '/dashboard'
              ? list.every(
                  (r, i) =>
                    r.tbtMs - (mobile.get(FLOOR_PATH)?.[i]?.tbtMs ?? 0) <=
                    lb.mobileRelative.dashboardTbtMaxMsAboveFloorEveryRun,
                )
              : null,
        },
      );
    }
    for (const page of ['/login', '/dashboard']) {
      const list = desktop.get(page) ?? [];
      const s = summary(list);
      scores[`${page} desktop`] = s;
      const notes = [...(failing.get(`${page} desktop`) ?? [])];
      if (notes.length > 0) console.log(`  ${page} desktop: ${notes.join('; ')}`);
      checks.push(
        {
          name: `Lighthouse ${page} desktop: performance`,
          value: `${s.medianPerformance} (runs: ${joined(list, (r) => r.performance)}; benchmarkIndex ${joined(list, (r) => r.benchmarkIndex)})`,
          budget: `≥ ${lb.desktopPerformanceMin}`,
          ok: s.medianPerformance >= lb.desktopPerformanceMin,
        },
        {
          name: `Lighthouse ${page} desktop: accessibility`,
          value: `${s.medianAccessibility} (runs: ${joined(list, (r) => r.accessibility)})`,
          budget: `≥ ${lb.accessibilityMin}`,
          ok: s.medianAccessibility >= lb.accessibilityMin,
        },
      );
    }
    scores.loadAverage = { before: loadBefore, after: loadAfter };
    scores.lowAudits = Object.fromEntries([...failing].map(([k, v]) => [k, [...v]]));
  }).finally(() => {
    chrome.kill();
    rmSync(FLOOR_DIR, { recursive: true, force: true });
  });
  results.lighthouse = scores;
}
