import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyImport, previewImport } from '../modules/admin/member-import.js';
import { deleteExpiredSessionsOfUser, deleteSession, insertSession, touchSession } from '../plugins/session-store.js';
import { upsertDevelopmentUser, upsertGoogleUser } from '../modules/auth/users.repository.js';
import { deleteMember, upsertMember } from '../modules/members/members.repository.js';
import { completeStep, uncompleteStep, uncompleteStepAndItems } from '../modules/progress/progress.repository.js';
import { tickItem, untickAllItems, untickItem } from '../modules/progress/step-items.repository.js';
import { createTestCatalog } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';
import { openChangeFeed, type ChangeFeed } from './change-feed.js';
import { announce, changePayload, parseChange, type Change } from './changes.js';
import type { OpenDatabase } from './client.js';

/**
 * Change announcements (docs/decisions/008-read-cache.md): every write the read cache depends on announces exactly
 * what it changed, when it commits, and a write that changes nothing announces nothing. Against the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL), heard through the change feed.
 */

let database: OpenDatabase;
let feed: ChangeFeed;
let heard: Change[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  feed = await openChangeFeed(database.db);
  feed.subscribe({ change: (change) => heard.push(change), reset: () => {} });
  const deadline = Date.now() + 10_000;
  while (!feed.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(feed.live, 'the change feed listens').toBe(true);
});
afterAll(async () => {
  await feed?.close();
  await database?.close();
});

/** What `write` announced: what this process heard after everything before it, up to everything it committed. */
async function announced(write: () => Promise<unknown>): Promise<Change[]> {
  await feed.settle();
  heard = [];
  await write();
  await feed.settle();
  return heard.splice(0);
}

const day = 24 * 60 * 60 * 1000;
const now = new Date('2025-04-01T09:00:00Z');

