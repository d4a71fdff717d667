/**
 * Seeds N members (default 10,000) for the admin console's benchmark (docs/product.md#admin-area; used by the harness
 * of docs/architecture.md#performance-budgets at 10,000 members with progress over every step): each gets a user (as if
 * they had signed in), a member record with a random role configuration of the loaded content and a department, and
 * progress spread over every step: the members of each role take turns at 0, 1, …, all of its steps completed, so every
 * step of every role is some member's current step and every step id appears in step_progress. Most complete their
 * role's first steps in order; every fifth one with at least two steps done skipped an earlier step (allowed,
 * docs/product.md#progress-rules), so that the current step is not always the next one.
 *
 *   npm run seed:members -- 10000
 *
 * Writes into the configured database (read like every command's settings, src/server/command-settings.ts:
 * DATABASE_URL, or the embedded one under DATA_DIR, which must not be in use by
 * a running server). Runs the migrations first. Addresses are `seed-00001@<ALLOWED_DOMAIN>`…; existing seeded rows are
 * kept (re-running adds nothing twice). Batch inserts of 1,000 rows in one transaction. Prints the number of members
 * added and of progress rows, and checks that every step id of the content was completed by someone (when there are
 * enough members for that). Exit code 1 on failure.
 */
import { sql } from 'drizzle-orm';
import { readPublishedCatalog } from '../src/server/content/published-content.js';
import { announce } from '../src/server/db/changes.js';
import { migrate, openConfiguredDatabase } from '../src/server/db/client.js';
import { members, stepProgress, users } from '../src/server/db/schema.js';
import { type CommandConfig, withCommandConfig } from '../src/server/command-settings.js';
import { roleStepRows } from '../src/server/modules/member-overview/index.js';

const BATCH = 1000;
const DEPARTMENTS = ['Operations', 'Finance', 'Events', 'Marketing', 'Outreach', 'Technology'];
const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Ebo', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena'];
const LAST_NAMES = ['Adams', 'Begum', 'Clarke', 'Diaz', 'Evans', 'Fischer', 'Grant', 'Hughes', 'Ito', 'Jones'];

/** A small seeded random generator (mulberry32), so that a run is repeatable. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** The usage, when the argument is not a whole number of members. */
function usageProblem(args: string[]): string | undefined {
  const count = Number(args[0] ?? 10_000);
  return Number.isInteger(count) && count >= 1 && args.length <= 1
    ? undefined
    : `Usage: npm run seed:members -- <count> [--dotenv FILE | --no-dotenv]   (a whole number; got "${args.join(' ')}")`;
}

async function main({ config, settings }: CommandConfig): Promise<number> {
  const count = Number(settings.args[0] ?? 10_000);
  const rand = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  // Each role's members take turns at 0, 1, …, all steps done (counted per run: a top-up run covers them again).
  const turns = new Map<string, number>();
  const database = await openConfiguredDatabase(config, 'npm run seed:members');
  const started = Date.now();
  try {
    await migrate(database);
    // The roles and steps of the published content (imported from CONTENT_DIR on an empty database).
    const catalog = await readPublishedCatalog(database.db, config.contentDir);
    const stepsByRole = new Map<string, string[]>();
    for (const row of roleStepRows(catalog))
      stepsByRole.set(row.roleKey, [...(stepsByRole.get(row.roleKey) ?? []), row.stepId]);
    const roleKeys = [...stepsByRole.keys()];
    const now = Date.now();
    let added = 0;
    for (let start = 0; start < count; start += BATCH) {
      const people = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
        const n = String(start + i + 1).padStart(5, '0');
        const role = pick(roleKeys);
        const signedIn = new Date(now - Math.floor(rand() * 90 * 86_400_000));
        return {
          email: `seed-${n}@${config.allowedDomain}`,
          name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${n}`,
          role,
          department: pick(DEPARTMENTS),
          signedIn,
        };
      });
      await database.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values(
            people.map((p) => ({
              email: p.email,
              name: p.name,
              role: p.role,
              department: p.department,
              workspaceId: `seed-${p.email}`,
              createdAt: p.signedIn,
              lastSignInAt: p.signedIn,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: users.id, email: users.email });
        await tx
          .insert(members)
          .values(people.map((p) => ({ email: p.email, role: p.role, department: p.department, isAdmin: false })))
          .onConflictDoNothing();
        added += inserted.length;
        const roleOf = new Map(people.map((p) => [p.email, p]));
        const progress = inserted.flatMap(({ id, email }) => {
          const person = roleOf.get(email);
          const role = person?.role ?? '';
          const steps = stepsByRole.get(role) ?? [];
          const turn = turns.get(role) ?? 0;
          turns.set(role, turn + 1);
          const done = turn % (steps.length + 1);
          // Every fifth member with two or more steps done skipped one earlier step and did the next one instead.
          const skipped = turn % 5 === 4 && done >= 2 && done < steps.length ? Math.floor(rand() * done) : -1;
          const completed =
            skipped === -1 ? steps.slice(0, done) : [...steps.slice(0, skipped), ...steps.slice(skipped + 1, done + 1)];
          return completed.map((stepId, i) => ({
            userId: id,
            stepId,
            completedAt: new Date((person?.signedIn.getTime() ?? now) + i * 3_600_000),
          }));
        });
        for (let i = 0; i < progress.length; i += BATCH) {
          await tx
            .insert(stepProgress)
            .values(progress.slice(i, i + BATCH))
            .onConflictDoNothing();
        }
        // Servers running on the same PostgreSQL forget what they read before (docs/decisions/008-read-cache.md).
        await announce(tx, { kind: 'everything' });
      });
    }
    const result = (await database.db.execute(
      sql`select step_id, count(*)::int as n from step_progress group by step_id`,
    )) as unknown as {
      rows: { step_id: string; n: number }[];
    };
    const rows = result.rows.reduce((sum, r) => sum + r.n, 0);
    const completedSteps = new Set(result.rows.map((r) => r.step_id));
    const allSteps = new Set([...stepsByRole.values()].flat());
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${count} members (${added} new) in ${seconds} s: ${rows} progress rows; ` +
        `${[...allSteps].filter((id) => completedSteps.has(id)).length} of the content's ${allSteps.size} step ids completed by someone.`,
    );
    // A role whose turns went round once (steps + 1 members in this run) had a member complete each of its steps.
    const missing = [...stepsByRole]
      .filter(([role, steps]) => (turns.get(role) ?? 0) > steps.length)
      .flatMap(([, steps]) => steps)
      .filter((id) => !completedSteps.has(id));
    if (missing.length > 0) {
      console.error(`No member completed ${[...new Set(missing)].join(', ')}: the seed no longer covers every step.`);
      return 1;
    }
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await withCommandConfig(process.argv.slice(2), main, usageProblem);
