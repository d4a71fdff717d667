/**
 * Whole-database helpers shared by backups, restore and `npm run db:copy`: they work on every table of the `public`
 * schema as the database itself lists them, so a table added by a later migration is included without a code change.
 * Each takes a {@link SqlRunner}, which wraps a PGlite client or transaction, or a `pg` client.
 */

/** Runs one SQL statement with `$1…` parameters and returns its rows. */
export type SqlRunner = (statement: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Row count and checksum of one table. */
export interface TableSummary {
  rows: number;
  /** md5 over the md5 of every row's text form, in sorted order: equal when the rows are equal, in any order. */
  checksum: string;
}

/** Summaries of every table, by table name. */
export type DatabaseSummary = Record<string, TableSummary>;

/** Quotes an identifier for SQL ("name", with inner quotes doubled). */
export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The base tables of the `public` schema, parents before children (a table that another references by foreign key
 * comes first), and by name among equals, so that inserting in this order never breaks a foreign key.
 * @param run runs SQL on the database
 * @returns table names
 * @throws Error when the foreign keys form a cycle between tables (none does in this schema)
 */
export async function listTablesInForeignKeyOrder(run: SqlRunner): Promise<string[]> {
  const tables = (
    await run(`select table_name::text as name from information_schema.tables
               where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  ).map((row) => String(row.name));
  const edges = await run(`select child.relname::text as child, parent.relname::text as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid join pg_namespace cn on cn.oid = child.relnamespace
    join pg_class parent on parent.oid = c.confrelid join pg_namespace pn on pn.oid = parent.relnamespace
    where c.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public' and child.oid <> parent.oid`);
  const parents = new Map<string, Set<string>>(tables.map((name) => [name, new Set<string>()]));
  for (const edge of edges) parents.get(String(edge.child))?.add(String(edge.parent));
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((name) => !done.has(name) && [...(parents.get(name) ?? [])].every((p) => done.has(p)));
    if (next === undefined) throw new Error('The foreign keys between the tables form a cycle; cannot order them.');
    ordered.push(next);
    done.add(next);
  }
  return ordered;
}

/**
 * Row count and checksum of every table (see {@link TableSummary}). Times are rendered in UTC so that the embedded
 * database and PostgreSQL give the same text for the same rows. Call it inside one transaction (or on a database
 * no one else writes to) for a consistent picture.
 * @param run runs SQL on the database
 * @param tables table names (default: every table, {@link listTablesInForeignKeyOrder})
 * @returns the summary by table name
 */
export async function summarizeTables(run: SqlRunner, tables?: string[]): Promise<DatabaseSummary> {
  const names = tables ?? (await listTablesInForeignKeyOrder(run));
  await run(`select set_config('TimeZone', 'UTC', true)`);
  const summary: DatabaseSummary = {};
  for (const name of names) {
    const [row] = await run(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
       from (select md5(t::text) as h from ${quoteIdentifier(name)} t) rows_of_table`,
    );
    summary[name] = { rows: Number(row?.rows ?? 0), checksum: String(row?.checksum ?? '') };
  }
  return summary;
}

/**
 * The tables whose count or checksum differ between two summaries (a table missing on one side differs).
 * @returns one line per difference, e.g. `users: 10 rows (checksum ab12…) vs 9 rows (cd34…)`; empty when equal
 */
export function summaryDifferences(expected: DatabaseSummary, actual: DatabaseSummary): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const show = (s: TableSummary | undefined) =>
    s ? `${s.rows} rows (checksum ${s.checksum.slice(0, 8)}…)` : 'missing';
  return names
    .filter((n) => expected[n]?.rows !== actual[n]?.rows || expected[n]?.checksum !== actual[n]?.checksum)
    .map((n) => `${n}: ${show(expected[n])} expected, ${show(actual[n])} found`);
}

/**
 * The tables that hold rows.
 * @returns `name (N rows)` for each non-empty table; empty when the database holds no data
 */
export async function nonEmptyTables(run: SqlRunner): Promise<string[]> {
  const found: string[] = [];
  for (const name of await listTablesInForeignKeyOrder(run)) {
    const [row] = await run(`select count(*)::int as rows from ${quoteIdentifier(name)}`);
    const rows = Number(row?.rows ?? 0);
    if (rows > 0) found.push(`${name} (${rows} rows)`);
  }
  return found;
}
