import { isApiError } from './api-client';

/**
 * The Idempotency-Key of the page's sends (docs/reliability.md#a-send-that-counts-once): a send that got no definite
 * answer (no connection, a server error: it may have been stored) keeps its key, so the same answers sent again — the
 * person pressing Send once more — count once; any answer of the server to the request (success, or a refusal that
 * stored nothing) or different answers make a new key.
 */

/** The unanswered send of each place (e.g. `form:support-needs`): what it sent and its key. */
const unanswered = new Map<string, { body: string; key: string }>();

/** A new random key: 32 hexadecimal digits (128 bits; `getRandomValues` also works on a page served over HTTP). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends with an Idempotency-Key that stays the same while the same body is sent again without a definite answer.
 * @param place which send this is (one key per place at a time), e.g. `form:${stepId}`
 * @param body what is sent (compared as JSON with the unanswered send's)
 * @param send the request, given the key
 * @returns what `send` returns
 * @throws what `send` throws
 */
export async function sendOnce<T>(place: string, body: unknown, send: (key: string) => Promise<T>): Promise<T> {
  const text = JSON.stringify(body);
  const pending = unanswered.get(place);
  const key = pending?.body === text ? pending.key : newKey();
  unanswered.set(place, { body: text, key });
  try {
    const result = await send(key);
    unanswered.delete(place);
    return result;
  } catch (error) {
    // A 4xx stored nothing: the next send is a new one. No answer (status 0) or a 5xx may have stored it.
    if (isApiError(error) && error.status >= 400 && error.status < 500) unanswered.delete(place);
    throw error;
  }
}
