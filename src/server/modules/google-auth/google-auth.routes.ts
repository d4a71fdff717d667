import type { CatalogSource } from '../../content/published-content.js';
import { timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { z } from 'zod';
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_REDIRECT_PATH,
  GOOGLE_START_PATH,
  googleCallbackBodySchema,
  googleCallbackResponseSchema,
  safeReturnTo,
} from '../../../shared/google-sign-in-api.js';
import { users } from '../../db/schema.js';
import type { Config } from '../../env.js';
import { forbidden, HttpError, unauthorized } from '../../http-errors.js';
import { FailureLimiter, routeRateLimit, type AuthLimits } from '../../plugins/auth-rate-limits.js';
import { serverOrigin } from '../../plugins/same-origin.js';
import type { ReadCache } from '../../plugins/read-cache.js';
import { rotateSession, type SessionDeps } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import { toApiUser, upsertGoogleUser } from '../auth/index.js';
import {
  applyMemberRecord,
  applyMemberRole,
  leftSignInMessage,
  startsOnboardingAtFirstSignIn,
} from '../members/index.js';
import { joinPreboarding } from '../preboarding/index.js';
import { admitGoogleAccount } from './admission.js';
import { DIRECTORY_READONLY_SCOPE, roleFromDirectory, type WorkspaceDirectory } from './directory.js';
import { isProviderRefusal, type OidcProvider } from './oidc-provider.js';
import { ConsumedTransactions, openTransaction, sealTransaction, TRANSACTION_TTL_MS } from './transaction.js';

/** The answers of a callback that cannot go on; none of them creates a session. */
export const CALLBACK_MESSAGES = {
  expired: 'Your sign-in took too long or was started in another browser window. Please sign in again.',
  mismatch: 'This sign-in does not match the one this browser started. Please sign in again.',
  replayed: 'This sign-in has already been used. Please sign in again.',
  refused: 'Google sign-in could not be completed. Please sign in again.',
  unreachable: 'Google sign-in is not reachable right now. Please try again in a moment.',
} as const;

/** The transaction cookie's path: only the Google sign-in routes ever receive it. */
const TRANSACTION_COOKIE_PATH = '/api/auth/google';

/** `__Secure-onboarding_oidc` in production (browsers insist on Secure), `onboarding_oidc` otherwise. */
export function transactionCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? '__Secure-onboarding_oidc' : 'onboarding_oidc';
}

function transactionCookieOptions(config: Pick<Config, 'isProduction'>): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: TRANSACTION_COOKIE_PATH };
}

/**
 * The scopes of the authorization request (docs/architecture.md#google-sign-in): openid email profile, plus the
 * read-only directory scope when the directory is configured.
 */
