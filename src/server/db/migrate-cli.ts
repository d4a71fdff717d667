/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, else the
 * embedded database under DATA_DIR) and exits. The server also migrates at start-up; this is for deploy pipelines.
 * The embedded database is refused while the server (or another tool) has it open (db/data-dir-lock.ts).
 */
import { ConfigError, loadConfig } from '../env.js';
import { migrate, openConfiguredDatabase } from './client.js';
import { DataDirBusyError } from './data-dir-lock.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  let database;
  try {
    database = await openConfiguredDatabase(config, 'npm run db:migrate');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    await migrate(database);
    console.log(
      `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
