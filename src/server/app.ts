import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RoleCatalog } from '../shared/roles.js';
import { PublishedContent } from './content/published-content.js';
import { openChangeFeed, type ChangeFeed } from './db/change-feed.js';
import { isEmbedded, type Database } from './db/client.js';
import type { Config } from './env.js';
import { acknowledgmentRoutes, ContentDocuments, recordAcknowledgment } from './modules/acknowledgments/index.js';
import { adjustmentsRoutes } from './modules/adjustments/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { AnswersSweep, answersRoutes, reencryptFormAnswers, reencryptFormFiles } from './modules/answers/index.js';
import { launchChecklistRoutes } from './modules/doctor/index.js';
import { backupRoutes, type BackupService, createBackupService } from './modules/backups/index.js';
import { insightsRoutes } from './modules/insights/index.js';
import { appConfigRoutes } from './modules/app-config/index.js';
import { authRoutes, devicesRoutes, profilePictureRoutes, ProfilePictures } from './modules/auth/index.js';
import { demoRoutes } from './modules/demo/index.js';
import { departmentsRoutes } from './modules/departments/index.js';
import { googleAuthRoutes, OidcProvider, WorkspaceDirectory } from './modules/google-auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import {
  mailRoutes,
  type MailTransport,
  MailWorker,
  outboxOnlyTransport,
  planPreboardingLinkMails,
  smtpTransport,
} from './modules/mail/index.js';
import { memberRolePlugin } from './modules/members/index.js';
import { onboardingRoutes, roleContentRoutes } from './modules/onboarding/index.js';
import { preferencesRoutes } from './modules/preferences/index.js';
import {
  DEFAULT_PREBOARDING_LIMITS,
  deletePreboardingAfterLeaving,
  preboardingLinkRoutes,
  preboardingRoutes,
  privateEmailRoutes,
  sentPreboardingAnswers,
  type PreboardingLimits,
} from './modules/preboarding/index.js';
import { progressRoutes } from './modules/progress/index.js';
import { prepareStoredSecrets, SecretsKeyError, secretsRoutes } from './modules/secrets/index.js';
import { studioRoutes } from './modules/studio/index.js';
import { teamTaskRoutes } from './modules/team-tasks/index.js';
import {
  DirectoryReader,
  directoryRoutes,
  loadServiceAccountKey,
  WorkspaceConnection,
  workspaceRoutes,
  WorkspaceWorker,
} from './modules/workspace/index.js';
import { compressJsonAnswers } from './compression.js';
import { lazyRequestLogger, OneLinePerRequest } from './logger.js';
import { allowedHostsPlugin } from './plugins/allowed-hosts.js';
import { authLimitsFromConfig, authRateLimitsPlugin, type AuthLimits } from './plugins/auth-rate-limits.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { storableTextPlugin } from './plugins/storable-text.js';
import { ReadCache } from './plugins/read-cache.js';
import { readCacheSources } from './read-cache-sources.js';
import { sameOriginPlugin } from './plugins/same-origin.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionCookieName, sessionsPlugin } from './plugins/sessions.js';
import { loadFirstScreenRenderer } from './plugins/first-screen.js';
import { staticFilesPlugin } from './plugins/static-files.js';
import { gateWork, WORK_GATE_LIMIT, WorkGate } from './plugins/work-gate.js';
import { projectRoot } from './project-root.js';
import type { FirstScreenRenderer } from '../shared/document-answers.js';

/** Largest accepted request body: the API only takes small JSON documents. */
export const BODY_LIMIT_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The change feed the read cache follows (db/change-feed.ts). Code that writes to the database without a request
     * to this app (tests, tools in the same process) calls `changeFeed.settle()` before asking the app again.
     */
    changeFeed: ChangeFeed;
    /** The published content this process serves (content/published-content.ts). */
    content: PublishedContent;
    /**
     * The sweep that deletes the answers of members who left (modules/answers/retention.ts): `runNow()` runs it at the
     * app's clock.
     */
    answersSweep: AnswersSweep;
    /** The mail work of this process (modules/mail): `runNow()` plans and sends what is due at the app's clock. */
    mailWorker: MailWorker;
    /** The Workspace jobs (the suspension on the leaving date), when the directory is configured. */
    workspaceWorker: WorkspaceWorker | undefined;
    /** The periodic read of the Workspace directory (who left, who is not a member yet), when it is configured. */
    directoryReader: DirectoryReader | undefined;
  }
}

