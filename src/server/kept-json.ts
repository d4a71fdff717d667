import type { FastifyReply, FastifyRequest, FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  acceptedEncoding,
  type AnswerEncoding,
  COMPRESS_MIN_BYTES,
  compressKept,
  compressQuickSoon,
} from './compression.js';
import { isDeepFrozen } from './deep-freeze.js';

/** What is kept of a frozen answer: its text, its UTF-8 bytes and, once asked for, their compressed forms. */
interface KeptAnswer {
  text: string;
  bytes: Buffer;
  /** Per encoding: the compressed bytes sent, and how they were made. */
  compressed: Map<AnswerEncoding, KeptCompressed>;
}

/** One encoding of a kept answer. */
interface KeptCompressed {
  /**
   * What is sent: quickly compressed first (compression.ts `compressQuickSoon`, on the thread pool; null until that is
   * done), then the smallest form once made.
   */
  bytes: Buffer | null;
  /** The quick compression: sends that come before it is done wait for it. */
  quick: Promise<Buffer>;
  /** How many times these bytes were sent. */
  sends: number;
  /** 'quick' → 'making the smallest' (compression.ts `compressKept`, on the thread pool) → 'smallest'. */
  state: 'quick' | 'making' | 'smallest';
}

/**
 * After how many sends of one kept answer in one encoding it is compressed as small as the encoding goes. A member's
 * own answer changes with each of their steps (a room working through the dashboard makes a new one every few seconds)
 * and is mostly sent once or twice: brotli's highest quality costs 20–40 times the quick one, which a room of 200 on
 * two cores cannot pay on every change. An answer read again and again (the steady read) is worth the smallest bytes.
 */
export const KEPT_BEST_AFTER_SENDS = 3;

/**
 * Response serialization that keeps the JSON of values that never change (docs/decisions/008-read-cache.md).
 *
 * A route's answer is an object of the route's zod object schema. Each of its keys is encoded with that key's schema,
 * as the whole schema would encode it, and written as `"key":<json>`; a value made by `deepFreeze` (deep-freeze.ts)
 * is encoded once and its JSON kept, for as long as the value lives — the answer itself too, when it is frozen whole,
 * with its UTF-8 bytes, which are sent instead of the text (so the text is neither measured nor encoded again), and
 * their brotli and gzip forms (docs/architecture.md#compressed-answers): an answer of at least 1 kB goes to a browser
 * that accepts br or gzip compressed quickly (on the thread pool), then (from its {@link KEPT_BEST_AFTER_SENDS}th send) as small as the
 * encoding goes, with `Content-Encoding` and
 * `Vary: Accept-Encoding`, so a steady read compresses nothing either. The
 * text is the same as encoding the whole answer at once (`JSON.stringify(schema.encode(answer))`: the schema's keys in
 * its order, undefined ones left out); an answer that is missing a key, or does not fit the schema, goes to the
 * standard serializer (which applies defaults, or fails with its serialization error).
 * @param schema the response schema: a plain zod object (no refinement or transform of the object as a whole)
 * @returns route options to spread into the route's: `serializerCompiler` (each status's schema gets the standard
 *   serializer, except `schema`'s own), and the `preSerialization` and `onSend` hooks that send a frozen answer's
 *   kept bytes (or their kept compressed form). Other answers of the route are compressed per request
 *   (compression.ts `compressJsonAnswers`, whose hook comes after these and leaves an encoded answer as it is).
 */
export function keptJson(schema: z.ZodObject) {
  const keptAnswers = new WeakMap<object, KeptAnswer>();
  const answerOfReply = new WeakMap<FastifyReply, object>();
  return {
    serializerCompiler: keptJsonSerializerCompiler(schema, keptAnswers),
    /** Notes the frozen answer a reply carries, for `onSend`. */
    preSerialization: (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (isDeepFrozen(payload)) answerOfReply.set(reply, payload);
      done(null, payload);
    },
    /**
     * Sends the kept bytes of a frozen answer's kept text (the same bytes Fastify would send), or their kept
     * compressed form when the answer is worth compressing and the browser accepts br or gzip.
     */
    onSend: (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: Error | null, payload?: unknown) => void,
    ) => {
      const answer = answerOfReply.get(reply);
      const kept = answer === undefined ? undefined : keptAnswers.get(answer);
      if (kept === undefined || kept.text !== payload) return done(null, payload);
      if (kept.bytes.length < COMPRESS_MIN_BYTES) return done(null, kept.bytes);
      reply.header('vary', 'accept-encoding');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding === null) return done(null, kept.bytes);
      reply.header('content-encoding', encoding);
      let compressed = kept.compressed.get(encoding);
      if (compressed === undefined) {
        const entry: KeptCompressed = {
          bytes: null,
          quick: compressQuickSoon(kept.bytes, encoding).then(
            (bytes) => {
              entry.bytes ??= bytes;
              return bytes;
            },
            (error: unknown) => {
              // The next send tries again.
              kept.compressed.delete(encoding);
              throw error;
            },
          ),
          sends: 0,
          state: 'quick',
        };
        compressed = entry;
        kept.compressed.set(encoding, entry);
      }
      const entry = compressed;
      entry.sends += 1;
      if (entry.state === 'quick' && entry.sends >= KEPT_BEST_AFTER_SENDS) {
        entry.state = 'making';
        compressKept(kept.bytes, encoding).then(
          (bytes) => {
            entry.bytes = bytes;
            entry.state = 'smallest';
          },
          () => {
            entry.state = 'quick';
          },
        );
      }
      if (entry.bytes !== null) return done(null, entry.bytes);
      entry.quick.then(
        (bytes) => done(null, entry.bytes ?? bytes),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
}

/** The serializer compiler of {@link keptJson}; `keptAnswers` holds the text and bytes of frozen answers. */
function keptJsonSerializerCompiler(
  schema: z.ZodObject,
  keptAnswers: WeakMap<object, KeptAnswer>,
): FastifySerializerCompiler<FastifySchema> {
  const keys = Object.keys(schema.shape);
  const prefixes = new Map(keys.map((key) => [key, `${JSON.stringify(key)}:`]));
  const kept = new Map(keys.map((key) => [key, new WeakMap<object, string>()]));

  const jsonOf = (key: string, value: unknown): string | undefined => {
    const memo = kept.get(key);
    const encode = () => JSON.stringify(schema.shape[key]?.encode(value)) as string | undefined;
    if (!memo || !isDeepFrozen(value)) return encode();
    let json = memo.get(value);
    if (json === undefined) {
      json = encode();
      if (json !== undefined) memo.set(value, json);
    }
    return json;
  };

  return (routeSchema) => {
    const whole = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
    if (routeSchema.schema !== schema) return whole;
    const byKey = (data: Record<string, unknown>) => {
      const parts: string[] = [];
      for (const key of keys) {
        if (data[key] === undefined) return whole(data);
        let json: string | undefined;
        try {
          json = jsonOf(key, data[key]);
        } catch {
          return whole(data); // it fails the same way, with the standard serialization error
        }
        if (json !== undefined) parts.push(`${prefixes.get(key) ?? ''}${json}`);
      }
      return `{${parts.join(',')}}`;
    };
    return (data: Record<string, unknown>) => {
      if (typeof data !== 'object' || data === null) return whole(data);
      if (!isDeepFrozen(data)) return byKey(data);
      let kept = keptAnswers.get(data);
      if (kept === undefined) {
        const text = byKey(data);
        kept = { text, bytes: Buffer.from(text, 'utf8'), compressed: new Map() };
        keptAnswers.set(data, kept);
      }
      return kept.text;
    };
  };
}
