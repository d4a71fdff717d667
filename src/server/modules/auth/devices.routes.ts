import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICES_PATH,
  deviceParamsSchema,
  devicesResponseSchema,
  endedSessionsSchema,
  type Device,
} from '../../../shared/devices-api.js';
import { HttpError } from '../../http-errors.js';
import { endSession, requireUser, signedInUser, type SessionDeps } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import type { SessionRow } from '../../plugins/session-store.js';
import { endSessionOfUser, endSessionsOfUser, listSessionsOfUser } from './sessions.repository.js';

/** The 404 message for a session id that is not one of the member's own. */
export const NO_SUCH_DEVICE_MESSAGE = 'This device is not signed in to your account (any more).';

const nonEmpty = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' ? null : value.trim();

/**
 * What a User-Agent says about the device, in a few words (bowser, a well-kept parser).
 * @param userAgent the header as stored, or null
 * @returns the browser with its major version ('Chrome 131'), the operating system ('Windows 10', 'iOS 17.4') and the
 *   platform type ('desktop', 'mobile', 'tablet'), each null when the User-Agent does not say
 */
export function describeUserAgent(userAgent: string | null): Pick<Device, 'browser' | 'os' | 'platform'> {
  if (userAgent === null || userAgent.trim() === '') return { browser: null, os: null, platform: null };
  const parsed = Bowser.parse(userAgent);
  const browserName = nonEmpty(parsed.browser.name);
  const major = nonEmpty(parsed.browser.version?.split('.')[0]);
  const osName = nonEmpty(parsed.os.name);
  const osVersion = nonEmpty(parsed.os.versionName) ?? nonEmpty(parsed.os.version);
  return {
    browser: browserName === null ? null : major === null ? browserName : `${browserName} ${major}`,
    os: osName === null ? null : osVersion === null ? osName : `${osName} ${osVersion}`,
    platform: nonEmpty(parsed.platform.type),
  };
}

function toDevice(row: SessionRow, currentTokenHash: string | undefined): Device {
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastSeenAt.toISOString(),
    ipAddress: row.ipAddress,
    current: row.tokenHash === currentTokenHash,
    kind: row.kind,
  };
}

/**
 * The member's own signed-in devices (docs/product.md#your-devices; API in shared/devices-api.ts): list them, end one,
 * end all the others, end all. Only ever the member's own sessions — another member's session id answers 404 and
 * ends nothing. Every ending is audited (`sessions-ended`, reason `own-devices`) like an admin's sign-out of a member;
 * ending sessions announces them (db/changes.ts), so every app process forgets them at once and the device's next
 * request is answered 401.
 */
export const devicesRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const { db, now } = deps;

  const audit = async (email: string, userId: string, which: 'one' | 'others' | 'all', ended: number) =>
    recordAudit(db, {
      kind: 'sessions-ended',
      outcome: 'ok',
      actorUserId: userId,
      actorEmail: email,
      subject: email,
      reason: 'own-devices',
      details: { which, sessions: ended },
      at: now(),
    });

  app.get(
    DEVICES_PATH,
    { preValidation: requireUser, schema: { response: { 200: devicesResponseSchema } } },
    async function getMeSessions(request) {
      const user = signedInUser(request);
      const rows = await listSessionsOfUser(db, user.id, now());
      return { devices: rows.map((row) => toDevice(row, request.authSession?.tokenHash)) };
    },
  );

  app.delete(
    `${DEVICES_PATH}/:sessionId`,
    { preValidation: requireUser, schema: { params: deviceParamsSchema } },
    async function deleteMeSessionsBySessionId(request, reply) {
      const user = signedInUser(request);
      const ended = await endSessionOfUser(db, user.id, request.params.sessionId);
      if (ended === undefined) throw new HttpError(404, NO_SUCH_DEVICE_MESSAGE);
      await audit(user.email, user.id, 'one', 1);
      // Ending this device's own session signs it out: the cookie goes too.
      if (ended === request.authSession?.tokenHash) await endSession(deps, request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    `${DEVICES_PATH}/end-others`,
    { preValidation: requireUser, schema: { response: { 200: endedSessionsSchema } } },
    async function postMeSessionsEndOthers(request) {
      const user = signedInUser(request);
      const ended = await endSessionsOfUser(db, user.id, request.authSession?.tokenHash);
      await audit(user.email, user.id, 'others', ended);
      return { ended };
    },
  );

  app.post(
    `${DEVICES_PATH}/end-all`,
    { preValidation: requireUser, schema: { response: { 200: endedSessionsSchema } } },
    async function postMeSessionsEndAll(request, reply) {
      const user = signedInUser(request);
      const ended = await endSessionsOfUser(db, user.id);
      await audit(user.email, user.id, 'all', ended);
      await endSession(deps, request, reply);
      return { ended };
    },
  );
};