/** Methods that may change something: their answers wait for the change feed to settle (see buildApp). */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Trusts the closest `hops` proxies (X-Forwarded-For is read right to left). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Whether a request came through a proxy while TRUST_PROXY is not set (the launch checklist says so). */
interface ProxySeen {
  forwardedWithoutTrust: boolean;
}

/**
 * Without TRUST_PROXY every client's address is the proxy's, so a whole organisation shares one address's sign-in
 * limits. A request that carries X-Forwarded-For says a proxy is in front: warn once, naming the setting.
 */
function warnOnceAboutForwardedRequests(app: FastifyInstance, seen: ProxySeen): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      seen.forwardedWithoutTrust = true;
      request.log.warn(
        { remoteAddress: request.socket.remoteAddress },
        'requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client shares the address of the proxy, also for the sign-in rate limits',
      );
    }
    done();
  });
}

/** Everything the app depends on; tests pass their own (a fresh database, a small catalog, a temp client dir). */
export interface AppDeps {
  config: Config;
  db: Database;
  /**
   * The role configurations to import as version 1 on a database with no content yet (content/load-content.ts;
   * docs/product.md#content-studio), or a function that loads them (asked for only then). A database with content
   * serves its latest published version instead.
   */
  catalog: RoleCatalog | (() => Promise<RoleCatalog>);
  /** Fastify's logger option: pino options, or false for none (default: false). */
  logger?: FastifyServerOptions['logger'];
  /** The built SPA directory (default `<project>/dist/client`); null to serve no SPA. */
  clientDistDir?: string | null;
  /**
   * Renders /dashboard's first screen on the server (docs/decisions/030-dashboard-first-screen-from-the-server.md).
   * Default: the build's server bundle (`<project>/dist/ssr/server-render.js`) when the SPA is the default one and the
   * bundle is there; else none.
   */
  renderFirstScreen?: FirstScreenRenderer | null;
  /** The clock (default: the real one); tests move it to expire sessions. */
  now?: () => Date;
  /** The sign-in rate limits (default: from the configuration, plugins/auth-rate-limits.ts); tests replace some. */
  authLimits?: Partial<AuthLimits>;
  /** The pre-boarding links' rate limits (default DEFAULT_PREBOARDING_LIMITS; the limit tests set small ones). */
  preboardingLimits?: PreboardingLimits;
  /**
   * The gate API requests wait at, sign-ins passing first (plugins/work-gate.ts); default: one of WORK_GATE_LIMIT places
   * on the embedded database, none on PostgreSQL; null for none.
   */
  workGate?: WorkGate | null;
  /** Backups of the embedded database (modules/backups); default: none available (as on PostgreSQL). */
  backups?: BackupService;
  /** How often agreements due again are swept for everyone, in ms (modules/acknowledgments/due-again.ts); default never. */
  agreementSweepEveryMs?: number;
  /** How often the answers of members who left are swept, in ms (modules/answers/retention.ts); default never. */
  answersSweepEveryMs?: number;
  /** How often reminders and digests are planned and sent, in ms (modules/mail); default never (tests run it). */
  mailEveryMs?: number;
  /** How often due Workspace jobs run, in ms (modules/workspace/jobs.ts); default never (tests run them). */
  workspaceEveryMs?: number;
  /** How often the Workspace directory is read, in ms (modules/workspace/directory-reader.ts); default never. */
  directoryReadEveryMs?: number;
  /** Where mail goes (default: SMTP_URL's server, else the outbox only); tests may pass their own. */
  mailTransport?: MailTransport;
  /**
   * Told of every route as it is registered (Fastify's `onRoute` hook, so also the HEAD route Fastify adds for each
   * GET): its method(s), URL with parameters (`/api/secrets/:stepId`), own body limit in bytes, if it has one, and its
   * handler's name. Tests list the routes from it.
   */
  onRoute?: (route: RegisteredRoute) => void;
}

/** A route as {@link AppDeps.onRoute} is told of it. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  bodyLimit?: number;
  /** The name of the route's handler function ('' when it has none). */
  handler: string;
}

