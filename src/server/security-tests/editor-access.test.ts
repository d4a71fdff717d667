import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import type { StudioAccessRefusal } from '../../shared/studio-api.js';
import { createRoleCatalog } from '../../shared/roles.js';
import { createTestApp, createTestCatalog, signInWithGoogleSession, type TestApp } from '../test/test-app.js';
import { studioHeaders as headers, studioRequests } from '../test/studio-requests.js';
import { TEST_SECRET_VALUES } from '../test/test-secrets.js';
import { signInEditor } from '../test/test-members.js';
import { ADMIN_MUST_CHANGE_ACCESS_MESSAGE } from '../modules/studio/access-fields.js';

/**
 * Who decides access (docs/security.md#access-is-an-invariant): a content editor publishes words, steps, files and
 * order, but nothing that changes which role a person resolves to or which shared passwords they may reveal (people
 * known, and people signing in later with a role text the content names), nor role aliases. Such a publish or restore
 * by an editor is refused with 403 and a message naming who would move, saying an admin must make the change; nothing
 * is published and no password is revealed. The same change by an admin is published.
 */

const ADMIN = 'ada@inspired2uplift.org';
const EDITOR = 'eddie@inspired2uplift.org';
const FINANCE_STEP = 'finance-tools';
const GRAB_STEP = 'team-tools';

const secretStep = (id: string, requiredRole: string[]) => ({
  id,
  title: 'Team tools',
  description: 'The shared account of the team.',
  icon: 'Lock',
  category: 'Finance',
  envVariable: { name: 'FINANCE_PASS', requiredRole },
  content: { details: ['The password opens the shared account.'] },
});

/** The test catalog, with a FINANCE_PASS step that only the finance role may reveal. */
function catalogWithFinancePassword() {
  return createRoleCatalog(
    [...createTestCatalog().values()].map((c) =>
      c.key !== 'finance'
        ? c
        : roleConfigurationSchema.parse({
            ...c,
            scopes: c.scopes.map((s, i) =>
              i === 0 ? { ...s, steps: [...s.steps, secretStep(FINANCE_STEP, ['finance'])] } : s,
            ),
          }),
    ),
  );
}

let t: TestApp;
let admin: string;
let editor: string;

const { state, saveDraft, publish, reveal } = studioRequests(() => ({ t, admin }));

/** `catalog` with `change` applied to the role `key`. */
function changeRole(catalog: RoleConfiguration[], key: string, change: (c: RoleConfiguration) => object): unknown[] {
  return catalog.map((c) => (c.key === key ? change(c) : c));
}

/** The editor's attempt: a step in their own (volunteer) role naming FINANCE_PASS, shown to every role. */
const grab = (c: RoleConfiguration) => ({
  ...c,
  scopes: c.scopes.map((s, i) => (i === 0 ? { ...s, steps: [...s.steps, secretStep(GRAB_STEP, ['*'])] } : s)),
});

