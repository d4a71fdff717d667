import { CLIENT_REQUEST_HEADER, IDEMPOTENCY_KEY_HEADER } from '@shared/client-request';
import { DOCUMENT_ANSWERS_ID, type DocumentAnswer } from '@shared/document-answers';
import { apiErrorDecoder, type Decoder } from './decoders';

export const NETWORK_ERROR_MESSAGE = "We couldn't reach the server. Check your connection and try again.";
const UNEXPECTED_ANSWER_MESSAGE =
  'The server sent an answer this page does not understand. Please reload and try again.';

/**
 * Why an API call failed without the server's own explanation: `not-json` (the answer could not be read as JSON),
 * `unexpected-shape` (JSON, but not the expected fields), `no-message` (an error status without a JSON message).
 */
export type UnexplainedReason = 'not-json' | 'unexpected-shape' | 'no-message';

/**
 * A failed API call. `status` is the HTTP status, or 0 when the server could not be reached at all.
 * `message` is the server's own explanation (the `message` of its JSON error) whenever it sent one; otherwise
 * `unexplained` says why there is none.
 */
export class ApiError extends Error {
  readonly #body: unknown;

  constructor(
    readonly status: number,
    message: string,
    /** Set on a role configuration error (409 from GET /api/onboarding): the member's role. */
    readonly role?: string,
    /** Set when the server gave no explanation of its own (status 0 excepted). */
    readonly unexplained?: UnexplainedReason,
    body?: unknown,
  ) {
    super(message);
    this.#body = body;
    this.name = 'ApiError';
  }

  /**
   * The error answer's JSON as sent, for a route whose error answers carry more than a message (e.g. the studio's 409
   * with the other person's draft, src/shared/studio-api.ts); undefined when it was not JSON.
   */
  get body(): unknown {
    return this.#body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as it is (e.g. a PDF), with its Content-Type, instead of a JSON `body`. */
  file?: { data: Blob; type: string };
  signal?: AbortSignal;
  /** Lets the request outlive the page (fetch's `keepalive`: a save sent as the page is left; at most 64 KiB). */
  keepalive?: boolean;
  /** The send's Idempotency-Key (lib/send-once.ts): letters, digits, `-` and `_` only. */
  idempotencyKey?: string;
}

/** The API answers the document came with (src/shared/document-answers.ts), each given out once. */
const documentAnswers = new Map<string, DocumentAnswer>();

/** Whether a value read from the document is an answer as the server writes it (`{ status, body }`). */
function isDocumentAnswer(value: unknown): value is DocumentAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof value.status === 'number' &&
    'body' in value
  );
}

/** Moves the document's answers, if its element is (still) there, into {@link documentAnswers}, and removes the element. */
function readDocumentAnswers(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(DOCUMENT_ANSWERS_ID);
  if (element === null) return;
  element.remove();
  try {
    for (const [key, answer] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) {
      if (isDocumentAnswer(answer)) documentAnswers.set(key, answer);
    }
  } catch {
    // An unreadable element: every request simply asks the server.
  }
}

/**
 * Every answer the document carries, at once and once: for a page that puts them into its query cache itself before its
 * first render (main.tsx, docs/decisions/030-dashboard-first-screen-from-the-server.md). Requests made afterwards go to
 * the server.
 * @returns each API path's answer (status and JSON body); empty when the document has none (left)
 */
export function takeDocumentAnswers(): Record<string, DocumentAnswer> {
  readDocumentAnswers();
  const answers = Object.fromEntries(documentAnswers);
  documentAnswers.clear();
  return answers;
}

/**
 * The answer the document carries for GET `path`, once: the first request for it takes that answer instead of asking
 * the server again (docs/decisions/028-dashboard-render-on-a-phone.md, docs/decisions/029-first-paint-requests.md);
 * later requests (a refetch) go to the server. The document's element is read, and removed, on the first request after
 * it appeared.
 * @returns the answer as a JSON response with its status (200, or e.g. 401 on the login page: no one signed in), or
 *   undefined when the document has none (left) for `path`
 */
function takeDocumentAnswer(path: string): Response | undefined {
  readDocumentAnswers();
  const answer = documentAnswers.get(path);
  if (answer === undefined) return undefined;
  documentAnswers.delete(path);
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
}

async function send(
  path: string,
  { method = 'GET', body, file, signal, keepalive, idempotencyKey }: RequestOptions,
): Promise<Response> {
  const fromDocument = method === 'GET' ? takeDocumentAnswer(path) : undefined;
  let response: Response;
  if (fromDocument !== undefined) {
    response = fromDocument;
  } else {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [CLIENT_REQUEST_HEADER.name]: CLIENT_REQUEST_HEADER.value,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (file !== undefined) headers['Content-Type'] = file.type;
    // A Structured Field String: the key's characters need no escaping inside the quotes.
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = `"${idempotencyKey}"`;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(file === undefined ? {} : { body: file.data }),
        ...(signal ? { signal } : {}),
        ...(keepalive === true ? { keepalive } : {}),
      });
    } catch (error) {
      // A cancelled query must stay a cancellation, not turn into a "no connection" message.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): the fallback message.
  }
  return apiErrorOf(response.status, json);
}

/**
 * The {@link ApiError} of an error answer: the server's `message` when its JSON has one, else a fallback naming the
 * status (for a transport other than fetch, e.g. an upload's XMLHttpRequest).
 * @param status the HTTP status (4xx/5xx)
 * @param json the answer's JSON, or undefined when it was not JSON
 */
export function apiErrorOf(status: number, json: unknown): ApiError {
  const parsed = apiErrorDecoder.safeParse(json);
  if (parsed.success && parsed.data.message) {
    return new ApiError(status, parsed.data.message, parsed.data.role, undefined, json);
  }
  const fallback = `Something went wrong on the server (error ${status}). Please try again.`;
  return new ApiError(status, fallback, parsed.success ? parsed.data.role : undefined, 'no-message', json);
}

/**
 * Calls the API and checks the JSON answer with `decoder`: a light check of lib/decoders.ts on the member's path, or
 * a zod schema of the shared API contract (src/shared/api.ts, src/shared/admin-api.ts) in the admin console.
 * @throws ApiError on a non-2xx status (with the server's message), on a network failure (status 0) or when the
 *   answer does not match what the decoder expects.
 */
export async function apiRequest<T>(path: string, decoder: Decoder<T>, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.status, UNEXPECTED_ANSWER_MESSAGE, undefined, 'not-json');
  }
  const parsed = decoder.safeParse(json);
  if (!parsed.success) {
    console.warn(`Unexpected answer from ${path}`, 'error' in parsed ? parsed.error : json);
    throw new ApiError(response.status, UNEXPECTED_ANSWER_MESSAGE, undefined, 'unexpected-shape');
  }
  return parsed.data;
}

/** Calls the API for an answer without a body (e.g. 204 No Content). @throws ApiError as `apiRequest`. */
export async function apiRequestNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
