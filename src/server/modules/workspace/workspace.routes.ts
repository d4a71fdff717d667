import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import {
  createAccountBodySchema,
  createdAccountSchema,
  orgUnitMappingSchema,
  suspensionBodySchema,
  workspaceAccountViewSchema,
  workspaceJobSchema,
  type WorkspaceAccountView,
} from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http-errors.js';
import { apiError } from '../../plugins/error-handler.js';
import { getMember, type MemberRow } from '../members/index.js';
import { requirePermission } from '../permissions/index.js';
import { accountView, addressState, createAccount, getAccount, recordDelivery } from './accounts.js';
import type { WorkspaceConnection } from './connection.js';
import { cancelSuspension, jobView, latestSuspension, scheduleSuspension } from './jobs.js';
import { listOrgUnitRules, orgUnitFor, replaceOrgUnitRules } from './mappings.js';

/** What the Workspace routes need. */
export interface WorkspaceRoutesOptions {
  db: Database;
  /** The Workspace connection, when the directory is configured. */
  connection: WorkspaceConnection | undefined;
  /** Whether writing is on (GOOGLE_WORKSPACE_WRITE). */
  write: boolean;
  /** The organisation's time zone: a suspension is due at the start of its day there. */
  timeZone: string;
  now: () => Date;
}

/** A name proposed from an address's local part: "ada.lovelace" → Ada, Lovelace. */
function namesFromAddress(email: string): { givenName: string; familyName: string } {
  const parts = (email.split('@')[0] ?? '')
    .split(/[._-]+/u)
    .filter((p) => p !== '')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return { givenName: parts[0] ?? '', familyName: parts.slice(1).join(' ') };
}

/**
 * A member's Google Workspace account (docs/product.md#google-workspace-accounts; shapes in src/shared/workspace-api.ts),
 * admins only (`members:write`: 401 anonymous, 403 otherwise, leads included).
 */
export const workspaceRoutes: FastifyPluginAsyncZod<WorkspaceRoutesOptions> = async (app, options) => {
  const { db, connection, write, timeZone, now } = options;
  const writingOrRefuse = (): WorkspaceConnection => {
    if (!write || connection === undefined) {
      throw new HttpError(
        409,
        'The app may not change Google Workspace accounts: whoever runs the server has to turn this on first.',
      );
    }
    return connection;
  };
  app.addHook('onRequest', requirePermission('members:write'));
  const actorOf = (request: FastifyRequest) => ({
    actorUserId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
  });
  const memberOf = async (email: string): Promise<MemberRow> => {
    const member = await getMember(db, email);
    if (!member) throw notFound(`No member record for ${email}.`);
    return member;
  };

  app.get(
    '/api/admin/members/:email/workspace-account',
    { schema: { params: memberEmailParamsSchema, response: { 200: workspaceAccountViewSchema } } },
    async function getAdminMembersByEmailWorkspaceAccount(request): Promise<WorkspaceAccountView> {
      const email = request.params.email.toLowerCase();
      const member = await memberOf(email);
      const account = await getAccount(db, email);
      const job = await latestSuspension(db, email);
      const suspension = job ? jobView(job) : null;
      const writing = write && connection !== undefined;
      if (!writing || account?.state === 'created' || member.leftAt !== null) {
        return { writing, account: account ? accountView(account) : null, suspension, proposal: null };
      }
      const orgUnitPath = orgUnitFor(await listOrgUnitRules(db), {
        roleKey: member.role,
        department: member.department,
      });
      return {
        writing,
        account: account ? accountView(account) : null,
        suspension,
        proposal: {
          primaryEmail: email,
          ...(account ? { givenName: account.givenName, familyName: account.familyName } : namesFromAddress(email)),
          orgUnitPath,
          address: await addressState(connection, email),
          hasPrivateEmail: false,
        },
      };
    },
  );

  app.post(
    '/api/admin/members/:email/workspace-account',
    {
      schema: {
        params: memberEmailParamsSchema,
        body: createAccountBodySchema,
        response: { 200: createdAccountSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async function postAdminMembersByEmailWorkspaceAccount(request, reply) {
      const connected = writingOrRefuse();
      const email = request.params.email.toLowerCase();
      const member = await memberOf(email);
      if (member.leftAt !== null) throw new HttpError(409, `${email} has left: no account is created for them.`);
      const orgUnitPath = orgUnitFor(await listOrgUnitRules(db), {
        roleKey: member.role,
        department: member.department,
      });
      let password: string;
      try {
        ({ password } = await createAccount({
          db,
          connection: connected,
          email,
          givenName: request.body.givenName,
          familyName: request.body.familyName,
          orgUnitPath,
          actor: actorOf(request),
          now: now(),
        }));
      } catch (error) {
        // Google's failure, said as it is (the error handler would hide a 5xx's message): what happened, what to do.
        if (error instanceof HttpError && (error.statusCode === 502 || error.statusCode === 503)) {
          request.log.warn({ err: error }, 'creating a Google Workspace account failed');
          if (error.statusCode === 503) reply.header('Retry-After', '60');
          return reply.code(error.statusCode).send(apiError(error.statusCode, error.message));
        }
        throw error;
      }
      const row = await recordDelivery(db, email, 'shown');
      await app.changeFeed.settle();
      return { account: accountView(row), temporaryPassword: password };
    },
  );

  app.put(
    '/api/admin/members/:email/workspace-suspension',
    { schema: { params: memberEmailParamsSchema, body: suspensionBodySchema, response: { 200: workspaceJobSchema } } },
    async function putAdminMembersByEmailWorkspaceSuspension(request) {
      writingOrRefuse();
      const email = request.params.email.toLowerCase();
      await memberOf(email);
      const job = await scheduleSuspension(db, {
        email,
        dueOn: request.body.dueOn,
        timeZone,
        actor: actorOf(request),
        now: now(),
      });
      return jobView(job);
    },
  );

  app.delete(
    '/api/admin/members/:email/workspace-suspension',
    { schema: { params: memberEmailParamsSchema, response: { 200: z.object({ cancelled: z.boolean() }) } } },
    async function deleteAdminMembersByEmailWorkspaceSuspension(request) {
      const email = request.params.email.toLowerCase();
      await memberOf(email);
      return { cancelled: await cancelSuspension(db, { email, actor: actorOf(request), now: now() }) };
    },
  );

  app.get(
    '/api/admin/workspace/org-units',
    { schema: { response: { 200: orgUnitMappingSchema } } },
    async function getAdminWorkspaceOrgUnits() {
      return {
        rules: await listOrgUnitRules(db),
      };
    },
  );

  app.put(
    '/api/admin/workspace/org-units',
    { schema: { body: orgUnitMappingSchema, response: { 200: orgUnitMappingSchema } } },
    async function putAdminWorkspaceOrgUnits(request) {
      await replaceOrgUnitRules(db, request.body.rules, actorOf(request), now());
      return { rules: await listOrgUnitRules(db) };
    },
  );
};
