import { z } from 'zod';

/**
 * The member's own signed-in devices (docs/product.md#your-devices), for any signed-in member (401 otherwise):
 * - GET /api/me/sessions → {@link devicesResponseSchema}: every session of the member that has not expired.
 * - DELETE /api/me/sessions/:sessionId → 204: ends one of the member's sessions (ending the current one signs this
 *   device out); 404 when the member has no session with that id — another member's included.
 * - POST /api/me/sessions/end-others → {@link endedSessionsSchema}: ends every session but this device's.
 * - POST /api/me/sessions/end-all → {@link endedSessionsSchema}: ends every session, this device's too (signed out).
 */

export const DEVICES_PATH = '/api/me/sessions';

/** One signed-in device: a session of the member. */
export const deviceSchema = z.object({
  /** The session's public id (never its token). */
  id: z.uuid(),
  /** The browser, from its User-Agent, e.g. 'Chrome 131'; null when unknown. */
  browser: z.string().nullable(),
  /** The operating system, e.g. 'Windows 10' or 'Android 14'; null when unknown. */
  os: z.string().nullable(),
  /** 'desktop', 'mobile', 'tablet', … when the User-Agent says so; null otherwise. */
  platform: z.string().nullable(),
  /** When it signed in (ISO 8601). */
  signedInAt: z.iso.datetime(),
  /** When it was last used (ISO 8601, to about a minute). */
  lastUsedAt: z.iso.datetime(),
  /** The address the server saw it use last (approximate "where from"); null when not recorded. */
  ipAddress: z.string().nullable(),
  /** Whether this is the device asking. */
  current: z.boolean(),
  /** How it signed in: 'google' or 'development'. */
  kind: z.enum(['google', 'development']),
});
export type Device = z.infer<typeof deviceSchema>;

export const devicesResponseSchema = z.object({ devices: z.array(deviceSchema) });
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

export const deviceParamsSchema = z.object({ sessionId: z.uuid('must be the id of one of your devices') });

/** How many sessions an 'end' ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