/**
 * Builds the Fastify app (docs/architecture.md#layers; docs/architecture.md#code-conventions): plugins for errors, security headers, same-origin
 * (CSRF) checks, the sign-in rate limits on their routes (plugins/auth-rate-limits.ts), sessions and static files, and
 * the /api routes typed with the shared zod schemas; Google sign-in routes when Google is configured, and the
 * Workspace directory when a service account is (docs/product.md#profile-pictures). It never listens; server.ts does.
 *
 * docs/architecture.md#read-cache-and-change-feed (docs/decisions/008-read-cache.md): signed-in reads go through a per-process read cache that
 * follows the database's change feed; the feed stops when the app closes. On PostgreSQL the answer to a request that
 * may have written waits until this process has heard its own changes, so a client that goes on to another process
 * finds them there too. One log line per request (method, URL, status, time) instead of Fastify's two.
 * @param deps configuration, database, role catalog and optional logger / client directory / clock / sign-in limits
 * @returns the ready app (call `app.inject()` in tests, `app.listen()` in server.ts)
 * @throws ServiceAccountKeyError when the directory's key file cannot be read
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLinePerRequest(),
    // Without a logger Fastify hands every request the app's (null) logger itself; there is no child to save.
    ...(deps.logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count at run time, but its types only know a function for it.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  compressJsonAnswers(app);
  // Sign-ins first on the embedded database (plugins/work-gate.ts); PostgreSQL serves requests side by side.
  const workGate =
    deps.workGate !== undefined ? deps.workGate : isEmbedded(deps.db) ? new WorkGate(WORK_GATE_LIMIT) : null;
  if (workGate !== null) gateWork(app, workGate);
  const { onRoute } = deps;
  if (onRoute !== undefined) {
    app.addHook('onRoute', (route) => {
      onRoute({
        method: route.method,
        url: route.url,
        ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
        handler: route.handler.name,
      });
    });
  }

  const now = deps.now ?? (() => new Date());
  const { config, db } = deps;

  const feed = await openChangeFeed(db, {
    onDown: (error) =>
      app.log.warn({ err: error }, 'the change feed is not listening; reads skip the cache until it is back'),
    onUp: () => app.log.info('the change feed is listening'),
  });
  app.decorate('changeFeed', feed);
  app.addHook('onClose', () => feed.close());
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method)) return done(null, payload);
    feed.settle().then(() => done(null, payload), done);
  });
  const reads = new ReadCache(db, feed, readCacheSources);
  const seed = deps.catalog;
  const content = await PublishedContent.open(db, feed, typeof seed === 'function' ? seed : async () => seed, {
    assetsDir: path.join(config.contentDir, 'assets'),
    now,
    onError: (error) =>
      app.log.error(
        { err: error },
        'the published content could not be read; still serving the version this process has',
      ),
  });
  app.decorate('content', content);
  // Shared passwords: initial values from the environment, re-encryption after a key rotation, and a refusal to start
  // with a key that opens nothing stored (SecretsKeyError).
  // A database that cannot be reached is not a reason to stay down (requests that need it answer 503): the work is
  // done at the next start.
  try {
    const prepared = await prepareStoredSecrets(db, config.secretBox, config.secrets);
    if (prepared.seeded + prepared.reencrypted > 0) app.log.info(prepared, 'shared passwords stored');
    const answers = await reencryptFormAnswers(db, config.secretBox);
    if (answers > 0) app.log.info({ answers }, 'sensitive form answers re-encrypted under SECRETS_KEY');
    const files = await reencryptFormFiles(db, config.secretBox);
    if (files > 0) app.log.info({ files }, 'sensitive form files re-encrypted under SECRETS_KEY');
  } catch (error) {
    if (error instanceof SecretsKeyError) throw error;
    app.log.warn({ err: error }, 'the shared passwords could not be checked: the database did not answer');
  }

  await app.register(errorHandlerPlugin, { supportEmail: config.supportEmail });
  await app.register(storableTextPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(sameOriginPlugin, { config });
  await app.register(allowedHostsPlugin, { config });
  // Each sign-in route carries its own limit (route config), so no spelling of its path escapes it.
  await app.register(authRateLimitsPlugin);
  const authLimits: AuthLimits = { ...authLimitsFromConfig(config), ...deps.authLimits };
  const proxySeen: ProxySeen = { forwardedWithoutTrust: false };
  if (config.trustProxy === false) warnOnceAboutForwardedRequests(app, proxySeen);
  await app.register(sessionsPlugin, { db, config, now, reads });
  await app.register(memberRolePlugin, { reads, config, content });
  const renderFirstScreen =
    deps.renderFirstScreen !== undefined
      ? deps.renderFirstScreen
      : deps.clientDistDir === undefined
        ? await loadFirstScreenRenderer(path.join(projectRoot, 'dist', 'ssr', 'server-render.js'), app.log)
        : null;
  await app.register(staticFilesPlugin, {
    contentAssetsDir: path.join(config.contentDir, 'assets'),
    clientDistDir: deps.clientDistDir === undefined ? path.join(projectRoot, 'dist', 'client') : deps.clientDistDir,
    renderFirstScreen,
    isProduction: config.isProduction,
    sessionCookie: sessionCookieName(config),
  });

  await app.register(healthRoutes, { db, databaseTimeoutSeconds: config.databaseTimeoutSeconds });
  await app.register(appConfigRoutes, { config });
  await app.register(authRoutes, { db, config, now, content, limits: authLimits });
  await app.register(devicesRoutes, { db, config, now });
  const workspace = config.directory
    ? new WorkspaceConnection({
        key: loadServiceAccountKey(config.directory.serviceAccountKeyFile),
        adminEmail: config.directory.adminEmail,
        apiUrl: config.directory.apiUrl,
      })
    : undefined;
  const directory = workspace ? new WorkspaceDirectory(workspace) : undefined;
  if (config.googleClientId !== undefined && config.googleClientSecret !== undefined) {
    const provider = new OidcProvider({
      issuer: config.oidcIssuer,
      clientId: config.googleClientId,
      clientSecret: config.googleClientSecret,
    });
    await app.register(googleAuthRoutes, { db, config, now, provider, content, directory, limits: authLimits, reads });
  }
  const pictures = new ProfilePictures({
    directory,
    now,
    onDirectoryError: (error) => app.log.warn({ err: error }, 'the Workspace directory could not be asked for a photo'),
  });
  await app.register(profilePictureRoutes, { db, pictures });
  await app.register(preferencesRoutes, { db, now });
  const documents = new ContentDocuments(path.join(config.contentDir, 'assets'), db);
  await app.register(onboardingRoutes, { reads, config, db, now });
  await app.register(roleContentRoutes, { config });
  await app.register(progressRoutes, {
    db,
    now,
    recordAgreement: (tx, request, step, what) => recordAcknowledgment({ db: tx, documents }, request, step, what),
  });
  await app.register(acknowledgmentRoutes, {
    db,
    content,
    config,
    now,
    documents,
    ...(deps.agreementSweepEveryMs === undefined ? {} : { sweepEveryMs: deps.agreementSweepEveryMs }),
  });
  await app.register(answersRoutes, {
    db,
    box: config.secretBox,
    now,
    sentBeforeFirstDay: sentPreboardingAnswers,
    dateSettings: { locale: config.organisationLocale, timeZone: config.organisationTimeZone },
  });
  const answersSweep = new AnswersSweep(
    () => ({
      db,
      now: now(),
      keepDays: config.answersKeepDaysAfterLeaving,
      configs: content.catalog.values(),
      alsoAfterLeaving: deletePreboardingAfterLeaving,
    }),
    app.log,
  );
  app.decorate('answersSweep', answersSweep);
  app.addHook('onClose', () => answersSweep.stop());
  await app.register(demoRoutes, { content });
  await app.register(adminRoutes, { db, config, content, now });
  await app.register(departmentsRoutes, { db, now });
  await app.register(adjustmentsRoutes, { db, now });
  await app.register(privateEmailRoutes, { db, allowedDomain: config.allowedDomain, now });
  const backups =
    deps.backups ?? createBackupService({ client: undefined, directory: '', settings: config.backups, now });
  await app.register(backupRoutes, {
    db,
    backups,
    content,
    dateSettings: { locale: config.organisationLocale, timeZone: config.organisationTimeZone },
  });
  await app.register(launchChecklistRoutes, {
    db,
    config,
    now,
    forwardedWithoutTrust: () => proxySeen.forwardedWithoutTrust,
  });
  await app.register(insightsRoutes, {
    db,
    content,
    now,
    timeZone: config.organisationTimeZone,
    stalledAfterDays: config.mail.stalledAfterDays,
  });
  await app.register(secretsRoutes, { db, config, now });
  await app.register(studioRoutes, { db, content, config, now });
  await app.register(teamTaskRoutes, { db, reads, timeZone: config.organisationTimeZone, now });
  await app.register(workspaceRoutes, {
    db,
    connection: workspace,
    write: config.directory?.write ?? false,
    timeZone: config.organisationTimeZone,
    box: config.secretBox,
    now,
  });
  const workspaceWorker =
    workspace === undefined
      ? undefined
      : new WorkspaceWorker(
          () => ({
            db,
            connection: workspace,
            now: now(),
            timeZone: config.organisationTimeZone,
            checkGroups: config.directory?.write ?? false,
          }),
          app.log,
        );
  app.decorate('workspaceWorker', workspaceWorker);
  app.addHook('onClose', async () => {
    await workspaceWorker?.stop();
  });
  const directoryReader =
    workspace === undefined
      ? undefined
      : new DirectoryReader(() => ({ db, connection: workspace, domain: config.allowedDomain, now: now() }), app.log);
  app.decorate('directoryReader', directoryReader);
  app.addHook('onClose', async () => {
    await directoryReader?.stop();
  });
  await app.register(directoryRoutes, { db, reader: directoryReader, timeZone: config.organisationTimeZone, now });
  const transport =
    deps.mailTransport ??
    (config.mail.smtpUrl === undefined
      ? outboxOnlyTransport
      : smtpTransport(config.mail.smtpUrl, config.mail.claimSeconds, config.mail.concurrency));
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const worker = new MailWorker(
    () => ({
      db,
      catalog: content.catalog,
      now: now(),
      clock: now,
      timeZone: config.organisationTimeZone,
      adminEmails: config.adminEmails,
      organisationDomain: config.allowedDomain,
      config,
      origin,
      transport,
      log: app.log,
    }),
    app.log,
  );
  app.decorate('mailWorker', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
  await app.register(mailRoutes, { db, config, now, worker, smtpConfigured: transport.kind === 'smtp' });
  // Pre-boarding (docs/product.md#pre-boarding): the link's pages, and the page's API under its own session.
  await app.register(preboardingLinkRoutes, {
    db,
    config,
    now,
    limits: deps.preboardingLimits ?? DEFAULT_PREBOARDING_LIMITS,
    planLinkMails: planPreboardingLinkMails,
    wakeMail: () => void worker.runNow(),
  });
  await app.register(preboardingRoutes, { db, box: config.secretBox, config, now });

  const firstRuns: NodeJS.Timeout[] = [];
  const startSoon = (everyMs: number | undefined, start: (everyMs: number) => void) => {
    if (everyMs === undefined) return;
    const timer = setTimeout(() => start(everyMs), Math.min(everyMs, BACKGROUND_FIRST_RUN_AFTER_MS));
    timer.unref();
    firstRuns.push(timer);
  };
  app.addHook('onClose', () => {
    for (const timer of firstRuns) clearTimeout(timer);
  });
  await app.ready();
  startSoon(deps.mailEveryMs, (every) => worker.start(every));
  startSoon(deps.workspaceEveryMs, (every) => workspaceWorker?.start(every));
  startSoon(deps.directoryReadEveryMs, (every) => directoryReader?.start(every));
  startSoon(deps.answersSweepEveryMs, (every) => answersSweep.start(every));
  return app;
}

/**
 * How long after start-up the background work (mail, Workspace jobs, the answers' sweep) first runs, at most: one
 * period when that is shorter. A server that starts (after a crash, a deploy) answers the people waiting for it first:
 * on the embedded database the first run after a long pause (the team tasks' sync, the members' derived table) takes
 * its one connection for seconds (docs/reliability.md#restart-time).
 */
export const BACKGROUND_FIRST_RUN_AFTER_MS = 10_000;
