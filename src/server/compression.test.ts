import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { onboardingResponseSchema } from '../shared/api.js';
import { loadContent } from './content/load-content.js';
import { acceptedEncoding, compressJsonAnswers, COMPRESS_MIN_BYTES, compressNow } from './compression.js';
import { deepFreeze } from './deep-freeze.js';
import { KEPT_BEST_AFTER_SENDS, keptJson } from './kept-json.js';
import { upsertMember } from './modules/members/members.repository.js';
import { projectRoot } from './project-root.js';
import { onboardingView } from './test/onboarding-view.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';

/**
 * Compressed answers (compression.ts, docs/architecture.md#compressed-answers): JSON answers of at least 1 kB go
 * compressed to a browser that accepts br or gzip — kept answers (kept-json.ts) compressed once — and every answer
 * decodes to the same bytes as the uncompressed one, with Content-Encoding and Vary saying so.
 */

/** The body as sent, decoded by its Content-Encoding. */
function decoded(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

/** Accept-Encoding headers as browsers, proxies and odd clients send them: tokens with optional quality values. */
const acceptEncodingHeader = fc
  .array(
    fc.record({
      token: fc.constantFrom('br', 'gzip', 'x-gzip', 'deflate', 'zstd', 'identity', '*', 'compress', 'BR', 'Gzip'),
      q: fc.option(fc.constantFrom('0', '0.1', '0.5', '0.9', '1', '1.0'), { nil: undefined }),
    }),
    { maxLength: 5 },
  )
  .map((parts) => parts.map(({ token, q }) => (q === undefined ? token : `${token};q=${q}`)).join(', '));

describe("the dashboard's answers compressed, with the real content", () => {
  let t: TestApp;
  let cookie: string;
  /** The address of the member's role's content (docs/architecture.md#role-content), and its JSON. */
  let contentPath: string;
  let plain: string;
  /** The member's role's steps, in order. */
  let stepIds: string[];
  beforeAll(async () => {
    const catalog = await loadContent(path.join(projectRoot, 'content'));
    t = await createTestApp({ catalog });
    cookie = await signIn(t.app, { email: 'compressed@inspired2uplift.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    contentPath = onboardingResponseSchema.parse(res.json()).content;
    const content = await t.app.inject({ method: 'GET', url: contentPath, headers: { cookie } });
    expect(content.statusCode).toBe(200);
    plain = content.body;
    stepIds = (await onboardingView(t.app, cookie)).scopes.flatMap((s) => s.steps.map((step) => step.id));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("a role's content is over 1 kB, and sent uncompressed with Vary: Accept-Encoding to a client that accepts no encoding", async () => {
    expect(Buffer.byteLength(plain)).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const res = await t.app.inject({ method: 'GET', url: contentPath, headers: { cookie } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.body).toBe(plain);
  });

  it("a role's content goes in the encoding the browser accepts and decodes to the same JSON, for any Accept-Encoding", async () => {
    await fc.assert(
      fc.asyncProperty(acceptEncodingHeader, async (header) => {
        const res = await t.app.inject({
          method: 'GET',
          url: contentPath,
          headers: { cookie, 'accept-encoding': header },
        });
        expect(res.statusCode).toBe(200);
        const encoding = res.headers['content-encoding'];
        expect(encoding ?? null).toBe(acceptedEncoding(header));
        expect(res.headers.vary).toBe('accept-encoding');
        expect(decoded(res.rawPayload, typeof encoding === 'string' ? encoding : undefined)).toBe(plain);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }),
      { numRuns: 60 },
    );
  });

  it("answers a Chromium's Accept-Encoding with brotli: quickly compressed first, then a quarter of the JSON's size or less from the third send on", async () => {
    // A role whose content nobody has read yet: its first sends are the quick compression.
    const email = 'treasurer.compressed@inspired2uplift.org';
    await upsertMember(t.database.db, { email, role: 'Treasurer', department: 'Finance', isAdmin: false });
    await t.app.changeFeed.settle();
    const treasurer = await signIn(t.app, { email });
    const answer = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie: treasurer } });
    const financeContent = onboardingResponseSchema.parse(answer.json()).content;
    expect(financeContent).not.toBe(contentPath);
    const chromium = { cookie: treasurer, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const read = () => t.app.inject({ method: 'GET', url: financeContent, headers: chromium });
    const first = await read();
    const json = decoded(first.rawPayload, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.rawPayload).toEqual(compressNow(Buffer.from(json, 'utf8'), 'br'));
    expect((await read()).rawPayload).toEqual(first.rawPayload);
    expect(KEPT_BEST_AFTER_SENDS).toBe(3);
    await read(); // the third send starts the smallest compression on the thread pool
    let smallest = first.rawPayload;
    for (let i = 0; i < 100 && smallest.length >= first.rawPayload.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      smallest = (await read()).rawPayload;
    }
    expect(smallest.length).toBeLessThan(first.rawPayload.length);
    expect(smallest.length).toBeLessThanOrEqual(Buffer.byteLength(json) / 4);
    expect(decoded(smallest, 'br')).toBe(json);
  });

  it("answers a member's changed progress with its own compressed bytes (the kept ones are of the answer they were made of)", async () => {
    const browser = { cookie, 'accept-encoding': 'br' };
    const own = () => t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
    // Steps completed until the member's own answer is worth compressing (a new member's is under 1 kB).
    const [last, ...others] = [...stepIds].reverse();
    for (const stepId of others) {
      if (Buffer.byteLength((await own()).body) > COMPRESS_MIN_BYTES) break;
      await t.app.inject({
        method: 'PUT',
        url: `/api/progress/steps/${stepId}`,
        headers: { cookie },
        payload: { completed: true },
      });
    }
    const before = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: browser });
    expect(before.headers['content-encoding']).toBe('br');
    const plainBefore = (await own()).body;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/${last}`,
      headers: { cookie },
      payload: { completed: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [after, plainAfter] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/onboarding', headers: browser }),
      own(),
    ]);
    expect(decoded(before.rawPayload, 'br')).toBe(plainBefore);
    expect(decoded(after.rawPayload, 'br')).toBe(plainAfter.body);
    expect(onboardingResponseSchema.parse(JSON.parse(plainAfter.body)).progress.completed).toContainEqual({
      stepId: last,
      completedAt: expect.any(String),
    });
  });
});

describe('JSON answers that are not kept', () => {
  const schema = z.object({ text: z.string() });

  /** An app with the app's compression and one kept-JSON route answering `answer()`. */
  async function appAnswering(answer: () => z.infer<typeof schema>) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    compressJsonAnswers(app);
    app.get('/api/answer', { schema: { response: { 200: schema } }, ...keptJson(schema) }, async () => answer());
    await app.ready();
    return app;
  }

  it.each([
    ['made for this request', (text: string) => ({ text })],
    ['frozen (kept)', (text: string) => deepFreeze({ text })],
  ])('are compressed from 1 kB on, and not below, when %s', async (_what, make) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3000 }),
        fc.constantFrom('br', 'gzip', 'gzip, deflate, br, zstd'),
        async (length, header) => {
          const text = 'x'.repeat(length);
          const app = await appAnswering(() => make(text));
          const res = await app.inject({ method: 'GET', url: '/api/answer', headers: { 'accept-encoding': header } });
          await app.close();
          const json = JSON.stringify({ text });
          const encoding = res.headers['content-encoding'];
          if (Buffer.byteLength(json) >= COMPRESS_MIN_BYTES) {
            expect(encoding).toBe(acceptedEncoding(header));
            expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
          } else {
            expect(encoding).toBeUndefined();
          }
          expect(decoded(res.rawPayload, typeof encoding === 'string' ? encoding : undefined)).toBe(json);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0, br;q=0', null],
  ])('%j → %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});
