import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInWithRole, userIdOf } from '../../test/test-members.js';
import { agreementStep, HANDBOOK_STEP, testRoleCatalog } from '../../test/test-roles.js';
import { completeStep } from './progress.repository.js';

/**
 * A step's completion reads the step's stored completion once (docs/architecture.md#a-progress-write): the signature
 * check and the acknowledgment record ask the same question of the same transaction, so the answer is read once and
 * handed on. The statements are counted as the database driver is sent them (its own query calls, wrapped).
 */

/** A driver's query call: its first argument is the SQL text, or node-postgres's `{ text }`. */
type QueryCall = (statement: unknown, ...rest: unknown[]) => unknown;

/**
 * Records the SQL text of every statement sent to the database, in and outside transactions, from now on.
 * @returns the texts, as they are sent
 */
function recordStatements(driver: OpenDatabase['driver']): string[] {
  const sent: string[] = [];
  const recording =
    (query: QueryCall): QueryCall =>
    (statement, ...rest) => {
      sent.push(typeof statement === 'string' ? statement : String((statement as { text?: unknown }).text));
      return query(statement, ...rest);
    };
  if (driver.kind === 'pglite') {
    const client = driver.client;
    client.query = recording(client.query.bind(client) as QueryCall) as PGlite['query'];
    const transaction = client.transaction.bind(client);
    client.transaction = (callback) =>
      transaction((tx) => {
        const txQuery = recording(tx.query.bind(tx) as QueryCall) as Transaction['query'];
        return callback(Object.create(tx, { query: { value: txQuery } }) as Transaction);
      });
    return sent;
  }
  // Every statement, the pool's own `query` too, runs on a client checked out of the pool.
  const wrapped = new WeakSet<pg.PoolClient>();
  driver.pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    client.query = recording(client.query.bind(client) as QueryCall) as pg.PoolClient['query'];
  });
  return sent;
}

/** A read of one step's stored completion (progress.repository.ts's findCompletedStep). */
const readsCompletion = (statement: string) =>
  /^select "step_id", "completed_at" from "step_progress" where/iu.test(statement.trim());

let t: TestApp;
let sent: string[];
beforeAll(async () => {
  t = await createTestApp({ catalog: testRoleCatalog([HANDBOOK_STEP, agreementStep()]) });
  sent = recordStatements(t.database.driver);
});
afterAll(async () => {
  await t.close();
});

/** Completes a step by its button and answers the completion reads the request made. */
async function completionReadsOf(cookie: string, stepId: string): Promise<{ status: number; reads: number }> {
  sent.length = 0;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}`,
    headers: { cookie },
    payload: { completed: true },
  });
  return { status: res.statusCode, reads: sent.filter(readsCompletion).length };
}

describe('completing a step reads its stored completion once', () => {
  it('a signed step completed again by its button: the signature check reads it, and the record is not read again', async () => {
    const email = 'signed-once@inspired2uplift.org';
    const cookie = await signInWithRole(t, email, 'test');
    // Signed before (the signature route's completion, stored as it stores it).
    await completeStep(t.database.db, await userIdOf(t, email), 'sign-agreement', t.clock.now);
    expect(await completionReadsOf(cookie, 'sign-agreement')).toEqual({ status: 200, reads: 1 });
  });

  it('a step read to the end: read once, to record the acknowledgment only the first time', async () => {
    const cookie = await signInWithRole(t, 'reader@inspired2uplift.org', 'test');
    expect(await completionReadsOf(cookie, 'read-handbook')).toEqual({ status: 200, reads: 1 });
    expect(await completionReadsOf(cookie, 'read-handbook')).toEqual({ status: 200, reads: 1 });
  });

  it('a signature step not signed yet: read once, and refused', async () => {
    const cookie = await signInWithRole(t, 'not-signed@inspired2uplift.org', 'test');
    expect(await completionReadsOf(cookie, 'sign-agreement')).toEqual({ status: 409, reads: 1 });
  });
});
