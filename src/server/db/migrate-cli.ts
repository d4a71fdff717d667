/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, else the
 * embedded database under DATA_DIR) and exits. The server also migrates at start-up; this is for deploy pipelines.
 */
import { ConfigError, loadConfig } from '../env.js';
import { migrate, openDatabase } from './client.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(database);
    console.log(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
