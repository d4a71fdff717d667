import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from '../../db/client.js';
import type { EmbeddedClient } from '../../db/embedded-client.js';
import * as schema from '../../db/schema.js';
import { CHANGES_CHANNEL } from '../../db/changes.js';
import {
  listTablesInForeignKeyOrder,
  quoteIdentifier,
  summarizeTables,
  summaryDifferences,
  type DatabaseSummary,
  type SqlRunner,
} from '../../db/tables.js';
import { parseBackupFile, type BackupManifest } from './backup-file.js';
import { RestoreError } from './restore.js';

/**
 * Restoring a backup into the running server's embedded database (docs/operations.md#backups,
 * docs/decisions/038-restore-from-the-admin-console.md). The backup is opened beside the live database, in memory,
 * checked against its header (every table's row count and checksum) and migrated to this version; then, in one
 * transaction of the live database, every table is emptied and filled with the backup's rows, checked again, and the
 * change feed is told that everything changed. Nothing is closed or reopened: the server keeps its one database and
 * serves the restored rows from the next request on. When anything fails, the transaction rolls back and the live
 * database is as it was.
 */

/**
 * Tables a restore leaves as they are now, because rolling them back would rewrite what already happened:
 * - `audit_log`: the record of who did what, the restore itself included, stays whole;
 * - `sessions`: a sign-out since the backup stays a sign-out (sessions of people the backup does not know are ended);
 * - `mail_outbox`: messages already sent are not sent again.
 */
export const TABLES_KEPT_BY_RESTORE = ['audit_log', 'sessions', 'mail_outbox'] as const;

const BATCH_ROWS = 1000;

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

const runnerOf =
  (client: Pick<PGlite, 'query'>): SqlRunner =>
  async (statement, params) =>
    (await client.query<Record<string, unknown>>(statement, params)).rows;

/**
 * Replaces the rows of a running embedded database with a backup's (see the module comment).
 * @param client the server's open PGlite database (in its worker thread, or in this one)
 * @param file path of the backup file
 * @returns the backup's manifest and the summary of the restored tables
 * @throws NotABackupError when the file is not a backup of this app
 * @throws RestoreError when the backup is damaged (its rows differ from its header), comes from a newer version of
 *   the app, or the restored rows differ from the backup's; the live database is then unchanged
 */
export async function restoreIntoRunningDatabase(
  client: EmbeddedClient,
  file: string,
): Promise<{ manifest: BackupManifest; restored: DatabaseSummary }> {
  const { manifest, tar } = parseBackupFile(readFileSync(file));
  const live = runnerOf(client);
  const [applied] = await live('select count(*)::int as n from drizzle.__drizzle_migrations');
  if (manifest.migrations > Number(applied?.n ?? 0)) {
    throw new RestoreError(
      `This backup comes from a newer version of the app (${manifest.migrations} database changes, this version ` +
        `knows ${Number(applied?.n ?? 0)}). Upgrade the app first, then restore it.`,
    );
  }
  const source = new PGlite({ loadDataDir: new Blob([new Uint8Array(tar)]) });
  try {
    await source.waitReady;
    const read = runnerOf(source);
    const asTaken = await summarizeTables(read);
    const damaged = summaryDifferences(manifest.tables, asTaken);
    if (damaged.length > 0)
      throw new RestoreError(`This backup is damaged: its rows differ from its header:\n  ${damaged.join('\n  ')}`);
    await migrate({
      db: drizzle(source, { schema }),
      driver: { kind: 'pglite', client: source },
      close: async () => {},
    });

    const tables = await listTablesInForeignKeyOrder(read);
    const liveTables = await listTablesInForeignKeyOrder(live);
    if (tables.join() !== liveTables.join())
      throw new RestoreError(`The backup's tables (${tables.join(', ')}) differ from this version's.`);
    const kept = new Set<string>(TABLES_KEPT_BY_RESTORE);
    const replaced = tables.filter((table) => !kept.has(table));
    const expected = await summarizeTables(read, replaced);

    const restored = await client.transaction(async (tx) => {
      const run: SqlRunner = async (statement, params) =>
        (await tx.query<Record<string, unknown>>(statement, params)).rows;
      // No trigger fires (foreign keys included) while the rows are swapped: the backup's rows are consistent among
      // themselves, and derived tables (the admin members table) are taken as the backup holds them.
      await run('set local session_replication_role = replica');
      for (const table of [...replaced].reverse()) await run(`delete from ${quoteIdentifier(table)}`);
      for (const table of replaced) {
        const { writable, identity } = await columnsOf(run, table);
        const name = quoteIdentifier(table);
        const columns = writable.map(quoteIdentifier).join(', ');
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const batch = await read(
            `select row_to_json(t)::text as row from ${name} t order by ctid limit ${BATCH_ROWS} offset ${offset}`,
          );
          if (batch.length === 0) break;
          await run(
            `insert into ${name} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
            [`[${batch.map((r) => String(r.row)).join(',')}]`],
          );
        }
        for (const column of identity) {
          await run(
            `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdentifier(column)}), 1),
                           max(${quoteIdentifier(column)}) is not null) from ${name}`,
            [name, column],
          );
        }
      }
      // What the kept tables say of people the backup does not know: their sessions end, the audit log keeps the
      // e-mail address it recorded and lets go of the user record (as when a user record is removed).
      await run('delete from sessions s where not exists (select 1 from users u where u.id = s.user_id)');
      await run(
        `update audit_log a set actor_user_id = null
         where actor_user_id is not null and not exists (select 1 from users u where u.id = a.actor_user_id)`,
      );
      const actual = await summarizeTables(run, replaced);
      const differences = summaryDifferences(expected, actual);
      if (differences.length > 0) {
        throw new RestoreError(
          `The restored rows do not match the backup; nothing was changed:\n  ${differences.join('\n  ')}`,
        );
      }
      await run('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'everything']);
      return actual;
    });
    return { manifest, restored };
  } finally {
    await source.close().catch(() => undefined);
  }
}