describe('change payloads', () => {
  it('read back as the change they were written from', () => {
    const changes: Change[] = [
      { kind: 'session', tokenHash: 'ab'.repeat(32) },
      { kind: 'user', userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3' },
      { kind: 'signed-in', userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3', email: 'ann@inspired2uplift.org' },
      { kind: 'member', email: 'ann@inspired2uplift.org' },
      { kind: 'members' },
      { kind: 'progress', userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3' },
      {
        kind: 'step-completed',
        userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3',
        stepId: 'read-the-agreement',
        completedAt: new Date('2026-12-07T14:10:00.123Z'),
      },
      { kind: 'step-uncompleted', userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3', stepId: 'a:b', withItems: true },
      { kind: 'step-uncompleted', userId: '5d6ecd81-3176-4c8a-b564-586c649d08c3', stepId: 'x', withItems: false },
      { kind: 'team-tasks' },
      { kind: 'everything' },
    ];
    for (const change of changes) expect(parseChange(changePayload(change))).toEqual(change);
  });

  it('ignore payloads that are no change', () => {
    for (const payload of [
      '',
      'sync:abc:1',
      'session:',
      ':x',
      'bogus:x',
      'members:x',
      'team-tasks:x',
      'step-completed:["u","s"]',
      'step-completed:["u","s","not a time"]',
      'step-completed:not json',
      'step-uncompleted:["u","s","yes"]',
      'step-uncompleted:["u",1,true]',
      'signed-in:["u"]',
      'signed-in:["u",1]',
      'signed-in:u',
    ])
      expect(parseChange(payload)).toBeUndefined();
  });
});

describe('writes announce what they changed, when they commit', () => {
  it("users: every sign-in upsert, with the person's id and address", async () => {
    let id = '';
    expect(
      await announced(
        async () =>
          (id = (await upsertDevelopmentUser(database.db, { email: 'dev@inspired2uplift.org', name: undefined })).id),
      ),
    ).toEqual([{ kind: 'signed-in', userId: expect.any(String), email: 'dev@inspired2uplift.org' }]);
    expect(
      await announced(async () =>
        upsertGoogleUser(database.db, { email: 'Dev@inspired2uplift.org', name: 'Dev', picture: null }),
      ),
    ).toEqual([{ kind: 'signed-in', userId: id, email: 'dev@inspired2uplift.org' }]);
  });

  it('sessions: a deletion, by hash, and nothing for a new session, a touch or a missing session', async () => {
    const user = await upsertDevelopmentUser(database.db, { email: 'sessions@inspired2uplift.org', name: undefined });
    const session = (tokenHash: string, idleExpiresAt: Date) =>
      insertSession(database.db, {
        tokenHash,
        userId: user.id,
        kind: 'development',
        now,
        idleExpiresAt,
        absoluteExpiresAt: new Date(now.getTime() + 30 * day),
      });
    expect(await announced(() => session('a'.repeat(64), new Date(now.getTime() + day)))).toEqual([]);
    expect(
      await announced(() =>
        touchSession(database.db, 'a'.repeat(64), {
          lastSeenAt: now,
          idleExpiresAt: new Date(now.getTime() + 2 * day),
        }),
      ),
    ).toEqual([]);
    expect(await announced(() => deleteSession(database.db, 'a'.repeat(64)))).toEqual([
      { kind: 'session', tokenHash: 'a'.repeat(64) },
    ]);
    expect(await announced(() => deleteSession(database.db, 'a'.repeat(64)))).toEqual([]);

    await session('b'.repeat(64), new Date(now.getTime() - 1000));
    await session('c'.repeat(64), new Date(now.getTime() + day));
    expect(await announced(() => deleteExpiredSessionsOfUser(database.db, user.id, now))).toEqual([
      { kind: 'session', tokenHash: 'b'.repeat(64) },
    ]);
  });

  it('member records: a write or removal by e-mail (lower case), an import as a whole, nothing for a missing record', async () => {
    const member = { email: 'Ann@Inspired2Uplift.org', role: 'finance', department: 'Finance', isAdmin: false };
    expect(await announced(() => upsertMember(database.db, member, now))).toEqual([
      { kind: 'member', email: 'ann@inspired2uplift.org' },
    ]);
    expect(await announced(() => deleteMember(database.db, 'ANN@inspired2uplift.org'))).toEqual([
      { kind: 'member', email: 'ann@inspired2uplift.org' },
    ]);
    expect(await announced(() => deleteMember(database.db, 'ann@inspired2uplift.org'))).toEqual([]);

    const preview = previewImport('email,role\nbo@inspired2uplift.org,finance\ncy@inspired2uplift.org,volunteer\n', {
      catalog: createTestCatalog(),
      allowedDomain: 'inspired2uplift.org',
      locale: 'en-GB',
    });
    expect(preview.valid).toBe(true);
    expect(await announced(() => applyImport(database.db, preview.rows, now))).toEqual([{ kind: 'members' }]);
  });

  it('progress: a new completion, tick or removal; nothing when the write changes nothing', async () => {
    const { id: userId } = await upsertDevelopmentUser(database.db, {
      email: 'progress@inspired2uplift.org',
      name: undefined,
    });
    const progress: Change[] = [{ kind: 'progress', userId }];
    // A completion and an un-completion announce which step and (for a completion) the stored time, to the millisecond.
    const at = new Date(now.getTime() + 123);
    expect(await announced(() => completeStep(database.db, userId, 'change-password', at))).toEqual([
      { kind: 'step-completed', userId, stepId: 'change-password', completedAt: at },
    ]);
    expect(
      await announced(() => completeStep(database.db, userId, 'change-password', new Date(now.getTime() + day))),
    ).toEqual([]);
    expect(await announced(() => uncompleteStep(database.db, userId, 'change-password'))).toEqual([
      { kind: 'step-uncompleted', userId, stepId: 'change-password', withItems: false },
    ]);
    expect(await announced(() => uncompleteStep(database.db, userId, 'change-password'))).toEqual([]);

    const tick = { userId, stepId: 'first-call-checklist', itemId: 'audio', kind: 'checklist' as const };
    expect(await announced(() => tickItem(database.db, tick, now))).toEqual(progress);
    expect(await announced(() => tickItem(database.db, tick, now))).toEqual([]);
    expect(await announced(() => untickItem(database.db, userId, tick.stepId, 'audio'))).toEqual(progress);
    expect(await announced(() => untickItem(database.db, userId, tick.stepId, 'audio'))).toEqual([]);
    await tickItem(database.db, tick, now);
    await tickItem(database.db, { ...tick, itemId: 'video' }, now);
    expect(await announced(() => untickAllItems(database.db, userId, tick.stepId))).toEqual(progress); // once, not per item
    expect(await announced(() => untickAllItems(database.db, userId, tick.stepId))).toEqual([]);

    // Un-completing with the items, in one statement: once for whatever it removed, nothing when nothing was there.
    const stored = async () =>
      (
        (await database.db.execute(sql`
        select (select count(*)::int from step_progress where user_id = ${userId} and step_id = ${tick.stepId}) as steps,
          (select count(*)::int from step_item_progress where user_id = ${userId} and step_id = ${tick.stepId}) as items`)) as unknown as {
          rows: unknown[];
        }
      ).rows[0];
    await tickItem(database.db, tick, now);
    await tickItem(database.db, { ...tick, itemId: 'video' }, now);
    await completeStep(database.db, userId, tick.stepId, now);
    expect(await stored()).toEqual({ steps: 1, items: 2 });
    const uncompleted: Change[] = [{ kind: 'step-uncompleted', userId, stepId: tick.stepId, withItems: true }];
    expect(await announced(() => uncompleteStepAndItems(database.db, userId, tick.stepId))).toEqual(uncompleted);
    expect(await stored()).toEqual({ steps: 0, items: 0 });
    expect(await announced(() => uncompleteStepAndItems(database.db, userId, tick.stepId))).toEqual([]);
    await tickItem(database.db, tick, now);
    expect(await announced(() => uncompleteStepAndItems(database.db, userId, tick.stepId))).toEqual(uncompleted);
    await completeStep(database.db, userId, tick.stepId, now);
    expect(await announced(() => uncompleteStepAndItems(database.db, userId, tick.stepId))).toEqual(uncompleted);
    expect(await stored()).toEqual({ steps: 0, items: 0 });
  });

  it('keeps the first completion time when completing again, whatever time is given', async () => {
    const { id: userId } = await upsertDevelopmentUser(database.db, {
      email: 'first@inspired2uplift.org',
      name: undefined,
    });
    const first = await completeStep(database.db, userId, 'set-up-slack', now);
    const again = await completeStep(database.db, userId, 'set-up-slack', new Date(now.getTime() + day));
    expect(first).toEqual({ stepId: 'set-up-slack', completedAt: now });
    expect(again).toEqual(first);
  });

  it('team tasks: the database announces every statement that writes the table, whoever writes it', async () => {
    const insert = sql`
      insert into team_tasks (newcomer_email, task_id, role_key, title, description, who, assignees, due_on, created_at,
        updated_at)
      values ('new@inspired2uplift.org', 'welcome-call', 'volunteer', 'Book a welcome call', 'Call them.', 'lead',
        array['lead@inspired2uplift.org'], '2025-04-02', now(), now())`;
    expect(await announced(() => database.db.execute(insert))).toEqual([{ kind: 'team-tasks' }]);
    expect(
      await announced(() =>
        database.db.execute(
          sql`update team_tasks set status = 'done' where newcomer_email = 'new@inspired2uplift.org'`,
        ),
      ),
    ).toEqual([{ kind: 'team-tasks' }]);
    // One announcement per transaction, however many statements wrote.
    expect(
      await announced(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update team_tasks set note = 'done' where status = 'done'`);
          await tx.execute(sql`delete from team_tasks where newcomer_email = 'new@inspired2uplift.org'`);
        }),
      ),
    ).toEqual([{ kind: 'team-tasks' }]);
    expect(await announced(() => database.db.execute(sql`select count(*) from team_tasks`))).toEqual([]);
  });

  it('announces nothing for a transaction that rolls back, and a bulk change when it commits', async () => {
    let rollbackError: unknown;
    const rolledBack = announced(() =>
      database.db
        .transaction(async (tx) => {
          await upsertMember(
            tx,
            { email: 'never@inspired2uplift.org', role: 'finance', department: 'Finance', isAdmin: false },
            now,
          );
          throw new Error('roll back');
        })
        .catch((error: unknown) => {
          rollbackError = error;
        }),
    );
    expect(await rolledBack).toEqual([]);
    expect(rollbackError).toEqual(new Error('roll back'));
    expect(await announced(() => database.db.transaction((tx) => announce(tx, { kind: 'everything' })))).toEqual([
      { kind: 'everything' },
    ]);
  });
});
