/**
 * Seeds the member records of the browser tests (tests/e2e/fixtures/members.ts) into the database the e2e server
 * will use, before it starts (playwright.config.ts runs `node --import tsx scripts/e2e-seed.ts && node scripts/start.mjs --no-env-file`).
 * It goes through `npm run members -- set` (the same command, settings, migrations and data-folder lock), so a seed
 * that the command refuses fails the run. Exit code 1 on any failure.
 */
import { writeFileSync } from 'node:fs';
import { readPublishedCatalog } from '../src/server/content/published-content.js';
import { migrate, openConfiguredDatabase } from '../src/server/db/client.js';
import { loadConfig } from '../src/server/env.js';
import { runMembersCommand } from '../src/server/modules/members/members-command.js';
import { resolveRole } from '../src/shared/roles.js';
import { stepProgress, users } from '../src/server/db/schema.js';
import { E2E_INSIGHTS_PEOPLE, INSIGHTS_DEPARTMENT, lastMoment, seededAtFile } from '../tests/e2e/fixtures/insights.js';
import { E2E_MEMBERS } from '../tests/e2e/fixtures/members.js';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config, 'e2e seed');
  try {
    await migrate(database);
    const catalog = await readPublishedCatalog(database.db, config.contentDir);
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
    // The insights page's people (tests/e2e/fixtures/insights.ts): signed in and progressed in the past.
    const steps = resolveRole(catalog, 'volunteer').scopes.flatMap((scope) => scope.steps.map((step) => step.id));
    const hour = 3_600_000;
    const day = 24 * hour;
    const seededAt = new Date();
    writeFileSync(seededAtFile(config.dataDir), seededAt.toISOString());
    for (const person of E2E_INSIGHTS_PEOPLE) {
      const done = person.done === 'all' ? steps.length : person.done;
      const lastAt = lastMoment(seededAt, person.waitDays);
      const startedAt = done === 0 ? lastAt : new Date(lastAt.getTime() - 3 * day);
      const [user] = await database.db
        .insert(users)
        .values({
          email: person.email,
          name: person.name,
          role: 'volunteer',
          department: INSIGHTS_DEPARTMENT,
          workspaceId: 'e2e-insights',
          createdAt: startedAt,
          lastSignInAt: startedAt,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) continue;
      for (const [i, stepId] of steps.slice(0, done).entries()) {
        await database.db
          .insert(stepProgress)
          .values({ userId: user.id, stepId, completedAt: new Date(lastAt.getTime() - (done - 1 - i) * hour) });
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
