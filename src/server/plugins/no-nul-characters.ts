import { HttpError } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/** What follows the field's name in the 400 answer to a NUL character (docs/reliability.md#bad-input). */
export const NUL_CHARACTER_MESSAGE = 'must not contain a NUL character (U+0000)';

/** A field's name as the 400 answer writes it: `.key` for plain keys, `[0]` for items, `["odd key"]` otherwise. */
function step(name: string | number): string {
  if (typeof name === 'number') return `[${name}]`;
  return /^[\p{L}\p{N}_$-]+$/u.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/**
 * Where the first NUL character (U+0000) in a parsed request part is: in a string, or in a key of an object, at any
 * depth. The walk keeps its own stack, so a deeply nested JSON body cannot overflow the call stack.
 * @param value a request part as Fastify parsed it: params, query or body (JSON values; Buffers and other objects that
 *   are not plain objects or arrays are skipped — an upload's bytes are not text)
 * @param context the part's name as the 400 answer starts it: `params`, `querystring` or `body`
 * @returns the field's name, e.g. `body.name`, `querystring.role`, `params.email`, `body.items[2]`; null when none
 */
export function findNulCharacter(value: unknown, context: string): string | null {
  const stack: { value: unknown; where: string }[] = [{ value, where: context }];
  while (stack.length > 0) {
    const { value: current, where } = stack.pop() as { value: unknown; where: string };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return where;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i] as unknown, where: `${where}${step(i)}` });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current).reverse()) {
        if (key.includes('\u0000')) return `${where}${step(key)}`;
        stack.push({ value: item, where: `${where}${step(key)}` });
      }
    }
  }
  return null;
}

function refuse(where: string): HttpError {
  return new HttpError(400, `${where}: ${NUL_CHARACTER_MESSAGE}`);
}

/**
 * One guard for every route (docs/reliability.md#bad-input): a NUL character (U+0000) anywhere in the path
 * parameters, the query string or the parsed body is answered 400 `{ statusCode, error, message }`, the message naming
 * the field (`querystring.role: must not contain a NUL character (U+0000)`), before any route sees it. PostgreSQL's text
 * cannot hold U+0000, so without this guard every string that reaches the database with one answered 500.
 * Params and query are checked as the request arrives (before the routes' own onRequest hooks, which may read them);
 * the body once it is parsed.
 */
export const noNulCharactersPlugin = globalPlugin(async (app) => {
  app.addHook('onRequest', async (request) => {
    const where = findNulCharacter(request.params, 'params') ?? findNulCharacter(request.query, 'querystring');
    if (where !== null) throw refuse(where);
  });
  app.addHook('preValidation', async (request) => {
    const where = findNulCharacter(request.body, 'body');
    if (where !== null) throw refuse(where);
  });
});
