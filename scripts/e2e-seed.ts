/**
 * Seeds the member records of the browser tests (tests/e2e/fixtures/members.ts) into the database the e2e server
 * will use, before it starts (playwright.config.ts runs `node --import tsx scripts/e2e-seed.ts && node scripts/start.mjs`).
 * It goes through `npm run members -- set` (the same command, settings, migrations and data-folder lock), so a seed
 * that the command refuses fails the run. Exit code 1 on any failure.
 */
import { loadContent } from '../src/server/content/load-content.js';
import { migrate, openConfiguredDatabase } from '../src/server/db/client.js';
import { loadConfig } from '../src/server/env.js';
import { runMembersCommand } from '../src/server/modules/members/members-command.js';
import { E2E_MEMBERS } from '../tests/e2e/fixtures/members.js';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const catalog = await loadContent(config.contentDir);
  const database = await openConfiguredDatabase(config, 'e2e seed');
  try {
    await migrate(database);
    for (const member of Object.values(E2E_MEMBERS)) {
      const code = await runMembersCommand(['set', member.email, member.role, member.department], {
        db: database.db,
        catalog,
        allowedDomain: config.allowedDomain,
        out: () => undefined,
        err: (line) => console.error(line),
      });
      if (code !== 0) return 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
