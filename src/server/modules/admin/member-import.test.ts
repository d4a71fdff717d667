import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemberOverview } from '../../../shared/admin-api.js';
import { createTestCatalog } from '../../test/test-app.js';
import { membersToCsv, previewImport } from './member-import.js';

const ctx = { catalog: createTestCatalog(), allowedDomain: 'inspired2uplift.org', locale: 'en-GB' };

const overview = (email: string, name: string, department: string, role: string, isAdmin: boolean): MemberOverview => ({
  email,
  name,
  role,
  roleLabel: role === 'finance' ? 'Finance' : 'Volunteer',
  department,
  percent: 0,
  completedSteps: 0,
  totalSteps: 3,
  currentStepTitle: 'Sign in, "quickly"',
  lastSignInAt: null,
  lastProgressAt: null,
  isAdmin,
  invited: false,
  startOn: null,
  overdueSteps: 0,
  stalled: false,
  onboarding: true,
  leftOn: null,
});

describe('lenient headers', () => {
  it('reads the columns by their usual names in any case and spacing, and names the columns it did not understand', () => {
    const csv = [
      'E-mail Address, ROLE ,Dept,Is Admin,Favourite colour,name,Shoe size',
      'ana@inspired2uplift.org,volunteer,Events,yes,blue,Ana,38',
    ].join('\n');
    const result = previewImport(csv, ctx);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.email, r.roleKey, r.department, r.isAdmin, r.errors])).toEqual([
      ['ana@inspired2uplift.org', 'volunteer', 'Events', true, []],
    ]);
    // "name" is an export column: understood, and left alone.
    expect(result.ignoredColumns).toEqual(['Favourite colour', 'Shoe size']);
    expect(previewImport('Email,Role\nbo@inspired2uplift.org,finance', ctx).ignoredColumns).toEqual([]);
    expect(previewImport('E-mail,Rolle\nbo@inspired2uplift.org,finance', ctx)).toMatchObject({
      errors: ['The header row must name the columns email, role and department; missing: role.'],
      ignoredColumns: ['Rolle'],
    });
  });
});

describe('CSV export → import', () => {
  it('imports every exported member back with the same role, department and admin flag', () => {
    // Free text with commas, quotes and line breaks must survive csv-stringify → csv-parse.
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && s.trim() === s);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,7}(?:\.[a-z0-9]{1,7})?$/u), { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(text, text, fc.constantFrom('volunteer', 'finance'), fc.boolean()), {
          minLength: 20,
          maxLength: 20,
        }),
        (locals, fields) => {
          const rows = locals.map((local, i) => {
            const [name, department, role, isAdmin] = fields[i] ?? ['n', 'd', 'volunteer', false];
            return overview(`${local}@inspired2uplift.org`, name, department, role, isAdmin);
          });
          const result = previewImport(membersToCsv(rows), ctx);
          expect(result.errors).toEqual([]);
          expect(result.valid).toBe(true);
          expect(result.rows.map((r) => [r.email, r.roleKey, r.department, r.isAdmin])).toEqual(
            rows.map((r) => [r.email, r.role, r.department, r.isAdmin]),
          );
        },
      ),
    );
  });

  it('reads a header in any case and order, and defaults a missing department', () => {
    const result = previewImport('Role,EMAIL\nvol,Someone@Inspired2Uplift.org\n', ctx);
    expect(result.rows).toEqual([
      {
        row: 2,
        email: 'someone@inspired2uplift.org',
        role: 'vol',
        roleKey: 'volunteer',
        department: 'Operations',
        isAdmin: false,
        startOn: null,
        leftOn: null,
        dates: [],
        existing: false,
        changes: [],
        errors: [],
      },
    ]);
  });

  it("reads dates as ISO and in the organisation's usual forms, says how each was read, and refuses what is no date", () => {
    const csv = [
      'email,role,Start Date,Left',
      'a@inspired2uplift.org,volunteer,2026-12-01,',
      'b@inspired2uplift.org,volunteer,16/11/2026,1.2.2027',
      'c@inspired2uplift.org,volunteer,,',
      'd@inspired2uplift.org,volunteer,16 Nov 2026,',
      'e@inspired2uplift.org,volunteer,31/02/2026,next week',
    ].join('\n');
    const result = previewImport(csv, ctx);
    expect(result.rows.map((r) => [r.startOn, r.leftOn, r.errors])).toEqual([
      ['2026-12-01', null, []],
      ['2026-11-16', '2027-02-01', []],
      [null, null, []],
      ['2026-11-16', null, []],
      [
        null,
        null,
        [
          'startDate "31/02/2026" is not a date. Write it as 16/11/2026 or 2026-11-16.',
          'leftOn "next week" is not a date. Write it as 16/11/2026 or 2026-11-16.',
        ],
      ],
    ]);
    expect(result.rows[1]?.dates).toEqual([
      { column: 'startDate', written: '16/11/2026', date: '2026-11-16', said: 'Monday, 16 November 2026' },
      { column: 'leftOn', written: '1.2.2027', date: '2027-02-01', said: 'Monday, 1 February 2027' },
    ]);
    expect(result.valid).toBe(false);
    // In the United States the month comes first: the same text is another day, and 16/11 is none.
    const us = previewImport('email,role,startDate\na@inspired2uplift.org,volunteer,11/16/2026\n', {
      ...ctx,
      locale: 'en-US',
    });
    expect(us.rows[0]?.startOn).toBe('2026-11-16');
    expect(us.rows[0]?.dates[0]?.said).toBe('Monday, November 16, 2026');
    expect(
      previewImport('email,role,startDate\na@inspired2uplift.org,volunteer,16/11/2026\n', { ...ctx, locale: 'en-US' })
        .rows[0]?.errors,
    ).toEqual(['startDate "16/11/2026" is not a date. Write it as 11/16/2026 or 2026-11-16.']);
  });

  it('reads a leadOf column as departments separated by semicolons; without the column the row says nothing', () => {
    const result = previewImport(
      'email,role,Lead of\na@inspired2uplift.org,volunteer,Finance; Operations\nb@inspired2uplift.org,volunteer,\n',
      ctx,
    );
    expect(result.rows.map((r) => r.leadOf)).toEqual([['Finance', 'Operations'], []]);
    expect(previewImport('email,role\na@inspired2uplift.org,volunteer\n', ctx).rows[0]).not.toHaveProperty('leadOf');
  });

  it('reports an unreadable file, an empty one and one with only a header', () => {
    expect(previewImport('email,role\n"unclosed,volunteer\n', ctx).errors[0]).toMatch(/not readable CSV/u);
    expect(previewImport('', ctx).errors).toEqual(['The file is empty.']);
    expect(previewImport('email,role\n', ctx).errors).toEqual(['The file has no rows after the header.']);
  });
});
