import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import { changeRoleKeyAt, createRoleCatalog } from '../../shared/roles.js';
import type { StudioAccessRefusal } from '../../shared/studio-api.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { ADMIN_MUST_CHANGE_ACCESS_MESSAGE } from '../modules/studio/access-fields.js';
import { createTestApp, createTestCatalog, signInWithGoogleSession, type TestApp } from '../test/test-app.js';
import { studioHeaders as headers, studioRequests } from '../test/studio-requests.js';
import { TEST_SECRET_VALUES } from '../test/test-secrets.js';

/**
 * Access is an invariant (docs/security.md#access-is-an-invariant), on the case that broke the field-by-field check: a
 * member whose role text is 'Director of Finance and Operations' reaches Finance through the alias 'director of
 * finance'; a content editor renaming HR to the key 'director of finance and operations' would move them to HR (a key
 * match beats an alias) and give them HR_PASS. The publish is refused naming them; an admin sees the same list and may
 * publish it; the admin's rename back moves only the records whose role text is exactly the key, so the member keeps
 * their own words and is back in Finance.
 */

const ADMIN = 'ada@inspired2uplift.org';
const EDITOR = 'eddie@inspired2uplift.org';
const DANA = 'dana@inspired2uplift.org';
const HAL = 'hal@inspired2uplift.org';
const TITLE = 'Director of Finance and Operations';

const secretStep = (id: string, name: string, requiredRole: string[]) => ({
  id,
  title: `${name} account`,
  description: 'The shared account of the team.',
  icon: 'Lock',
  category: 'Finance',
  envVariable: { name, requiredRole },
  content: { details: ['The password opens the shared account.'] },
});

function catalog() {
  const base = [...createTestCatalog().values()].map((c) =>
    c.key !== 'finance'
      ? c
      : roleConfigurationSchema.parse({
          ...c,
          aliases: ['director of finance'],
          scopes: c.scopes.map((s, i) =>
            i === 0
              ? {
                  ...s,
                  steps: [...s.steps, secretStep('finance-tools', 'FINANCE_PASS', ['finance', 'director of finance'])],
                }
              : s,
          ),
        }),
  );
  const hr = roleConfigurationSchema.parse({
    key: 'hr',
    displayName: 'HR',
    version: '1.0',
    icon: 'Users',
    colors: { baseColor: '#7c3aed' },
    scopes: [{ id: 'hr-start', title: 'Your start', steps: [secretStep('hr-profile', 'HR_PASS', ['hr'])] }],
  });
  return createRoleCatalog([...base, hr]);
}

let t: TestApp;
let admin: string;
let editor: string;
let dana: string;

const { state, saveDraft, publish, reveal } = studioRequests(() => ({ t, admin }));

const roleTextOf = async (email: string) =>
  (
    (await t.database.db.execute(sql`select role from members where email = ${email}`)) as unknown as {
      rows: { role: string }[];
    }
  ).rows[0]?.role;

/** The studio's rename of a role's key (the shared password lists naming it follow), marked as a rename. */
const renameRole = (configs: RoleConfiguration[], from: string, to: string): unknown[] =>
  changeRoleKeyAt(
    configs,
    configs.findIndex((c) => c.key === from),
    to,
  ).map((c) => (c.key === to ? { ...c, renamedFrom: from } : c));

beforeAll(async () => {
  t = await createTestApp({ catalog: catalog(), env: { ADMIN_EMAILS: ADMIN, ...TEST_SECRET_VALUES } });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  const member = (email: string, role: string, isEditor = false) =>
    upsertMember(t.database.db, { email, role, department: 'Operations', isAdmin: false, isEditor });
  await member(EDITOR, 'volunteer', true);
  await member(DANA, TITLE);
  await member(HAL, 'hr');
  editor = await signInWithGoogleSession(t, { email: EDITOR, name: 'Eddie' });
  dana = await signInWithGoogleSession(t, { email: DANA, name: 'Dana' });
});
afterAll(async () => {
  await t.close();
});

