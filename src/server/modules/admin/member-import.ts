import { parse } from 'csv-parse/sync';
import { CSV_NOT_UTF8_MESSAGE, hasReplacementCharacter } from '../../../shared/csv-text.js';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportResult, ImportRow, MemberOverview } from '../../../shared/admin-api.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { announce } from '../../db/changes.js';
import type { Database } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { toCsv } from '../../csv.js';
import { readImportDate, shortDate } from '../../../shared/read-day.js';
import { privateEmailProblem } from '../../../shared/private-email.js';

/**
 * Bulk import and export of member records as CSV (docs/product.md#admin-area), with csv-parse and
 * csv-stringify. An import file has a header row naming at least `email` and `role` (any case, any order, with
 * spaces, dashes or underscores, and common other names: "E-mail Address", "Dept"; {@link HEADER_ALIASES});
 * `department`, `isAdmin`, `isEditor` (content editor), `leadOf` (departments led, separated by `;`), `startDate`,
 * `leftOn`, `buddy` (the buddy's e-mail address, docs/product.md#team-tasks) and `privateEmail`
 * (docs/product.md#private-e-mail-address) are optional (without the column, unchanged; an empty date or private
 * address cell changes nothing); dates are ISO or in the organisation's locale (src/shared/read-day.ts); other columns
 * are ignored, so a file exported by {@link membersToCsv} imports as it is, and every column the import reads is in
 * the export but `privateEmail`: personal data that is read one member at a time, audited, never in bulk.
 */

/** The columns of the export, in order. */
export const EXPORT_COLUMNS = [
  'email',
  'name',
  'role',
  'roleLabel',
  'department',
  'percent',
  'completedSteps',
  'totalSteps',
  'currentStep',
  'lastSignInAt',
  'lastProgressAt',
  'isAdmin',
  'invited',
  'isEditor',
  'leadOf',
  'startDate',
  'leftOn',
  'buddy',
] as const;

/** What the export says beyond the members table's row: the record's own fields. */
export interface ExportExtras {
  isEditor: boolean;
  /** The departments led, as the record has them. */
  leadOf: readonly string[];
  /** The start date an admin set (YYYY-MM-DD); null when the first sign-in counts. */
  startOn: string | null;
  /** The buddy's address (docs/product.md#team-tasks); null: none. */
  buddy: string | null;
}

/** The department of an imported row that names none (docs/product.md#member-records: Operations). */
export const DEFAULT_DEPARTMENT = 'Operations';

/**
 * The members table as CSV text, one header row then one row per member.
 * @param rows members-table rows
 * @param extras the record's own fields by address (absent: not an editor, leads none, no start date set)
 * @returns RFC 4180 CSV (quoted where needed, formulas escaped: see csv.ts), ending in a newline; dates as YYYY-MM-DD
 */
export function membersToCsv(
  rows: readonly MemberOverview[],
  extras: ReadonlyMap<string, ExportExtras> = new Map(),
): string {
  return toCsv(
    rows.map((r) => [
      r.email,
      r.name,
      r.role,
      r.roleLabel,
      r.department,
      r.percent,
      r.completedSteps,
      r.totalSteps,
      r.currentStepTitle ?? '',
      r.lastSignInAt ?? '',
      r.lastProgressAt ?? '',
      r.isAdmin ? 'true' : 'false',
      r.invited ? 'true' : 'false',
      extras.get(r.email)?.isEditor === true ? 'true' : 'false',
      (extras.get(r.email)?.leadOf ?? []).join('; '),
      extras.get(r.email)?.startOn ?? '',
      r.leftOn ?? '',
      extras.get(r.email)?.buddy ?? '',
    ]),
    EXPORT_COLUMNS,
  );
}

const emailSchema = z.email();

/** The import's columns. */
type ImportField =
  | 'email'
  | 'role'
  | 'department'
  | 'isAdmin'
  | 'isEditor'
  | 'startDate'
  | 'leadOf'
  | 'leftOn'
  | 'buddy'
  | 'privateEmail';

/**
 * A header as compared: lower case, without spaces, dashes, underscores, dots or apostrophes ("E-mail Address" →
 * "emailaddress", "Buddy’s e-mail" → "buddysemail").
 */
