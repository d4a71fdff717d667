import type { GoogleCallbackBody, GoogleCallbackResponse } from '@shared/google-sign-in-api';
import { GOOGLE_CALLBACK_PATH, GOOGLE_START_PATH, RETURN_TO_PARAM } from '@shared/google-sign-in-paths';
import { apiRequest } from '@/lib/api-client';
import { googleCallbackResponseDecoder } from '@/lib/decoders';

/**
 * Where the browser goes to start a Google sign-in (docs/product.md#sign-in): the server's start route, which redirects
 * to Google and back to /login (docs/decisions/004-google-sign-in-redirect.md).
 * @param returnTo a path on this site to open after signing in (the server keeps only safe paths)
 */
export function googleStartHref(returnTo?: string): string {
  return returnTo === undefined
    ? GOOGLE_START_PATH
    : `${GOOGLE_START_PATH}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

/**
 * POST /api/auth/google/callback — the login callback of docs/product.md#sign-in: hands the authorization response to
 * the server, which exchanges the code and starts the session.
 * @returns the signed-in user and the path to open next
 * @throws ApiError: 400 (expired, mismatched or used sign-in), 401 (refused by Google or by the token checks),
 *   403 (not an account of the organisation's domain; the message names it), 429, 5xx, status 0 (no connection), or
 *   the status of a 2xx answer without user data
 */
export async function exchangeGoogleCode(body: GoogleCallbackBody): Promise<GoogleCallbackResponse> {
  return apiRequest(GOOGLE_CALLBACK_PATH, googleCallbackResponseDecoder, { method: 'POST', body });
}
