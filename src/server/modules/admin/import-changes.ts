import { eq, inArray } from 'drizzle-orm';
import type { ImportResult, ImportRow } from '../../../shared/admin-api.js';
import { departmentKey } from '../../../shared/departments-api.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { members, memberSchedules } from '../../db/schema.js';
import { dateInWords } from '../../../shared/read-day.js';
import type { ExportExtras } from './member-import.js';

/** A member record as an import compares it. */
interface Before {
  role: string;
  department: string;
  isAdmin: boolean;
  isEditor: boolean;
  leadOf: string[];
  leftOn: string | null;
  startOn: string | null;
  buddy: string | null;
  privateEmail: string | null;
}

/** The field name of a private address change in the preview (docs/product.md#private-e-mail-address). */
export const PRIVATE_EMAIL_FIELD = 'Private e-mail';

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
const listed = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const keys = (l: readonly string[]) => [...new Set(l.map(departmentKey))].sort().join('\n');
  return keys(a) === keys(b);
};

/**
 * What each row of an import changes in the person's existing member record (docs/product.md#admin-area, CSV import:
 * the preview shows old → new), in words: role (by display name), department, admin, content editor, departments led,
 * start date, leaving day (in the locale's words), buddy and private address (never the one stored: 'another address'). A row whose role text names the same role configuration as the
 * record's keeps the record's wording ('Treasurer' stays, not 'finance'), so an exported file imports without changes.
 * Only the fields a row states are compared: an absent column or an empty date cell changes nothing.
 * @param db the database
 * @param catalog the published role configurations (display names)
 * @param locale the organisation's locale (LOCALE) for dates in words
 * @param preview a preview whose departments are checked (import-departments.ts)
 * @returns the preview with `existing` and `changes` set per row and role texts kept where they mean the same
 */
export async function describeImportChanges(
  db: Database,
  catalog: RoleCatalog,
  locale: string,
  preview: ImportResult,
): Promise<ImportResult> {
  if (preview.rows.length === 0) return preview;
  const before = new Map<string, Before>();
  const CHUNK = 1000;
  for (let i = 0; i < preview.rows.length; i += CHUNK) {
    const emails = preview.rows.slice(i, i + CHUNK).map((r) => r.email);
    const found = await db
      .select({
        email: members.email,
        role: members.role,
        department: members.department,
        isAdmin: members.isAdmin,
        isEditor: members.isEditor,
        leadOf: members.leadOf,
        leftAt: members.leftAt,
        startOn: memberSchedules.startOn,
        buddy: members.buddy,
        privateEmail: members.privateEmail,
      })
      .from(members)
      .leftJoin(memberSchedules, eq(memberSchedules.email, members.email))
      .where(inArray(members.email, emails));
    for (const m of found) {
      before.set(m.email, { ...m, leftOn: m.leftAt?.toISOString().slice(0, 10) ?? null });
    }
  }
  const roleName = (text: string) => {
    const key = findRoleConfiguration(catalog, text).key;
    return catalog.get(key)?.displayName ?? text;
  };
  const day = (date: string | null) => (date === null ? 'none' : dateInWords(date, locale));
  const rows = preview.rows.map((row): ImportRow => {
    const was = before.get(row.email);
    if (was === undefined) return { ...row, existing: false, changes: [] };
    const changes: ImportRow['changes'] = [];
    const sameRole = row.roleKey !== null && findRoleConfiguration(catalog, was.role).key === row.roleKey;
    if (!sameRole) changes.push({ field: 'Role', from: roleName(was.role), to: roleName(row.role) });
    if (departmentKey(was.department) !== departmentKey(row.department))
      changes.push({ field: 'Department', from: was.department, to: row.department });
    if (row.leadOf !== undefined && !sameSet(was.leadOf, row.leadOf))
      changes.push({ field: 'Lead of', from: listed(was.leadOf), to: listed(row.leadOf) });
    if (was.isAdmin !== row.isAdmin) changes.push({ field: 'Admin', from: yesNo(was.isAdmin), to: yesNo(row.isAdmin) });
    if (row.isEditor !== undefined && was.isEditor !== row.isEditor)
      changes.push({ field: 'Content editor', from: yesNo(was.isEditor), to: yesNo(row.isEditor) });
    if (row.startOn !== null && row.startOn !== was.startOn)
      changes.push({ field: 'Start date', from: day(was.startOn), to: day(row.startOn) });
    if (row.leftOn !== null && row.leftOn !== was.leftOn)
      changes.push({ field: 'Left', from: day(was.leftOn), to: day(row.leftOn) });
    if (row.buddy !== undefined && row.buddy !== was.buddy)
      changes.push({ field: 'Buddy', from: was.buddy ?? 'none', to: row.buddy ?? 'none' });
    // The address the record has is not shown (reading it is audited on the member page): only whether there was one.
    if (typeof row.privateEmail === 'string' && row.privateEmail !== was.privateEmail)
      changes.push({
        field: PRIVATE_EMAIL_FIELD,
        from: was.privateEmail === null ? 'none' : 'another address',
        to: row.privateEmail,
      });
    return { ...row, role: sameRole ? was.role : row.role, existing: true, changes };
  });
  return { ...preview, rows };
}

