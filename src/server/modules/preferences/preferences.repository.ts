import { eq } from 'drizzle-orm';
import { type Preferences, preferencesFrom, DEFAULT_PREFERENCES } from '../../../shared/preferences.js';
import type { Database } from '../../db/client.js';
import { memberPreferences } from '../../db/schema.js';

/**
 * A member's saved reading and display preferences (docs/product.md#reading-and-display).
 * @param db the database
 * @param userId the member's user id
 * @returns the saved preferences (a field saved before it existed takes its default), or the defaults when none are
 *   saved
 */
export async function preferencesOf(db: Database, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({ preferences: memberPreferences.preferences })
    .from(memberPreferences)
    .where(eq(memberPreferences.userId, userId));
  return row === undefined ? { ...DEFAULT_PREFERENCES } : preferencesFrom(row.preferences);
}

/**
 * Saves a member's preferences, all of them (the state wanted: saving the same again changes nothing).
 * @param db the database
 * @param userId the member's user id (a user that exists)
 * @param preferences the preferences, already checked against the API's schema
 * @param at when
 * @returns the saved preferences
 */
export async function savePreferences(
  db: Database,
  userId: string,
  preferences: Preferences,
  at: Date,
): Promise<Preferences> {
  await db
    .insert(memberPreferences)
    .values({ userId, preferences, updatedAt: at })
    .onConflictDoUpdate({ target: memberPreferences.userId, set: { preferences, updatedAt: at } });
  return preferences;
}
