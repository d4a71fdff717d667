import { createHmac, randomBytes } from 'node:crypto';
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../shared/api.js';
import type { Database } from '../db/client.js';
import type { Config } from '../env.js';
import { unauthorized } from '../http-errors.js';
import { deleteSession, insertSession, touchSession, type SessionKind, type SessionRow } from './session-store.js';
import { globalPlugin } from './global-plugin.js';
import type { ReadCache } from './read-cache.js';

/**
 * Session lifetimes (docs/architecture.md#sessions): sliding idle expiry, absolute expiry, and how often activity is
 * written.
 */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** The session a request carries, once verified. */
export interface ActiveSession {
  tokenHash: string;
  kind: SessionKind;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null when the request has no valid session. Set for requests matched to an /api route only. */
    user: User | null;
    /** The verified session behind `user`. */
    authSession: ActiveSession | null;
  }
}

/** What the session functions need from the app. */
export interface SessionDeps {
  db: Database;
  config: Config;
  /** The clock; tests move it to expire sessions. */
  now: () => Date;
}

/**
 * The session cookie's name: `__Host-onboarding_session` in production (the prefix makes browsers insist on
 * Secure, Path=/ and no Domain), `onboarding_session` otherwise (a plain-http development server cannot set it).
 */
export function sessionCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? '__Host-onboarding_session' : 'onboarding_session';
}

function cookieOptions(config: Pick<Config, 'isProduction'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.isProduction,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
}

/**
 * The stored form of a session token: hex HMAC-SHA256 keyed with SESSION_SECRET, so the database alone never
 * yields a usable token (docs/architecture.md#sessions).
 */
export function hashSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/** The most session tokens whose hash {@link SessionTokenHashes} keeps (the oldest goes first). */
export const TOKEN_HASHES_MAX_ENTRIES = 20_000;

/**
 * The hash of each session token a request has shown (docs/architecture.md#sessions), kept so that a signed-in
 * request computes no HMAC: the same token always has the same hash, so nothing here is ever out of date — whether
 * the session is still valid is decided each time from the session itself (read cache, its expiry), and a session
 * ended or revoked is refused at once. Only tokens of sessions that were found are kept (anyone can send a cookie).
 */
class SessionTokenHashes {
  readonly #hashes = new Map<string, string>();
  readonly #secret: string;
  readonly #maxEntries: number;

  constructor(secret: string, maxEntries = TOKEN_HASHES_MAX_ENTRIES) {
    this.#secret = secret;
    this.#maxEntries = maxEntries;
  }

  /** The token's hash ({@link hashSessionToken}), kept or computed. */
  of(token: string): string {
    return this.#hashes.get(token) ?? hashSessionToken(this.#secret, token);
  }

  /** Keeps the hash of a token whose session was found. */
  keep(token: string, tokenHash: string): void {
    if (this.#hashes.has(token)) return;
    if (this.#hashes.size >= this.#maxEntries) {
      const oldest = this.#hashes.keys().next();
      if (oldest.done !== true) this.#hashes.delete(oldest.value);
    }
    this.#hashes.set(token, tokenHash);
  }

  /** Forgets a token (its session is gone). */
  forget(token: string): void {
    this.#hashes.delete(token);
  }
}

/**
 * Signs a user in: creates a new session (a new token at every sign-in, docs/architecture.md#sessions), sets the
 * cookie, and clears the user's expired sessions. The session keeps the browser's User-Agent and the client address,
 * for the member's list of devices (docs/product.md#your-devices).
 * @param deps database, configuration, clock
 * @param request the sign-in request (its User-Agent header and `ip`)
 * @param reply the reply that carries the cookie
 * @param userId the user to sign in
 * @param kind 'development' or 'google'
 */
export async function startSession(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  kind: SessionKind,
): Promise<void> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await insertSession(
    deps.db,
    {
      tokenHash: hashSessionToken(deps.config.sessionSecret, token),
      userId,
      kind,
      now,
      idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: request.headers['user-agent'] ?? null,
      ipAddress: request.ip,
    },
    { deleteExpired: true },
  );
  reply.setCookie(sessionCookieName(deps.config), token, cookieOptions(deps.config));
}

/**
 * Signs a user in at the end of a sign-in (docs/architecture.md#sessions: "rotated at sign-in"): deletes the session
 * the request came with, if any (so a planted or earlier session id never survives a sign-in), then {@link
 * startSession}.
 * @param deps database, configuration, clock
 * @param request the sign-in request (its session cookie, if any, is ended)
 * @param reply the reply that carries the new cookie
 * @param userId the user to sign in
 * @param kind 'development' or 'google'
 */
export async function rotateSession(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  kind: SessionKind,
): Promise<void> {
  const previous = request.cookies[sessionCookieName(deps.config)];
  if (previous !== undefined && previous !== '') {
    await deleteSession(deps.db, hashSessionToken(deps.config.sessionSecret, previous));
  }
  await startSession(deps, request, reply, userId, kind);
}

