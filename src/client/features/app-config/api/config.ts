import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { setDateSettings } from '@/lib/dates';
import { appConfigDecoder } from '@/lib/decoders';

/**
 * GET /api/config — public settings: version, organisation, support e-mail, sign-in modes
 * (docs/product.md#login-screen). Free of TanStack Query, so that the login page
 * (docs/decisions/012-login-page-own-entry.md) can use it.
 * @param options.signal cancels the request
 * @throws ApiError (5xx, no connection: status 0, an answer of another shape)
 */
export async function getConfig({ signal }: { signal?: AbortSignal } = {}) {
  const config = await apiRequest(apiPaths.config, appConfigDecoder, { signal });
  // Every date the app writes from now on follows the organisation's settings (docs/product.md#dates-and-times).
  setDateSettings(config.dates);
  return config;
}