export function signInScopes(config: Pick<Config, 'directory'>): string {
  return ['openid', 'email', 'profile', ...(config.directory ? [DIRECTORY_READONLY_SCOPE] : [])].join(' ');
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

/**
 * The answers of a failed callback that count against the address (mismatched or replayed state, refused code, refused
 * account) — only when the request carried a valid sign-in transaction ({@link googleAuthRoutes}).
 */
const FAILED_CALLBACK_STATUSES = new Set([400, 401, 403]);

/** The 403 message of a start of sign-in that is not a page the browser opens (an image, a frame, a script's fetch). */
export const START_NOT_A_PAGE_MESSAGE =
  'A sign-in starts only when the browser opens this address as a page. Go to the login page and press "Sign in with Google".';

const fetchMetadata = (request: FastifyRequest, name: 'sec-fetch-mode' | 'sec-fetch-dest'): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Whether the browser opens this address as a page in its own tab or window (docs/decisions/034-cross-site-sign-in-lockout.md):
 * Fetch Metadata `Sec-Fetch-Mode: navigate` and `Sec-Fetch-Dest: document`. An `<img>`, `<iframe>`, `<script>` or a
 * script's fetch on any page says otherwise. A client that sends no Fetch Metadata (an older browser, a script) is
 * taken at its word — and counted.
 * @param request the request (its `Sec-Fetch-Mode` and `Sec-Fetch-Dest` headers)
 */
export function isTopLevelNavigation(request: FastifyRequest): boolean {
  const mode = fetchMetadata(request, 'sec-fetch-mode');
  const dest = fetchMetadata(request, 'sec-fetch-dest');
  return (mode === undefined || mode === 'navigate') && (dest === undefined || dest === 'document');
}

/** The key of an account's refusals: its e-mail from the verified ID token, else its subject. */
function accountKey(claims: Record<string, unknown>): string {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  return email === '' ? `sub:${String(claims.sub)}` : `email:${email}`;
}

/** What the Google sign-in routes need. */
export interface GoogleAuthDeps extends SessionDeps {
  provider: OidcProvider;
  /** All role configurations (for the directory's role and the member record's lookup). */
  content: CatalogSource;
  /** The Workspace directory, when configured. */
  directory: WorkspaceDirectory | undefined;
  /** The sign-in rate limits (plugins/auth-rate-limits.ts). */
  limits: AuthLimits;
  /** The read cache: the member record of whoever signs in (plugins/read-cache.ts). */
  reads: ReadCache;
}

/**
 * Google sign-in, OpenID Connect authorization-code flow with PKCE, state and nonce, run by the server
 * (docs/product.md#sign-in; docs/architecture.md#google-sign-in;
 * docs/decisions/004-google-sign-in-redirect.md):
 * - GET /api/auth/google/start?returnTo=/path → 302 to the provider's authorization endpoint with
 *   redirect_uri = site origin + /login, scope, hd = ALLOWED_DOMAIN (a hint only), S256 code challenge, state and
 *   nonce; the transaction goes into a 10-minute encrypted cookie. When the provider's discovery document cannot be
 *   fetched: 302 to /login?error=temporarily_unavailable (the login screen says so).
 * - POST /api/auth/google/callback `{ code, state, iss? }` → 200 `{ user, returnTo }` with a new session cookie.
 *   The transaction cookie is cleared whatever happens. 400 when it is missing or expired, its state differs, or it
 *   was already used; 401 when the provider refuses the code (e.g. a PKCE mismatch) or the ID token fails
 *   verification (signature via JWKS, iss, aud = GOOGLE_CLIENT_ID, exp, nonce); 403 naming the domain when the
 *   account is not a verified account of ALLOWED_DOMAIN (admission.ts); 502 when the provider cannot be reached.
 *   With the Workspace directory configured, the member's job title / department set the stored role and department
 *   (directory.ts; a directory failure is logged and changes nothing); the answer applies the member record.
 * Rate limits (docs/decisions/016-sign-in-rate-limits.md, docs/decisions/034-cross-site-sign-in-lockout.md), on the
 * routes themselves, counting only what another site's page cannot make a visitor's browser spend: the start is
 * refused 403 (not counted, no cookie) unless it is a top-level navigation ({@link isTopLevelNavigation}), and counts
 * every navigation per client address, answering a limited one with the 'please wait' page (429, Retry-After); the
 * callback counts only failures (400, 401, 403) of requests that carried a valid sign-in transaction (a cross-site
 * request refused by the same-origin check, or one without the transaction cookie, never counts) per address, and
 * refused accounts per account, and answers 429 JSON once either is used up — a successful sign-in costs nothing
 * there. A limited address is refused before the provider is asked.
 * Registered only when Google sign-in is configured.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod<GoogleAuthDeps> = async (app, deps) => {
  const { config, db, provider, content, directory, reads } = deps;
  const consumed = new ConsumedTransactions();
  const cookieName = transactionCookieName(config);
  const failuresByAddress = new FailureLimiter(app, deps.limits.failedCallbacksPerAddress);
  const refusalsByAccount = new FailureLimiter(app, deps.limits.failedCallbacksPerAccount);
  /** Callbacks that came with a valid sign-in transaction: only their failures count against the address. */
  const withTransaction = new WeakSet<FastifyRequest>();

  app.get(
    GOOGLE_START_PATH,
    {
      config: { rateLimit: routeRateLimit(deps.limits.signInStart, true) },
      // Before the rate limit (whose hook the library adds after the route's own): an image or a frame on any page
      // neither starts a sign-in nor spends the address's starts.
      onRequest: async (request) => {
        if (!isTopLevelNavigation(request)) throw forbidden(START_NOT_A_PAGE_MESSAGE);
      },
      schema: { querystring: z.object({ returnTo: z.string().optional() }) },
    },
    async function getAuthGoogleStart(request, reply) {
      let configuration: client.Configuration;
      try {
        configuration = await provider.configuration();
      } catch (error) {
        request.log.error({ err: error, issuer: config.oidcIssuer }, 'OpenID Connect discovery failed');
        return noStore(reply).redirect(`${GOOGLE_REDIRECT_PATH}?error=temporarily_unavailable`, 302);
      }
      const codeVerifier = client.randomPKCECodeVerifier();
      const transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirectUri: `${serverOrigin(config, request)}${GOOGLE_REDIRECT_PATH}`,
        returnTo: safeReturnTo(request.query.returnTo),
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: transaction.redirectUri,
        scope: signInScopes(config),
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
        hd: config.allowedDomain,
      });
      reply.setCookie(cookieName, await sealTransaction(config.sessionSecret, transaction, deps.now()), {
        ...transactionCookieOptions(config),
        maxAge: TRANSACTION_TTL_MS / 1000,
      });
      return noStore(reply).redirect(url.href, 302);
    },
  );

  app.post(
    GOOGLE_CALLBACK_PATH,
    {
      // Before the body is read: a limited address is refused at once.
      onRequest: async (request) => failuresByAddress.check(request),
      onSend: async (request, reply, payload) => {
        if (withTransaction.has(request) && FAILED_CALLBACK_STATUSES.has(reply.statusCode))
          await failuresByAddress.record(request);
        return payload;
      },
      schema: { body: googleCallbackBodySchema, response: { 200: googleCallbackResponseSchema } },
    },
    async function postAuthGoogleCallback(request, reply) {
      noStore(reply).clearCookie(cookieName, transactionCookieOptions(config));
      const now = deps.now();
      const opened = await openTransaction(config.sessionSecret, request.cookies[cookieName], now);
      if (!opened) throw new HttpError(400, CALLBACK_MESSAGES.expired);
      withTransaction.add(request);
      const { transaction, expiresAt } = opened;
      if (!sameText(request.body.state, transaction.state)) throw new HttpError(400, CALLBACK_MESSAGES.mismatch);
      if (!consumed.consume(transaction.state, expiresAt, now)) throw new HttpError(400, CALLBACK_MESSAGES.replayed);

      const authorizationResponse = new URL(transaction.redirectUri);
      authorizationResponse.searchParams.set('code', request.body.code);
      authorizationResponse.searchParams.set('state', request.body.state);
      if (request.body.iss !== undefined) authorizationResponse.searchParams.set('iss', request.body.iss);

      let claims: Record<string, unknown> | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(await provider.configuration(), authorizationResponse, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        if (!isProviderRefusal(error)) {
          request.log.error({ err: error }, 'the OpenID Connect provider could not be reached');
          throw new HttpError(502, CALLBACK_MESSAGES.unreachable);
        }
        request.log.warn({ err: error }, 'Google sign-in refused: the provider or the ID token failed verification');
        throw unauthorized(CALLBACK_MESSAGES.refused);
      }
      if (!claims) throw unauthorized(CALLBACK_MESSAGES.refused);

      const admission = admitGoogleAccount(claims, config.allowedDomain);
      if (!admission.admitted) {
        // An account refused again and again is answered 429 without another audit entry.
        const account = accountKey(claims);
        await refusalsByAccount.check(request, account);
        await refusalsByAccount.record(request, account);
        request.log.info({ reason: admission.reason, hd: claims.hd }, 'Google account refused');
        await recordAudit(db, {
          kind: 'sign-in-refused',
          outcome: 'refused',
          actorEmail: typeof claims.email === 'string' ? claims.email : null,
          reason: admission.reason,
          details: { method: 'google' },
        });
        throw forbidden(admission.message);
      }
      let fromDirectory: { role?: string; department?: string } = {};
      if (directory) {
        try {
          const profile = await directory.profileOf(admission.identity.email);
          if (profile) fromDirectory = roleFromDirectory(content.catalog, profile);
        } catch (error) {
          // docs/product.md#member-records: a failed role lookup is a warning only; the stored role and department
          // stay.
          request.log.warn({ err: error }, 'the Workspace directory could not be asked for the role');
        }
      }
      // The member record, as the person's next requests will read it (the read cache): whether they left, and their
      // role.
      const member = await reads.member(admission.identity.email);
      if (member !== null && member.leftAt !== null) {
        // Someone who left may not sign in — unless the address now belongs to another person (another `sub`).
        const [known] = await db
          .select({ subject: users.subject })
          .from(users)
          .where(eq(users.email, admission.identity.email));
        if (known === undefined || known.subject === null || known.subject === admission.identity.subject) {
          await recordAudit(db, {
            kind: 'sign-in-refused',
            outcome: 'refused',
            actorEmail: admission.identity.email,
            reason: 'left',
            details: { method: 'google' },
          });
          throw forbidden(leftSignInMessage(config));
        }
      }
      // The sign-in's writes in one transaction: on the embedded database's single connection the sign-in then waits
      // its turn once, not once for each of its three writes behind a room's other writes
      // (docs/reliability.md#a-room-signing-in-together).
      const { row, formerAddress } = await db.transaction(async (tx) => {
        const upserted = await upsertGoogleUser(
          tx,
          admission.identity,
          fromDirectory,
          startsOnboardingAtFirstSignIn(admission.identity.email, member, config.adminEmails),
        );
        if (upserted.formerAddress !== undefined) {
          // Another person (another `sub`) had this address: they keep their record under the former address.
          await recordAudit(tx, {
            kind: 'address-recycled',
            outcome: 'ok',
            actorUserId: upserted.user.id,
            actorEmail: upserted.user.email,
            subject: upserted.user.email,
            details: { formerAddress: upserted.formerAddress },
          });
        }
        // What they did before their first day becomes theirs, once; pre-boarding ends (docs/product.md#pre-boarding).
        await joinPreboarding(
          tx,
          { box: config.secretBox, catalog: content.catalog, now: deps.now() },
          { id: upserted.user.id, email: upserted.user.email },
        );
        await rotateSession({ ...deps, db: tx }, request, reply, upserted.user.id, 'google');
        await recordAudit(tx, {
          kind: 'sign-in',
          outcome: 'ok',
          actorUserId: upserted.user.id,
          actorEmail: upserted.user.email,
          details: { method: 'google' },
        });
        return { row: upserted.user, formerAddress: upserted.formerAddress };
      });
      // The same user GET /api/me answers with: the member record (if any) decides role and department. A recycled
      // address's record went with the former person, so it is read again.
      const { user } =
        formerAddress === undefined
          ? applyMemberRecord(content.catalog, config.adminEmails, toApiUser(row, false), member)
          : await applyMemberRole(db, content.catalog, config.adminEmails, toApiUser(row, false));
      return { user, returnTo: transaction.returnTo };
    },
  );
};
