import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roleContentParamsSchema, roleContentSchema, type RoleContent } from '../../../shared/api.js';
import type { ResolvedRole, RoleCatalog } from '../../../shared/roles.js';
import { scopeWithoutQuizKey } from '../../../shared/step-answers.js';
import { deepFreeze, isDeepFrozen } from '../../deep-freeze.js';
import type { Config } from '../../env.js';
import { forbidden, notFound } from '../../http-errors.js';
import { keptJson } from '../../kept-json.js';
import { requireUser } from '../../plugins/sessions.js';
import { resolveRoleOfRequest } from '../members/index.js';
import { canPreviewRoles, isPreviewable, resolvePreviewRole } from './role-preview.js';

/**
 * A role's content (docs/architecture.md#role-content): the scopes and steps every member of the role sees, sent apart
 * from each member's own answer (GET /api/onboarding), once per role and content version.
 */

/** The 403 message to a member asking for another role's steps. */
export const ROLE_CONTENT_FORBIDDEN_MESSAGE = 'You can only read the steps of your own role.';

/** The 404 message for a version of a role's content that is no longer the current one. */
export const ROLE_CONTENT_CHANGED_MESSAGE = 'These steps have changed since the page was loaded. Load the page again.';

/** How many hexadecimal digits of the content's SHA-256 name its version (64 bits: no two versions of a role meet). */
const VERSION_DIGITS = 16;

/** A role's content as its answer carries it, with its version and address. */
export interface KeptRoleContent {
  /** The content's fingerprint: 16 hexadecimal digits of the SHA-256 of its JSON as sent. */
  version: string;
  /** `/api/content/roles/{key}/{version}`, the address GET /api/onboarding names. */
  path: string;
  /** The answer (frozen, so that its JSON and compressed forms are kept: kept-json.ts). */
  answer: RoleContent;
}

const kept = new WeakMap<ResolvedRole, KeptRoleContent>();

/**
 * The content of a role as every member of it is shown it: its scopes with quizzes without their answer key
 * (docs/product.md#quiz-steps), its version and its address. Of a frozen role (content/resolved-roles.ts, replaced
 * when published content changes) it is made once and frozen, so that every member's answer names the same address
 * and the answer's JSON and compressed forms are made once (kept-json.ts).
 * @param role a resolved role, before any member's adjustments
 * @returns the content, its version and its address
 */
export function roleContentOf(role: ResolvedRole): KeptRoleContent {
  const known = kept.get(role);
  if (known) return known;
  const answer = { scopes: role.scopes.map(scopeWithoutQuizKey) };
  // The JSON as the answer is sent (the schema's keys in its order): the same content, however its configuration was
  // stored, has the same version.
  const json = JSON.stringify(roleContentSchema.encode(answer));
  const version = createHash('sha256').update(json).digest('hex').slice(0, VERSION_DIGITS);
  const content = { version, path: `/api/content/roles/${encodeURIComponent(role.key)}/${version}`, answer };
  if (!isDeepFrozen(role)) return content;
  const frozen = { ...content, answer: deepFreeze(answer) };
  kept.set(role, frozen);
  return frozen;
}

/**
 * The role whose content a signed-in member may read (docs/security.md#role-content): their own role (before their
 * adjustments); any role a role preview may show, for a member who may preview roles (docs/product.md#role-preview).
 * @param catalog all role configurations
 * @param request a request that passed `requireUser`
 * @param config `isProduction`
 * @param roleKey the asked-for configuration key, any case
 * @returns the resolved role
 * @throws HttpError 403 {@link ROLE_CONTENT_FORBIDDEN_MESSAGE} for another role of a member who may not preview
 * @throws HttpError 404 for a role a preview may not show, asked by a member who may preview
 * @throws HttpError 409 when the member's own role configuration is missing (as GET /api/onboarding)
 */
function readableRole(
  catalog: RoleCatalog,
  request: FastifyRequest,
  config: Pick<Config, 'isProduction'>,
  roleKey: string,
): ResolvedRole {
  const key = roleKey.trim().toLowerCase();
  const mayPreview = canPreviewRoles(config, request);
  if (mayPreview && isPreviewable(catalog, key)) return resolvePreviewRole(catalog, request, config, key);
  const { unadjusted } = resolveRoleOfRequest(catalog, request);
  if (unadjusted.key.toLowerCase() === key) return unadjusted;
  throw mayPreview ? notFound(`There is no role "${roleKey}" to preview.`) : forbidden(ROLE_CONTENT_FORBIDDEN_MESSAGE);
}

/**
 * Whether an If-None-Match header names an entity tag (RFC 9110 13.1.2: weak comparison, `*` matches any).
 * @param header the request's If-None-Match, if any
 * @param tag the current entity tag, quoted
 */
function noneMatchNames(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const t = entry.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === tag;
  });
}

/**
 * GET /api/content/roles/:roleKey/:version → a role's content ({@link roleContentOf}) for a member who may read it
 * ({@link readableRole}), when `version` is the current one (404 {@link ROLE_CONTENT_CHANGED_MESSAGE} otherwise: the
 * page asks GET /api/onboarding again for the current address). Sent with its version as the ETag and
 * `Cache-Control: private, no-cache` (the route's `revalidated` config, plugins/sessions.ts): the browser keeps it
 * and asks again with If-None-Match, so every use is checked against the session, and a member who may read it gets
 * 304 without a body (docs/architecture.md#role-content). The answer is kept compressed (kept-json.ts).
 */
export const roleContentRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'isProduction'> }> = async (
  app,
  { config },
) => {
  app.get(
    '/api/content/roles/:roleKey/:version',
    {
      preValidation: requireUser,
      config: { revalidated: true },
      // 304: no body (the browser's copy is used).
      schema: { params: roleContentParamsSchema, response: { 200: roleContentSchema, 304: z.null() } },
      ...keptJson(roleContentSchema),
    },
    async function getContentRolesByRoleKeyByVersion(request, reply) {
      const { roleKey, version } = request.params;
      const content = roleContentOf(readableRole(request.catalog, request, config, roleKey));
      if (content.version !== version) throw notFound(ROLE_CONTENT_CHANGED_MESSAGE);
      const tag = `"${content.version}"`;
      reply.header('etag', tag);
      if (noneMatchNames(request.headers['if-none-match'], tag)) return reply.code(304).send(null);
      return content.answer;
    },
  );
};
