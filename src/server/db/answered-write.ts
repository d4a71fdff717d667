import { isEmbedded, type Database } from './client.js';

/**
 * Runs a write that is atomic on its own (one statement) so that a write answered as failed is never applied later
 * (docs/architecture.md#database-unavailable). On PostgreSQL a statement past DATABASE_TIMEOUT_SECONDS is answered 503
 * while the statement itself may still reach the database afterwards (a network or a frozen host that held it): alone,
 * it would commit then. So there it runs in a transaction whose commit is sent only after the statement answered in
 * time; a connection cut off before that is closed and the transaction rolled back. The embedded database has no
 * network and no limit, so there the statement runs alone (one exchange instead of three).
 * @param db the database (drizzle's `$client` says which driver it has) or a transaction (the write then joins it)
 * @param write the write, given the database or transaction to run on
 * @returns what the write returns
 * @throws whatever the write or the database throws; nothing is stored then
 */
export async function writeOnlyIfAnswered<T>(db: Database, write: (db: Database) => Promise<T>): Promise<T> {
  if (isEmbedded(db)) return write(db);
  return db.transaction(async (tx) => write(tx));
}
