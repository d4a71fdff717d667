import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberEmailParamsSchema,
  adminSecretsSchema,
  putSecretBodySchema,
  revealSecretSchema,
  markRotatedResultSchema,
  revealedSecretsSchema,
  secretNameParamsSchema,
} from '../../../shared/admin-api.js';
import { recordAudit } from '../audit/index.js';
import { listRevealedSecrets, secretStepTitles } from './offboarding.js';
import { listStoredSecrets, readStoredSecret, type SecretName, writeStoredSecret } from '../secrets/index.js';
import { SECRET_NAMES } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { notFound } from '../../http-errors.js';
import { type AdminRoutesOptions, actorOf, needs } from './admin-route-kit.js';

/**
 * The shared password a route's `:name` names (any case).
 * @throws HttpError 404 naming the known passwords
 */
function secretNameOf(text: string): SecretName {
  const name = text.toUpperCase();
  const known = SECRET_NAMES.find((n) => n === name);
  if (known === undefined)
    throw notFound(`There is no shared password called ${text}. Known: ${SECRET_NAMES.join(', ')}.`);
  return known;
}

/** The shared-password routes of the admin console: which a member revealed, rotation, setting and revealing (docs/product.md#shared-passwords). */
export const secretRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, config, now } = options;
  /** Every shared password as the Shared passwords tab lists it (never a value), with the steps that show it. */
  const listedSecrets = async (catalog: RoleCatalog) => {
    const titles = secretStepTitles(catalog);
    return { items: (await listStoredSecrets(db)).map((item) => ({ ...item, steps: titles.get(item.name) ?? [] })) };
  };
  app.get(
    '/api/admin/members/:email/revealed-secrets',
    {
      ...needs('secrets:manage'),
      schema: { params: memberEmailParamsSchema, response: { 200: revealedSecretsSchema } },
    },
    async function getAdminMembersByEmailRevealedSecrets(request) {
      return { items: await listRevealedSecrets(db, request.catalog, request.params.email.toLowerCase()) };
    },
  );

  app.post(
    '/api/admin/secrets/:name/rotated',
    {
      ...needs('secrets:manage'),
      schema: { params: secretNameParamsSchema, response: { 200: markRotatedResultSchema } },
    },
    async function postAdminSecretsByNameRotated(request) {
      const name = secretNameOf(request.params.name);
      const at = now();
      await recordAudit(db, {
        kind: 'secret-rotated',
        outcome: 'ok',
        ...actorOf(request),
        subject: name,
        reason: 'marked',
        at,
      });
      return { name, rotatedAt: at.toISOString() };
    },
  );

  app.get(
    '/api/admin/secrets',
    { ...needs('secrets:manage'), schema: { response: { 200: adminSecretsSchema } } },
    async function getAdminSecrets(request) {
      return listedSecrets(request.catalog);
    },
  );

  app.put(
    '/api/admin/secrets/:name',
    {
      ...needs('secrets:manage'),
      schema: { params: secretNameParamsSchema, body: putSecretBodySchema, response: { 200: adminSecretsSchema } },
    },
    async function putAdminSecretsByName(request) {
      const name = secretNameOf(request.params.name);
      const at = now();
      await db.transaction(async (tx) => {
        await writeStoredSecret(tx, config.secretBox, name, request.body.value, request.user?.email ?? null, at);
        await recordAudit(tx, {
          kind: 'secret-rotated',
          outcome: 'ok',
          ...actorOf(request),
          subject: name,
          reason: 'set',
          at,
        });
      });
      return listedSecrets(request.catalog);
    },
  );

  app.post(
    '/api/admin/secrets/:name/reveal',
    { ...needs('secrets:manage'), schema: { params: secretNameParamsSchema, response: { 200: revealSecretSchema } } },
    async function postAdminSecretsByNameReveal(request, reply) {
      const name = secretNameOf(request.params.name);
      reply.header('cache-control', 'no-store');
      const stored = await readStoredSecret(db, config.secretBox, name);
      // Written before the answer: nothing is revealed unaudited.
      await recordAudit(db, {
        kind: 'secret-reveal',
        outcome: 'allowed',
        ...actorOf(request),
        subject: name,
        reason: stored ? null : 'not-set',
        details: { session: 'admin-console', ip: request.ip },
        at: now(),
      });
      return { name, value: stored?.value ?? null };
    },
  );
};
