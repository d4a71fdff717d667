import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { freePort } from '../../src/server/test/server-process.js';
import {
  CONNECTIONS,
  DOMAIN,
  DURATION_S,
  type LoadResult,
  STEP_ID,
  budgets,
  checks,
  load,
  results,
  root,
  round,
  startProcess,
  stopProcess,
  tempDir,
  waitFor,
  withSignedInApp,
} from '../common.js';
import { writePathStatements } from './write-path.js';

/** What a browser says it accepts (Chromium's Accept-Encoding): the read is measured as a browser asks for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** An answer's bytes as they came on the wire (not decoded), with its Content-Encoding, Vary and ETag headers. */
interface RawAnswer {
  status: number;
  bytes: Buffer;
  contentEncoding: string | undefined;
  vary: string | undefined;
  etag: string | undefined;
}

/**
 * GET `url` and keep the body's bytes as sent (fetch would decode a compressed body).
 * @param headers request headers
 */
export function getRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const header = (name: string) => {
          const value = res.headers[name];
          return Array.isArray(value) ? value.join(', ') : value;
        };
        resolve({
          status: res.statusCode ?? 0,
          bytes: Buffer.concat(chunks),
          contentEncoding: header('content-encoding'),
          vary: header('vary'),
          etag: header('etag'),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Loads a bare Fastify baseline (bench/baseline-server.ts) in its own process for DURATION_S seconds.
 * @param payload null: the 'hello world' route; else the bytes it answers every request with, and their
 *   Content-Encoding (undefined: none)
 */
async function baselineLoad(
  payload: { bytes: Buffer; contentEncoding: string | undefined } | null,
): Promise<LoadResult> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port) };
  if (payload !== null) {
    const file = path.join(tempDir('baseline'), 'answer');
    writeFileSync(file, payload.bytes);
    env.BASELINE_FILE = file;
    if (payload.contentEncoding !== undefined) env.BASELINE_ENCODING = payload.contentEncoding;
  }
  const child = startProcess(['--import', 'tsx', path.join(root, 'bench', 'baseline-server.ts')], env);
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child);
    return await load(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
  } finally {
    await stopProcess(child);
  }
}

/**
 * Connections of the write's latency run. A closed loop of N connections against a server that serves writes one after
 * the other waits N ÷ throughput for its answers; the 50 of the throughput runs say how many writes a second the server
 * takes, and their latency is that queue. 10 (autocannon's default) is a room's clicks below saturation, where a
 * latency budget means the time one write costs (docs/decisions/078-write-latency-below-saturation.md).
 */
export const WRITE_LATENCY_CONNECTIONS = 10;

/**
 * Part 1, API: GET /api/onboarding (and, reported, the role content it names) and PUT /api/progress against the
 * compiled server, with two bare Fastify
 * baselines of the same run: 'hello world', and the same-payload floor, which answers with the exact bytes the app
 * sent for the read (its encoding included) (bench/run.ts).
 */
