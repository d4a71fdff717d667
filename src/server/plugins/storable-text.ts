import { HttpError } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/** What follows the field's name in the 400 answer to a NUL character (docs/reliability.md#bad-input). */
export const NUL_CHARACTER_MESSAGE = 'must not contain a NUL character (U+0000)';

/** What follows the field's name in the 400 answer to a lone UTF-16 surrogate (docs/reliability.md#bad-input). */
export const LONE_SURROGATE_MESSAGE =
  'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF without its pair): send the text as valid Unicode';

/** A lone (unpaired) UTF-16 surrogate: with the `u` flag a pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What a string holds that cannot be stored as the person typed it, as the 400 answer says it; null when nothing. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/** A field's name as the 400 answer writes it: `.key` for plain keys, `[0]` for items, `["odd key"]` otherwise. */
function step(name: string | number): string {
  if (typeof name === 'number') return `[${name}]`;
  return /^[\p{L}\p{N}_$-]+$/u.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** Where a request part holds a character that cannot be stored, and what it is. */
export interface UnstorableText {
  /** The field's name, e.g. `body.name`, `querystring.role`, `params.email`, `body.items[2]`. */
  where: string;
  /** What the field must not contain: {@link NUL_CHARACTER_MESSAGE} or {@link LONE_SURROGATE_MESSAGE}. */
  message: string;
}

/**
 * Where the first character that text cannot hold as typed is in a parsed request part: a NUL character (U+0000,
 * which PostgreSQL text refuses) or a lone UTF-16 surrogate (which JSON's `\ud800` escape lets through: PostgreSQL
 * stores it as U+FFFD in text and refuses it in jsonb), in a string or in a key of an object, at any depth. The walk
 * keeps its own stack, so a deeply nested JSON body cannot overflow the call stack.
 * @param value a request part as Fastify parsed it: params, query or body (JSON values; Buffers and other objects that
 *   are not plain objects or arrays are skipped — an upload's bytes are not text)
 * @param context the part's name as the 400 answer starts it: `params`, `querystring` or `body`
 * @returns the field and what it holds; null when every string and key can be stored as it is
 */
export function findUnstorableText(value: unknown, context: string): UnstorableText | null {
  const stack: { value: unknown; where: string }[] = [{ value, where: context }];
  while (stack.length > 0) {
    const { value: current, where } = stack.pop() as { value: unknown; where: string };
    if (typeof current === 'string') {
      const message = unstorable(current);
      if (message !== null) return { where, message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i] as unknown, where: `${where}${step(i)}` });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current).reverse()) {
        const message = unstorable(key);
        if (message !== null) return { where: `${where}${step(key)}`, message };
        stack.push({ value: item, where: `${where}${step(key)}` });
      }
    }
  }
  return null;
}

/** Whether a parsed request part is an object without keys (its own, or inherited: Fastify's query has no prototype). */
function hasNoKeys(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const _key in value) return false;
  return true;
}

function refuse(found: UnstorableText): HttpError {
  return new HttpError(400, `${found.where}: ${found.message}`);
}

/**
 * One guard for every route (docs/reliability.md#bad-input): a NUL character (U+0000) or a lone UTF-16 surrogate
 * anywhere in the path parameters, the query string or the parsed body is answered 400 `{ statusCode, error, message }`,
 * the message naming the field (`querystring.role: must not contain a NUL character (U+0000)`), before any route sees
 * it. PostgreSQL's text cannot hold U+0000 and changes a lone surrogate to U+FFFD (jsonb refuses it), so without this
 * guard such strings answered 500 or were stored other than as typed.
 * Params and query are checked as the request arrives (before the routes' own onRequest hooks, which may read them);
 * the body once it is parsed.
 */
export const storableTextPlugin = globalPlugin(async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    // Most requests have neither path parameters nor a query: nothing to walk.
    const found =
      (hasNoKeys(request.params) ? null : findUnstorableText(request.params, 'params')) ??
      (hasNoKeys(request.query) ? null : findUnstorableText(request.query, 'querystring'));
    done(found === null ? undefined : refuse(found));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const found = findUnstorableText(request.body, 'body');
    done(found === null ? undefined : refuse(found));
  });
});
