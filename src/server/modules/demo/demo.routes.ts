import type { CatalogSource } from '../../content/published-content.js';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeWithoutQuizKey } from '../../../shared/step-answers.js';
import { demoResponseSchema } from '../../../shared/api.js';
import { APP_VERSION } from '../../../shared/content-schema.js';
import { RoleConfigurationError, type ResolvedRole, type RoleCatalog } from '../../../shared/roles.js';
import { resolveRoleOnce } from '../../content/resolved-roles.js';
import { notFound } from '../../http-errors.js';
import { roleSummary } from '../onboarding/index.js';

/** The role configuration whose first scope the demo page shows (docs/product.md#demo-page). */
export const DEMO_ROLE_KEY = 'test';

/** The 404 message when the content has no demo steps. */
export const DEMO_UNAVAILABLE_MESSAGE = 'The demo steps are not available right now.';

/**
 * The resolved test role, or a 404 when the content has none (or an incomplete one, which is logged).
 * @throws HttpError 404 {@link DEMO_UNAVAILABLE_MESSAGE}
 */
function demoRole(catalog: RoleCatalog, log: FastifyBaseLogger): ResolvedRole {
  if (!catalog.has(DEMO_ROLE_KEY)) throw notFound(DEMO_UNAVAILABLE_MESSAGE);
  try {
    return resolveRoleOnce(catalog, DEMO_ROLE_KEY);
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
    log.error({ err: error }, 'the demo role configuration is incomplete');
    throw notFound(DEMO_UNAVAILABLE_MESSAGE);
  }
}

/**
 * GET /api/demo → `{ appVersion, role, scopes }`: the test role and its first scope, for the public demo page
 * (docs/product.md#demo-page: the test role's first scope). Public: no session needed, and nothing
 * about any member is read or written (the demo keeps its progress in the browser). The content is the same the
 * members see, so no secret is part of it. 404 when the content has no test role or it has no steps.
 */
export const demoRoutes: FastifyPluginAsyncZod<{ content: CatalogSource }> = async (app, { content }) => {
  app.get('/api/demo', { schema: { response: { 200: demoResponseSchema } } }, async function getDemo(request) {
    const role = demoRole(content.catalog, request.log);
    const first = role.scopes[0];
    if (!first) throw notFound(DEMO_UNAVAILABLE_MESSAGE);
    return {
      appVersion: APP_VERSION,
      role: roleSummary(role),
      scopes: [scopeWithoutQuizKey(first)],
    };
  });
};
