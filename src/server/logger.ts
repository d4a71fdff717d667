import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env.js';

/**
 * Log paths that pino always replaces with `[Redacted]` (issue 6: shared passwords never appear in the logs;
 * DESIGN.md §3: no session token or access token in the logs). Fastify's own request log shows only method, URL,
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
