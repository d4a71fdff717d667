import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPageSchema,
  importRefusalSchema,
  importResultSchema,
  memberDetailSchema,
  membersPageSchema,
  type MembersQueryInput,
} from '../../../shared/admin-api.js';
import { CSV_NOT_UTF8_MESSAGE } from '../../../shared/csv-text.js';
import { apiErrorSchema, meResponseSchema } from '../../../shared/api.js';
import { members, stepProgress, users } from '../../db/schema.js';
import { createTestApp, FINANCE_STEP_ID, signIn, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { storeMembers } from '../../test/test-members.js';
import { upsertMember } from '../members/members.repository.js';

const ADMIN = 'boss@inspired2uplift.org';
let t: TestApp;
let admin: string;

/** Signs a person in and returns their cookie. */
const cookieOf = (email: string, name?: string) => signIn(t.app, { email, ...(name ? { name } : {}) });

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await cookieOf(ADMIN, 'Boss Person');
  // The test organisation's departments besides the catalogue's (docs/product.md#departments).
  for (const name of ['Money', 'Events', 'Ops', 'Space', 'Finanças Zürich']) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/departments',
      headers: { cookie: admin },
      payload: { name },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, ...(cookie === undefined ? {} : { headers: { cookie } }) });

const membersPage = async (query: MembersQueryInput) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await get(`/api/admin/members?${params.toString()}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return membersPageSchema.parse(res.json());
};

const completeSteps = async (email: string, stepIds: readonly string[], at = new Date('2025-03-01T10:00:00Z')) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  for (const stepId of stepIds) {
    await t.database.db.insert(stepProgress).values({ userId: user.id, stepId, completedAt: at }).onConflictDoNothing();
  }
};

describe('authorization', () => {
  it('answers 401 to anonymous requests and 403 to members who are not admins, development users included', async () => {
    expect((await get('/api/admin/members')).statusCode).toBe(401);
    const member = await cookieOf('plain@inspired2uplift.org');
    for (const url of ['/api/admin/members', '/api/admin/members.csv', '/api/admin/audit', '/api/admin/roles']) {
      const res = await get(url, member);
      expect(res.statusCode).toBe(403);
      expect(apiErrorSchema.parse(res.json()).message).toMatch(/admins/u);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent('plain@inspired2uplift.org')}`,
      headers: { cookie: member },
      payload: { role: 'finance', department: 'Finance', isAdmin: true },
    });
    expect(put.statusCode).toBe(403);
    const me = meResponseSchema.parse((await get('/api/me', member)).json());
    expect(me.user.isDevelopmentUser).toBe(true);
    expect(me.user.isAdmin).toBe(false);
  });

  it('lets ADMIN_EMAILS and members marked admin in, and tells the client through /api/me', async () => {
    expect((await get('/api/admin/members', admin)).statusCode).toBe(200);
    expect(meResponseSchema.parse((await get('/api/me', admin)).json()).user.isAdmin).toBe(true);
    await upsertMember(t.database.db, {
      email: 'marked@inspired2uplift.org',
      role: 'volunteer',
      department: 'Ops',
      isAdmin: true,
    });
    const marked = await cookieOf('marked@inspired2uplift.org');
    expect((await get('/api/admin/members', marked)).statusCode).toBe(200);
  });
});

