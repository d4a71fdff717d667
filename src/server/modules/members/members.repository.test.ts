import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { createTestDatabase } from '../../test/test-db.js';
import { deleteMember, getMember, listMembers, upsertMember } from './members.repository.js';

let database: OpenDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const at = (iso: string) => new Date(iso);

describe('members repository', () => {
  it('adds a record with the e-mail in lower case, and finds it in any case', async () => {
    const row = await upsertMember(
      database.db,
      { email: 'Ann.Lee@Inspired2Uplift.org', role: 'Treasurer', department: 'Finance', isAdmin: false },
      at('2025-04-01T09:00:00Z'),
    );
    expect(row).toEqual({
      email: 'ann.lee@inspired2uplift.org',
      role: 'Treasurer',
      department: 'Finance',
      isAdmin: false,
      leadOf: [],
      isEditor: false,
      leftAt: null,
      leftNote: null,
      buddy: null,
      privateEmail: null,
      invitedAt: null,
      createdAt: at('2025-04-01T09:00:00Z'),
      updatedAt: at('2025-04-01T09:00:00Z'),
    });
    expect(await getMember(database.db, 'ANN.LEE@inspired2uplift.org')).toEqual(row);
    expect(await getMember(database.db, 'someone.else@inspired2uplift.org')).toBeUndefined();
  });

  it('replaces a record, keeping when it was created', async () => {
    await upsertMember(
      database.db,
      { email: 'bo@inspired2uplift.org', role: 'vol', department: 'Operations', isAdmin: false },
      at('2025-04-01T09:00:00Z'),
    );
    const changed = await upsertMember(
      database.db,
      { email: 'BO@inspired2uplift.org', role: 'head of hr', department: 'People', isAdmin: true },
      at('2025-04-02T10:00:00Z'),
    );
    expect(changed).toMatchObject({
      email: 'bo@inspired2uplift.org',
      role: 'head of hr',
      department: 'People',
      isAdmin: true,
      createdAt: at('2025-04-01T09:00:00Z'),
      updatedAt: at('2025-04-02T10:00:00Z'),
    });
  });

  it('lists records by e-mail address', async () => {
    await upsertMember(database.db, {
      email: 'aaron@inspired2uplift.org',
      role: 'ceo',
      department: 'Executive',
      isAdmin: false,
    });
    expect((await listMembers(database.db)).map((m) => m.email)).toEqual([
      'aaron@inspired2uplift.org',
      'ann.lee@inspired2uplift.org',
      'bo@inspired2uplift.org',
    ]);
  });

  it('deletes a record and says whether there was one', async () => {
    expect(await deleteMember(database.db, 'Aaron@inspired2uplift.org')).toBe(true);
    expect(await deleteMember(database.db, 'aaron@inspired2uplift.org')).toBe(false);
    expect(await getMember(database.db, 'aaron@inspired2uplift.org')).toBeUndefined();
  });

  it('refuses an upper-case e-mail written around the repository', async () => {
    await expect(
      database.db.insert(members).values({ email: 'Upper@inspired2uplift.org', role: 'vol', department: 'Operations' }),
    ).rejects.toThrow();
  });
});
