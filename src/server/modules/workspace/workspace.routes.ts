import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import {
  appliedGroupsSchema,
  applyGroupsBodySchema,
  createAccountBodySchema,
  createdAccountSchema,
  groupMappingSchema,
  groupsCheckSchema,
  groupsPreviewSchema,
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
import { accountView, addressState, createAccount, getAccount } from './accounts.js';
import { planWorkspacePassword } from '../mail/index.js';
import type { SecretBox } from '../secrets/index.js';
import { type WorkspaceConnection, workspaceError } from './connection.js';
import { applyGroups, latestGroupsCheck, listGroupRules, previewGroups, replaceGroupRules } from './groups.js';
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
  /** Seals a temporary password while its message waits in the outbox (SECRETS_KEY). */
  box: SecretBox;
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
  const { db, connection, write, timeZone, box, now } = options;
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
  /**
   * What a request that goes to Google about a member starts from: the connection to write with, the member's address
   * (lower case) and record. @throws HttpError 409 when the app may not write, 404 without a member record
   */
  const toGoogle = async (request: FastifyRequest<{ Params: { email: string } }>) => {
    const connected = writingOrRefuse();
    const email = request.params.email.toLowerCase();
    return { connected, email, member: await memberOf(email) };
  };
  /** The answers of a route that goes to Google: `answer`, or Google's failure (502; 503 when busy). */
  const orGoogleFailure = <A extends z.ZodType>(answer: A) => ({
    200: answer,
    502: apiErrorSchema,
    503: apiErrorSchema,
  });
  /** The groups the member's account needs added and removed, as Google has them now (groups.ts). */
  const neededGroups = async (connected: WorkspaceConnection, email: string, member: MemberRow) =>
    previewGroups(connected, await listGroupRules(db), {
      email,
      roleKey: member.role,
      department: member.department,
      left: member.leftAt !== null,
    });

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
          hasPrivateEmail: member.privateEmail !== null,
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
        response: orGoogleFailure(createdAccountSchema),
      },
    },
    async function postAdminMembersByEmailWorkspaceAccount(request, reply) {
      const { connected, email, member } = await toGoogle(request);
      if (member.leftAt !== null) throw new HttpError(409, `${email} has left: no account is created for them.`);
      const orgUnitPath = orgUnitFor(await listOrgUnitRules(db), {
        roleKey: member.role,
        department: member.department,
      });
      let created: Awaited<ReturnType<typeof createAccount>>;
      const privateEmail = member.privateEmail;
      try {
        created = await createAccount({
          db,
          connection: connected,
          email,
          givenName: request.body.givenName,
          familyName: request.body.familyName,
          orgUnitPath,
          actor: actorOf(request),
          now: now(),
          // docs/product.md#google-workspace-accounts: to the private address when there is one, else shown once.
          deliver: async (tx, password, attempt) => {
            if (privateEmail === null) return 'shown';
            await planWorkspacePassword(tx, { member: email, privateEmail, password, box, attempt, now: now() });
            return 'private-email';
          },
        });
      } catch (error) {
        // Google's failure, said as it is (the error handler would hide a 5xx's message): what happened, what to do.
        if (error instanceof HttpError && (error.statusCode === 502 || error.statusCode === 503)) {
          request.log.warn({ err: error }, 'creating a Google Workspace account failed');
          if (error.statusCode === 503) reply.header('Retry-After', '60');
          return reply.code(error.statusCode).send(apiError(error.statusCode, error.message));
        }
        throw error;
      }
      await app.changeFeed.settle();
      return {
        account: accountView(created.row),
        ...(created.row.passwordDelivery === 'shown' ? { temporaryPassword: created.password } : {}),
      };
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

  /** Google's failure said as it is (the error handler would hide a 5xx's message), with what to do. */
  const googleFailure = (error: unknown, what: string): HttpError => {
    const failure = workspaceError(error, what);
    if (failure.failure === 'unavailable') {
      return new HttpError(503, 'Google Workspace is busy or cannot be reached right now. Try again in a few minutes.');
    }
    if (failure.failure === 'missing-scope') {
      return new HttpError(
        502,
        'Google does not let the app change group members yet: a Workspace administrator has to give the app the permission https://www.googleapis.com/auth/admin.directory.group.member (the launch checklist says how).',
      );
    }
    return new HttpError(502, `${failure.message}.`);
  };
  const sendFailure = (request: FastifyRequest, reply: FastifyReply, error: HttpError) => {
    request.log.warn({ err: error }, 'a Google Workspace request failed');
    if (error.statusCode === 503) reply.header('Retry-After', '60');
    return reply.code(error.statusCode).send(apiError(error.statusCode, error.message));
  };

  app.get(
    '/api/admin/members/:email/workspace-groups',
    { schema: { params: memberEmailParamsSchema, response: orGoogleFailure(groupsPreviewSchema) } },
    async function getAdminMembersByEmailWorkspaceGroups(request, reply) {
      const { connected, email, member } = await toGoogle(request);
      try {
        return await neededGroups(connected, email, member);
      } catch (error) {
        return sendFailure(request, reply, googleFailure(error, `reading the groups of ${email}`));
      }
    },
  );

  app.post(
    '/api/admin/members/:email/workspace-groups',
    {
      schema: {
        params: memberEmailParamsSchema,
        body: applyGroupsBodySchema,
        response: orGoogleFailure(appliedGroupsSchema),
      },
    },
    async function postAdminMembersByEmailWorkspaceGroups(request, reply) {
      const { connected, email, member } = await toGoogle(request);
      try {
        // Only what was shown and is still needed: a list shown before someone else changed it applies no more.
        const needed = await neededGroups(connected, email, member);
        const add = request.body.add.map((g) => g.toLowerCase()).filter((g) => needed.add.includes(g));
        const remove = request.body.remove.map((g) => g.toLowerCase()).filter((g) => needed.remove.includes(g));
        return await applyGroups(db, connected, { email, add, remove, actor: actorOf(request), now: now() });
      } catch (error) {
        return sendFailure(request, reply, googleFailure(error, `changing the groups of ${email}`));
      }
    },
  );

  app.get(
    '/api/admin/workspace/groups',
    { schema: { response: { 200: groupMappingSchema } } },
    async function getAdminWorkspaceGroups() {
      return { rules: await listGroupRules(db) };
    },
  );

  app.put(
    '/api/admin/workspace/groups',
    { schema: { body: groupMappingSchema, response: { 200: groupMappingSchema } } },
    async function putAdminWorkspaceGroups(request) {
      await replaceGroupRules(db, request.body.rules, actorOf(request), now());
      return { rules: await listGroupRules(db) };
    },
  );

  app.get(
    '/api/admin/workspace/groups-check',
    { schema: { response: { 200: groupsCheckSchema.nullable() } } },
    async function getAdminWorkspaceGroupsCheck() {
      return latestGroupsCheck(db);
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
