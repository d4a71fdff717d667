import { eq, sql } from 'drizzle-orm';
import { SECRET_NAMES } from '../../../shared/content-schema.js';
import type { Database } from '../../db/client.js';
import { sharedSecrets } from '../../db/schema.js';
import type { SecretBox } from './secret-box.js';
import type { SecretName, SharedSecrets } from './shared-secrets.js';

/** What the admin console shows of one shared password: never the value. */
export interface StoredSecretInfo {
  name: SecretName;
  set: boolean;
  /** When it was last set (ISO), and by whom (null: the initial value from the environment). */
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * Start-up (docs/decisions/020-people-and-permissions.md): stores the `*_PASS` environment values as initial values of
 * the passwords the database does not hold yet, re-encrypts in place every value stored under SECRETS_KEY_PREVIOUS, and
 * checks that every stored value opens with the configured keys.
 * @param db the database
 * @param box the keys
 * @param initial the `*_PASS` environment values
 * @returns how many values were stored from the environment and how many were re-encrypted
 * @throws SecretsKeyError (a clear message for the operator) when a stored value opens with neither key
 */
export async function prepareStoredSecrets(
  db: Database,
  box: SecretBox,
  initial: SharedSecrets,
): Promise<{ seeded: number; reencrypted: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(sharedSecrets).for('update');
    let reencrypted = 0;
    for (const row of rows) {
      const value = box.open(row.name, row); // throws SecretsKeyError for a wrong key
      if (row.keyId !== box.currentKeyId) {
        await tx.update(sharedSecrets).set(box.seal(row.name, value)).where(eq(sharedSecrets.name, row.name));
        reencrypted += 1;
      }
    }
    const stored = new Set(rows.map((r) => r.name));
    let seeded = 0;
    for (const name of SECRET_NAMES) {
      const value = initial.get(name);
      if (value === undefined || stored.has(name)) continue;
      await tx
        .insert(sharedSecrets)
        .values({ name, ...box.seal(name, value), updatedByEmail: null })
        .onConflictDoNothing();
      seeded += 1;
    }
    return { seeded, reencrypted };
  });
}

/**
 * The clear value of one shared password.
 * @returns the value, when it was last set, and whether an admin set it (not the environment); undefined when unset
 * @throws SecretsKeyError when it cannot be decrypted
 */
export async function readStoredSecret(
  db: Database,
  box: SecretBox,
  name: SecretName,
): Promise<{ value: string; updatedAt: Date; setByAdmin: boolean } | undefined> {
  const [row] = await db.select().from(sharedSecrets).where(eq(sharedSecrets.name, name));
  return row
    ? { value: box.open(name, row), updatedAt: row.updatedAt, setByAdmin: row.updatedByEmail !== null }
    : undefined;
}

/**
 * Sets (or rotates) a shared password, encrypted under the current key.
 * @param by the admin's address
 * @param at when
 */
export async function writeStoredSecret(
  db: Database,
  box: SecretBox,
  name: SecretName,
  value: string,
  by: string | null,
  at: Date,
): Promise<void> {
  const values = { ...box.seal(name, value), updatedAt: at, updatedByEmail: by };
  await db
    .insert(sharedSecrets)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: sharedSecrets.name, set: values });
}

/** Every shared password's state, by name, without values. */
export async function listStoredSecrets(db: Database): Promise<StoredSecretInfo[]> {
  const rows = new Map((await db.select().from(sharedSecrets)).map((r) => [r.name, r]));
  return SECRET_NAMES.map((name) => {
    const row = rows.get(name);
    return {
      name,
      set: row !== undefined,
      updatedAt: row && row.updatedByEmail !== null ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedByEmail ?? null,
    };
  });
}

/** How the organisation writes a day in the "password changed" notice ('3 Dec'). */
const CHANGED_ON = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Whether a member saw an older value of a password: an allowed reveal of theirs was written to the audit log before
 * the last time an admin set it (by the log's order, not clocks).
 * @param userId the member's user id
 * @param name the password
 * @returns the day it changed ('3 Dec'), or undefined when they never saw an older value
 */
export async function changedSinceSeen(
  db: Database,
  userId: string,
  name: SecretName,
  stored: { updatedAt: Date; setByAdmin: boolean },
): Promise<string | undefined> {
  if (!stored.setByAdmin) return undefined;
  const result = (await db.execute(sql`
    select exists (
      select 1 from audit_log r
      where r.kind = 'secret-reveal' and r.outcome = 'allowed' and r.subject = ${name} and r.actor_user_id = ${userId}
        and r.seq < (select max(s.seq) from audit_log s where s.kind = 'secret-rotated' and s.subject = ${name} and s.reason = 'set')
    ) as seen`)) as unknown as { rows: { seen: boolean }[] };
  return result.rows[0]?.seen === true ? CHANGED_ON.format(stored.updatedAt) : undefined;
}