/**
 * The rows of a checked import that mark a person as having left on a day their record does not have yet (a new
 * record, one without a leaving day, or another day). Read before the import is applied, in the same transaction.
 * @param db the database or transaction
 * @param rows the checked rows
 * @returns `{ email, leftOn }` per such row, in the rows' order
 */
export async function leaversOfImport(
  db: Database,
  rows: readonly ImportRow[],
): Promise<{ email: string; leftOn: string }[]> {
  const dated = rows.filter((r) => r.leftOn !== null);
  if (dated.length === 0) return [];
  const left = new Map<string, string | null>();
  const CHUNK = 1000;
  for (let i = 0; i < dated.length; i += CHUNK) {
    const found = await db
      .select({ email: members.email, leftAt: members.leftAt })
      .from(members)
      .where(
        inArray(
          members.email,
          dated.slice(i, i + CHUNK).map((r) => r.email),
        ),
      );
    for (const m of found) left.set(m.email, m.leftAt?.toISOString().slice(0, 10) ?? null);
  }
  return dated.flatMap((r) =>
    r.leftOn !== null && left.get(r.email) !== r.leftOn ? [{ email: r.email, leftOn: r.leftOn }] : [],
  );
}

/**
 * The record's own fields the export writes beyond the members table (member-import.ts `ExportExtras`): content
 * editor, departments led, the start date an admin set, and the buddy.
 * @param db the database
 * @param emails the exported addresses (lower case)
 * @returns those fields by address; an address without a record is absent
 */
export async function exportExtras(db: Database, emails: readonly string[]): Promise<Map<string, ExportExtras>> {
  const extras = new Map<string, ExportExtras>();
  const CHUNK = 1000;
  for (let i = 0; i < emails.length; i += CHUNK) {
    const found = await db
      .select({
        email: members.email,
        isEditor: members.isEditor,
        leadOf: members.leadOf,
        startOn: memberSchedules.startOn,
        buddy: members.buddy,
      })
      .from(members)
      .leftJoin(memberSchedules, eq(memberSchedules.email, members.email))
      .where(inArray(members.email, emails.slice(i, i + CHUNK)));
    for (const m of found) {
      extras.set(m.email, { isEditor: m.isEditor, leadOf: m.leadOf, startOn: m.startOn, buddy: m.buddy });
    }
  }
  return extras;
}

/**
 * Checks the buddies of a CSV import's rows (docs/product.md#team-tasks, as the member page does): a buddy must be a
 * member — a member record, or a row of the same file — who has not left and does not leave in the file; otherwise
 * the row gets an error ('Buddy … is not a member: add them first.', 'Buddy … has left the organisation; choose
 * someone else.'). Rows without a buddy, or whose buddy cell is already an error, are left as they are.
 * @param db the database
 * @param preview a preview of `previewImport`
 * @returns the same preview with those errors added and `valid` recomputed
 */
export async function checkImportBuddies(db: Database, preview: ImportResult): Promise<ImportResult> {
  const named = [
    ...new Set(preview.rows.flatMap((r) => (typeof r.buddy === 'string' && r.buddy !== r.email ? [r.buddy] : []))),
  ];
  if (named.length === 0) return preview;
  const left = new Map<string, boolean>();
  const CHUNK = 1000;
  for (let i = 0; i < named.length; i += CHUNK) {
    const found = await db
      .select({ email: members.email, leftAt: members.leftAt })
      .from(members)
      .where(inArray(members.email, named.slice(i, i + CHUNK)));
    for (const m of found) left.set(m.email, m.leftAt !== null);
  }
  const inFile = new Map(preview.rows.map((r) => [r.email, r]));
  const rows = preview.rows.map((row) => {
    const buddy = row.buddy;
    if (typeof buddy !== 'string' || row.errors.some((e) => e.includes(`"${buddy}"`)) || buddy === row.email)
      return row;
    const fileRow = inFile.get(buddy);
    const hasLeft = left.get(buddy) === true || (fileRow !== undefined && fileRow.leftOn !== null);
    const isMember = left.has(buddy) || fileRow !== undefined;
    const error = !isMember
      ? `Buddy ${buddy} is not a member: add them first.`
      : hasLeft
        ? `Buddy ${buddy} has left the organisation; choose someone else.`
        : null;
    return error === null ? row : { ...row, errors: [...row.errors, error] };
  });
  const valid = preview.errors.length === 0 && rows.every((r) => r.errors.length === 0);
  return { ...preview, rows, valid };
}
