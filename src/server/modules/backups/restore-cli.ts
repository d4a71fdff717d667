/**
 * `npm run db:restore -- FILE [--data-dir DIR] [--dotenv FILE | --no-dotenv]`: restores a backup of the embedded
 * database into an empty data folder (DIR, else DATA_DIR, read like every command's settings: command-settings.ts),
 * refusing a PostgreSQL configuration without `--data-dir`, a folder the server runs on and a file that is not a backup of this app
 * (modules/backups/restore.ts). Start the server on the folder afterwards; it applies newer migrations itself.
 */
import { parseArgs } from 'node:util';
import { describeDatabase, readCommandSettings } from '../../command-settings.js';
import { ConfigError, loadConfig } from '../../env.js';
import { DataDirBusyError } from '../../db/data-dir-lock.js';
import { NotABackupError } from './backup-file.js';
import { restoreBackup, RestoreError } from './restore.js';

const USAGE =
  'Usage: npm run db:restore -- FILE [--data-dir DIR] [--dotenv FILE | --no-dotenv]   (default DIR: DATA_DIR, else ./data)';

async function main(): Promise<number> {
  let parsed;
  let settings;
  try {
    settings = readCommandSettings(process.argv.slice(2));
    parsed = parseArgs({ args: settings.args, allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) {
    console.error(USAGE);
    return 1;
  }
  let dataDir = parsed.values['data-dir'];
  if (dataDir === undefined) {
    let config;
    try {
      config = loadConfig(settings.env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      return 1;
    }
    const using = describeDatabase(config, settings);
    if (config.databaseUrl !== undefined) {
      console.error(
        `${using}: a backup of the embedded database is restored into a data folder, not into PostgreSQL. ` +
          'Give the folder with --data-dir (then copy it with npm run db:copy), or restore PostgreSQL from your pg_dump.',
      );
      return 1;
    }
    console.log(using);
    dataDir = config.dataDir;
  } else {
    console.log(`Using the embedded database in ${dataDir} (--data-dir)`);
  }
  try {
    const { manifest, summary } = await restoreBackup(file, dataDir);
    const rows = Object.values(summary).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${Object.keys(summary).length} tables, ` +
        `${rows} rows, every count and checksum as in the backup. Start the server on this folder (DATA_DIR).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof NotABackupError || error instanceof RestoreError || error instanceof DataDirBusyError) {
      console.error(`Nothing was restored. ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
