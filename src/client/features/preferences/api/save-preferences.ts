import { type Preferences, PREFERENCES_PATH, preferencesFrom } from '@shared/preferences';
import { apiRequest } from '@/lib/api-client';
import { objectDecoder } from '@/lib/decoders';

const preferencesDecoder = objectDecoder<Preferences>(
  (value) => typeof value.theme === 'string' && typeof value.textSize === 'number',
  (value) => preferencesFrom(value),
);

/**
 * PUT /api/me/preferences (src/shared/preferences-api.ts): saves all the signed-in member's preferences.
 * @param preferences what to save
 * @returns what the server saved
 * @throws ApiError (401 when no one is signed in)
 */
export function savePreferences(preferences: Preferences): Promise<Preferences> {
  return apiRequest(PREFERENCES_PATH, preferencesDecoder, { method: 'PUT', body: preferences });
}
