/**
 * `npm run db:restore -- FILE [--data-dir DIR]`: restores a backup of the embedded database into an empty data folder
 * (DIR, else DATA_DIR), refusing a folder the server runs on and a file that is not a backup of this app
 * (modules/backups/restore.ts). Start the server on the folder afterwards; it applies newer migrations itself.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../env.js';
import { DataDirBusyError } from '../../db/data-dir-lock.js';
import { NotABackupError } from './backup-file.js';
import { restoreBackup, RestoreError } from './restore.js';

const USAGE = 'Usage: npm run db:restore -- FILE [--data-dir DIR]   (default DIR: DATA_DIR, else ./data)';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
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
    try {
      dataDir = loadConfig(process.env).dataDir;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      return 1;
    }
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
