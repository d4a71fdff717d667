import type { User } from '@shared/api';
import { apiPaths } from '@/config/paths';
import { apiRequest, isApiError } from '@/lib/api-client';
import { meResponseDecoder } from '@/lib/decoders';
import { writeCachedUser } from '../utils/user-cache';

/**
 * GET /api/me, keeping the cached profile (utils/user-cache.ts) in step with the server's answer. Free of TanStack
 * Query, so that the login page (its own document, docs/decisions/012-login-page-own-entry.md) can use it.
 * @param options.signal cancels the request
 * @returns the signed-in user, or null when there is no session (401)
 * @throws ApiError otherwise (5xx, no connection: status 0, an answer without user data)
 */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    const { user } = await apiRequest(apiPaths.me, meResponseDecoder, { signal });
    writeCachedUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      writeCachedUser(null);
      return null;
    }
    throw error;
  }
}
