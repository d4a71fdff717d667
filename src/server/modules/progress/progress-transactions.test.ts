import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgments, stepItemProgress, stepProgress } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInWithRole, userIdOf } from '../../test/test-members.js';
import { agreementStep, HANDBOOK_STEP, testRoleCatalog, VALUES_STEP } from '../../test/test-roles.js';

/**
 * Writes that belong together are one transaction (docs/architecture.md#a-progress-write): when the second write of a
 * progress change fails in the database, the first is not kept either. The failures are real: triggers installed in
 * this test's database refuse a write for members whose e-mail starts with a given prefix.
 */

const catalog = testRoleCatalog([VALUES_STEP, HANDBOOK_STEP, agreementStep()]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalog });
  // no-record-…: the acknowledgment record cannot be written; no-uncomplete-…: the completion cannot be removed;
  // no-complete-…: the completion cannot be stored.
  await t.database.db.execute(sql`
    create function test_refuse_write() returns trigger language plpgsql as $$
    declare
      who text;
    begin
      if tg_table_name = 'acknowledgments' then
        who := new.email;
      elsif tg_op = 'DELETE' then
        select email into who from users where id = old.user_id;
      else
        select email into who from users where id = new.user_id;
      end if;
      if who like tg_argv[0] || '%' then
        raise exception 'refused by the test: % on %', tg_op, tg_table_name;
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`
    create trigger test_refuse_record before insert on acknowledgments
    for each row execute function test_refuse_write('no-record-')`);
  await t.database.db.execute(sql`
    create trigger test_refuse_uncomplete before delete on step_progress
    for each row execute function test_refuse_write('no-uncomplete-')`);
  await t.database.db.execute(sql`
    create trigger test_refuse_complete before insert on step_progress
    for each row execute function test_refuse_write('no-complete-')`);
});
afterAll(async () => {
  await t.close();
});

const signInAsTester = (email: string) => signInWithRole(t, email, 'test', 'Test Person');

/** What the database holds for one member and step: completed or not, the ticked items, the record kinds. */
async function stored(email: string, stepId: string) {
  const userId = await userIdOf(t, email);
  const completed = await t.database.db
    .select()
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)));
  const ticks = await t.database.db
    .select({ itemId: stepItemProgress.itemId })
    .from(stepItemProgress)
    .where(and(eq(stepItemProgress.userId, userId), eq(stepItemProgress.stepId, stepId)))
    .orderBy(stepItemProgress.itemId);
  const records = await t.database.db
    .select({ kind: acknowledgments.kind })
    .from(acknowledgments)
    .where(and(eq(acknowledgments.userId, userId), eq(acknowledgments.stepId, stepId)))
    .orderBy(acknowledgments.seq);
  return {
    completed: completed.length === 1,
    ticked: ticks.map((r) => r.itemId),
    records: records.map((r) => r.kind),
  };
}

const putStep = (cookie: string, stepId: string, completed: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}`,
    headers: { cookie },
    payload: { completed, version: 1 },
  });

const putItem = (cookie: string, stepId: string, itemId: string, done: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}/items/${itemId}`,
    headers: { cookie },
    payload: { done, version: 1 },
  });

describe('progress writes are one transaction', () => {
  it('a completion whose acknowledgment record cannot be written is not stored', async () => {
    const email = 'no-record-complete@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await putStep(cookie, 'read-handbook', true)).statusCode).toBe(500);
    expect(await stored(email, 'read-handbook')).toEqual({ completed: false, ticked: [], records: [] });
  });

  it('a tick whose acknowledgment record cannot be written is not stored', async () => {
    const email = 'no-record-tick@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await putItem(cookie, 'our-values', 'inclusion', true)).statusCode).toBe(500);
    expect(await stored(email, 'our-values')).toEqual({ completed: false, ticked: [], records: [] });
  });

  it('an un-completion whose removal fails keeps the step completed with its ticks', async () => {
    const email = 'no-uncomplete-step@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await putItem(cookie, 'our-values', 'inclusion', true)).statusCode).toBe(200);
    expect((await putItem(cookie, 'our-values', 'integrity', true)).statusCode).toBe(200);
    const before = await stored(email, 'our-values');
    expect(before).toEqual({
      completed: true,
      ticked: ['inclusion', 'integrity'],
      records: ['item', 'item', 'completion'],
    });
    expect((await putStep(cookie, 'our-values', false)).statusCode).toBe(500);
    expect(await stored(email, 'our-values')).toEqual(before);
  });

  it('an untick whose un-completion fails keeps the item ticked', async () => {
    const email = 'no-uncomplete-item@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await putItem(cookie, 'our-values', 'inclusion', true)).statusCode).toBe(200);
    expect((await putItem(cookie, 'our-values', 'integrity', true)).statusCode).toBe(200);
    const before = await stored(email, 'our-values');
    expect((await putItem(cookie, 'our-values', 'integrity', false)).statusCode).toBe(500);
    expect(await stored(email, 'our-values')).toEqual(before);
  });

  it('a signature whose completion cannot be stored leaves no signature record', async () => {
    const email = 'no-complete-sign@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/acknowledgments/steps/sign-agreement/signature',
      headers: { cookie },
      payload: { name: 'Sam Lee', agree: true, version: 1 },
    });
    expect(res.statusCode).toBe(500);
    expect(await stored(email, 'sign-agreement')).toEqual({ completed: false, ticked: [], records: [] });
  });

  it('the same writes succeed for everyone else', async () => {
    const email = 'anyone@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await putStep(cookie, 'read-handbook', true)).statusCode).toBe(200);
    expect(await stored(email, 'read-handbook')).toEqual({ completed: true, ticked: [], records: ['completion'] });
    expect((await putStep(cookie, 'read-handbook', false)).statusCode).toBe(200);
    expect(await stored(email, 'read-handbook')).toEqual({ completed: false, ticked: [], records: ['completion'] });
  });
});
