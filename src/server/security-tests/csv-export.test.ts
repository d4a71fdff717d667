import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../csv.js';
import { storeMembers } from '../test/test-members.js';
import { createTestApp, signIn, type TestApp } from '../test/test-app.js';

/**
 * Security review (docs/decisions/015-security-review.md), CSV: a cell that a spreadsheet would run as a formula (it
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return) is exported with a leading `'`, in every export.
 */

const FORMULAS = ['=HYPERLINK("https://evil.example","Click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];

describe('toCsv', () => {
  it.each(FORMULAS)('escapes %j', (value) => {
    const [, row] = parse(toCsv([[value, 'plain']], ['a', 'b'])) as string[][];
    expect(row).toEqual([`'${value}`, 'plain']);
  });

  it('leaves ordinary text, numbers and e-mail addresses alone', () => {
    const [, row] = parse(
      toCsv([['Sam Lee', 42, 'sam@inspired2uplift.org', 'a=b']], ['a', 'b', 'c', 'd']),
    ) as string[][];
    expect(row).toEqual(['Sam Lee', '42', 'sam@inspired2uplift.org', 'a=b']);
  });
});

describe('GET /api/admin/members.csv', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@inspired2uplift.org' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('escapes names, role texts and departments that look like formulas', async () => {
    await signIn(t.app, { email: 'mallory@inspired2uplift.org', name: '=HYPERLINK("https://evil.example")' });
    await storeMembers(t, [
      { email: 'mallory@inspired2uplift.org', role: 'volunteer', department: '@SUM(A1)', isAdmin: false },
      { email: 'plus@inspired2uplift.org', role: 'volunteer', department: '+Finance', isAdmin: false },
    ]);
    const cookie = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/members.csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body) as string[][];
    const at = (name: string) => header?.indexOf(name) ?? -1;
    const mallory = rows.find((r) => r[at('email')] === 'mallory@inspired2uplift.org');
    expect(mallory?.[at('name')]).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(mallory?.[at('department')]).toBe("'@SUM(A1)");
    expect(rows.find((r) => r[at('email')] === 'plus@inspired2uplift.org')?.[at('department')]).toBe("'+Finance");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/u);
  });
});

describe('export → import keeps every value', () => {
  it("drops exactly the one ' the export added, also for values that already began with '", async () => {
    const { previewImport } = await import('../modules/admin/member-import.js');
    const { createTestCatalog } = await import('../test/test-app.js');
    const departments = ['=1', "'=1", "''@x", "'plain", 'Finance'];
    const csv = toCsv(
      departments.map((department, i) => [`p${i}@inspired2uplift.org`, 'volunteer', department]),
      ['email', 'role', 'department'],
    );
    const preview = previewImport(csv, {
      catalog: createTestCatalog(),
      allowedDomain: 'inspired2uplift.org',
      locale: 'en-GB',
    });
    expect(preview.rows.map((r) => r.department)).toEqual(departments);
  });
});
