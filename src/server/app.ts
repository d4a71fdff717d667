import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RoleCatalog } from '../shared/roles.js';
import { openChangeFeed, type ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import type { Config } from './env.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { appConfigRoutes } from './modules/app-config/app-config.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { demoRoutes } from './modules/demo/demo.routes.js';
import { ProfilePictures } from './modules/auth/profile-picture.js';
import { profilePictureRoutes } from './modules/auth/profile-picture.routes.js';
import { loadServiceAccountKey, WorkspaceDirectory } from './modules/google-auth/directory.js';
import { googleAuthRoutes } from './modules/google-auth/google-auth.routes.js';
import { OidcProvider } from './modules/google-auth/oidc-provider.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { memberRolePlugin } from './modules/members/member-role.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { secretsRoutes } from './modules/secrets/secrets.routes.js';
import { HttpError } from './http-errors.js';
import { OneLinePerRequest } from './logger.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { ReadCache } from './plugins/read-cache.js';
import { sameOriginPlugin } from './plugins/same-origin.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionsPlugin } from './plugins/sessions.js';
import { staticFilesPlugin } from './plugins/static-files.js';
import { projectRoot } from './project-root.js';

/** Largest accepted request body: the API only takes small JSON documents. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The 429 message of the auth rate limit. */
export const RATE_LIMITED_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The change feed the read cache follows (db/change-feed.ts). Code that writes to the database without a request
     * to this app (tests, tools in the same process) calls `changeFeed.settle()` before asking the app again.
     */
    changeFeed: ChangeFeed;
  }
}

/** Methods that may change something: their answers wait for the change feed to settle (see buildApp). */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Trusts the closest `hops` proxies (X-Forwarded-For is read right to left). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

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
  /** The rate limit of /api/auth/* per client address (default: AUTH_RATE_LIMIT_PER_MINUTE a minute). */
  authRateLimit?: { max: number; timeWindowMs: number };
}

/**
 * Builds the Fastify app (docs/architecture.md#layers; docs/architecture.md#code-conventions): plugins for errors,
 * security headers, same-origin (CSRF) checks, the /api/auth/* rate limit, sessions and static files, and the /api
 * routes typed with the shared zod schemas; Google sign-in routes when Google is configured, and the Workspace
 * directory when a service account is (docs/architecture.md#google-sign-in). It never listens; server.ts does.
 *
 * Performance (docs/architecture.md#read-cache-and-change-feed, docs/decisions/008-read-cache.md): signed-in reads go
 * through a per-process read cache that follows the database's change feed; the feed stops when the app closes. On
 * PostgreSQL the answer to a request that may have written waits until this process has heard its own changes, so a
 * client that goes on to another process finds them there too. One log line per request (method, URL, status, time)
 * instead of Fastify's two.
 * @param deps configuration, database, role catalog and optional logger / client directory / clock / rate limit
 * @returns the ready app (call `app.inject()` in tests, `app.listen()` in server.ts)
 * @throws ServiceAccountKeyError when the directory's key file cannot be read
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count at run time, but its types only know a function for it.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = deps.now ?? (() => new Date());
  const { config, db, catalog } = deps;

  const feed = await openChangeFeed(db, {
    onDown: (error) => app.log.warn({ err: error }, 'the change feed is not listening; reads skip the cache until it is back'),
    onUp: () => app.log.info('the change feed is listening'),
  });
  app.decorate('changeFeed', feed);
  app.addHook('onClose', () => feed.close());
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method)) return done(null, payload);
    feed.settle().then(() => done(null, payload), done);
  });
  const reads = new ReadCache(db, feed);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(sameOriginPlugin, { config });
  const rateLimit = deps.authRateLimit ?? { max: config.authRateLimitPerMinute, timeWindowMs: 60_000 };
  await app.register(fastifyRateLimit, {
    global: true,
    max: rateLimit.max,
    timeWindow: rateLimit.timeWindowMs,
    allowList: (request) => !request.url.startsWith('/api/auth/'),
    errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, RATE_LIMITED_MESSAGE),
  });
  await app.register(sessionsPlugin, { db, config, now, reads });
  await app.register(memberRolePlugin, { reads, config, catalog });
  await app.register(staticFilesPlugin, {
    contentAssetsDir: path.join(config.contentDir, 'assets'),
    clientDistDir: deps.clientDistDir === undefined ? path.join(projectRoot, 'dist', 'client') : deps.clientDistDir,
  });

  await app.register(healthRoutes, { db });
  await app.register(appConfigRoutes, { config });
  await app.register(authRoutes, { db, config, now, catalog });
  const directory = config.directory
    ? new WorkspaceDirectory({
        key: loadServiceAccountKey(config.directory.serviceAccountKeyFile),
        adminEmail: config.directory.adminEmail,
        apiUrl: config.directory.apiUrl,
      })
    : undefined;
  if (config.googleClientId !== undefined && config.googleClientSecret !== undefined) {
    const provider = new OidcProvider({
      issuer: config.oidcIssuer,
      clientId: config.googleClientId,
      clientSecret: config.googleClientSecret,
    });
    await app.register(googleAuthRoutes, { db, config, now, provider, catalog, directory });
  }
  const pictures = new ProfilePictures({
    directory,
    now,
    onDirectoryError: (error) => app.log.warn({ err: error }, 'the Workspace directory could not be asked for a photo'),
  });
  await app.register(profilePictureRoutes, { db, pictures });
  await app.register(onboardingRoutes, { reads, catalog, config });
  await app.register(progressRoutes, { db, catalog, now });
  await app.register(demoRoutes, { catalog });
  await app.register(adminRoutes, { db, config, catalog, now });
  await app.register(secretsRoutes, { db, catalog, config });

  await app.ready();
  return app;
}
