import { migrate, openDatabase } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import {
  completeStep,
  findCompletedStep,
  uncompleteStep,
} from '../../src/server/modules/progress/progress.repository.js';
import { DOMAIN, STEP_ID, checks, results, round, tempDir } from '../common.js';

/** How many times each statement is timed. */
const SAMPLES = 400;

/**
 * What each statement of the write path (PUT /api/progress/steps/:id, modules/progress/progress.service.ts) costs on
 * the embedded database, file-backed as the server's: in this process, on a fresh data folder, each statement timed
 * SAMPLES times one after the other, mean and p99 in µs. A completion is BEGIN, the one complete_step statement
 * (insert, or read the stored completion) and COMMIT; a reset is BEGIN, unticking the step's items, the delete and
 * COMMIT; a signature step reads its completion once more.
 */
export async function writePathStatements(): Promise<Record<string, { meanUs: number; p99Us: number }>> {
  const database = await openDatabase({ dataDir: tempDir('write-path') });
  try {
    await migrate(database);
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: `bench-writer@${DOMAIN}`, name: 'Bench Writer', workspaceId: DOMAIN })
      .returning({ id: users.id });
    if (user === undefined) throw new Error('no user');
    const timeEach = async (run: (i: number) => Promise<unknown>) => {
      const us: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await run(i);
        us.push((performance.now() - t0) * 1000);
      }
      us.sort((a, b) => a - b);
      return {
        meanUs: round(us.reduce((a, b) => a + b, 0) / us.length, 0),
        p99Us: round(us[Math.ceil(0.99 * us.length) - 1] ?? NaN, 0),
      };
    };
    const at = new Date();
    const figures = {
      'BEGIN + COMMIT (an empty transaction)': await timeEach(() => db.transaction(async () => {})),
      'complete_step, a new completion (with its change announced)': await timeEach((i) =>
        completeStep(db, user.id, `${STEP_ID}-${i}`, at),
      ),
      'complete_step, already completed (reads the stored one)': await timeEach((i) =>
        completeStep(db, user.id, `${STEP_ID}-${i}`, at),
      ),
      'findCompletedStep (a signature step)': await timeEach((i) => findCompletedStep(db, user.id, `${STEP_ID}-${i}`)),
      'delete of a completion (a reset, announced)': await timeEach((i) =>
        uncompleteStep(db, user.id, `${STEP_ID}-${i}`),
      ),
      'a whole completion: BEGIN, complete_step, COMMIT': await timeEach((i) =>
        db.transaction((tx) => completeStep(tx, user.id, `${STEP_ID}-again-${i % 20}`, at)),
      ),
    };
    results.writePath = figures;
    for (const [name, f] of Object.entries(figures))
      checks.push({
        name: `write path: ${name}`,
        value: `mean ${f.meanUs} µs, p99 ${f.p99Us} µs`,
        budget: '—',
        ok: null,
      });
    return figures;
  } finally {
    await database.close();
  }
}
