/**
 * Starts the server (docs/architecture.md#layers, docs/architecture.md#configuration): validates the environment,
 * opens and migrates the database, builds the app, listens on HOST:PORT and shuts down gracefully on SIGTERM/SIGINT.
 * The content is the database's latest published version; on a database with none, `CONTENT_DIR`'s role
 * configurations and files are imported as version 1 first (docs/product.md#content-studio). With the embedded
 * database it holds DATA_DIR's lock (db/data-dir-lock.ts) while it runs, so `npm run members` cannot open the database
 * under it; it refuses to start while another running process holds that lock. A bad environment, or broken content to
 * import, stops start-up with a list of every problem (exit code 1).
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { copyTargetsOf, createBackupService } from './modules/backups/index.js';
import { ContentError, loadContent } from './content/load-content.js';
import { migrate, openConfiguredDatabase } from './db/client.js';
import { DataDirBusyError, SERVER_HOLDER } from './db/data-dir-lock.js';
import { ConfigError, loadConfig, type Config } from './env.js';
import { SecretsKeyError } from './modules/secrets/index.js';
import { loggerOptions } from './logger.js';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Tests of several server processes (modules/mail/mail-processes.test.ts) move the processes' clock with
 * TEST_CLOCK_OFFSET_MS (milliseconds added to the real time), so that reminders are due at a chosen local hour. Read
 * only when NODE_ENV=test.
 */
function testClock(config: Config): { now?: () => Date } {
  const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? '');
  if (config.nodeEnv !== 'test' || !Number.isFinite(offset) || offset === 0) return {};
  return { now: () => new Date(Date.now() + offset) };
}

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  // The YAML files are read only to seed a database that has no content yet (docs/product.md#content-studio).
  const seed = async () => {
    try {
      return await loadContent(config.contentDir);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      console.error(`The content has ${error.problems.length} problem(s); fix them and start again:\n${error.message}`);
      process.exit(1);
    }
  };

  let database;
  try {
    // The embedded database's thread ended by itself (docs/decisions/079-embedded-database-off-the-request-thread.md):
    // its statements fail from now on, so the server ends rather than serve without a database.
    database = await openConfiguredDatabase(config, SERVER_HOLDER, (error) => {
      console.error(
        `The server stops: ${error.message}. Nothing was answered that was not stored. Start it again (a service ` +
          'manager does so by itself); if it stops again, run `npm run doctor` with the same settings.',
      );
      process.exit(1);
    });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`The server cannot start: ${error.message}\nLock file: ${error.lockFile}`);
    process.exit(1);
  }
  await migrate(database);

  // Backups of the embedded database into DATA_DIR/backups; on PostgreSQL the service says to use pg_dump.
  const backups = createBackupService({
    client: database.driver.kind === 'pglite' ? database.driver.client : undefined,
    directory: path.join(config.dataDir, 'backups'),
    settings: config.backups,
    copies: copyTargetsOf(config.backups),
  });
  let app;
  try {
    app = await buildApp({
      config,
      db: database.db,
      catalog: seed,
      logger: loggerOptions(config),
      backups,
      agreementSweepEveryMs: 3_600_000,
      answersSweepEveryMs: 3_600_000,
      mailEveryMs: config.mail.everySeconds * 1000,
      workspaceEveryMs: 60_000,
      directoryReadEveryMs: 3_600_000,
      ...testClock(config),
    });
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    console.error(`The server cannot start: ${error.message}`);
    await database.close();
    process.exit(1);
  }
  backups.startSchedule((error) => app.log.error({ err: error }, 'the scheduled backup failed'));

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A terminal's Ctrl+C reaches both `npm start` and this process; the repeat is not a second request.
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => backups.stop())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const boundHost = typeof address === 'object' && address !== null ? address.address : config.host;
  const everywhere = ['0.0.0.0', '::'].includes(boundHost);
  const bound = `${boundHost.includes(':') ? `[${boundHost}]` : boundHost}:${port}`;
  app.log.info(
    {
      url: config.publicUrl ?? `http://${everywhere ? 'localhost' : boundHost}:${port}`,
      host: boundHost,
      port,
      database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}`,
      roles: app.content.catalog.size,
      contentVersion: app.content.version,
      developmentSignIn: config.devLogin,
    },
    // The real bind address (docs/operations.md#behind-a-reverse-proxy): every interface is said in words, since anyone who
    // reaches the port directly then bypasses the proxy.
    everywhere
      ? `Onboarding is listening on ${bound}: every network interface of this machine, not only this machine itself`
      : `Onboarding is listening on ${bound}`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
