import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertDevelopmentUser } from '../modules/auth/users.repository.js';
import { deleteMember, upsertMember } from '../modules/members/members.repository.js';
import { completeStep, listCompletedSteps } from '../modules/progress/progress.repository.js';
import { tickItem } from '../modules/progress/step-items.repository.js';
import { openChangeFeed } from './change-feed.js';
import type { Change } from './changes.js';
import { isEmbedded, migrate, openDatabase, type OpenDatabase } from './client.js';
import { WorkerPGlite } from './embedded-client.js';
import { users } from './schema.js';

/**
 * The embedded database in its worker thread (docs/decisions/079-embedded-database-off-the-request-thread.md), as the
 * server opens it for a DATA_DIR: the repositories' reads and writes give the same values as PGlite in this thread
 * (rows cross threads by structured clone), a transaction's statements run inside it and no other statement does,
 * database errors keep PostgreSQL's fields, and the change feed hears a write before the write returns.
 */

let dataDir: string;
let inWorker: OpenDatabase;
let inThread: OpenDatabase;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-worker-'));
  inWorker = await openDatabase({ dataDir });
  await migrate(inWorker);
  // PGlite in this thread, whatever TEST_DATABASE_URL says (on PostgreSQL the driver gives other types: strings for
  // int8, Buffers for bytea).
  inThread = await openDatabase({ inMemory: true, inWorker: false });
  await migrate(inThread);
});
afterAll(async () => {
  await inWorker?.close();
  await inThread?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database in its worker thread', () => {
  it('is the embedded database, run by the worker', () => {
    expect(inWorker.driver.kind).toBe('pglite');
    expect(inWorker.driver.kind === 'pglite' && inWorker.driver.client instanceof WorkerPGlite).toBe(true);
    expect(isEmbedded(inWorker.db)).toBe(true);
  });

  it('gives the repositories the same values as PGlite in this thread: dates, numbers, bytes, JSON, arrays', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const through = async (database: OpenDatabase) => {
      const user = await upsertDevelopmentUser(database.db, { email: 'Same.Values@inspired2uplift.org', name: 'S V' });
      const completed = await completeStep(database.db, user.id, 'values', at);
      const ticked = await tickItem(
        database.db,
        { userId: user.id, stepId: 'handbook', itemId: 'read', kind: 'checklist' },
        at,
      );
      const listed = await listCompletedSteps(database.db, user.id);
      const result = (await database.db.execute(sql`select
          ${at}::timestamptz as tstz, '2026-03-04 05:06:07'::timestamp as ts, '2026-03-04'::date as day,
          interval '1 day 02:03:04' as span, 9007199254740993::int8 as big, 12.50::numeric as num,
          '\\x00ff10'::bytea as bytes, '{"a":[1,"x",null]}'::jsonb as doc, array[1.5, 2]::numeric[] as nums,
          array[${at}::timestamptz] as times, array['a', null, 'c']::text[] as texts, true as yes, null::text as nothing`)) as {
        rows: Record<string, unknown>[];
      };
      const [raw] = result.rows;
      return {
        user: {
          email: user.email,
          name: user.name,
          createdAt: user.createdAt instanceof Date,
          onboarding: user.onboarding,
        },
        completed: { stepId: completed.stepId, completedAt: completed.completedAt },
        ticked,
        listed: listed.map((step) => ({ stepId: step.stepId, completedAt: step.completedAt })),
        raw,
      };
    };
    const fromWorker = await through(inWorker);
    const fromThread = await through(inThread);
    expect(fromWorker).toEqual(fromThread);
    expect(fromWorker.completed.completedAt).toEqual(at);
    expect(fromWorker.raw?.bytes).toBeInstanceOf(Uint8Array);
  });

  it('runs a transaction’s statements inside it and makes every other statement wait for its end', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = inWorker.db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email: 'in-tx@inspired2uplift.org', name: 'T', workspaceId: 'inspired2uplift.org' });
      inside();
      await released;
      const [seen] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`email = 'in-tx@inspired2uplift.org'`);
      order.push(`transaction sees ${seen?.n}`);
    });
    await entered;
    const outside = inWorker.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`email = 'in-tx@inspired2uplift.org'`)
      .then(([row]) => order.push(`outside sees ${row?.n}`));
    // The outside read is asked for while the transaction is open: it is answered only after the commit.
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('released');
    release();
    await transaction;
    await outside;
    expect(order).toEqual(['released', 'transaction sees 1', 'outside sees 1']);
  });

  it('rolls back a transaction whose callback throws, and keeps the database error’s code and detail', async () => {
    const email = 'rolled-back@inspired2uplift.org';
    await expect(
      inWorker.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, name: 'R', workspaceId: 'inspired2uplift.org' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      await inWorker.db
        .select()
        .from(users)
        .where(sql`email = ${email}`),
    ).toEqual([]);

    await inWorker.db.insert(users).values({ email, name: 'R', workspaceId: 'inspired2uplift.org' });
    const failed = await inWorker.db
      .insert(users)
      .values({ email, name: 'R', workspaceId: 'inspired2uplift.org' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const cause = (failed as { cause?: { code?: string; detail?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.detail).toContain(email);
    // The worker goes on after a failed statement, in and outside transactions.
    expect(
      await inWorker.db
        .select({ email: users.email })
        .from(users)
        .where(sql`email = ${email}`),
    ).toEqual([{ email }]);
  });

  it('tells the change feed of a write before the write returns', async () => {
    const feed = await openChangeFeed(inWorker.db);
    try {
      const heard: Change[] = [];
      feed.subscribe({ change: (change) => heard.push(change), reset: () => {} });
      await upsertMember(inWorker.db, {
        email: 'heard@inspired2uplift.org',
        role: 'volunteer',
        department: 'Operations',
        isAdmin: false,
      });
      expect(heard).toEqual([{ kind: 'member', email: 'heard@inspired2uplift.org' }]);
      await deleteMember(inWorker.db, 'heard@inspired2uplift.org');
      expect(heard).toHaveLength(2);
    } finally {
      await feed.close();
    }
  });

  it('takes a copy of its data folder inside a transaction (as a backup does)', async () => {
    if (inWorker.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    const client = inWorker.driver.client;
    const copy = await client.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    });
    expect(copy).toBeInstanceOf(Blob);
    expect(copy.size).toBeGreaterThan(1_000_000);
  });
});