function expectRefused(res: Awaited<ReturnType<typeof publish>>, change: string) {
  expect(res.statusCode, res.body).toBe(403);
  const body = res.json<StudioAccessRefusal>();
  expect(body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  expect(body.message).toContain(ADMIN_MUST_CHANGE_ACCESS_MESSAGE);
  expect(body.message).toContain('Ask an admin');
  expect(body.changes).toContainEqual(expect.stringContaining(change));
  expect(body.message).toContain(change);
  expect(res.body).not.toContain(TEST_SECRET_VALUES.FINANCE_PASS);
}

beforeAll(async () => {
  t = await createTestApp({
    catalog: catalogWithFinancePassword(),
    env: { ADMIN_EMAILS: ADMIN, ...TEST_SECRET_VALUES },
  });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  editor = await signInEditor(t, { email: EDITOR, name: 'Eddie' });
});
afterAll(async () => {
  await t.close();
});

describe('a content editor cannot change who may see a shared password', () => {
  it('refuses the editor publishing a FINANCE_PASS step for every role: nothing published, the password stays hidden', async () => {
    const before = await state();
    expect((await reveal(FINANCE_STEP, editor)).statusCode).toBe(404);
    await saveDraft(changeRole(before.published.catalog, 'volunteer', grab), editor);

    // Both people the server knows (volunteers) would see it, and so would anyone signing in as finance later.
    expectRefused(await publish(editor), `2 people could see the shared password FINANCE_PASS: ${ADMIN}, ${EDITOR}.`);
    expectRefused(await publish(editor), 'or “volunteer” could see the shared password FINANCE_PASS.');

    const after = await state();
    expect(after.published.version).toBe(before.published.version);
    expect(after.draft).not.toBeNull();
    const attempt = await reveal(GRAB_STEP, editor);
    expect(attempt.statusCode).toBe(404);
    expect(attempt.body).not.toContain(TEST_SECRET_VALUES.FINANCE_PASS);
  });

  it('publishes the same change for an admin, and then the editor can see the password', async () => {
    const before = await state();
    const res = await publish(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await state()).published.version).toBe(before.published.version + 1);
    const revealed = await reveal(GRAB_STEP, editor);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json<{ value: string }>().value).toBe(TEST_SECRET_VALUES.FINANCE_PASS);
  });

  it("refuses the editor's restore of a version with other access, and lets an admin restore it", async () => {
    const before = await state();
    const restore = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/studio/versions/1/restore', headers: headers(cookie), payload: {} });
    expectRefused(
      await restore(editor),
      `2 people could no longer see the shared password FINANCE_PASS: ${ADMIN}, ${EDITOR}.`,
    );
    expect((await state()).published.version).toBe(before.published.version);

    const res = await restore(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await reveal(GRAB_STEP, editor)).statusCode).toBe(404);
  });

  it("refuses the editor's change of a shared password's step and of role aliases; publishes inheritance that reaches nobody", async () => {
    const { published } = await state();
    // Nobody known has the finance role: a person signing in as finance later would see another password.
    const swapped = changeRole(published.catalog, 'finance', (c) => ({
      ...c,
      scopes: c.scopes.map((s) => ({
        ...s,
        steps: s.steps.map((st) =>
          st.id === FINANCE_STEP ? { ...st, envVariable: { name: 'HR_PASS', requiredRole: ['finance'] } } : st,
        ),
      })),
    }));
    await saveDraft(swapped, editor);
    expectRefused(await publish(editor), 'Anyone whose role is “finance” could see the shared password HR_PASS.');

    await saveDraft(
      changeRole(published.catalog, 'finance', (c) => ({ ...c, aliases: [...c.aliases, 'operations'] })),
      editor,
    );
    expectRefused(await publish(editor), 'The aliases of Finance changed');

    await saveDraft(
      changeRole(published.catalog, 'volunteer', (c) => ({ ...c, aliases: [] })),
      editor,
    );
    expectRefused(await publish(editor), 'The aliases of Volunteer changed');

    expect((await state()).published.version).toBe(published.version);
    expect((await reveal(FINANCE_STEP, editor)).statusCode).toBe(404);

    // Inheritance counts only for the passwords of steps a role's members are shown, and volunteers are shown none of
    // Finance's: nobody's access changes, so the editor may publish it (the field-by-field check refused it).
    await saveDraft(
      changeRole(published.catalog, 'volunteer', (c) => ({ ...c, inherits: ['finance'] })),
      editor,
    );
    expect((await publish(editor)).statusCode).toBe(200);
    expect((await reveal(FINANCE_STEP, editor)).statusCode).toBe(404);
  });

  it("publishes an editor's change of words, including the words of a shared-password step", async () => {
    const { published } = await state();
    const reworded = changeRole(published.catalog, 'finance', (c) => ({
      ...c,
      displayName: 'Finance team',
      scopes: c.scopes.map((s) => ({
        ...s,
        steps: s.steps.map((st) => (st.id === FINANCE_STEP ? { ...st, title: 'Finance tools' } : st)),
      })),
    }));
    await saveDraft(reworded, editor);
    const res = await publish(editor);
    expect(res.statusCode, res.body).toBe(200);
    expect((await state()).published.version).toBe(published.version + 1);
  });
});
