import { inArray } from 'drizzle-orm';
import type { ImportResult } from '../../../shared/admin-api.js';
import { departmentKey } from '../../../shared/departments-api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { departmentLookup } from '../departments/index.js';

/**
 * Checks the departments of a CSV import's rows against the departments list (docs/product.md#departments): a row
 * whose department is not in the list (or is retired) gets an error naming the departments that may be chosen, unless
 * it is the department the person's record has already (docs/decisions/048-departments-list.md); a department of the
 * list is spelt as the list spells it ('finance' → 'Finance'). The departments of a `leadOf` cell are checked the same
 * way (one the record leads already is kept).
 * @param db the database
 * @param catalog the published role configurations (for the list's first seeding)
 * @param preview what `previewImport` found
 * @returns the same preview with those errors added, the spellings applied and `valid` recomputed
 */
export async function checkImportDepartments(
  db: Database,
  catalog: RoleCatalog,
  preview: ImportResult,
): Promise<ImportResult> {
  if (preview.rows.length === 0) return preview;
  const lookup = await departmentLookup(db, catalog);
  const own = new Map<string, { department: string; leadOf: string[] }>();
  const CHUNK = 1000;
  for (let i = 0; i < preview.rows.length; i += CHUNK) {
    const emails = preview.rows.slice(i, i + CHUNK).map((r) => r.email);
    const found = await db
      .select({ email: members.email, department: members.department, leadOf: members.leadOf })
      .from(members)
      .where(inArray(members.email, emails));
    for (const m of found) own.set(m.email, { department: m.department, leadOf: m.leadOf });
  }
  const choose = `Choose one of: ${lookup.open.join(', ')}.`;
  /** The name as the list (or the record, for what it has already) spells it, or the error saying why not. */
  const spell = (name: string, kept: readonly string[], what: string): { name: string } | { error: string } => {
    const listed = lookup.find(name);
    if (listed !== undefined && !listed.retired) return { name: listed.name };
    const same = kept.find((k) => departmentKey(k) === departmentKey(name));
    if (same !== undefined) return { name: same };
    const why =
      listed?.retired === true
        ? `${what} "${listed.name}" is retired.`
        : `${what} "${name}" is not in the departments list.`;
    return { error: `${why} ${choose}` };
  };
  const rows = preview.rows.map((row) => {
    const record = own.get(row.email);
    const errors = [...row.errors];
    const department = spell(row.department, record === undefined ? [] : [record.department], 'Department');
    if ('error' in department) errors.push(department.error);
    const leadOf = row.leadOf?.map((name) => {
      const led = spell(name, record?.leadOf ?? [], 'Lead of');
      if ('error' in led) errors.push(led.error);
      return 'name' in led ? led.name : name;
    });
    return {
      ...row,
      department: 'name' in department ? department.name : row.department,
      ...(leadOf === undefined ? {} : { leadOf: [...new Set(leadOf)] }),
      errors,
    };
  });
  const valid = preview.errors.length === 0 && rows.every((r) => r.errors.length === 0);
  return { ...preview, rows, valid };
}
