/**
 * `npm run members -- <command>`: administrators set, list and remove member records (docs/product.md#member-records);
 * see members-command.ts for the commands. Uses the server's configuration (DATABASE_URL, else DATA_DIR, CONTENT_DIR,
 * ALLOWED_DOMAIN) and the roles of the published content and applies pending migrations first. With the embedded database it refuses to run while the server
 * (or another tool) has DATA_DIR open (db/data-dir-lock.ts). Exit codes: 0 done, 1 refused or failed, 2 wrong command
 * line.
 */
import { ContentError } from '../../content/load-content.js';
import { readPublishedCatalog } from '../../content/published-content.js';
import { migrate, openConfiguredDatabase } from '../../db/client.js';
import { DataDirBusyError } from '../../db/data-dir-lock.js';
import { ConfigError, loadConfig } from '../../env.js';
import { MEMBERS_USAGE, runMembersCommand } from './members-command.js';

/** The name this tool has in lock files and messages. */
const HOLDER = 'npm run members';

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes('help') || args.includes('--help') || args.includes('-h')) {
    (args.length === 0 ? console.error : console.log)(MEMBERS_USAGE);
    return args.length === 0 ? 2 : 0;
  }
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
    database = await openConfiguredDatabase(config, HOLDER);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    await migrate(database);
    // Roles are those of the published content (docs/product.md#content-studio).
    let catalog;
    try {
      catalog = await readPublishedCatalog(database.db, config.contentDir);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      console.error(`The content has problems; run npm run content:check:\n${error.message}`);
      return 1;
    }
    return await runMembersCommand(args, {
      db: database.db,
      catalog,
      allowedDomain: config.allowedDomain,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
