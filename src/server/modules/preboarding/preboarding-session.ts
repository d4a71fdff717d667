import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { HttpError } from '../../http-errors.js';
import { findSession, type PreboardingSession } from './preboarding-links.js';

/**
 * The pre-boarding session's cookie (docs/security.md#pre-boarding): its own, never the signed-in session's, so no
 * other route of the app ever sees it; `__Host-` in production (Secure, Path=/, no Domain), HttpOnly, SameSite=Strict
 * (only the app's own pages and requests carry it), lasting as long as the session.
 */

/** The 401 message of a pre-boarding route without a valid pre-boarding session. */
export const PREBOARDING_ENDED_MESSAGE =
  'Your page to get ready is closed: its link was used up or is too old, or you have signed in with Google already. Ask for a new link, or sign in.';

/**
 * The cookie's name.
 * @param config whether the server runs in production
 */
export function preboardingCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? '__Host-onboarding_preboarding' : 'onboarding_preboarding';
}

/**
 * The cookie's options.
 * @param config whether the server runs in production
 * @param expiresAt when the session ends
 * @param now the clock's time
 */
export function preboardingCookieOptions(
  config: Pick<Config, 'isProduction'>,
  expiresAt: Date,
  now: Date,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    secure: config.isProduction,
    sameSite: 'strict',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Clears the cookie (an ended session, a sign-out). */
export function clearPreboardingCookie(reply: FastifyReply, config: Pick<Config, 'isProduction'>): void {
  const { maxAge: _maxAge, ...options } = preboardingCookieOptions(config, new Date(0), new Date(0));
  reply.clearCookie(preboardingCookieName(config), options);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The pre-boarding session of a request to a pre-boarding route, once verified; null otherwise. */
    preboarding: PreboardingSession | null;
  }
}

/**
 * The `onRequest` hook of the pre-boarding API: finds the request's pre-boarding session and sets
 * `request.preboarding`, or answers 401 {@link PREBOARDING_ENDED_MESSAGE} and clears the cookie.
 * @param deps the database, configuration and clock
 */
export function requirePreboarding(deps: {
  db: Database;
  config: Pick<Config, 'isProduction' | 'sessionSecret' | 'organisationTimeZone'>;
  now: () => Date;
}): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const token = request.cookies[preboardingCookieName(deps.config)];
    const session =
      token === undefined || token === ''
        ? null
        : await findSession(
            deps.db,
            { sessionSecret: deps.config.sessionSecret, now: deps.now(), zone: deps.config.organisationTimeZone },
            token,
          );
    if (session === null) {
      if (token !== undefined) clearPreboardingCookie(reply, deps.config);
      throw new HttpError(401, PREBOARDING_ENDED_MESSAGE);
    }
    request.preboarding = session;
    reply.header('cache-control', 'no-store');
  };
}

/**
 * The pre-boarding session of a request that passed {@link requirePreboarding}.
 * @throws HttpError 401 when there is none
 */
export function preboardingOf(request: FastifyRequest): PreboardingSession {
  if (request.preboarding === null) throw new HttpError(401, PREBOARDING_ENDED_MESSAGE);
  return request.preboarding;
}