export async function api(): Promise<void> {
  console.log(`• API: ${DURATION_S} s × ${CONNECTIONS} connections each`);
  const baseline = await baselineLoad(null);

  // No scheduled backup: the first one is taken right after the start, and would fall into the measurements. Up to
  // 3 minutes to start: on a busy machine the start (migrations, content) has taken more than a minute.
  const start = {
    dataDir: tempDir('api'),
    email: `bench-member@${DOMAIN}`,
    env: { BACKUP_EVERY_HOURS: '0' },
    startTimeoutMs: 180_000,
  };
  await withSignedInApp(start, async (app, cookie) => {
    const writeHeaders = { cookie, origin: app.base, 'content-type': 'application/json' };
    const body = JSON.stringify({ completed: true });
    const readHeaders = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    // One request each first, so that a wrong setup fails loudly instead of measuring error responses.
    const read = await getRaw(`${app.base}/api/onboarding`, readHeaders);
    if (read.status !== 200) throw new Error(`GET /api/onboarding answered ${read.status}: ${read.bytes.toString()}`);
    const plain = await getRaw(`${app.base}/api/onboarding`, { cookie });
    // The role's content, at the address the answer names: the same for every member of the role, asked for once per
    // content version (the dashboard's document carries it; a browser that kept it gets 304).
    const contentPath = (JSON.parse(plain.bytes.toString('utf8')) as { content: string }).content;
    const content = await getRaw(`${app.base}${contentPath}`, readHeaders);
    if (content.status !== 200) throw new Error(`GET ${contentPath} answered ${content.status}`);
    const contentPlain = await getRaw(`${app.base}${contentPath}`, { cookie });
    const revalidated = await getRaw(`${app.base}${contentPath}`, {
      ...readHeaders,
      'if-none-match': content.etag ?? '',
    });
    const write = await fetch(`${app.base}/api/progress/steps/${STEP_ID}`, {
      method: 'PUT',
      headers: writeHeaders,
      body,
    });
    if (!write.ok)
      throw new Error(`PUT /api/progress/steps/${STEP_ID} answered ${write.status}: ${await write.text()}`);

    const samePayload = await baselineLoad(read);
    const onboarding = await load(`${app.base}/api/onboarding`, { headers: readHeaders });
    const progress = await load(`${app.base}/api/progress/steps/${STEP_ID}`, {
      method: 'PUT',
      headers: writeHeaders,
      body,
    });
    // The write's latency below saturation (decision 078): a member completing and un-completing the step in turn,
    // so every request is a real write (its change announced), over WRITE_LATENCY_CONNECTIONS connections.
    const writesInTurn = await load(`${app.base}/api/progress/steps/${STEP_ID}`, {
      connections: WRITE_LATENCY_CONNECTIONS,
      requests: [false, true].map((completed) => ({
        method: 'PUT',
        headers: writeHeaders,
        body: JSON.stringify({ completed }),
      })),
    });
    const ratio = (r: LoadResult) => round(r.reqPerSec / baseline.reqPerSec, 3);
    const ratioToSamePayload = round(onboarding.reqPerSec / samePayload.reqPerSec, 3);
    const wire = {
      jsonBytes: plain.bytes.length,
      wireBytes: read.bytes.length,
      contentEncoding: read.contentEncoding ?? 'identity',
    };
    results.api = {
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
      baseline,
      samePayloadBaseline: { ...samePayload, ...wire },
      onboardingRead: { ...onboarding, ratioToBaseline: ratio(onboarding), ratioToSamePayload, ...wire },
      roleContent: {
        jsonBytes: contentPlain.bytes.length,
        wireBytes: content.bytes.length,
        contentEncoding: content.contentEncoding ?? 'identity',
        revalidatedStatus: revalidated.status,
        revalidatedBytes: revalidated.bytes.length,
      },
      progressWrite: { ...progress, ratioToBaseline: ratio(progress) },
      progressWritesInTurn: { ...writesInTurn, connections: WRITE_LATENCY_CONNECTIONS },
    };
    const line = (r: LoadResult) =>
      `${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx + r.errors > 0 ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;
    const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;
    checks.push(
      { name: 'baseline hello world', value: line(baseline), budget: '—', ok: null },
      {
        name: "baseline same payload (the read's bytes)",
        value: `${line(samePayload)}; ${wire.wireBytes} bytes, ${wire.contentEncoding}`,
        budget: '—',
        ok: null,
      },
      { name: 'GET /api/onboarding', value: line(onboarding), budget: 'no errors', ok: clean(onboarding) },
      {
        name: 'GET /api/onboarding ÷ baseline',
        value: `${ratio(onboarding)}`,
        budget: `≥ ${budgets.api.onboardingReadMinRatioToBaseline}`,
        ok: ratio(onboarding) >= budgets.api.onboardingReadMinRatioToBaseline,
      },
      {
        name: 'GET /api/onboarding ÷ same-payload baseline',
        value: `${ratioToSamePayload}`,
        budget: `≥ ${budgets.api.onboardingReadMinRatioToSamePayload}`,
        ok: ratioToSamePayload >= budgets.api.onboardingReadMinRatioToSamePayload,
      },
      {
        name: 'GET /api/onboarding on the wire',
        value: `${wire.wireBytes} bytes (${wire.contentEncoding}; ${wire.jsonBytes} bytes of JSON)`,
        budget: `≤ ${budgets.api.onboardingReadMaxWireKb} kB`,
        ok: wire.wireBytes <= budgets.api.onboardingReadMaxWireKb * 1000,
      },
      {
        name: "the role's content on the wire (once per content version)",
        value: `${content.bytes.length} bytes (${content.contentEncoding ?? 'identity'}; ${contentPlain.bytes.length} bytes of JSON); asked again: ${revalidated.status}, ${revalidated.bytes.length} bytes`,
        budget: '—',
        ok: null,
      },
      {
        name: 'GET /api/onboarding p99',
        value: `${onboarding.p99Ms} ms`,
        budget: `< ${budgets.api.onboardingReadP99MaxMs} ms`,
        ok: onboarding.p99Ms < budgets.api.onboardingReadP99MaxMs,
      },
      { name: `PUT /api/progress/steps/…`, value: line(progress), budget: 'no errors', ok: clean(progress) },
      {
        name: 'PUT progress ÷ baseline',
        value: `${ratio(progress)}`,
        budget: `≥ ${budgets.api.progressWriteMinRatioToBaseline}`,
        ok: ratio(progress) >= budgets.api.progressWriteMinRatioToBaseline,
      },
      {
        name: `PUT progress, un-completing and completing in turn, ${WRITE_LATENCY_CONNECTIONS} connections`,
        value: line(writesInTurn),
        budget: 'no errors',
        ok: clean(writesInTurn),
      },
      {
        name: `PUT progress p99 (${WRITE_LATENCY_CONNECTIONS} connections, writes in turn)`,
        value: `${writesInTurn.p99Ms} ms`,
        budget: `≤ ${budgets.api.progressWriteP99MaxMs} ms`,
        ok: writesInTurn.p99Ms <= budgets.api.progressWriteP99MaxMs,
      },
    );
  });
  await writePathStatements();
}
