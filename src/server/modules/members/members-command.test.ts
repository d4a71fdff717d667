import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../../shared/roles.js';
import { loadContent } from '../../content/load-content.js';
import type { OpenDatabase } from '../../db/client.js';
import { LOCK_FILE_NAME } from '../../db/data-dir-lock.js';
import { projectRoot } from '../../project-root.js';
import { runScript } from '../../test/run-script.js';
import { createTestDatabase } from '../../test/test-db.js';
import { formatTable, MEMBERS_USAGE, runMembersCommand } from './members-command.js';
import { getMember, listMembers, upsertMember } from './members.repository.js';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.js';
import { listAudit, type AuditKind } from '../audit/index.js';

let database: OpenDatabase;
let catalog: RoleCatalog;
beforeAll(async () => {
  database = await createTestDatabase();
  catalog = await loadContent(path.join(projectRoot, 'content'));
});
afterAll(async () => {
  await database.close();
});

let out: string[];
let err: string[];
beforeEach(() => {
  out = [];
  err = [];
});

/** Runs `npm run members -- ...args` against the test database; returns the exit code. */
const members = (...args: string[]) =>
  runMembersCommand(args, {
    db: database.db,
    catalog,
    allowedDomain: 'inspired2uplift.org',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: () => new Date('2025-04-01T09:00:00Z'),
  });

describe('npm run members -- set', () => {
  it('stores the role text as written and says which role configuration it resolves to', async () => {
    expect(await members('set', 'Pat.Doe@Inspired2Uplift.org', 'Treasurer')).toBe(0);
    expect(out).toEqual([
      'Role "Treasurer" is the role configuration finance (Finance), matched by an alias.',
      'Added pat.doe@inspired2uplift.org: role "Treasurer" (finance), department Finance.',
    ]);
    expect(err).toEqual([]);
    expect(await getMember(database.db, 'pat.doe@inspired2uplift.org')).toMatchObject({
      role: 'Treasurer',
      department: 'Finance',
      isAdmin: false,
    });
  });

  it('resolves a job title that contains an alias, and takes a department', async () => {
    expect(await members('set', 'kim@inspired2uplift.org', 'Director of Finance and Operations', 'operations')).toBe(0);
    expect(out[0]).toBe(
      'Role "Director of Finance and Operations" is the role configuration finance (Finance), matched by an alias contained in the text.',
    );
    expect(await getMember(database.db, 'kim@inspired2uplift.org')).toMatchObject({ department: 'operations' });
  });

  it("gives a new record its role's department, its parent department, or Operations", async () => {
    await members('set', 'blog@inspired2uplift.org', 'blogwriter');
    await members('set', 'vol@inspired2uplift.org', 'vol');
    expect((await getMember(database.db, 'blog@inspired2uplift.org'))?.department).toBe('External');
    expect((await getMember(database.db, 'vol@inspired2uplift.org'))?.department).toBe('Operations');
  });

  it('keeps the department and admin flag of an existing record unless told otherwise', async () => {
    await members('set', 'lee@inspired2uplift.org', 'hr', 'Finance', '--admin');
    expect(await getMember(database.db, 'lee@inspired2uplift.org')).toMatchObject({
      department: 'Finance',
      isAdmin: true,
    });
    out = [];
    await members('set', 'lee@inspired2uplift.org', 'ceo');
    expect(out[1]).toBe('Updated lee@inspired2uplift.org: role "ceo" (executive), department Finance, admin.');
    await members('set', 'lee@inspired2uplift.org', 'ceo', '--no-admin');
    expect(await getMember(database.db, 'lee@inspired2uplift.org')).toMatchObject({
      role: 'ceo',
      department: 'Finance',
      isAdmin: false,
    });
  });

  it('makes a content editor with --editor, keeps the flag unless told otherwise, and takes it away with --no-editor', async () => {
    out = [];
    await members('set', 'ed@inspired2uplift.org', 'volunteer', '--editor');
    expect(out.at(-1)).toBe(
      'Added ed@inspired2uplift.org: role "volunteer" (volunteer), department Operations, content editor.',
    );
    await members('set', 'ed@inspired2uplift.org', 'hr');
    expect(await getMember(database.db, 'ed@inspired2uplift.org')).toMatchObject({ role: 'hr', isEditor: true });
    await members('set', 'ed@inspired2uplift.org', 'hr', '--no-editor');
    expect(await getMember(database.db, 'ed@inspired2uplift.org')).toMatchObject({ isEditor: false });
    expect(await members('set', 'ed@inspired2uplift.org', 'hr', '--editor', '--no-editor')).toBe(2);
  });

  it('refuses role text that matches no role configuration, unless --force', async () => {
    expect(await members('set', 'ace@inspired2uplift.org', 'Astronaut')).toBe(1);
    expect(err[0]).toBe('No role configuration found for "Astronaut".');
    expect(err[1]).toMatch(/^Use a role key \(.*finance.*\) or one of its aliases, or add --force/);
    expect(await getMember(database.db, 'ace@inspired2uplift.org')).toBeUndefined();

    err = [];
    expect(await members('set', 'ace@inspired2uplift.org', 'Astronaut', '--force')).toBe(0);
    expect(err).toEqual([
      'Warning: No role configuration found for "Astronaut"; stored anyway (--force): this person will see the volunteer steps.',
    ]);
    expect(await getMember(database.db, 'ace@inspired2uplift.org')).toMatchObject({
      role: 'Astronaut',
      department: 'Operations',
    });
  });

  it('only warns about an e-mail outside ALLOWED_DOMAIN', async () => {
    expect(await members('set', 'friend@example.org', 'volunteer')).toBe(0);
    expect(err).toEqual([
      'Warning: friend@example.org is not at inspired2uplift.org (ALLOWED_DOMAIN), so this person cannot sign in.',
    ]);
    expect(await getMember(database.db, 'friend@example.org')).toBeDefined();
  });

  it.each([
    [['set', 'not-an-email', 'finance'], 1, '"not-an-email" is not an e-mail address.'],
    [['set', 'a@inspired2uplift.org', '   '], 1, 'The role must not be empty.'],
    [
      ['set', 'a@inspired2uplift.org', 'finance', ' '],
      1,
      'The department must not be empty (leave it out to keep the current one).',
    ],
    [['set', 'a@inspired2uplift.org'], 2, 'set needs an e-mail address and a role.'],
    [
      ['set', 'a@inspired2uplift.org', 'head', 'of', 'hr'],
      2,
      'set takes at most 3 values, got 4; put a role or department with spaces in quotes.',
    ],
    [['set', 'a@inspired2uplift.org', 'hr', '--admin', '--no-admin'], 2, 'Use either --admin or --no-admin, not both.'],
  ])('refuses %j with exit code %i', async (args, code, message) => {
    expect(await members(...args)).toBe(code);
    expect(err[0]).toBe(message);
    expect(await getMember(database.db, 'a@inspired2uplift.org')).toBeUndefined();
  });
});

