/**
 * `npm run db:copy -- --from DATA_DIR|postgres://… --to postgres://…|DATA_DIR`: copies every table of one database
 * into another, empty one and checks every table's row count and checksum (db/copy.ts). Either side left out is the
 * configured database (DATABASE_URL, else DATA_DIR, read like every command's settings: command-settings.ts). Stop the server on an
 * embedded database first: its data folder is refused while the server runs.
 */
import { parseArgs } from 'node:util';
import { describeDatabase, readCommandSettings, type CommandSettings } from '../command-settings.js';
import { ConfigError, loadConfig } from '../env.js';
import { DataDirBusyError } from './data-dir-lock.js';
import { copyDatabase, CopyError, type DatabaseLocation, describeLocation, parseLocation } from './copy.js';

const USAGE =
  'Usage: npm run db:copy -- [--from <data folder | postgres://…>] [--to <postgres://… | data folder>] ' +
  '[--dotenv FILE | --no-dotenv]   (at least one of --from and --to; the other is the configured database)';

/** The configured database as a copy's side, after printing which it is; throws ConfigError for invalid settings. */
function configuredLocation(settings: CommandSettings): DatabaseLocation {
  const config = loadConfig(settings.env);
  console.log(describeDatabase(config, settings));
  return config.databaseUrl === undefined ? { dataDir: config.dataDir } : { url: config.databaseUrl };
}

async function main(): Promise<number> {
  let values;
  let settings;
  try {
    settings = readCommandSettings(process.argv.slice(2));
    ({ values } = parseArgs({ args: settings.args, options: { from: { type: 'string' }, to: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.from === undefined && values.to === undefined) {
    console.error(USAGE);
    return 1;
  }
  let from;
  let to;
  try {
    from = values.from === undefined ? configuredLocation(settings) : parseLocation(values.from);
    to = values.to === undefined ? configuredLocation(settings) : parseLocation(values.to);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  console.log(`Copying ${describeLocation(from)} into ${describeLocation(to)}…`);
  try {
    const started = Date.now();
    const { tables } = await copyDatabase(from, to, (table, rows) => console.log(`  ${table}: ${rows} rows`));
    const rows = Object.values(tables).reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(tables).length} tables, ${rows} rows; ` +
        'every row count and checksum matches the source.',
    );
    return 0;
  } catch (error) {
    if (error instanceof CopyError || error instanceof DataDirBusyError) {
      console.error(`Nothing was copied. ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
