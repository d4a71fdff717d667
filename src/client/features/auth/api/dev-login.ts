import type { DevLoginBody } from '@shared/api';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { meResponseDecoder } from '@/lib/decoders';

/**
 * POST /api/auth/dev-login — the simulated development sign-in (docs/product.md#sign-in).
 * @param body an e-mail or role to sign in as (the server's defaults otherwise)
 * @returns the signed-in user
 * @throws ApiError (403 when development sign-in is off)
 */
export async function devLogin(body: DevLoginBody = {}) {
  const { user } = await apiRequest(apiPaths.devLogin, meResponseDecoder, { method: 'POST', body });
  return user;
}
