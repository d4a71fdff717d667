import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrate, openDatabase, type OpenDatabase } from './client.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import {
  listTablesInForeignKeyOrder,
  nonEmptyTables,
  quoteIdentifier,
  summarizeTables,
  summaryDifferences,
  type DatabaseSummary,
  type SqlRunner,
} from './tables.js';

/**
 * `npm run db:copy` (docs/decisions/019-backups-and-database-copy.md): copies every table of one database into
 * another, empty one — the embedded database of a data folder into PostgreSQL when the organisation outgrows one
 * machine, or back. Both are migrated to this version first; the source is read in one snapshot; the target is
 * written in one transaction with its own triggers off (derived tables are copied as they are), and the copy is
 * verified table by table (row count and checksum) before it is committed.
 */

/** A database named on the command line: a PostgreSQL URL, or the data folder of an embedded database. */
export type DatabaseLocation = { url: string } | { dataDir: string };

/** Thrown when the copy refuses or fails its check; the message says why. Nothing was written to the target. */
export class CopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyError';
  }
}

/** Rows per batch read from the source and written to the target. */
const BATCH_ROWS = 1000;

/**
 * Reads `--from`/`--to` text: postgres:// and postgresql:// URLs are PostgreSQL, anything else a data folder.
 * @param text a URL or a folder path
 */
export const parseLocation = (text: string): DatabaseLocation =>
  /^postgres(?:ql)?:\/\//i.test(text) ? { url: text } : { dataDir: path.resolve(text) };

/** The location for messages, without a password. */
export function describeLocation(location: DatabaseLocation): string {
  if ('dataDir' in location) return `the embedded database in ${location.dataDir}`;
  try {
    const url = new URL(location.url);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** One open side of the copy: its database, one connection's runner, and how to let go of it. */
interface Side {
  database: OpenDatabase;
  run: SqlRunner;
  release(): Promise<void>;
}

async function openSide(location: DatabaseLocation, role: 'source' | 'target'): Promise<Side> {
  let lock: DataDirLock | undefined;
  if ('dataDir' in location) {
    const hasDatabase = existsSync(path.join(location.dataDir, 'PG_VERSION'));
    if (role === 'source' && !hasDatabase) {
      throw new CopyError(`There is no embedded database in ${location.dataDir} (no PG_VERSION file) to copy from.`);
    }
    lock = acquireDataDirLock(location.dataDir, 'npm run db:copy');
  }
  let database: OpenDatabase;
  try {
    database = await openDatabase('url' in location ? { url: location.url } : { dataDir: location.dataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    await migrate(database);
    if (database.driver.kind === 'pglite') {
      const client = database.driver.client;
      return {
        database,
        run: async (statement, params) => (await client.query<Record<string, unknown>>(statement, params)).rows,
        release: async () => {
          await database.close();
          lock?.release();
        },
      };
    }
    const connection = await database.driver.pool.connect();
    return {
      database,
      run: async (statement, params) => (await connection.query(statement, params)).rows as Record<string, unknown>[],
      release: async () => {
        connection.release();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    lock?.release();
    throw error;
  }
}

/** Columns of a table that take written values (not generated), and its identity columns. */
async function columnsOf(run: SqlRunner, table: string): Promise<{ writable: string[]; identity: string[] }> {
  const rows = await run(
    `select column_name::text as name, is_identity::text as identity, is_generated::text as generated
     from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return {
    writable: rows.filter((r) => r.generated !== 'ALWAYS').map((r) => String(r.name)),
    identity: rows.filter((r) => r.identity === 'YES').map((r) => String(r.name)),
  };
}

/** What a copy did. */
export interface CopyResult {
  tables: DatabaseSummary;
}

/**
 * Copies every table from `from` into `to` (see the module comment).
 * @param from the source: a PostgreSQL URL or a data folder holding an embedded database
 * @param to the target: an empty PostgreSQL database, or a data folder (created when missing)
 * @param onTable called after each table with its name and row count (progress for the command line)
 * @returns every table's row count and checksum, equal on both sides
 * @throws CopyError when the source is missing, the target holds data, or the check finds a difference
 * @throws DataDirBusyError when a running server holds either data folder
 */
export async function copyDatabase(
  from: DatabaseLocation,
  to: DatabaseLocation,
  onTable: (table: string, rows: number) => void = () => {},
): Promise<CopyResult> {
  if ('dataDir' in from && 'dataDir' in to && from.dataDir === to.dataDir) {
    throw new CopyError('--from and --to name the same data folder.');
  }
  const source = await openSide(from, 'source');
  try {
    const target = await openSide(to, 'target');
    try {
      const filled = await nonEmptyTables(target.run);
      if (filled.length > 0) {
        throw new CopyError(
          `${describeLocation(to)} is not empty: ${filled.join(', ')}. Copy into a new, empty database ` +
            '(for PostgreSQL: createdb onboarding), so that nothing there is overwritten or mixed.',
        );
      }
      const tables = await listTablesInForeignKeyOrder(source.run);
      const targetTables = await listTablesInForeignKeyOrder(target.run);
      if (tables.join() !== targetTables.join()) {
        throw new CopyError(
          `The two databases have different tables (${tables.join(', ')} / ${targetTables.join(', ')}).`,
        );
      }
      await source.run(
        source.database.driver.kind === 'postgres' ? 'begin isolation level repeatable read read only' : 'begin',
      );
      try {
        await target.run('begin');
        try {
          for (const table of tables) {
            const { writable, identity } = await columnsOf(target.run, table);
            const name = quoteIdentifier(table);
            const columns = writable.map(quoteIdentifier).join(', ');
            await target.run(`alter table ${name} disable trigger user`);
            await source.run(
              `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${name} t`,
            );
            let rows = 0;
            for (;;) {
              const batch = await source.run(`fetch ${BATCH_ROWS} from copy_rows`);
              if (batch.length === 0) break;
              await target.run(
                `insert into ${name} (${columns}) overriding system value
                 select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
                [`[${batch.map((r) => String(r.row)).join(',')}]`],
              );
              rows += batch.length;
            }
            await source.run('close copy_rows');
            for (const column of identity) {
              await target.run(
                `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdentifier(column)}), 1),
                               max(${quoteIdentifier(column)}) is not null) from ${name}`,
                [name, column],
              );
            }
            await target.run(`alter table ${name} enable trigger user`);
            onTable(table, rows);
          }
          const expected = await summarizeTables(source.run, tables);
          const actual = await summarizeTables(target.run, tables);
          const differences = summaryDifferences(expected, actual);
          if (differences.length > 0) {
            throw new CopyError(`The copy does not match the source; nothing was kept:\n  ${differences.join('\n  ')}`);
          }
          await target.run('commit');
          return { tables: actual };
        } catch (error) {
          await target.run('rollback').catch(() => undefined);
          throw error;
        }
      } finally {
        await source.run('rollback').catch(() => undefined);
      }
    } finally {
      await target.release();
    }
  } finally {
    await source.release();
  }
}
