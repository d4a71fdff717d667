import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/**
 * The sign-in rate limits (docs/decisions/016-sign-in-rate-limits.md). Each limit is attached to its route through
 * the route's own `config.rateLimit` (@fastify/rate-limit), so it applies to whatever path spelling the router matched
 * (`/%61pi/auth/dev-login` is the same route as `/api/auth/dev-login`), never to a test of the raw URL.
 *
 * A room of volunteers behind one address must all get in, so a successful Google sign-in costs only its start;
 * what is counted tightly is what abuse looks like: failed callbacks (per address and per account) and development
 * sign-ins. Counters live in this process's memory (one fixed window per key); several processes each count alone.
 */

/** At most `max` events per key in a fixed window of `timeWindowMs` milliseconds. */
export interface Limit {
  max: number;
  timeWindowMs: number;
}

/** Every sign-in limit; keys are the client address (`request.ip`, see TRUST_PROXY) unless said otherwise. */
export interface AuthLimits {
  /**
   * GET /api/auth/google/start, every top-level navigation (a page the browser opens); an image, a frame or a fetch is
   * refused before it is counted (google-auth.routes.ts).
   */
  signInStart: Limit;
  /** POST /api/auth/logout, every request. */
  signOut: Limit;
  /** POST /api/auth/dev-login, every attempt. */
  devLogin: Limit;
  /**
   * POST /api/auth/google/callback answered 400, 401 or 403 (mismatched or replayed state, bad code, refused account)
   * when it carried a valid sign-in transaction, per address; nothing a cross-site page can send counts.
   */
  failedCallbacksPerAddress: Limit;
  /** Google callbacks whose account was refused, per account (the ID token's e-mail, else its subject). */
  failedCallbacksPerAccount: Limit;
}

/** The defaults of the limits that have no setting of their own (see {@link authLimitsFromConfig}). */
export const DEFAULT_FAILED_CALLBACKS_PER_ADDRESS: Limit = { max: 20, timeWindowMs: 5 * 60_000 };
export const DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT: Limit = { max: 5, timeWindowMs: 15 * 60_000 };

/**
 * The limits of a server from its settings.
 * @param config `authRateLimitPerMinute` (AUTH_RATE_LIMIT_PER_MINUTE: starts and sign-outs per address and minute) and
 *   `devLoginRateLimitPerMinute` (AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE)
 * @returns every limit; the failed-callback limits are {@link DEFAULT_FAILED_CALLBACKS_PER_ADDRESS} and
 *   {@link DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT}
 */
export function authLimitsFromConfig(config: {
  authRateLimitPerMinute: number;
  devLoginRateLimitPerMinute: number;
}): AuthLimits {
  const perMinute = (max: number): Limit => ({ max, timeWindowMs: 60_000 });
  return {
    signInStart: perMinute(config.authRateLimitPerMinute),
    signOut: perMinute(config.authRateLimitPerMinute),
    devLogin: perMinute(config.devLoginRateLimitPerMinute),
    failedCallbacksPerAddress: DEFAULT_FAILED_CALLBACKS_PER_ADDRESS,
    failedCallbacksPerAccount: DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT,
  };
}

/**
 * How long to wait, in words a 16-year-old reads at a glance: '30 seconds', '1 minute', '4 minutes' (rounded up to
 * whole minutes from a minute on).
 * @param seconds the wait, in seconds (at least 1 is shown)
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 message of every sign-in limit: says how long to wait. */
export function rateLimitedMessage(seconds: number): string {
  return `Too many sign-in attempts from your network. Please wait ${waitInWords(seconds)} and try again.`;
}

/**
 * A 429 of a sign-in limit. The error handler answers it as JSON, or — when `page` is set and the browser navigated to
 * the route (plugins/error-handler.ts) — with the 'please wait' page; both carry `Retry-After`.
 */
export class RateLimitedError extends HttpError {
  constructor(
    /** Seconds until the limit lets this key through again. */
    readonly retryAfterSeconds: number,
    /** Whether the route is one the browser navigates to (answer a page, not JSON). */
    readonly page: boolean,
  ) {
    super(429, rateLimitedMessage(retryAfterSeconds));
    this.name = 'RateLimitedError';
  }
}

/**
 * The `config.rateLimit` of a route (@fastify/rate-limit's route options).
 * @param limit the route's limit, per client address
 * @param page whether the browser navigates to the route: a limited navigation gets the 'please wait' page
 */
export function routeRateLimit(limit: Limit, page = false) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000)), page),
  };
}

/**
 * Counts failures per key and refuses a key that has failed `max` times in its window: a check that never counts,
 * then a count only when a request failed — so successes cost nothing. Built on @fastify/rate-limit's own store
 * (`createRateLimit`, read with `increment: false`).
 */
export class FailureLimiter {
  readonly #keys = new WeakMap<FastifyRequest, string>();
  readonly #limiter: ReturnType<FastifyInstance['createRateLimit']>;

  /**
   * @param app an app on which {@link authRateLimitsPlugin} is registered
   * @param limit at most `max` failures per key in `timeWindowMs`
   */
  constructor(app: FastifyInstance, limit: Limit) {
    this.#limiter = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      // Like the route limits: an IPv6 address counts as its /64, so rotating within one network does not help.
      keyGenerator: (request) => this.#keys.get(request) ?? normalizeIP(request.ip),
    });
  }

  /**
   * Throws when `key` has used up its failures.
   * @param request the request (its address is the key unless `key` is given)
   * @param key another key, e.g. 'account:ada@example.org'
   * @throws RateLimitedError (JSON; `page` false) with the seconds left in the key's window
   */
  async check(request: FastifyRequest, key?: string): Promise<void> {
    const state = await this.#run(request, key, false);
    if (!state.isAllowed && state.remaining === 0) throw new RateLimitedError(state.ttlInSeconds, false);
  }

  /**
   * Counts one failure of `key`.
   * @param request the request (its address is the key unless `key` is given)
   * @param key another key
   */
  async record(request: FastifyRequest, key?: string): Promise<void> {
    await this.#run(request, key, true);
  }

  #run(request: FastifyRequest, key: string | undefined, increment: boolean) {
    if (key === undefined) this.#keys.delete(request);
    else this.#keys.set(request, key);
    return this.#limiter(request, { increment });
  }
}

/**
 * Registers @fastify/rate-limit for the whole app with no global limit: only routes that declare
 * `config: { rateLimit: routeRateLimit(…) }` are limited, and {@link FailureLimiter}s can be made. Register it before
 * the routes.
 */
export const authRateLimitsPlugin = globalPlugin(async (app) => {
  await app.register(fastifyRateLimit, { global: false });
});
