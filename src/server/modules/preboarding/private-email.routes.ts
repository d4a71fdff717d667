import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { privateEmailSchema, putPrivateEmailBodySchema } from '../../../shared/private-email.js';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../http-errors.js';
import { recordAudit } from '../audit/index.js';
import { checkedPrivateEmail, getMember, readPrivateEmail, setPrivateEmail } from '../members/index.js';
import { checkAdminPermission, mayReadDepartment } from '../permissions/index.js';

/** The 403 message to a lead asking for the private address of a member outside the departments they lead. */
export const PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE =
  'You can see the private e-mail address of members of the departments you lead only. Ask an admin if you need it.';

/** What the private-address routes need. */
export interface PrivateEmailRoutesOptions {
  db: Database;
  allowedDomain: string;
  now: () => Date;
}

/**
 * A member's private e-mail address on their page of the admin console (docs/product.md#private-e-mail-address):
 *
 * - GET /api/admin/members/:email/private-email → `{ email, privateEmail }` (null: none) for admins and the member's
 *   department leads, audited as 'private-email-read' ('refused' for a lead of another department: 403); 404 when there
 *   is no member record. A navigation or a link from another site is refused (it would write the audit entry).
 * - PUT /api/admin/members/:email/private-email `{ privateEmail }` (null removes it) → the same answer; admins only;
 *   400 for an address that is not one, or one at ALLOWED_DOMAIN; 404 without a member record. Audited as
 *   'private-email-change'. The pre-boarding links sent to an earlier address stop working (they are bound to it).
 */
export const privateEmailRoutes: FastifyPluginAsyncZod<PrivateEmailRoutesOptions> = async (
  app,
  { db, allowedDomain, now },
) => {
  const actorOf = (request: FastifyRequest) => ({
    actorUserId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
  });

  app.get(
    '/api/admin/members/:email/private-email',
    {
      config: { permission: 'members:read', ownSiteOnly: true },
      onRequest: checkAdminPermission,
      schema: { params: memberEmailParamsSchema, response: { 200: privateEmailSchema } },
    },
    async function getAdminMembersByEmailPrivateEmail(request) {
      const email = request.params.email.toLowerCase();
      const record = await getMember(db, email);
      if (!record) throw notFound(`No member record has the address ${email}.`);
      if (!mayReadDepartment(request.memberRole, record.department)) {
        await recordAudit(db, {
          kind: 'private-email-read',
          outcome: 'refused',
          ...actorOf(request),
          subject: email,
          reason: 'not-their-department',
          at: now(),
        });
        throw forbidden(PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE);
      }
      const read = await readPrivateEmail(db, email, actorOf(request), now());
      if (!read) throw notFound(`No member record has the address ${email}.`);
      return { email, privateEmail: read.privateEmail };
    },
  );

  app.put(
    '/api/admin/members/:email/private-email',
    {
      config: { permission: 'members:write' },
      onRequest: checkAdminPermission,
      schema: {
        params: memberEmailParamsSchema,
        body: putPrivateEmailBodySchema,
        response: { 200: privateEmailSchema },
      },
    },
    async function putAdminMembersByEmailPrivateEmail(request) {
      const email = request.params.email.toLowerCase();
      const typed = request.body.privateEmail;
      const privateEmail = typed === null || typed === '' ? null : checkedPrivateEmail(typed, allowedDomain);
      if (!(await setPrivateEmail(db, email, privateEmail, actorOf(request), now(), 'member-page'))) {
        throw notFound(`No member record has the address ${email}. Invite them first.`);
      }
      return { email, privateEmail };
    },
  );
};
