import { sql, type SQL } from 'drizzle-orm';
import { announce } from '../../db/changes.js';
import type { Database } from '../../db/client.js';

/** A row of a raw query. */
export type Row = Record<string, unknown>;

/** The rows of a raw query (both drivers answer `{ rows }`). */
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** SQL that turns a department text into its key, as `departmentKey` (shared departments-api.ts) does. */
export const keyOf = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * Gives every member record and lead naming `fromKey` the department `to` instead (and people without a record whose
 * stored department it is), announcing the change to every process.
 * @returns how many member records changed department, and how many leads' lists changed
 */
export async function moveRecords(
  tx: Database,
  fromKey: string,
  to: string,
): Promise<{ members: number; leads: number }> {
  const moved = rowsOf(
    await tx.execute(sql`update members set department = ${to}, updated_at = now()
      where ${keyOf(sql`department`)} = ${fromKey} returning email`),
  );
  const led = rowsOf(
    await tx.execute(sql`update members
      set lead_of = array(select min(v) from (select case when ${keyOf(sql`d`)} = ${fromKey} then ${to} else d end as v
                                               from unnest(lead_of) as d) as x group by ${keyOf(sql`v`)}),
          updated_at = now()
      where exists (select 1 from unnest(lead_of) as d where ${keyOf(sql`d`)} = ${fromKey}) returning email`),
  );
  await tx.execute(sql`update users set department = ${to} where ${keyOf(sql`department`)} = ${fromKey}`);
  await announce(tx, { kind: 'everything' });
  return { members: moved.length, leads: led.length };
}