describe('renaming a role onto a job title', () => {
  const expected = [
    `1 person would move from Finance to HR: ${DANA}.`,
    `1 person could see the shared password HR_PASS: ${DANA}.`,
    `1 person could no longer see the shared password FINANCE_PASS: ${DANA}.`,
  ];

  it("refuses the editor's publish and names the member it would move; nothing changes", async () => {
    expect((await reveal('hr-profile', dana)).statusCode).toBe(404);
    const { published } = await state();
    await saveDraft(renameRole(published.catalog, 'hr', 'director of finance and operations'), editor);

    const res = await publish(editor);
    expect(res.statusCode, res.body).toBe(403);
    const body = res.json<StudioAccessRefusal>();
    expect(body.changes).toEqual(expect.arrayContaining(expected));
    expect(body.message).toContain(`1 person would move from Finance to HR: ${DANA}. `);
    expect(body.message).toContain(ADMIN_MUST_CHANGE_ACCESS_MESSAGE);
    expect((await state()).published.version).toBe(published.version);
    expect(await roleTextOf(HAL)).toBe('hr');
    const attempt = await reveal('hr-profile', dana);
    expect(attempt.statusCode).toBe(404);
    expect(attempt.body).not.toContain(TEST_SECRET_VALUES.HR_PASS);
  });

  it('shows the admin the same list before publishing, and publishes it for the admin', async () => {
    const preview = await t.app.inject({ method: 'GET', url: '/api/studio/access', headers: headers(admin) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ changes: string[] }>().changes).toEqual(expect.arrayContaining(expected));

    const res = await publish(admin);
    expect(res.statusCode, res.body).toBe(200);
    // The admin's decision: Dana is in HR now; Hal's record (exactly the old key) took the new key.
    expect((await reveal('hr-profile', dana)).statusCode).toBe(200);
    expect(await roleTextOf(HAL)).toBe('director of finance and operations');
    expect(await roleTextOf(DANA)).toBe(TITLE);
  });

  it("the admin's rename back moves only the records whose role text is exactly the key: Dana is back in Finance", async () => {
    const { published } = await state();
    await saveDraft(renameRole(published.catalog, 'director of finance and operations', 'hr'), admin);
    const preview = await t.app.inject({ method: 'GET', url: '/api/studio/access', headers: headers(admin) });
    expect(preview.json<{ changes: string[] }>().changes).toContain(`1 person would move from HR to Finance: ${DANA}.`);
    const res = await publish(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleTextOf(DANA)).toBe(TITLE);
    expect(await roleTextOf(HAL)).toBe('hr');
    expect((await reveal('hr-profile', dana)).statusCode).toBe(404);
    expect((await reveal('finance-tools', dana)).statusCode).toBe(200);
  });
});

describe('naming people in a team task', () => {
  const withTask = (configs: RoleConfiguration[], members: string[]): unknown[] =>
    configs.map((c) =>
      c.key === 'finance'
        ? {
            ...c,
            teamTasks: [
              ...c.teamTasks,
              { id: 'say-hello', title: 'Say hello', description: 'A short hello.', who: { members }, dueAfterDays: 1 },
            ],
          }
        : c,
    );

  it("refuses the editor's publish naming themselves as the assignee of Finance newcomers' tasks", async () => {
    const { published } = await state();
    await saveDraft(withTask(published.catalog, [EDITOR]), editor);
    const res = await publish(editor);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json<StudioAccessRefusal>().changes).toContain(
      `${EDITOR} would be named in the team tasks of new Finance members, and see their names and addresses.`,
    );
    expect((await state()).published.version).toBe(published.version);
  });

  it('refuses an assignee outside the organisation, also for an admin', async () => {
    const { published } = await state();
    await saveDraft(withTask(published.catalog, ['spy@evil.test']), admin);
    const res = await publish(admin);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ problems: { role: string; path: string; message: string }[] }>().problems).toEqual([
      {
        role: 'finance',
        path: 'teamTasks[0].who.members[0]',
        message:
          "“spy@evil.test” is not an address of inspired2uplift.org: a team task can name only people of the organisation (it shows them the newcomer's name and address).",
      },
    ]);
    expect((await state()).published.version).toBe(published.version);
    await saveDraft(withTask(published.catalog, [EDITOR]), admin);
  });

  it('publishes the same team task for an admin', async () => {
    const res = await publish(admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});
