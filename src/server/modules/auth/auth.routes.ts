import type { CatalogSource } from '../../content/published-content.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devLoginBodySchema, meResponseSchema } from '../../../shared/api.js';
import { forbidden } from '../../http-errors.js';
import { routeRateLimit, type AuthLimits } from '../../plugins/auth-rate-limits.js';
import { endSession, requireUser, rotateSession, signedInUser, type SessionDeps } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import { applyMemberRole, getMember, refuseIfLeft, startsOnboardingAtFirstSignIn } from '../members/index.js';
import { toApiUser, upsertDevelopmentUser } from './users.repository.js';

/**
 * Sign-in, sign-out and the current user (the development sign-in of docs/product.md#sign-in;
 * docs/architecture.md#sessions):
 * - POST /api/auth/dev-login `{ email?, name? }` → 200 `{ user }` and a new session cookie (the request's old session,
 *   if any, is ended). Only while development sign-in is on — never in production (403 otherwise); the e-mail
 *   (default dev@<ALLOWED_DOMAIN>) must be in ALLOWED_DOMAIN (403).
 * - POST /api/auth/logout → 204; deletes the session and clears the cookie; also fine when not signed in.
 * - GET /api/me → 200 `{ user }`, or 401 without a valid session.
 * Google sign-in lives in modules/google-auth. Development sign-in attempts and sign-outs are rate limited per client
 * address on the routes themselves (plugins/auth-rate-limits.ts): 429 JSON with Retry-After.
 */
export const authRoutes: FastifyPluginAsyncZod<SessionDeps & { content: CatalogSource; limits: AuthLimits }> = async (
  app,
  deps,
) => {
  const { config, db, content } = deps;

  app.post(
    '/api/auth/dev-login',
    {
      config: { rateLimit: routeRateLimit(deps.limits.devLogin) },
      schema: { body: devLoginBodySchema.optional(), response: { 200: meResponseSchema } },
    },
    async function postAuthDevLogin(request, reply) {
      if (!config.devLogin) throw forbidden('Development sign-in is turned off on this server. Sign in with Google.');
      const email = (request.body?.email ?? `dev@${config.allowedDomain}`).toLowerCase();
      if (email.slice(email.lastIndexOf('@') + 1) !== config.allowedDomain) {
        throw forbidden(`Only e-mail addresses at ${config.allowedDomain} can sign in.`);
      }
      try {
        await refuseIfLeft(db, config, email);
      } catch (error) {
        await recordAudit(db, {
          kind: 'sign-in-refused',
          outcome: 'refused',
          actorEmail: email,
          reason: 'left',
          details: { method: 'development' },
        });
        throw error;
      }
      // docs/product.md#who-starts-an-onboarding: decided when the user is created.
      const onboarding = startsOnboardingAtFirstSignIn(email, await getMember(db, email), config.adminEmails);
      const row = await upsertDevelopmentUser(db, { email, name: request.body?.name }, onboarding);
      await rotateSession(deps, request, reply, row.id, 'development');
      await recordAudit(db, {
        kind: 'sign-in',
        outcome: 'ok',
        actorUserId: row.id,
        actorEmail: row.email,
        details: { method: 'development' },
      });
      // The same user GET /api/me answers with: the member record (if any) decides role and department.
      const { user } = await applyMemberRole(db, content.catalog, config.adminEmails, toApiUser(row, true));
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { rateLimit: routeRateLimit(deps.limits.signOut) } },
    async function postAuthLogout(request, reply) {
      await endSession(deps, request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/me',
    { preValidation: requireUser, schema: { response: { 200: meResponseSchema } } },
    async function getMe(request) {
      return { user: signedInUser(request) };
    },
  );
};
