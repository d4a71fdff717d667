/**
 * `npm run members -- <command>`: administrators set, list and remove member records (docs/product.md#member-records);
 * see members-command.ts for the commands. Uses the server's configuration, read like every command's
 * (command-settings.ts: `.env` under the environment; DATABASE_URL, else DATA_DIR, CONTENT_DIR, ALLOWED_DOMAIN) and the roles of the published content and applies pending migrations first. With the embedded database it refuses to run while the server
 * (or another tool) has DATA_DIR open (db/data-dir-lock.ts). Exit codes: 0 done, 1 refused or failed, 2 wrong command
 * line.
 */
import { ContentError } from '../../content/load-content.js';
import { readPublishedCatalog } from '../../content/published-content.js';
import { migrate } from '../../db/client.js';
import { type CommandConfig, openForCommand, withCommandConfig } from '../../command-settings.js';
import { MEMBERS_USAGE, runMembersCommand } from './members-command.js';

/** The name this tool has in lock files and messages. */
const HOLDER = 'npm run members';

async function main({ config, settings }: CommandConfig): Promise<number> {
  const args = settings.args;
  const database = await openForCommand(config, HOLDER);
  if (database === undefined) return 1;
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

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('help') || argv.includes('--help') || argv.includes('-h')) {
  (argv.length === 0 ? console.error : console.log)(MEMBERS_USAGE);
  process.exitCode = argv.length === 0 ? 2 : 0;
} else {
  process.exitCode = await withCommandConfig(argv, main);
}
