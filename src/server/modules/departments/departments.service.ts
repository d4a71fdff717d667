import { sql } from 'drizzle-orm';
import { departmentKey, type Departments } from '../../../shared/departments-api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { departments } from '../../db/schema.js';
import { HttpError, notFound } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import { keyOf, moveRecords, rowsOf, type Row } from './departments.repository.js';

/**
 * The departments list (docs/product.md#departments, docs/decisions/048-departments-list.md): seeded once from the
 * role configurations' departments, then kept by admins (add, rename, retire); a member's department and the
 * departments a lead leads are chosen from it.
 */

/** The department of a person without a member record (docs/product.md#member-records), always seeded. */
export const DEFAULT_DEPARTMENT_NAME = 'Operations';

/** Who makes a change, for the audit log. */
export interface DepartmentActor {
  actorUserId: string | null;
  actorEmail: string | null;
}

/** One row of the list. */
interface ListedDepartment {
  key: string;
  name: string;
  retired: boolean;
}

/**
 * The names the list starts with: the display name of every role configuration that is a department, the parent
 * departments named by sub-roles (as their configuration's display name when there is one), and 'Operations'.
 * @param catalog the published role configurations
 * @returns names, one per key, in catalogue order then 'Operations'
 */
export function seedDepartmentNames(catalog: RoleCatalog): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const key = departmentKey(name);
    if (key !== '' && !names.has(key)) names.set(key, name.trim());
  };
  for (const config of catalog.values()) {
    if (config.isDepartment) add(config.displayName);
  }
  for (const config of catalog.values()) {
    if (config.parentDepartment === null) continue;
    const parent = catalog.get(config.parentDepartment.toLowerCase());
    add(parent?.displayName ?? config.parentDepartment);
  }
  add(DEFAULT_DEPARTMENT_NAME);
  return [...names.values()];
}

/**
 * Fills the list from the role configurations when it has never been filled (it has no row at all; rows are never
 * deleted). Safe when two processes do it at once.
 * @param db the database or a transaction
 * @param catalog the published role configurations
 */
export async function ensureDepartments(db: Database, catalog: RoleCatalog): Promise<void> {
  const [any] = await db.select({ key: departments.key }).from(departments).limit(1);
  if (any !== undefined) return;
  const values = seedDepartmentNames(catalog).map((name) => ({ key: departmentKey(name), name }));
  await db.insert(departments).values(values).onConflictDoNothing();
}