describe('npm run members -- list / remove / help', () => {
  it('lists every record as a table, with what its role resolves to', async () => {
    await upsertMember(
      database.db,
      { email: 'zed@inspired2uplift.org', role: 'Pilot', department: 'Sky', isAdmin: false },
      new Date('2025-04-02T10:30:00Z'),
    );
    expect(await members('list')).toBe(0);
    const rows = await listMembers(database.db);
    expect(out[0]).toMatch(/^EMAIL\s+ROLE\s+RESOLVES TO\s+DEPARTMENT\s+ADMIN\s+UPDATED \(UTC\)$/);
    expect(out).toHaveLength(rows.length + 2);
    expect(out.find((l) => l.startsWith('pat.doe@'))).toMatch(
      /^pat\.doe@inspired2uplift\.org\s+Treasurer\s+finance\s+Finance\s+no\s+2025-04-01 09:00$/,
    );
    expect(out.find((l) => l.startsWith('zed@'))).toMatch(
      /Pilot\s+volunteer \(no match\)\s+Sky\s+no\s+2025-04-02 10:30$/,
    );
    expect(out.at(-1)).toBe(`${rows.length} member records.`);
  });

  it('removes a record, and says so when there is none', async () => {
    expect(await members('remove', 'ZED@inspired2uplift.org')).toBe(0);
    expect(out).toEqual(['Removed the member record of zed@inspired2uplift.org; they now get volunteer / Operations.']);
    expect(await members('remove', 'zed@inspired2uplift.org')).toBe(1);
    expect(err).toEqual(['There is no member record for zed@inspired2uplift.org; nothing removed.']);
  });

  it('prints the usage for help, and with exit code 2 for a wrong command line', async () => {
    expect(await members('help')).toBe(0);
    expect(out).toEqual([MEMBERS_USAGE]);
    expect(await members('promote', 'x')).toBe(2);
    expect(err).toEqual(['Unknown command "promote".', '', MEMBERS_USAGE]);
    err = [];
    expect(await members('list', '--verbose')).toBe(2);
    expect(err[0]).toMatch(/Unknown option '--verbose'/);
    expect(await members()).toBe(2);
  });
});

