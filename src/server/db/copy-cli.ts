/**
 * `npm run db:copy -- --from DATA_DIR|postgres://… --to postgres://…|DATA_DIR`: copies every table of one database
 * into another, empty one and checks every table's row count and checksum (db/copy.ts). Stop the server on an
 * embedded database first: its data folder is refused while the server runs.
 */
import { parseArgs } from 'node:util';
import { DataDirBusyError } from './data-dir-lock.js';
import { copyDatabase, CopyError, describeLocation, parseLocation } from './copy.js';

const USAGE = 'Usage: npm run db:copy -- --from <data folder | postgres://…> --to <postgres://… | data folder>';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.from === undefined || values.to === undefined) {
    console.error(USAGE);
    return 1;
  }
  const from = parseLocation(values.from);
  const to = parseLocation(values.to);
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
