import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devLoginBodySchema, meResponseSchema } from '../../../shared/api.js';
import { forbidden } from '../../http-errors.js';
import { endSession, requireUser, signedInUser, startSession, type SessionDeps } from '../../plugins/sessions.js';
import { toApiUser, upsertDevelopmentUser } from './users.repository.js';

/**
 * Sign-in, sign-out and the current user (SPEC §4 "Auth", "simulated development login"; DESIGN.md §3):
 * - POST /api/auth/dev-login `{ email?, name? }` → 200 `{ user }` and a new session cookie. Only while development
 *   sign-in is on (403 otherwise); the e-mail (default dev@<ALLOWED_DOMAIN>) must be in ALLOWED_DOMAIN (403).
 * - POST /api/auth/logout → 204; deletes the session and clears the cookie; also fine when not signed in.
 * - GET /api/me → 200 `{ user }`, or 401 without a valid session.
 */
export const authRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const { config, db } = deps;

  app.post(
    '/api/auth/dev-login',
    { schema: { body: devLoginBodySchema.optional(), response: { 200: meResponseSchema } } },
    async (request, reply) => {
      if (!config.devLogin) throw forbidden('Development sign-in is turned off on this server. Sign in with Google.');
      const email = (request.body?.email ?? `dev@${config.allowedDomain}`).toLowerCase();
      if (email.slice(email.lastIndexOf('@') + 1) !== config.allowedDomain) {
        throw forbidden(`Only e-mail addresses at ${config.allowedDomain} can sign in.`);
      }
      const row = await upsertDevelopmentUser(db, { email, name: request.body?.name });
      await startSession(deps, reply, row.id, 'development');
      return { user: toApiUser(row, true) };
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(deps, request, reply);
    return reply.code(204).send();
  });

  app.get(
    '/api/me',
    { preValidation: requireUser, schema: { response: { 200: meResponseSchema } } },
    async (request) => ({ user: signedInUser(request) }),
  );
};