describe('npm run members: audited, and signs out a person whose access changes', () => {
  const ROBIN = 'robin@inspired2uplift.org';

  /** A signed-in user of `email` with one session (the command ends it when their access changes). */
  async function signedIn(email: string): Promise<string> {
    const [user] = await database.db
      .insert(users)
      .values({ email, name: 'Robin', workspaceId: 'inspired2uplift.org' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    await signInAgain(user.id);
    return user.id;
  }
  async function signInAgain(userId: string): Promise<void> {
    const at = new Date('2025-04-01T08:00:00Z');
    await database.db.insert(sessions).values({
      tokenHash: `${userId}-${Math.random()}`,
      userId,
      kind: 'google',
      createdAt: at,
      lastSeenAt: at,
      idleExpiresAt: new Date('2099-01-01T00:00:00Z'),
      absoluteExpiresAt: new Date('2099-01-01T00:00:00Z'),
    });
  }
  const sessionsOf = async (userId: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  const auditOf = async (kind: AuditKind) =>
    (await listAudit(database.db, { filters: { kind, subject: ROBIN } })).entries.map((e) => ({
      actorEmail: e.actorEmail,
      actorUserId: e.actorUserId,
      reason: e.reason,
      details: e.details,
    }));

  it('records who changed what (the command line) and ends the sessions of the person set, made admin and removed', async () => {
    const userId = await signedIn(ROBIN);
    const actor = { actorEmail: 'command line (npm run members)', actorUserId: null };

    // A person who signed in before their first record: the record changes their role, so they sign in again.
    expect(await members('set', ROBIN, 'finance')).toBe(0);
    expect(await sessionsOf(userId)).toBe(0);
    expect(out.at(-1)).toBe(
      `Signed ${ROBIN} out of 1 session (their access changed): they sign in again with their new access.`,
    );
    expect(await auditOf('role-change')).toEqual([
      expect.objectContaining({ ...actor, details: expect.objectContaining({ role: 'finance', previous: null }) }),
    ]);

    await signInAgain(userId);
    expect(await members('set', ROBIN, 'finance', '--admin')).toBe(0);
    expect(await sessionsOf(userId)).toBe(0);
    expect(await auditOf('admin-change')).toEqual([expect.objectContaining({ ...actor, details: { isAdmin: true } })]);

    // The same record again changes nobody's access: no session ends.
    await signInAgain(userId);
    expect(await members('set', ROBIN, 'finance')).toBe(0);
    expect(await sessionsOf(userId)).toBe(1);

    expect(await members('remove', ROBIN)).toBe(0);
    expect(await sessionsOf(userId)).toBe(0);
    expect(await auditOf('member-removed')).toEqual([expect.objectContaining(actor)]);
    expect(await auditOf('sessions-ended')).toEqual([
      expect.objectContaining({ ...actor, reason: 'member-removed', details: { sessions: 1 } }),
      expect.objectContaining({ ...actor, reason: 'access-changed', details: { sessions: 1 } }),
      expect.objectContaining({ ...actor, reason: 'access-changed', details: { sessions: 1 } }),
    ]);
  });
});

describe('formatTable', () => {
  it('pads every column but the last to its widest cell', () => {
    expect(
      formatTable([
        ['A', 'BB', 'C'],
        ['aaa', 'b', 'c'],
      ]),
    ).toEqual(['A    BB  C', 'aaa  b   c']);
  });
});

describe('the real command line', () => {
  const cli = path.join(projectRoot, 'src', 'server', 'modules', 'members', 'members-cli.ts');
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-members-cli-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the CLI the way `npm run members` does, on the temporary DATA_DIR (never PostgreSQL). */
  const run = (...args: string[]) =>
    runScript(cli, args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CONTENT_DIR: '', ALLOWED_DOMAIN: '' });

  it('migrates the embedded database, sets and lists records, and releases its lock', async () => {
    const set = await run('set', 'sam@inspired2uplift.org', 'head of finance', '--admin');
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain(
      'Added sam@inspired2uplift.org: role "head of finance" (finance), department Finance, admin.',
    );
    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/sam@inspired2uplift\.org\s+head of finance\s+finance\s+Finance\s+yes/);
    expect((await run('set', 'sam@inspired2uplift.org', 'pilot')).code).toBe(1);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 90_000);

  it('refuses to open the data folder while the server holds it', async () => {
    // The parent of this test process is running, so the lock counts as live.
    writeFileSync(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.ppid, holder: 'server', since: new Date().toISOString() }),
    );
    try {
      const refused = await run('list');
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `The server is running on this data folder (pid ${process.ppid}). Stop it first, or use the admin console.`,
      );
    } finally {
      rmSync(path.join(dataDir, LOCK_FILE_NAME));
    }
  }, 60_000);
});