/** Every department of the list, seeding it first when needed. */
async function listed(db: Database, catalog: RoleCatalog): Promise<ListedDepartment[]> {
  await ensureDepartments(db, catalog);
  const rows = await db.select().from(departments);
  return rows
    .map((r) => ({ key: r.key, name: r.name, retired: r.retiredAt !== null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The list with how many member records name each department (as their department, and among the departments they
 * lead), and the departments member records name that are not in the list.
 * @param db the database
 * @param catalog the published role configurations (for the first seeding)
 * @returns the answer of GET /api/admin/departments (shared departments-api.ts)
 */
export async function listDepartmentsWithCounts(db: Database, catalog: RoleCatalog): Promise<Departments> {
  const list = await listed(db, catalog);
  const members = rowsOf(
    await db.execute(sql`select ${keyOf(sql`department`)} as key, min(btrim(department)) as name, count(*)::int as n
      from members group by 1`),
  );
  const leads = rowsOf(
    await db.execute(sql`select ${keyOf(sql`d`)} as key, min(btrim(d)) as name, count(distinct email)::int as n
      from members, unnest(lead_of) as d group by 1`),
  );
  const count = (rows: Row[], key: string) => Number(rows.find((r) => r.key === key)?.n ?? 0);
  const keys = new Set(list.map((d) => d.key));
  const unlisted = new Map<string, string>();
  for (const r of [...members, ...leads]) {
    const key = String(r.key);
    if (key !== '' && !keys.has(key) && !unlisted.has(key)) unlisted.set(key, String(r.name));
  }
  return {
    items: list.map((d) => ({
      name: d.name,
      retired: d.retired,
      members: count(members, d.key),
      leads: count(leads, d.key),
    })),
    unlisted: [...unlisted]
      .map(([key, name]) => ({ name, members: count(members, key), leads: count(leads, key) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The list's department named `name` (any case), or a 404 saying so. */
async function findListed(db: Database, catalog: RoleCatalog, name: string): Promise<ListedDepartment> {
  const found = (await listed(db, catalog)).find((d) => d.key === departmentKey(name));
  if (found === undefined) throw notFound(`There is no department called "${name}" in the list.`);
  return found;
}

/**
 * Adds a department to the list; audited as `department-change` (reason `added`).
 * @param name the name as written (trimmed)
 * @throws HttpError 409 when the list has it already (saying so when it is retired)
 */
export async function addDepartment(
  db: Database,
  catalog: RoleCatalog,
  name: string,
  actor: DepartmentActor,
  at: Date,
): Promise<void> {
  const clean = name.trim().replace(/\s+/gu, ' ');
  await db.transaction(async (tx) => {
    const existing = (await listed(tx, catalog)).find((d) => d.key === departmentKey(clean));
    if (existing !== undefined) {
      throw new HttpError(
        409,
        existing.retired
          ? `"${existing.name}" is in the list already, retired: offer it again instead.`
          : `"${existing.name}" is in the list already.`,
      );
    }
    await tx.insert(departments).values({ key: departmentKey(clean), name: clean, createdAt: at, updatedAt: at });
    await recordAudit(tx, {
      kind: 'department-change',
      outcome: 'ok',
      ...actor,
      subject: clean,
      reason: 'added',
      at,
    });
  });
}

/**
 * Renames a department of the list and/or retires it or offers it again. A rename changes it for every member record,
 * lead and person who has it, in one transaction; audited as `department-change` (reasons `renamed`, `retired`,
 * `restored`).
 * @param current the department's name now (any case)
 * @param change a new name and/or whether it is retired
 * @throws HttpError 404 when the list has no such department; 409 when the new name is another department's
 */
export async function changeDepartment(
  db: Database,
  catalog: RoleCatalog,
  current: string,
  change: { name?: string | undefined; retired?: boolean | undefined },
  actor: DepartmentActor,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findListed(tx, catalog, current);
    if (change.name !== undefined) {
      const name = change.name.trim().replace(/\s+/gu, ' ');
      const key = departmentKey(name);
      const other = (await listed(tx, catalog)).find((d) => d.key === key && d.key !== before.key);
      if (other !== undefined) {
        throw new HttpError(
          409,
          `"${other.name}" is in the list already. To put the members of "${before.name}" in it, move them instead.`,
        );
      }
      if (name !== before.name) {
        await tx.execute(
          sql`update departments set key = ${key}, name = ${name}, updated_at = ${at.toISOString()}::timestamptz
            where key = ${before.key}`,
        );
        const counts = await moveRecords(tx, before.key, name);
        await recordAudit(tx, {
          kind: 'department-change',
          outcome: 'ok',
          ...actor,
          subject: name,
          reason: 'renamed',
          details: { from: before.name, to: name, ...counts },
          at,
        });
        before.key = key;
        before.name = name;
      }
    }
    if (change.retired !== undefined && change.retired !== before.retired) {
      await tx.execute(
        sql`update departments set retired_at = ${change.retired ? at.toISOString() : null}::timestamptz,
          updated_at = ${at.toISOString()}::timestamptz where key = ${before.key}`,
      );
      await recordAudit(tx, {
        kind: 'department-change',
        outcome: 'ok',
        ...actor,
        subject: before.name,
        reason: change.retired ? 'retired' : 'restored',
        at,
      });
    }
  });
}

/**
 * Moves every member record and lead of the department `from` (listed or not, e.g. a mistyped 'Chapterz') to the
 * department `to` of the list; audited as `department-change` (reason `moved`).
 * @throws HttpError 400 when `to` is not a department of the list, or is retired
 * @returns how many member records and leads changed
 */
export async function moveDepartment(
  db: Database,
  catalog: RoleCatalog,
  from: string,
  to: string,
  actor: DepartmentActor,
  at: Date,
): Promise<{ members: number; leads: number }> {
  return db.transaction(async (tx) => {
    const list = await listed(tx, catalog);
    const target = list.find((d) => d.key === departmentKey(to));
    if (target === undefined || target.retired) throw unknownDepartment(to, list);
    if (departmentKey(from) === target.key) return { members: 0, leads: 0 };
    const counts = await moveRecords(tx, departmentKey(from), target.name);
    await recordAudit(tx, {
      kind: 'department-change',
      outcome: 'ok',
      ...actor,
      subject: target.name,
      reason: 'moved',
      details: { from: from.trim(), to: target.name, ...counts },
      at,
    });
    return counts;
  });
}

/** The 400 of a department that is not one of the list's (or is retired), naming the ones that may be chosen. */
function unknownDepartment(name: string, list: readonly ListedDepartment[]): HttpError {
  const open = list.filter((d) => !d.retired).map((d) => d.name);
  const retired = list.find((d) => d.key === departmentKey(name) && d.retired);
  return new HttpError(
    400,
    retired !== undefined
      ? `The department "${retired.name}" is retired. Choose one of: ${open.join(', ')}.`
      : `"${name.trim()}" is not in the departments list. Choose one of: ${open.join(', ')}; or add it under Departments first.`,
  );
}

/**
 * Checks a member record's department and led departments against the list (docs/product.md#departments) and spells
 * them as the list does. A department or led department the record already has is accepted unchanged even when it is
 * not in the list or retired (docs/decisions/048-departments-list.md: nobody's record changes until an admin decides).
 * @param db the database or a transaction
 * @param catalog the published role configurations (for the first seeding)
 * @param input the department and the led departments asked for (undefined: unchanged)
 * @param before the record's current department and led departments; undefined for a new record
 * @returns the department and led departments to store
 * @throws HttpError 400 naming the first department that may not be chosen and the ones that may
 */
export async function checkMemberDepartments(
  db: Database,
  catalog: RoleCatalog,
  input: { department: string; leadOf?: readonly string[] | undefined },
  before: { department: string; leadOf: readonly string[] } | undefined,
): Promise<{ department: string; leadOf: string[] | undefined }> {
  const list = await listed(db, catalog);
  const spell = (name: string, kept: readonly string[]): string => {
    const found = list.find((d) => d.key === departmentKey(name));
    if (found !== undefined && !found.retired) return found.name;
    const own = kept.find((k) => departmentKey(k) === departmentKey(name));
    if (own !== undefined) return own;
    throw unknownDepartment(name, list);
  };
  const department = spell(input.department, before === undefined ? [] : [before.department]);
  const leadOf =
    input.leadOf === undefined ? undefined : [...new Set(input.leadOf.map((d) => spell(d, before?.leadOf ?? [])))];
  return { department, leadOf };
}

/**
 * The list as a lookup for checking many rows at once (the CSV import): each key to its name and whether retired.
 * @param db the database
 * @param catalog the published role configurations (for the first seeding)
 */
export async function departmentLookup(
  db: Database,
  catalog: RoleCatalog,
): Promise<{ find: (name: string) => { name: string; retired: boolean } | undefined; open: string[] }> {
  const list = await listed(db, catalog);
  const byKey = new Map(list.map((d) => [d.key, d]));
  return {
    find: (name) => byKey.get(departmentKey(name)),
    open: list.filter((d) => !d.retired).map((d) => d.name),
  };
}
