import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed answers (docs/architecture.md#compressed-answers): the encodings the server sends, best first, and the
 * smallest answer worth compressing, in bytes (below it, the headers and the work cost more than they save).
 */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli quality of what is compressed per request (JSON answers made for one request; documents too). */
export const PER_REQUEST_BROTLI_QUALITY = 5;

/** A JSON answer's Content-Type, as Fastify and the routes set it. */
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json(?:;|$)/iu;

/**
 * Compresses the JSON answers of every /api/ route registered after this call (docs/architecture.md#compressed-answers):
 * an answer of at least {@link COMPRESS_MIN_BYTES} bytes goes with brotli (quality 5) or gzip, as the browser accepts
 * ({@link acceptedEncoding}), with `Content-Encoding` and `Vary: Accept-Encoding`. The hook is the route's last
 * `onSend`, so an answer a route's own hook already encoded (kept answers, kept-json.ts) is sent as it is; other
 * answers (files, CSV, backups) are left alone: the documents are compressed whole by {@link compressDocument}
 * (plugins/document-answers.ts), the build's files come precompressed.
 * @param app the root app, before the routes are registered
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressJsonAnswer];
  });
}

/** The `onSend` hook of {@link compressJsonAnswers}. */
function compressJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
    return done(null, payload);
  }
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) return done(null, payload);
  let compressed: Buffer;
  try {
    compressed = compressNow(payload, encoding);
  } catch (error) {
    return done(error instanceof Error ? error : new Error(String(error)));
  }
  reply.header('content-encoding', encoding);
  done(null, compressed);
}

/** Accept-Encoding values seen, with the encoding chosen for each (browsers send a handful of distinct values). */
const chosen = new Map<string, AnswerEncoding | null>();
const CHOSEN_MAX_ENTRIES = 256;

/**
 * The encoding an answer is sent with, as @fastify/compress would choose it (the same negotiation: quality values, `*` and
 * `x-gzip` counted as gzip), remembered per header value so that a steady read does not parse the header again.
 * @param header the request's Accept-Encoding, if any
 * @returns 'br' or 'gzip', or null for none (no header, identity only, or nothing the server sends)
 */
export function acceptedEncoding(header: string | undefined): AnswerEncoding | null {
  if (header === undefined) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    const found = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ANSWER_ENCODINGS]);
    encoding = found === 'br' || found === 'gzip' ? found : null;
    if (chosen.size >= CHOSEN_MAX_ENTRIES) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/**
 * Compresses an answer for the request at hand, quickly (about 2 ms for the dashboard's 24 kB on this machine's kind,
 * against 45–90 ms at brotli's highest quality): brotli at {@link PER_REQUEST_BROTLI_QUALITY}, gzip at its default
 * level, on the thread that answers.
 * @param payload the answer's text or bytes
 * @param encoding 'br' or 'gzip'
 * @returns the compressed bytes
 */
export function compressNow(payload: string | Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } })
    : gzipSync(payload);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * {@link compressNow}'s quick compression (brotli at {@link PER_REQUEST_BROTLI_QUALITY}, gzip at its default level) on
 * libuv's thread pool, so that the thread that answers requests does not pay for it: for a kept answer sent for the
 * first time (kept-json.ts), which a busy server would otherwise compress between other requests' work.
 * @param bytes the answer's bytes
 * @param encoding 'br' or 'gzip'
 * @returns the compressed bytes
 */
export function compressQuickSoon(bytes: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } })
    : gzipAsync(bytes);
}

/**
 * Brotli quality of the page documents written for one request: about 90 bytes less than 5 on the dashboard's 80 kB
 * document in the same time (docs/decisions/076-dashboard-document-in-the-first-tcp-window.md).
 */
export const DOCUMENT_BROTLI_QUALITY = 6;

/**
 * Compresses a page's document written for one request (plugins/document-answers.ts), whole and on libuv's thread
 * pool: brotli at {@link DOCUMENT_BROTLI_QUALITY} in text mode, or gzip at its default level. Whole, so that the document
 * goes with its `Content-Length` instead of in chunks: a chunked answer's `Transfer-Encoding` header and chunk sizes cost
 * the first TCP window about 40 bytes (docs/performance.md#the-dashboards-document-on-the-wire).
 * @param html the document
 * @param encoding 'br' or 'gzip'
 * @returns the compressed bytes
 */
export function compressDocument(html: string, encoding: AnswerEncoding): Promise<Buffer> {
  const bytes = Buffer.from(html, 'utf8');
  return encoding === 'br' ? brotliText(bytes, DOCUMENT_BROTLI_QUALITY) : gzipAsync(bytes);
}

/** Brotli of text at `quality` (text mode, the size given as a hint) on libuv's thread pool. */
function brotliText(bytes: Buffer, quality: number): Promise<Buffer> {
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * Compresses bytes that are kept and sent many times (kept-json.ts, once an answer has been sent
 * `KEPT_BEST_AFTER_SENDS` times) as small as the encoding goes: brotli at its highest quality (11, text mode), gzip at
 * level 9. The work runs on libuv's thread pool, not on the thread that answers requests.
 * @param bytes the answer's bytes
 * @param encoding 'br' or 'gzip'
 * @returns the compressed bytes
 */
export function compressKept(bytes: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliText(bytes, constants.BROTLI_MAX_QUALITY)
    : gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION });
}
