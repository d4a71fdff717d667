import { PREBOARDING_PREFERENCES_PATH, type Preferences, PREFERENCES_PATH, preferencesFrom } from '@shared/preferences';
import { apiRequest } from '@/lib/api-client';
import { objectDecoder } from '@/lib/decoders';

const preferencesDecoder = objectDecoder<Preferences>(
  (value) => typeof value.theme === 'string' && typeof value.textSize === 'number',
  (value) => preferencesFrom(value),
);

/**
 * PUT /api/me/preferences (src/shared/preferences-api.ts): saves all the signed-in member's preferences; or, on the
 * pre-boarding page, PUT /api/preboarding/preferences: the newcomer's, theirs from their first sign-in.
 * @param preferences what to save
 * @param to 'account' (default) or 'preboarding'
 * @returns what the server saved
 * @throws ApiError (401 when no one is signed in, or the pre-boarding session ended)
 */
export function savePreferences(
  preferences: Preferences,
  to: 'account' | 'preboarding' = 'account',
): Promise<Preferences> {
  const path = to === 'preboarding' ? PREBOARDING_PREFERENCES_PATH : PREFERENCES_PATH;
  return apiRequest(path, preferencesDecoder, { method: 'PUT', body: preferences });
}
