import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRefusalSchema, importResultSchema, memberDetailSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { departmentsSchema } from '../../../shared/departments-api.js';
import { listAudit } from '../audit/index.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { getMember, upsertMember } from '../members/members.repository.js';

const ADMIN = 'dept.boss@inspired2uplift.org';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await signIn(t.app, { email: ADMIN, name: 'Dee Boss' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const list = async () => {
  const res = await call('GET', '/api/admin/departments');
  expect(res.statusCode, res.body).toBe(200);
  return departmentsSchema.parse(res.json());
};

const putMember = (email: string, body: object) => call('PUT', `/api/admin/members/${encodeURIComponent(email)}`, body);

describe('the departments list', () => {
  it('starts with the role configurations’ departments (the test catalogue has one: Finance) and Operations', async () => {
    const names = (await list()).items.map((d) => d.name);
    expect(names).toEqual(['Finance', 'Operations']);
  });

  it('is for admins only', async () => {
    const member = await signIn(t.app, { email: 'dept.plain@inspired2uplift.org' });
    expect((await call('GET', '/api/admin/departments', undefined, member)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/departments', { name: 'Events' }, member)).statusCode).toBe(403);
  });

  it('refuses an unknown department for a member and for the departments a lead leads, naming the list', async () => {
    const email = 'dept.typo@inspired2uplift.org';
    const res = await putMember(email, { role: 'finance', department: 'Chapterz', isAdmin: false });
    expect(res.statusCode).toBe(400);
    const error = apiErrorSchema.parse(res.json());
    expect(error.message).toBe(
      '"Chapterz" is not in the departments list. Choose one of: Finance, Operations; or add it under Departments first.',
    );
    const lead = await putMember(email, {
      role: 'finance',
      department: 'Finance',
      isAdmin: false,
      leadOf: ['Chapterz'],
    });
    expect(lead.statusCode).toBe(400);
    expect(apiErrorSchema.parse(lead.json()).message).toMatch(/^"Chapterz" is not in the departments list/u);
    expect(await getMember(t.database.db, email)).toBeUndefined();
  });

  it('stores a chosen department as the list spells it', async () => {
    const email = 'dept.spelling@inspired2uplift.org';
    const res = await putMember(email, {
      role: 'finance',
      department: ' finance ',
      isAdmin: false,
      leadOf: ['operations'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(memberDetailSchema.parse(res.json()).member.department).toBe('Finance');
    expect((await getMember(t.database.db, email))?.leadOf).toEqual(['Operations']);
  });

  it('keeps a department that is not in the list for the member who has it, until an admin decides', async () => {
    const email = 'dept.chapterz@inspired2uplift.org';
    await upsertMember(t.database.db, { email, role: 'volunteer', department: 'Chapterz', isAdmin: false });
    // Changing their role alone keeps it.
    const res = await putMember(email, { role: 'finance', department: 'Chapterz', isAdmin: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).unlisted).toContainEqual({ name: 'Chapterz', members: 1, leads: 0 });
    // Moving its members to a department of the list.
    expect((await call('POST', '/api/admin/departments', { name: 'Chapters' })).statusCode).toBe(200);
    const moved = await call('POST', '/api/admin/departments/move', { from: 'chapterz', to: 'Chapters' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = departmentsSchema.parse(moved.json());
    expect(after.unlisted.map((d) => d.name)).not.toContain('Chapterz');
    expect((await getMember(t.database.db, email))?.department).toBe('Chapters');
    const refused = await call('POST', '/api/admin/departments/move', { from: 'Chapters', to: 'Nowhere' });
    expect(refused.statusCode).toBe(400);
  });

  it('adds, renames (for every member and lead, audited) and retires a department', async () => {
    const added = await call('POST', '/api/admin/departments', { name: 'Events' });
    expect(added.statusCode, added.body).toBe(200);
    expect(departmentsSchema.parse(added.json()).items).toContainEqual({
      name: 'Events',
      retired: false,
      members: 0,
      leads: 0,
    });
    expect((await call('POST', '/api/admin/departments', { name: 'events' })).statusCode).toBe(409);

    const member = 'dept.events@inspired2uplift.org';
    const lead = 'dept.events-lead@inspired2uplift.org';
    expect((await putMember(member, { role: 'volunteer', department: 'Events', isAdmin: false })).statusCode).toBe(200);
    expect(
      (
        await putMember(lead, {
          role: 'volunteer',
          department: 'Finance',
          isAdmin: false,
          leadOf: ['Events', 'Finance'],
        })
      ).statusCode,
    ).toBe(200);

    const renamed = await call('PATCH', '/api/admin/departments/events', { name: 'Events and Fundraising' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(departmentsSchema.parse(renamed.json()).items).toContainEqual({
      name: 'Events and Fundraising',
      retired: false,
      members: 1,
      leads: 1,
    });
    expect((await getMember(t.database.db, member))?.department).toBe('Events and Fundraising');
    expect([...((await getMember(t.database.db, lead))?.leadOf ?? [])].sort()).toEqual([
      'Events and Fundraising',
      'Finance',
    ]);
    const { entries } = await listAudit(t.database.db, {
      filters: { kind: 'department-change' },
      page: { number: 1, size: 50 },
    });
    expect(entries.find((e) => e.reason === 'renamed')?.details).toEqual({
      from: 'Events',
      to: 'Events and Fundraising',
      members: 1,
      leads: 1,
    });
    expect(
      (await call('PATCH', '/api/admin/departments/Events%20and%20Fundraising', { name: 'finance' })).statusCode,
    ).toBe(409);
    expect((await call('PATCH', '/api/admin/departments/Nowhere', { retired: true })).statusCode).toBe(404);

    // Retired: kept for the member who has it, refused for anyone else.
    const retired = await call('PATCH', '/api/admin/departments/Events%20and%20Fundraising', { retired: true });
    expect(departmentsSchema.parse(retired.json()).items).toContainEqual({
      name: 'Events and Fundraising',
      retired: true,
      members: 1,
      leads: 1,
    });
    const other = await putMember('dept.newcomer@inspired2uplift.org', {
      role: 'volunteer',
      department: 'Events and Fundraising',
      isAdmin: false,
    });
    expect(other.statusCode).toBe(400);
    expect(apiErrorSchema.parse(other.json()).message).toMatch(/^The department "Events and Fundraising" is retired/u);
    expect(
      (await putMember(member, { role: 'finance', department: 'Events and Fundraising', isAdmin: false })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', '/api/admin/departments/Events%20and%20Fundraising', { retired: false })).statusCode,
    ).toBe(200);
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a CSV row with an unknown department as an error of the preview, and imports nothing', async () => {
    const csv =
      'email,role,department\n' +
      'dept.csv-one@inspired2uplift.org,volunteer,operations\n' +
      'dept.csv-two@inspired2uplift.org,volunteer,Chapterz\n';
    const preview = await call('POST', '/api/admin/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = importResultSchema.parse(preview.json());
    expect(result.valid).toBe(false);
    expect(result.rows[0]).toMatchObject({ department: 'Operations', errors: [] });
    expect(result.rows[1]?.errors).toEqual([
      'Department "Chapterz" is not in the departments list. Choose one of: Chapters, Events and Fundraising, Finance, ' +
        'Operations.',
    ]);
    const applied = await call('POST', '/api/admin/import', { csv });
    expect(applied.statusCode).toBe(400);
    expect(importRefusalSchema.parse(applied.json()).rows[1]?.errors).toHaveLength(1);
    expect(await getMember(t.database.db, 'dept.csv-one@inspired2uplift.org')).toBeUndefined();
  });
});