const headerKey = (header: string): string => header.toLowerCase().replace(/[\s_.'’-]/gu, '');

/** The headers each column is known by (as {@link headerKey} makes them), so a spreadsheet's own names work. */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  email: ['email', 'emailaddress', 'mail', 'workemail'],
  role: ['role', 'rolename'],
  department: ['department', 'dept', 'team'],
  isAdmin: ['isadmin', 'admin'],
  isEditor: ['iseditor', 'editor', 'contenteditor'],
  startDate: ['startdate', 'start', 'starton', 'startedon'],
  leadOf: ['leadof', 'leads', 'lead', 'departmentsled'],
  leftOn: ['lefton', 'left', 'leftat', 'leavingdate', 'enddate'],
  buddy: ['buddy', 'buddyemail', 'buddyemailaddress', 'buddysemail', 'buddysemailaddress', 'buddyaddress'],
  privateEmail: [
    'privateemail',
    'privateemailaddress',
    'personalemail',
    'personalemailaddress',
    'homeemail',
    'privateaddress',
  ],
};

/** The departments of a `leadOf` cell: separated by `;` (or `,`), trimmed, empty parts dropped. */
const departmentsOf = (cell: string): string[] =>
  cell
    .split(/[;,]/u)
    .map((d) => d.trim())
    .filter((d) => d !== '');

/** Headers understood: the import's columns, and the export's other columns (read and left alone). */
const KNOWN_HEADERS = new Set([...Object.values(HEADER_ALIASES).flat(), ...EXPORT_COLUMNS.map(headerKey)]);

/**
 * Undoes the formula escaping of our own exports (csv.ts): a cell that is `'` followed by `=`, `+`, `-`, `@`, a tab or a
 * carriage return was written that way by the export, so an exported file imports with the values it came from.
 */
const unescapeFormula = (value: string): string => (/^''*[=+\-@\t\r]/u.test(value) ? value.slice(1) : value);

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** The validation context of an import. */
export interface ImportContext {
  catalog: RoleCatalog;
  /** Lower-case ALLOWED_DOMAIN: only addresses there can ever sign in. */
  allowedDomain: string;
  /** The organisation's locale (LOCALE, 'en-GB'): how dates are read. */
  locale: string;
}

/**
 * Parses and checks an import file without writing anything (the preview).
 * Row errors: an invalid e-mail address or one outside ALLOWED_DOMAIN; role text that names no role configuration
 * (the role lookup of docs/product.md#role-lookup fell back to the default); an address already in an earlier row; an
 * `isAdmin` that is not true/false/yes/no/1/0; a field longer than 120 characters.
 * @param csv the file's text (UTF-8, a BOM is ignored); text with U+FFFD was read from a file that is not UTF-8 and is
 *   refused as a whole (shared csv-text.ts)
 * @param ctx the catalog and the allowed domain
 * @returns every data row with its errors, file-level errors (unreadable CSV, missing columns, no rows), and `valid`
 *   when there is at least one row and no error at all; `applied` is 0
 */
export function previewImport(csv: string, ctx: ImportContext): ImportResult {
  if (hasReplacementCharacter(csv))
    return { rows: [], errors: [CSV_NOT_UTF8_MESSAGE], valid: false, applied: 0, ignoredColumns: [] };
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (error) {
    return {
      rows: [],
      errors: [`The file is not readable CSV: ${(error as Error).message}`],
      valid: false,
      applied: 0,
      ignoredColumns: [],
    };
  }
  const [header, ...data] = records;
  if (header === undefined)
    return { rows: [], errors: ['The file is empty.'], valid: false, applied: 0, ignoredColumns: [] };
  const names = header.map(headerKey);
  const column = (field: ImportField) => names.findIndex((n) => HEADER_ALIASES[field].includes(n));
  const emailAt = column('email');
  const roleAt = column('role');
  const departmentAt = column('department');
  const adminAt = column('isAdmin');
  const editorAt = column('isEditor');
  const startAt = column('startDate');
  const leadAt = column('leadOf');
  const leftAt = column('leftOn');
  const buddyAt = column('buddy');
  const privateAt = column('privateEmail');
  const ignoredColumns = header.filter((h, i) => h !== '' && !KNOWN_HEADERS.has(names[i] ?? ''));
  const missing = [emailAt === -1 ? 'email' : null, roleAt === -1 ? 'role' : null].filter((n) => n !== null);
  if (missing.length > 0) {
    return {
      rows: [],
      errors: [`The header row must name the columns email, role and department; missing: ${missing.join(', ')}.`],
      valid: false,
      applied: 0,
      ignoredColumns,
    };
  }
  const validKeys = [...ctx.catalog.keys()].join(', ');
  const firstRowOf = new Map<string, number>();
  const rows: ImportRow[] = data.map((record, i) => {
    const row = i + 2;
    const cell = (at: number) => (at === -1 ? '' : unescapeFormula((record[at] ?? '').trim()));
    const email = cell(emailAt).toLowerCase();
    const role = cell(roleAt);
    const department = cell(departmentAt) || DEFAULT_DEPARTMENT;
    const adminText = cell(adminAt).toLowerCase();
    const editorText = cell(editorAt).toLowerCase();
    const errors: string[] = [];
    const dates: ImportRow['dates'] = [];
    /** Reads a date column's cell: null when empty, else the day (or an error naming the forms accepted). */
    const dateOf = (at: number, name: string): string | null => {
      const text = cell(at);
      if (text === '') return null;
      const read = readImportDate(text, ctx.locale);
      if (read === null) {
        errors.push(
          `${name} "${text}" is not a date. Write it as ${shortDate('2026-11-16', ctx.locale)} or 2026-11-16.`,
        );
        return null;
      }
      dates.push({ column: name, written: text, date: read.date, said: read.said });
      return read.date;
    };
    const startOn = dateOf(startAt, 'startDate');
    const leftOn = dateOf(leftAt, 'leftOn');
    const leadOf = leadAt === -1 ? {} : { leadOf: departmentsOf(cell(leadAt)) };
    // The buddy: an empty cell is none (as the export writes it); whether they are a member is checked with the records.
    const buddyText = cell(buddyAt).toLowerCase();
    const buddy = buddyAt === -1 ? {} : { buddy: buddyText === '' ? null : buddyText };
    if (buddyText !== '' && !emailSchema.safeParse(buddyText).success)
      errors.push(`buddy "${buddyText}" is not an e-mail address.`);
    else if (buddyText !== '' && buddyText === email) errors.push('A member cannot be their own buddy.');
    // The private address (docs/product.md#private-e-mail-address): an empty cell changes nothing.
    const privateText = cell(privateAt).toLowerCase();
    const privateProblem = privateText === '' ? null : privateEmailProblem(privateText, ctx.allowedDomain);
    if (privateProblem !== null) errors.push(`privateEmail: ${privateProblem}`);
    if (!emailSchema.safeParse(email).success) errors.push(`"${email}" is not an e-mail address.`);
    else if (email.slice(email.lastIndexOf('@') + 1) !== ctx.allowedDomain) {
      errors.push(`${email} is not at ${ctx.allowedDomain}.`);
    }
    const lookup = findRoleConfiguration(ctx.catalog, role);
    const roleKey = lookup.matchedBy === 'default' ? null : lookup.key;
    if (roleKey === null) errors.push(`Unknown role "${role}". Valid roles: ${validKeys}.`);
    if (role.length > 120 || department.length > 120) errors.push('Role and department are at most 120 characters.');
    if (!TRUE_WORDS.has(adminText) && !FALSE_WORDS.has(adminText))
      errors.push(`isAdmin "${adminText}" is not true or false.`);
    if (!TRUE_WORDS.has(editorText) && !FALSE_WORDS.has(editorText))
      errors.push(`isEditor "${editorText}" is not true or false.`);
    const first = firstRowOf.get(email);
    if (first !== undefined && email !== '') errors.push(`${email} is already in row ${first}.`);
    else firstRowOf.set(email, row);
    const isEditor = editorAt === -1 ? {} : { isEditor: TRUE_WORDS.has(editorText) };
    return {
      row,
      email,
      role,
      roleKey,
      department,
      isAdmin: TRUE_WORDS.has(adminText),
      ...isEditor,
      startOn,
      ...leadOf,
      leftOn,
      ...buddy,
      ...(privateText === '' ? {} : { privateEmail: privateText }),
      dates,
      existing: false,
      changes: [],
      errors,
    };
  });
  const errors = rows.length === 0 ? ['The file has no rows after the header.'] : [];
  const valid = errors.length === 0 && rows.every((r) => r.errors.length === 0);
  return { rows, errors, valid, applied: 0, ignoredColumns };
}

/**
 * Writes the member records of a checked import in one transaction: every row or none. Existing records are replaced
 * (role, department, admin flag, and the content editor flag, departments led and buddy when the file has those columns,
 * the private address when the row gives one; `createdAt` kept); start dates of rows that give one. Leaving days are not written here (the route marks leavers
 * with the member page's own offboarding, audited). Announces that member records changed (db/changes.ts), once.
 * @param db the database
 * @param rows rows of a preview whose `valid` is true
 * @param now the time written to `updatedAt`
 * @returns the number of records written
 * @throws Error when a row has errors; the database error when a write fails (then nothing is written)
 */
export async function applyImport(db: Database, rows: readonly ImportRow[], now: Date): Promise<number> {
  if (rows.some((r) => r.errors.length > 0)) throw new Error('applyImport was given rows with errors');
  const CHUNK = 1000;
  // A file with an isEditor column states it for every row; without one, the flag stays as it was.
  const setsEditor = rows.some((r) => r.isEditor !== undefined);
  // Likewise a leadOf column: every row states the departments led (an empty cell: none).
  const setsLeadOf = rows.some((r) => r.leadOf !== undefined);
  // And a buddy column (an empty cell: no buddy).
  const setsBuddy = rows.some((r) => r.buddy !== undefined);
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((r) => ({
        email: r.email,
        role: r.role,
        department: r.department,
        isAdmin: r.isAdmin,
        isEditor: r.isEditor ?? false,
        leadOf: r.leadOf ?? [],
        buddy: r.buddy ?? null,
        privateEmail: r.privateEmail ?? null,
        createdAt: now,
        updatedAt: now,
      }));
      await tx
        .insert(members)
        .values(values)
        .onConflictDoUpdate({
          target: members.email,
          set: {
            role: sqlExcluded('role'),
            department: sqlExcluded('department'),
            isAdmin: sqlExcluded('is_admin'),
            ...(setsEditor ? { isEditor: sqlExcluded('is_editor') } : {}),
            ...(setsLeadOf ? { leadOf: sqlExcluded('lead_of') } : {}),
            ...(setsBuddy ? { buddy: sqlExcluded('buddy') } : {}),
            // A private address cell that is empty keeps the one the record has.
            privateEmail: sql`coalesce(excluded.private_email, ${members.privateEmail})`,
            updatedAt: now,
          },
        });
    }
    // Start dates of the rows that name one (docs/product.md#due-dates-and-reminders); an empty cell changes nothing.
    const dated = rows.flatMap((r) => (r.startOn === null ? [] : [{ email: r.email, start_on: r.startOn }]));
    if (dated.length > 0) {
      await tx.execute(sql`
        insert into member_schedules (email, start_on, updated_at)
        select x.email, x.start_on::date, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(dated)}::jsonb) as x(email text, start_on text)
        on conflict (email) do update set start_on = excluded.start_on, updated_at = excluded.updated_at`);
    }
    await announce(tx, { kind: 'members' });
  });
  return rows.length;
}

/**
 * The people whose admin flag an import changes: rows whose `isAdmin` differs from their member record's (a person
 * without a record counts as not an admin). Read before {@link applyImport}, in the same transaction, so that each
 * grant or removal can be audited one by one, as a single change on the member page is.
 * @param db the database or transaction
 * @param rows the checked rows of an import
 * @returns `{ email, isAdmin }` (the new flag) per changed person, in the rows' order
 */
export async function adminChangesOfImport(
  db: Database,
  rows: readonly ImportRow[],
): Promise<{ email: string; isAdmin: boolean }[]> {
  const before = new Map<string, boolean>();
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const emails = rows.slice(i, i + CHUNK).map((r) => r.email);
    const found = await db
      .select({ email: members.email, isAdmin: members.isAdmin })
      .from(members)
      .where(inArray(members.email, emails));
    for (const m of found) before.set(m.email, m.isAdmin);
  }
  return rows
    .filter((r) => (before.get(r.email) ?? false) !== r.isAdmin)
    .map((r) => ({ email: r.email, isAdmin: r.isAdmin }));
}

/** `excluded.<column>` of an upsert: the value the conflicting insert proposed. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
