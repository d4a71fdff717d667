import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './env.js';

/**
 * Log paths that pino always replaces with `[Redacted]` (docs/product.md#shared-passwords: shared passwords never appear in the logs;
 * docs/architecture.md#sessions: no session token or access token in the logs). Fastify's own request log shows only method, URL,
 * host and address, and the URL of GET /api/secrets/:stepId holds only a step id; these paths guard every other log
 * call that passes headers, a body, a configuration or a secrets answer.
 */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.body',
  'res.body',
  'body',
  'payload',
  'secret',
  'secrets',
  'password',
  'value',
  'config.secrets',
  '*.secret',
  '*.secrets',
  '*.password',
  '*.value',
  '*.payload',
];

/**
 * The pino options of the server's logger (Fastify's `logger`): the configured level and the redaction of
 * {@link REDACTED_LOG_PATHS}.
 * @param config `logLevel`
 * @param stream where to write (default stdout); tests pass a stream to read the log
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: config.logLevel,
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[Redacted]' },
    ...(stream ? { stream } : {}),
  };
}

/** Query parameter names whose values are never logged: sign-in codes and anything that looks like a credential. */
const SECRET_LOOKING_PARAM = /code|state|token|secret|pass|key|auth|session|nonce|verifier|signature|sig$|credential/i;

/**
 * The URL as the request log writes it: the query string of the login page (`/login?code=…&state=…`, Google's
 * authorization code on its way back) is dropped whole, and elsewhere the value of every parameter whose name looks
 * secret ({@link SECRET_LOOKING_PARAM}) is replaced by `[Redacted]`. Paths are kept as they came.
 * @param url the request URL, path and query (`request.url`)
 * @returns the URL safe to log
 */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  let decodedPath = path;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    // A path that does not decode is logged as it came; only its query is looked at.
  }
  if (/^\/+login\/*$/i.test(decodedPath)) return `${path}?[Redacted]`;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return `${rawName}=[Redacted]`;
      }
      return SECRET_LOOKING_PARAM.test(name) ? `${rawName}=[Redacted]` : pair;
    });
  return `${path}?${params.join('&')}`;
}

/**
 * One log line per request (docs/architecture.md#read-cache-and-change-feed): Fastify writes two, 'incoming request' and 'request completed';
 * this writes only the second: `{ reqId, method, url, host, remoteAddress, statusCode, responseTime }`, the URL as
 * {@link urlForLog} gives it (no sign-in code, no secret-looking parameter). The line is
 * made of those fields only — never headers, a body or a value — so it skips the redaction pass of
 * {@link REDACTED_LOG_PATHS}, which guards every other log call and costs more than the rest of the line. A request
 * that failed is logged as Fastify does ('request errored', with the error), through the redacting logger.
 * Fastify's other log lines (errors, route not found) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  /** Per app logger: a child without redaction, for request lines only. */
  readonly #plain = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    let plain = this.#plain.get(request.server.log);
    if (!plain) {
      plain = request.server.log.child({}, { redact: [] });
      this.#plain.set(request.server.log, plain);
    }
    plain.info(
      {
        [this.requestIdLogLabel]: request.id,
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/** The log methods a request's logger forwards. */
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = FastifyBaseLogger['info'];

/**
 * A request's logger (`request.log`, docs/architecture.md#a-request) that makes its pino child — the app's logger with
 * the request's id bound — only when the request logs something of its own: a warning, an error. Most requests log
 * nothing but their one line ({@link OneLinePerRequest}, which needs no child), and a pino child costs more than the
 * rest of that line (its bindings are serialised and redacted when it is made). What is logged, and how, is the same.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: Parameters<FastifyBaseLogger['child']>[1];
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(
    parent: FastifyBaseLogger,
    bindings: Record<string, unknown>,
    options: Parameters<FastifyBaseLogger['child']>[1],
  ) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made the first time it is needed. */
  made(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.#options?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  silent(): void {}

  child(bindings: Record<string, unknown>, options?: Parameters<FastifyBaseLogger['child']>[1]): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

for (const method of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const satisfies readonly LogMethod[]) {
  RequestLogger.prototype[method] = function (this: RequestLogger, ...args: unknown[]): void {
    const logger = this.made();
    (logger[method] as (...args: unknown[]) => void).apply(logger, args);
  } as LogFn;
}

/**
 * Fastify's `childLoggerFactory`: each request's logger is a {@link RequestLogger}, which makes the pino child
 * (`logger.child(bindings, options)`, what Fastify does by default) only if the request logs through it.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);
