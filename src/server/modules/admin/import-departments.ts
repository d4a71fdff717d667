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
 * list is spelt as the list spells it ('finance' → 'Finance').
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
  const own = new Map<string, string>();
  const CHUNK = 1000;
  for (let i = 0; i < preview.rows.length; i += CHUNK) {
    const emails = preview.rows.slice(i, i + CHUNK).map((r) => r.email);
    const found = await db
      .select({ email: members.email, department: members.department })
      .from(members)
      .where(inArray(members.email, emails));
    for (const m of found) own.set(m.email, m.department);
  }
  const rows = preview.rows.map((row) => {
    const listed = lookup.find(row.department);
    if (listed !== undefined && !listed.retired) return { ...row, department: listed.name };
    const kept = own.get(row.email);
    if (kept !== undefined && departmentKey(kept) === departmentKey(row.department))
      return { ...row, department: kept };
    const why =
      listed?.retired === true
        ? `Department "${listed.name}" is retired.`
        : `Department "${row.department}" is not in the departments list.`;
    return { ...row, errors: [...row.errors, `${why} Choose one of: ${lookup.open.join(', ')}.`] };
  });
  const valid = preview.errors.length === 0 && rows.every((r) => r.errors.length === 0);
  return { ...preview, rows, valid };
}