describe('members table', () => {
  beforeAll(async () => {
    await cookieOf('alice@inspired2uplift.org', 'Alice Apple');
    await cookieOf('bob@inspired2uplift.org', 'Bob Brown');
    await cookieOf('carol@inspired2uplift.org', 'Carol Cherry');
    await storeMembers(t, [
      { email: 'bob@inspired2uplift.org', role: 'Finance', department: 'Finance', isAdmin: false },
      { email: 'invitee@inspired2uplift.org', role: 'finance', department: 'Finance', isAdmin: false },
    ]);
    await completeSteps('alice@inspired2uplift.org', VOLUNTEER_STEP_IDS);
    await completeSteps('bob@inspired2uplift.org', [VOLUNTEER_STEP_IDS[0]], new Date('2025-03-02T10:00:00Z'));
  });

  it('computes role, percent, current step and activity per member', async () => {
    const page = await membersPage({ search: 'inspired2uplift', pageSize: 100 });
    const byEmail = new Map(page.items.map((m) => [m.email, m]));
    expect(byEmail.get('alice@inspired2uplift.org')).toMatchObject({
      name: 'Alice Apple',
      role: 'volunteer',
      roleLabel: 'Volunteer',
      percent: 100,
      currentStepTitle: null,
      lastProgressAt: '2025-03-01T10:00:00.000Z',
      invited: false,
    });
    expect(byEmail.get('bob@inspired2uplift.org')).toMatchObject({
      role: 'finance',
      roleLabel: 'Finance',
      department: 'Finance',
      completedSteps: 1,
      totalSteps: 4,
      percent: 25,
      currentStepTitle: 'Change your password',
    });
    expect(byEmail.get('invitee@inspired2uplift.org')).toMatchObject({
      invited: true,
      name: '',
      percent: 0,
      lastSignInAt: null,
    });
    expect(byEmail.get(ADMIN)?.isAdmin).toBe(true);
  });

  it('filters by search, role, department and completion', async () => {
    expect((await membersPage({ search: 'ALICE' })).items.map((m) => m.email)).toEqual(['alice@inspired2uplift.org']);
    expect((await membersPage({ search: 'brown' })).items.map((m) => m.email)).toEqual(['bob@inspired2uplift.org']);
    expect((await membersPage({ role: 'finance', sort: 'email' })).items.map((m) => m.email)).toEqual([
      'bob@inspired2uplift.org',
      'invitee@inspired2uplift.org',
    ]);
    expect((await membersPage({ department: 'finance' })).total).toBe(2);
    expect((await membersPage({ complete: 'true' })).items.map((m) => m.email)).toEqual(['alice@inspired2uplift.org']);
    expect((await membersPage({ complete: 'false', search: 'alice' })).total).toBe(0);
    expect((await membersPage({ search: '%' })).total).toBe(0);
  });

  it('sorts by any column in both directions, and pages', async () => {
    const desc = await membersPage({ sort: 'percent', dir: 'desc' });
    expect(desc.items[0]?.email).toBe('alice@inspired2uplift.org');
    const byStep = await membersPage({ sort: 'currentStep', dir: 'asc' });
    expect(byStep.items.at(-1)?.currentStepTitle).toBeNull();
    for (const sort of ['name', 'email', 'role', 'department', 'lastSignIn', 'lastProgress'] as const) {
      expect((await membersPage({ sort, dir: 'desc' })).items.length).toBeGreaterThan(0);
    }
    const all = await membersPage({ sort: 'email', pageSize: 100 });
    const first = await membersPage({ sort: 'email', pageSize: 2, page: 1 });
    const second = await membersPage({ sort: 'email', pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((m) => m.email)).toEqual(all.items.slice(0, 4).map((m) => m.email));
    const beyond = await membersPage({ pageSize: 2, page: 999 });
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });

  it('refuses a bad sort column with 400', async () => {
    expect((await get('/api/admin/members?sort=password', admin)).statusCode).toBe(400);
  });
});

describe('a member', () => {
  it("shows a member's steps in order with status and completion time", async () => {
    await cookieOf('dora@inspired2uplift.org', 'Dora');
    await completeSteps('dora@inspired2uplift.org', [VOLUNTEER_STEP_IDS[0]]);
    const res = await get(`/api/admin/members/${encodeURIComponent('DORA@inspired2uplift.org')}`, admin);
    expect(res.statusCode).toBe(200);
    const detail = memberDetailSchema.parse(res.json());
    expect(detail.steps.map((s) => [s.id, s.status])).toEqual([
      ['sign-in-to-chrome', 'completed'],
      ['change-password', 'active'],
      ['set-up-slack', 'pending'],
    ]);
    expect(detail.steps[0]?.completedAt).toBe('2025-03-01T10:00:00.000Z');
    expect((await get('/api/admin/members/nobody%40inspired2uplift.org', admin)).statusCode).toBe(404);
  });

  it('assigns role, department and admin; the member is signed out and then sees the new steps; the change is audited', async () => {
    const erin = await cookieOf('erin@inspired2uplift.org', 'Erin');
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/members/erin%40inspired2uplift.org',
        headers: { cookie: admin },
        payload: body,
      });
    const bad = await put({ role: 'astronaut', department: 'Space', isAdmin: false });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).message).toBe('Unknown role "astronaut". Valid roles: finance, volunteer.');
    const res = await put({ role: 'Finance', department: 'Money', isAdmin: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(memberDetailSchema.parse(res.json()).member).toMatchObject({
      role: 'finance',
      department: 'Money',
      isAdmin: true,
    });
    // Changing someone's role ends their sessions: Erin signs in again and sees her new steps.
    expect((await get('/api/onboarding', erin)).statusCode).toBe(401);
    const erinAgain = await cookieOf('erin@inspired2uplift.org', 'Erin');
    const onboarding = await onboardingView(t.app, erinAgain);
    expect(onboarding.scopes.flatMap((s) => s.steps.map((x) => x.id))).toContain(FINANCE_STEP_ID);
    const audit = auditPageSchema.parse((await get('/api/admin/audit?kind=role-change', admin)).json());
    expect(audit.items[0]).toMatchObject({
      kind: 'role-change',
      actorEmail: ADMIN,
      subject: 'erin@inspired2uplift.org',
    });
    expect(
      auditPageSchema.parse((await get(`/api/admin/audit?actor=${ADMIN}&kind=admin-change`, admin)).json()).total,
    ).toBe(1);
  });

  it('invites an address before its first sign-in, and refuses addresses outside the domain', async () => {
    const invite = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/members/new.person%40inspired2uplift.org',
      headers: { cookie: admin },
      payload: { role: 'volunteer', department: 'Events', isAdmin: false },
    });
    expect(invite.statusCode).toBe(200);
    expect(memberDetailSchema.parse(invite.json()).member.invited).toBe(true);
    const audit = auditPageSchema.parse((await get('/api/admin/audit?kind=member-invite', admin)).json());
    expect(audit.items[0]?.subject).toBe('new.person@inspired2uplift.org');
    const outside = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/members/someone%40gmail.com',
      headers: { cookie: admin },
      payload: { role: 'volunteer', department: 'Events', isAdmin: false },
    });
    expect(outside.statusCode).toBe(400);
  });
});

