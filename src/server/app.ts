import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RoleCatalog } from '../shared/roles.js';
import type { Database } from './db/client.js';
import type { Config } from './env.js';
import { appConfigRoutes } from './modules/app-config/app-config.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionsPlugin } from './plugins/sessions.js';
import { staticFilesPlugin } from './plugins/static-files.js';
import { projectRoot } from './project-root.js';

/** Largest accepted request body: the API only takes small JSON documents. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Everything the app depends on; tests pass their own (a fresh database, a small catalog, a temp client dir). */
export interface AppDeps {
  config: Config;
  db: Database;
  /** The validated role configurations (content/load-content.ts). */
  catalog: RoleCatalog;
  /** Fastify's logger option: pino options, or false for none (default: false). */
  logger?: FastifyServerOptions['logger'];
  /** The built SPA directory (default `<project>/dist/client`); null to serve no SPA. */
  clientDistDir?: string | null;
  /** The clock (default: the real one); tests move it to expire sessions. */
  now?: () => Date;
}

/**
 * Builds the Fastify app (DESIGN.md §1; STYLE.md fastify/demo): plugins for errors, security headers, sessions and
 * static files, and the /api routes typed with the shared zod schemas. It never listens; server.ts does.
 * @param deps configuration, database, role catalog and optional logger / client directory / clock
 * @returns the ready app (call `app.inject()` in tests, `app.listen()` in server.ts)
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: BODY_LIMIT_BYTES }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = deps.now ?? (() => new Date());
  const { config, db, catalog } = deps;

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(sessionsPlugin, { db, config, now });
  await app.register(staticFilesPlugin, {
    contentAssetsDir: path.join(config.contentDir, 'assets'),
    clientDistDir: deps.clientDistDir === undefined ? path.join(projectRoot, 'dist', 'client') : deps.clientDistDir,
  });

  await app.register(healthRoutes, { db });
  await app.register(appConfigRoutes, { config });
  await app.register(authRoutes, { db, config, now });
  await app.register(onboardingRoutes, { db, catalog });
  await app.register(progressRoutes, { db, catalog, now });

  await app.ready();
  return app;
}