/**
 * Signs out: deletes the request's session (if any) and clears the cookie. Safe to call without a session.
 */
export async function endSession(deps: SessionDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[sessionCookieName(deps.config)];
  if (token !== undefined) await deleteSession(deps.db, hashSessionToken(deps.config.sessionSecret, token));
  const { maxAge: _maxAge, ...options } = cookieOptions(deps.config);
  reply.clearCookie(sessionCookieName(deps.config), options);
  request.user = null;
  request.authSession = null;
}

/**
 * Hook for routes that need a signed-in user; answers 401 `Please sign in to continue.` otherwise. Use it as
 * `preValidation`, so that an anonymous request is told to sign in before it is told its body is wrong.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user === null) throw unauthorized();
}

/**
 * The signed-in user of a request that passed {@link requireUser}.
 * @throws HttpError 401 when there is none
 */
export function signedInUser(request: FastifyRequest): User {
  if (request.user === null) throw unauthorized();
  return request.user;
}

/**
 * Whether the request was matched to one of the app's /api routes. Decided by the matched route's pattern, not the raw
 * URL: the router decodes percent-escapes (`/%61pi/me` reaches `/api/me`), so a prefix test of `request.url` would
 * skip the session lookup for an encoded path (docs/decisions/015-security-review.md).
 * @param request any request, at `onRequest` or later
 * @returns true for a matched /api route, false for static files, the SPA and unmatched paths
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

// Compared as numbers: comparing the Date objects themselves converts both to numbers on each request, slowly.
const isExpired = (session: SessionRow, now: Date) =>
  session.idleExpiresAt.getTime() <= now.getTime() || session.absoluteExpiresAt.getTime() <= now.getTime();

/** The Cache-Control of an /api answer to a signed-in person (see the `onSend` hook of {@link sessionsPlugin}). */
function cachingOf(request: FastifyRequest, reply: FastifyReply): string {
  const kept = reply.statusCode === 200 || reply.statusCode === 304;
  return kept && request.routeOptions.config.revalidated === true ? 'private, no-cache' : 'no-store';
}

/**
 * Cookie parsing and session verification for every /api/* request, and for a route marked `readsSession`
 * (docs/architecture.md#sessions): reads the session
 * cookie, finds the session by the token's hash (kept per token, {@link SessionTokenHashes}; the session through the
 * read cache, plugins/read-cache.ts), rejects and deletes it
 * when idle- or absolutely expired, slides the idle expiry (written at most once a minute), and sets `request.user` /
 * `request.authSession`. A kept session that looks expired is read again first: another server process may have slid
 * its idle expiry (touches are not announced).
 */
export const sessionsPlugin = globalPlugin<SessionDeps & { reads: ReadCache } & Record<string, unknown>>(
  async (app, deps) => {
    await app.register(fastifyCookie);
    app.decorateRequest('user', null);
    app.decorateRequest('authSession', null);
    const name = sessionCookieName(deps.config);
    const { reads } = deps;
    const tokenHashes = new SessionTokenHashes(deps.config.sessionSecret);

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRoute(request) && request.routeOptions.config.readsSession !== true) return;
      const token = request.cookies[name];
      if (token === undefined || token === '') return;
      const tokenHash = tokenHashes.of(token);
      const now = deps.now();
      let found = await reads.session(tokenHash);
      if (found && isExpired(found.session, now)) found = await reads.session(tokenHash, { fresh: true });
      // A development session (from a development run on the same database) never counts on a production server,
      // least of all as an admin: development sign-in does not prove who anyone is.
      const refused =
        found !== undefined && found !== null && deps.config.isProduction && found.session.kind === 'development';
      if (!found || refused || isExpired(found.session, now)) {
        tokenHashes.forget(token);
        if (found) await deleteSession(deps.db, tokenHash);
        const { maxAge: _maxAge, ...options } = cookieOptions(deps.config);
        reply.clearCookie(name, options);
        return;
      }
      if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        const idle = Math.min(now.getTime() + SESSION_IDLE_MS, found.session.absoluteExpiresAt.getTime());
        const times = { lastSeenAt: now, idleExpiresAt: new Date(idle), ipAddress: request.ip };
        // Kept before the write, so that the requests arriving meanwhile do not write it again.
        reads.sessionTouched(tokenHash, found, times);
        try {
          await touchSession(deps.db, tokenHash, times);
        } catch (error) {
          reads.forgetSession(tokenHash);
          throw error;
        }
      }
      tokenHashes.keep(token, tokenHash);
      request.user = found.apiUser;
      request.authSession = { tokenHash, kind: found.session.kind };
    });

    // An answer given to a signed-in person is theirs alone: no browser or proxy cache may keep it (a shared computer's
    // cache would otherwise hand it to the next person). This replaces any caching header a route set. A `revalidated`
    // route's answer (the same for all who may read it) the browser may keep, but asks the server again each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.user !== null && isApiRoute(request)) reply.header('cache-control', cachingOf(request, reply));
      done(null, payload);
    });
  },
);
