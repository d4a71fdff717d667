/**
 * `npm run db:migrate [-- --dotenv FILE | --no-dotenv]`: applies the committed migrations to the configured database
 * (DATABASE_URL, else the embedded database under DATA_DIR, read like every command: command-settings.ts) and exits. The server also migrates at start-up; this is for deploy pipelines.
 * The embedded database is refused while the server (or another tool) has it open (db/data-dir-lock.ts).
 */
import { type CommandConfig, withCommandConfig } from '../command-settings.js';
import { migrate, openConfiguredDatabase } from './client.js';
import { DataDirBusyError } from './data-dir-lock.js';
import { postgresFix } from './postgres-fix.js';

async function main({ config }: CommandConfig): Promise<number> {
  let database;
  try {
    database = await openConfiguredDatabase(config, 'npm run db:migrate');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    try {
      await migrate(database);
    } catch (error) {
      const fix = config.databaseUrl === undefined ? undefined : postgresFix(error, config.databaseUrl);
      if (fix === undefined) throw error;
      console.error(
        `The migrations could not be applied: ${error instanceof Error ? error.message : String(error)}\n${fix}`,
      );
      return 1;
    }
    console.log(
      `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await withCommandConfig(process.argv.slice(2), main, (args) =>
  args.length > 0
    ? `Unknown argument(s): ${args.join(' ')}. Usage: npm run db:migrate [-- --dotenv FILE | --no-dotenv]`
    : undefined,
);
