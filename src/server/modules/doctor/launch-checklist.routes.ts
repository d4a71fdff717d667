import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  launchChecklistSchema,
  launchChecklistStateSchema,
  testMessageResponseSchema,
} from '../../../shared/launch-checklist-api.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { signedInUser } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import { requirePermission } from '../permissions/index.js';
import { checkMail } from './checks.js';
import {
  LAUNCH_CHECKLIST_AUDIT_KIND,
  LAUNCH_CHECK_TIMEOUT_MS,
  isChecklistDismissed,
  mailCheck,
  runLaunchChecklist,
} from './launch-checklist.js';

/** What the launch checklist's routes need. */
export interface LaunchChecklistRoutesOptions {
  db: Database;
  config: Config;
  now: () => Date;
  /** Whether a request has come through a proxy (X-Forwarded-For) while TRUST_PROXY is not set. */
  forwardedWithoutTrust: () => boolean;
}

/**
 * The admin console's launch checklist (docs/product.md#launch-checklist; shapes in src/shared/launch-checklist-api.ts).
 * Every route: 401 anonymous, 403 for anyone but an admin.
 * - GET /api/admin/launch-checklist → the checks.
 * - GET /api/admin/launch-checklist/state → `{ dismissed }` for the signed-in admin.
 * - PUT /api/admin/launch-checklist/state `{ dismissed }` → hides the checklist or shows it again; audited as
 *   'launch-checklist', whose latest entry per admin is the state.
 * - POST /api/admin/launch-checklist/test-message → a test message to the admin's own address through SMTP_URL
 *   (sent at once, not through the outbox, so the answer says whether the mail server took it).
 */
export const launchChecklistRoutes: FastifyPluginAsyncZod<LaunchChecklistRoutesOptions> = async (
  app,
  { db, config, now, forwardedWithoutTrust },
) => {
  app.addHook('onRequest', requirePermission('launch:check'));

  app.get(
    '/api/admin/launch-checklist',
    { schema: { response: { 200: launchChecklistSchema } } },
    async function getAdminLaunchChecklist(request) {
      const at = now();
      return {
        checkedAt: at.toISOString(),
        checks: await runLaunchChecklist({
          config,
          db,
          catalog: request.catalog,
          now: at,
          forwardedWithoutTrust: forwardedWithoutTrust(),
        }),
      };
    },
  );

  app.get(
    '/api/admin/launch-checklist/state',
    { schema: { response: { 200: launchChecklistStateSchema } } },
    async function getAdminLaunchChecklistState(request) {
      return { dismissed: await isChecklistDismissed(db, signedInUser(request).id) };
    },
  );

  app.put(
    '/api/admin/launch-checklist/state',
    { schema: { body: launchChecklistStateSchema, response: { 200: launchChecklistStateSchema } } },
    async function putAdminLaunchChecklistState(request) {
      const user = signedInUser(request);
      const { dismissed } = request.body;
      if ((await isChecklistDismissed(db, user.id)) !== dismissed) {
        await recordAudit(db, {
          kind: LAUNCH_CHECKLIST_AUDIT_KIND,
          outcome: 'ok',
          actorUserId: user.id,
          actorEmail: user.email,
          details: { dismissed },
          at: now(),
        });
      }
      return { dismissed };
    },
  );

  app.post(
    '/api/admin/launch-checklist/test-message',
    { schema: { response: { 200: testMessageResponseSchema } } },
    async function postAdminLaunchChecklistTestMessage(request) {
      const to = signedInUser(request).email;
      const check = await checkMail(
        config,
        config.mail.smtpUrl === undefined ? undefined : to,
        LAUNCH_CHECK_TIMEOUT_MS,
      );
      return { to, check: mailCheck(check, config.mail.smtpUrl === undefined ? undefined : to) };
    },
  );
};
