import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/api.js';
import { DatabaseNotAnsweringError } from '../db/unanswered-database.js';
import { HttpError } from '../http-errors.js';
import { RateLimitedError } from './auth-rate-limits.js';
import { globalPlugin } from './global-plugin.js';
import { renderWaitPage } from './wait-page.js';

/** What a client sees of any 5xx: the details stay in the log (docs/architecture.md#code-conventions). */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The 503 message when the database cannot be reached (docs/architecture.md#database-unavailable). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not available right now. Please try again in a moment.';

/** Node's codes of a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs of an unavailable server: class 08 (connection exception), shutdowns, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[1-3]|53300|57014)$/u;
/** Messages of node-postgres (pg, pg-pool) and PGlite when the connection is gone or did not answer in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed|Query read timeout|Client was closed and is not queryable/iu;
/** The same, of a database that did not answer within DATABASE_TIMEOUT_SECONDS (57014: statement_timeout). */
const TIMEOUT_MESSAGE = /timeout exceeded when trying to connect|due to connection timeout|Query read timeout/iu;

/** Seconds a client is asked to wait before trying again after a 503 for the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error (or one of its causes) says the database did not answer within the time limit
 * (DATABASE_TIMEOUT_SECONDS, docs/architecture.md#database-unavailable), as opposed to refusing or dropping connections.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current instanceof DatabaseNotAnsweringError) return true;
    if ((current as { code?: unknown }).code === '57014' || TIMEOUT_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's error) says the database cannot be reached, as
 * opposed to a failed query. A failed outgoing HTTP request (`fetch failed`, e.g. to Google) is not the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current instanceof TypeError && current.message === 'fetch failed') return false;
    if (current instanceof DatabaseNotAnsweringError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = current.cause;
  }
  return false;
}

/** Builds the JSON body of an error answer (shared `apiErrorSchema`). */
export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** What a request must send for each JSON type zod names, in words. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  boolean: 'true or false',
  number: 'a number',
  int: 'a whole number',
  object: 'an object',
  array: 'a list',
};

/**
 * One validation issue's words: zod's "Invalid input: expected string, received undefined" for a field left out
 * becomes "is missing: send text", so the caller learns which field to add, not a type name.
 */
function issueWords(issue: NonNullable<FastifyError['validation']>[number]): string {
  const expected = (issue.params as { expected?: unknown } | undefined)?.expected;
  if (
    issue.keyword === 'invalid_type' &&
    typeof expected === 'string' &&
    /received undefined$/u.test(issue.message ?? '')
  )
    return `is missing: send ${TYPE_WORDS[expected] ?? expected}`;
  return issue.message ?? 'is invalid';
}

/** `{ validationContext: 'body', validation: [{ instancePath: '/completed', message }] }` → `body.completed: message` */
function validationMessage(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? [])
    .map((issue) => {
      const where = issue.instancePath
        .split('/')
        .filter((s) => s !== '')
        .join('.');
      return `${context}${where === '' ? '' : `.${where}`}: ${issueWords(issue)}`;
    })
    .join('; ');
}

function statusOf(error: FastifyError): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
}

/**
 * Whether the browser navigated to this URL (a page load), as opposed to a request of the app's own code: Fetch
 * Metadata's `Sec-Fetch-Mode: navigate`, or, from a client that sends no Fetch Metadata, an `Accept` that asks for
 * HTML.
 */
export function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return request.headers.accept?.includes('text/html') === true;
}

/**
 * Answers every error as JSON `{ statusCode, error, message }`: request validation → 400 naming each field and
 * problem; invalid JSON → 400; the database unreachable ({@link isDatabaseUnavailable}) → 503
 * {@link DATABASE_UNAVAILABLE_MESSAGE} with `Retry-After`; other 4xx keep their message (and an HttpError's details, e.g. `role`); 5xx are
 * logged and answered with {@link SERVER_ERROR_MESSAGE}. The not-found handler lives in plugins/static-files.ts (it knows the SPA).
 * A sign-in rate limit ({@link RateLimitedError}) adds `Retry-After`; on a route the browser navigates to, a navigation
 * gets the 'please wait' page (wait-page.ts) instead of JSON.
 * @param options.supportEmail the support contact of the 'please wait' page
 */
export const errorHandlerPlugin = globalPlugin<{ supportEmail: string }>(async (app, options) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RateLimitedError) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
      if (error.page && isNavigation(request)) {
        return reply
          .code(429)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderWaitPage({ retryAfterSeconds: error.retryAfterSeconds, supportEmail: options.supportEmail }));
      }
    }
    if (error.validation) {
      return reply.code(400).send(apiError(400, validationMessage(error)));
    }
    if (error.statusCode === undefined && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not available');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(apiError(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(apiError(status, SERVER_ERROR_MESSAGE));
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : error.message;
    return reply
      .code(status)
      .send({ ...apiError(status, message), ...(error instanceof HttpError ? error.details : {}) });
  });
});
