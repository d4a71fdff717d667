import { z } from 'zod';
import { meResponseSchema } from './api.js';

/**
 * The HTTP contract of Google sign-in (docs/product.md#sign-in, docs/architecture.md#google-sign-in), beside the main
 * contract in api.ts:
 * - GET /api/auth/google/start?returnTo=/dashboard → 302 to the provider (a full-page redirect:
 *   docs/decisions/004-google-sign-in-redirect.md); 429 with a 'please wait' HTML page (to a navigation) when the
 *   address started too many sign-ins (docs/decisions/016-sign-in-rate-limits.md).
 * - POST /api/auth/google/callback with {@link googleCallbackBodySchema} → 200 {@link googleCallbackResponseSchema}
 *   and a new session cookie; 400 (expired, mismatched or replayed sign-in), 401 (the provider or the ID token was
 *   refused), 403 (not an account of the allowed domain; the message names the domain), 429 (too many failed
 *   sign-ins from the address or for the account; the message says how long to wait).
 * - GET /api/users/me/picture → the signed-in user's picture (an image or a redirect to one).
 */

export {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_REDIRECT_PATH,
  GOOGLE_START_PATH,
  RETURN_TO_PARAM,
  safeReturnTo,
} from './google-sign-in-paths.js';

/** The authorization response the login screen found in its address (`/login?code=…&state=…[&iss=…]`). */
export const googleCallbackBodySchema = z
  .object({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(512),
    /** RFC 9207 issuer identifier, passed on when the provider adds it. */
    iss: z.string().max(2048).optional(),
  })
  .strict();
export type GoogleCallbackBody = z.infer<typeof googleCallbackBodySchema>;

/** The signed-in user and the path to open next (a path on this site, `/dashboard` unless the start asked for another). */
export const googleCallbackResponseSchema = meResponseSchema.extend({ returnTo: z.string() });
export type GoogleCallbackResponse = z.infer<typeof googleCallbackResponseSchema>;
