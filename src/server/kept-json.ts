import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDeepFrozen } from './deep-freeze.js';

/**
 * Response serialization that keeps the JSON of values that never change (docs/decisions/008-read-cache.md).
 *
 * A route's answer is an object of the route's zod object schema. Each of its keys is encoded with that key's schema,
 * as the whole schema would encode it, and written as `"key":<json>`; a value made by `deepFreeze` (deep-freeze.ts)
 * is encoded once and its JSON kept, for as long as the value lives — the answer itself too, when it is frozen whole.
 * The text is the same as encoding the whole answer at once (`JSON.stringify(schema.encode(answer))`: the schema's
 * keys in its order, undefined ones left out); an answer that is missing a key, or does not fit the schema, goes to
 * the standard serializer (which applies defaults, or fails with its serialization error).
 * @param schema the response schema: a plain zod object (no refinement or transform of the object as a whole)
 * @returns a Fastify serializer compiler for the route's `serializerCompiler` option; each status's schema gets the
 *   standard serializer, except `schema`'s own
 */
export function keptJsonSerializerCompiler(schema: z.ZodObject): FastifySerializerCompiler<FastifySchema> {
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

  const keptAnswers = new WeakMap<object, string>();

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
      let json = keptAnswers.get(data);
      if (json === undefined) {
        json = byKey(data);
        keptAnswers.set(data, json);
      }
      return json;
    };
  };
}