describe('CSV export and import', () => {
  it('exports the filtered table as a CSV attachment that imports back unchanged', async () => {
    const res = await get('/api/admin/members.csv?role=finance&sort=email', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/u);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/u);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^email,name,role,roleLabel,department,percent/u);
    expect(lines.slice(1).every((l) => l.includes(',finance,Finance,'))).toBe(true);

    const before = await t.database.db.select().from(members);
    const preview = importResultSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/import/preview',
          headers: { cookie: admin },
          payload: { csv: res.body },
        })
      ).json(),
    );
    expect(preview.errors.concat(preview.rows.flatMap((r) => r.errors))).toEqual([]);
    expect(preview.valid).toBe(true);
    expect(preview.rows.length).toBe(lines.length - 1);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: res.body,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(importResultSchema.parse(applied.json()).applied).toBe(lines.length - 1);
    const again = await get('/api/admin/members.csv?role=finance&sort=email', admin);
    expect(again.body).toBe(res.body);
    expect((await t.database.db.select().from(members)).length).toBeGreaterThanOrEqual(before.length);
    expect(auditPageSchema.parse((await get('/api/admin/audit?kind=import', admin)).json()).total).toBe(1);
  });

  it('refuses a file that is not UTF-8 (Latin-1, broken bytes) with how to save it as UTF-8; a UTF-8 BOM is accepted', async () => {
    const send = (url: string, payload: Buffer) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin, 'content-type': 'text/csv' }, payload });
    const csv = 'email,role,department\nrenee.muller@inspired2uplift.org,finance,Finanças Zürich\n';
    const latin1 = Buffer.from(csv, 'latin1'); // ç = 0xE7, ü = 0xFC: not UTF-8
    const broken = Buffer.concat([
      Buffer.from(csv, 'utf8').subarray(0, 30),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(csv, 'utf8').subarray(30),
    ]);
    const before = await t.database.db.select().from(members);
    for (const url of ['/api/admin/import/preview', '/api/admin/import']) {
      for (const bytes of [latin1, broken]) {
        const res = await send(url, bytes);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: CSV_NOT_UTF8_MESSAGE });
      }
    }
    // Text read leniently elsewhere (U+FFFD in place of each byte that was not UTF-8) is refused too.
    const lenient = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin },
      payload: { csv: new TextDecoder().decode(latin1) },
    });
    expect(lenient.statusCode).toBe(400);
    expect(lenient.json().message).toBe(CSV_NOT_UTF8_MESSAGE);
    expect(await t.database.db.select().from(members)).toEqual(before);

    const withBom = await send(
      '/api/admin/import',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
    );
    expect(withBom.statusCode, withBom.body).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'renee.muller@inspired2uplift.org'));
    expect(stored?.department).toBe('Finanças Zürich');
  });

  it('previews row errors and applies nothing when any row is bad', async () => {
    const csv = [
      'email,role,department',
      'good.one@inspired2uplift.org,finance,Finance',
      'not-an-address,volunteer,Ops',
      'someone@gmail.com,volunteer,Ops',
      'good.two@inspired2uplift.org,astronaut,Space',
      'good.one@inspired2uplift.org,volunteer,Ops',
    ].join('\n');
    const preview = importResultSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/import/preview',
          headers: { cookie: admin },
          payload: { csv },
        })
      ).json(),
    );
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((r) => [r.row, r.errors.length])).toEqual([
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    expect(preview.rows[3]?.errors[0]).toMatch(/Unknown role "astronaut"/u);
    expect(preview.rows[4]?.errors[0]).toMatch(/already in row 2/u);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin },
      payload: { csv },
    });
    expect(res.statusCode).toBe(400);
    expect(importRefusalSchema.parse(res.json()).rows).toHaveLength(5);
    expect(await t.database.db.select().from(members).where(eq(members.email, 'good.one@inspired2uplift.org'))).toEqual(
      [],
    );
  });

  it('makes content editors from an isEditor column, and leaves the flag alone in a file without one', async () => {
    const importCsv = async (csv: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { cookie: admin },
        payload: { csv },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const editorOf = async (email: string) =>
      (await t.database.db.select().from(members).where(eq(members.email, email)))[0]?.isEditor;
    await importCsv(
      'email,role,isEditor\nedna@inspired2uplift.org,volunteer,yes\nolaf@inspired2uplift.org,volunteer,no\n',
    );
    expect([await editorOf('edna@inspired2uplift.org'), await editorOf('olaf@inspired2uplift.org')]).toEqual([
      true,
      false,
    ]);
    await importCsv('email,role\nedna@inspired2uplift.org,finance\n');
    expect(await editorOf('edna@inspired2uplift.org')).toBe(true);
    await importCsv('email,role,isEditor\nedna@inspired2uplift.org,finance,false\n');
    expect(await editorOf('edna@inspired2uplift.org')).toBe(false);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/preview',
      headers: { cookie: admin },
      payload: { csv: 'email,role,isEditor\nedna@inspired2uplift.org,finance,maybe\n' },
    });
    expect(importResultSchema.parse(bad.json()).rows[0]?.errors).toEqual(['isEditor "maybe" is not true or false.']);
  });

  it('exports every column the import reads; an edited export imports back with the changes said old → new', async () => {
    const email = 'round.trip@inspired2uplift.org';
    const invited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${email}`,
      headers: { cookie: admin },
      payload: {
        role: 'vol',
        department: 'Money',
        leadOf: ['Events'],
        isEditor: true,
        startOn: '2026-11-02',
      },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const exported = (await get(`/api/admin/members.csv?search=${email}`, admin)).body;
    const [header, row] = exported.trim().split('\n');
    expect(header).toBe(
      'email,name,role,roleLabel,department,percent,completedSteps,totalSteps,currentStep,lastSignInAt,lastProgressAt,isAdmin,invited,isEditor,leadOf,startDate,leftOn,buddy',
    );
    expect(row).toMatch(
      /^round\.trip@inspired2uplift\.org,,volunteer,Volunteer,Money,.*,false,true,true,Events,2026-11-02,,$/u,
    );
    const preview = async (csv: string) =>
      importResultSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/import/preview',
            headers: { cookie: admin },
            payload: { csv },
          })
        ).json(),
      );
    // The export as it is changes nothing, and keeps the record's own wording of the role ('vol', exported as 'volunteer').
    const unchanged = await preview(exported);
    expect(unchanged.rows.map((r) => [r.existing, r.changes, r.role])).toEqual([[true, [], 'vol']]);

    // Edited as a spreadsheet would: another department, a second department led, a start date and a leaving day in
    // the organisation's usual form.
    const cells = (row ?? '').split(',');
    cells[4] = 'Events';
    cells[14] = 'Events; ops';
    cells[15] = '16/11/2026';
    cells[16] = '20/12/2026';
    const edited = `${header}\n${cells.join(',')}\n`;
    const checked = await preview(edited);
    expect(checked.valid).toBe(true);
    expect(checked.rows[0]?.dates.map((d) => `${d.column} "${d.written}" read as ${d.said}`)).toEqual([
      'startDate "16/11/2026" read as Monday, 16 November 2026',
      'leftOn "20/12/2026" read as Sunday, 20 December 2026',
    ]);
    expect(checked.rows[0]?.changes).toEqual([
      { field: 'Department', from: 'Money', to: 'Events' },
      { field: 'Lead of', from: 'Events', to: 'Events, Ops' },
      { field: 'Start date', from: 'Monday, 2 November 2026', to: 'Monday, 16 November 2026' },
      { field: 'Left', from: 'none', to: 'Sunday, 20 December 2026' },
    ]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin },
      payload: { csv: edited },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const again = (await get(`/api/admin/members.csv?search=${email}`, admin)).body.trim().split('\n')[1];
    expect(again).toMatch(/,Events,.*,false,true,true,Events; Ops,2026-11-16,2026-12-20,$/u);
    const [record] = await t.database.db.select().from(members).where(eq(members.email, email));
    expect(record?.role).toBe('vol');
    // The leaving day is offboarding, audited as on the member page.
    const left = auditPageSchema.parse((await get('/api/admin/audit?kind=member-left', admin)).json());
    expect(left.items.filter((i) => i.subject === email).map((i) => i.detail)).toEqual([
      { leftOn: '2026-12-20', note: null },
    ]);

    // A department led is checked against the departments list as the department is.
    cells[14] = 'Chapterz';
    const bad = await preview(`${header}\n${cells.join(',')}\n`);
    expect(bad.rows[0]?.errors[0]).toMatch(/^Lead of "Chapterz" is not in the departments list\. Choose one of: /u);
  });

  it('exports the buddy and imports a buddy column: checked against the records, shown old → new, audited', async () => {
    const member = (email: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/members/${email}`,
        headers: { cookie: admin },
        payload: { role: 'volunteer', department: 'Operations', ...extra },
      });
    const newbie = 'buddy.newbie@inspired2uplift.org';
    const pal = 'buddy.pal@inspired2uplift.org';
    const other = 'buddy.other@inspired2uplift.org';
    const gone = 'buddy.gone@inspired2uplift.org';
    for (const email of [newbie, pal, other, gone]) expect((await member(email)).statusCode).toBe(200);
    await t.database.db
      .update(members)
      .set({ leftAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(members.email, gone));
    const setBuddy = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${newbie}/buddy`,
      headers: { cookie: admin },
      payload: { buddy: pal },
    });
    expect(setBuddy.statusCode, setBuddy.body).toBe(200);

    // The export writes the buddy; as it is, it imports without a change.
    const exported = (await get(`/api/admin/members.csv?search=${newbie}`, admin)).body;
    const [header, row] = exported.trim().split('\n');
    expect(header?.endsWith(',buddy')).toBe(true);
    expect(row?.endsWith(`,${pal}`)).toBe(true);
    const preview = async (csv: string) =>
      importResultSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/import/preview',
            headers: { cookie: admin },
            payload: { csv },
          })
        ).json(),
      );
    expect((await preview(exported)).rows.map((r) => [r.buddy, r.changes])).toEqual([[pal, []]]);

    // Edited: another buddy, said old → new, and written by the import (audited, and in the next export).
    const cells = (row ?? '').split(',');
    cells[17] = other.toUpperCase();
    const edited = `${header}\n${cells.join(',')}\n`;
    const checked = await preview(edited);
    expect(checked.valid).toBe(true);
    expect(checked.rows[0]?.changes).toEqual([{ field: 'Buddy', from: pal, to: other }]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin },
      payload: { csv: edited },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const [record] = await t.database.db.select().from(members).where(eq(members.email, newbie));
    expect(record?.buddy).toBe(other);
    expect((await get(`/api/admin/members.csv?search=${newbie}`, admin)).body.trim().endsWith(`,${other}`)).toBe(true);
    const audited = auditPageSchema.parse((await get('/api/admin/audit?kind=buddy-change', admin)).json());
    expect(audited.items.find((i) => i.subject === newbie)?.detail).toEqual({
      buddy: other,
      previous: pal,
      via: 'import',
    });

    // Lenient header; an unknown member, one who left, and the member themselves are errors; a new member of the same
    // file may be the buddy; an empty cell removes the buddy.
    const lenient = await preview(
      [
        "E-mail,Role,Buddy's e-mail address",
        `${newbie},volunteer,nobody@inspired2uplift.org`,
        `${pal},volunteer,${gone}`,
        `${other},volunteer,${other}`,
        `buddy.fresh@inspired2uplift.org,volunteer,buddy.fresher@inspired2uplift.org`,
        `buddy.fresher@inspired2uplift.org,volunteer,`,
        `${gone},volunteer,not-an-address`,
      ].join('\n'),
    );
    expect(lenient.ignoredColumns).toEqual([]);
    expect(lenient.rows.map((r) => [r.email, r.buddy, r.errors])).toEqual([
      [newbie, 'nobody@inspired2uplift.org', ['Buddy nobody@inspired2uplift.org is not a member: add them first.']],
      [pal, gone, [`Buddy ${gone} has left the organisation; choose someone else.`]],
      [other, other, ['A member cannot be their own buddy.']],
      ['buddy.fresh@inspired2uplift.org', 'buddy.fresher@inspired2uplift.org', []],
      ['buddy.fresher@inspired2uplift.org', null, []],
      [gone, 'not-an-address', ['buddy "not-an-address" is not an e-mail address.']],
    ]);
    expect(lenient.valid).toBe(false);
    const removed = await preview(`email,role,buddy\n${newbie},volunteer,\n`);
    expect(removed.rows[0]?.changes).toEqual([{ field: 'Buddy', from: other, to: 'none' }]);
  });

  it('refuses a file without the needed columns', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/preview',
      headers: { cookie: admin },
      payload: { csv: 'name,department\nA,B\n' },
    });
    expect(importResultSchema.parse(res.json()).errors[0]).toMatch(/missing: email, role/u);
  });
});
