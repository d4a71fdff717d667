/**
 * `npm run content:export -- DIR` writes the latest published content to DIR (role configurations as YAML under
 * DIR/roles, files under DIR/assets); `npm run content:import -- DIR [--replace]` loads such a folder as the content
 * studio's draft, to review and publish in the studio (docs/product.md#content-studio). Uses the configured database
 * (DATABASE_URL, or DATA_DIR's embedded one: then the server must not be running), read like every command's
 * settings (command-settings.ts). Exit codes: 0 done, 1 a problem
 * (one line each: file: path: problem), 2 wrong usage.
 */
import path from 'node:path';
import { migrate } from '../db/client.js';
import { type CommandConfig, openForCommand, withCommandConfig } from '../command-settings.js';
import { exportContent, ImportError, importContent } from './exchange.js';
import { ContentError, loadContent } from './load-content.js';
import { importSeedIfEmpty } from './published-content.js';

const USAGE = 'Usage: npm run content:export -- DIR | npm run content:import -- DIR [--replace]';

/** The usage, when the arguments are not `export DIR` or `import DIR [--replace]`. */
function usageProblem([command, dir, ...rest]: string[]): string | undefined {
  const replace = rest.includes('--replace');
  const fine =
    (command === 'export' || command === 'import') &&
    dir !== undefined &&
    rest.every((a) => a === '--replace') &&
    (!replace || command === 'import');
  return fine ? undefined : USAGE;
}

async function main({ config, settings }: CommandConfig): Promise<number> {
  const [command = '', dir = '', ...rest] = settings.args;
  const replace = rest.includes('--replace');
  const database = await openForCommand(config, `npm run content:${command}`);
  if (database === undefined) return 1;
  try {
    await migrate(database);
    // A database with no content yet gets the server's start-up import first (CONTENT_DIR's roles and files).
    await importSeedIfEmpty(
      database.db,
      () => loadContent(config.contentDir),
      path.join(config.contentDir, 'assets'),
      new Date(),
    );
    const folder = path.resolve(dir);
    if (command === 'export') {
      const done = await exportContent(database.db, folder, config.contentDir);
      console.log(
        `Exported version ${done.version}: ${done.roles} role configurations and ${done.files} files to ${folder}`,
      );
      return 0;
    }
    try {
      const done = await importContent(database.db, folder, { replace, by: 'npm run content:import', now: new Date() });
      console.log(
        `Imported ${done.roles} role configurations and ${done.files} files as the content studio's draft (based on version ${done.baseVersion}): review and publish it in the studio.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      console.error(`Nothing was imported: ${error.problems.length} problem(s):`);
      console.error(error.message);
      return 1;
    }
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`The content to import first (CONTENT_DIR) has problems:\n${error.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await withCommandConfig(process.argv.slice(2), main, usageProblem);
