import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type MemberDetail,
  memberDetailSchema,
  memberEmailParamsSchema,
  membersPageSchema,
  membersQuerySchema,
  putMemberBodySchema,
  leaveBodySchema,
  removeMemberResultSchema,
  signOutResultSchema,
} from '../../../shared/admin-api.js';
import { findRoleConfiguration } from '../../../shared/role-lookup.js';
import { HttpError, notFound } from '../../http-errors.js';
import {
  type BuddyRefusal,
  endMemberSessions,
  getMember,
  markMemberLeft,
  markMemberRejoined,
  removeMemberRecord,
  checkedPrivateEmail,
  setMemberBuddy,
  markInvited,
  setMemberRecord,
  setPrivateEmail,
} from '../members/index.js';
import { planWelcomes, updateSchedule } from '../mail/index.js';
import { suggestBuddies, syncTeamTasks } from '../team-tasks/index.js';
import { buddySuggestionsSchema, putBuddyBodySchema } from '../../../shared/team-tasks-api.js';
import {
  listAllMemberOverviews,
  listMemberOverviews,
  type MembersContext,
  refreshAdminMembers,
} from '../member-overview/index.js';
import { checkMemberDepartments } from '../departments/index.js';
import { exportExtras } from './import-changes.js';
import { getMemberDetail } from './member-detail.js';
import { membersToCsv } from './member-import.js';
import { type AdminRoutesOptions, actorOf, adminContexts, needs } from './admin-route-kit.js';

/** The 400 message of a buddy `setMemberBuddy` refused. */
const BUDDY_REFUSALS: Record<BuddyRefusal, string> = {
  'no-member': 'Only a member with a member record can have a buddy.',
  'no-buddy-member': 'The buddy must be a member: add them first.',
  'own-buddy': 'A member cannot be their own buddy.',
  'buddy-left': 'The buddy has left the organisation; choose someone else.',
};

/** The 400 message to a lead who chose a buddy outside the departments they lead. */
export const BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE =
  'As a lead, you can choose a buddy only from the departments you lead. Ask an admin to choose someone from another department.';

/** The members routes of the admin console: the table, a member's page, invitations and member records, sign-out, buddies and leaving (docs/product.md#admin-area). */
export const memberRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, config, now } = options;
  const { baseOf, ctxOf, syncDeps } = adminContexts(options);
  /**
   * The page of the request's member as its reader may see it (a lead: members of the departments they lead).
   * @throws HttpError 404 when there is none they may read
   */
  const readablePage = async (request: FastifyRequest<{ Params: { email: string } }>): Promise<MemberDetail> => {
    const detail = await getMemberDetail(db, ctxOf(request), request.params.email.toLowerCase());
    if (!detail) throw notFound(`No member has the address ${request.params.email}.`);
    return detail;
  };
  /** After a write about a member: their team tasks brought in line (docs/product.md#team-tasks), then their page. */
  const pageAfterWrite = async (request: FastifyRequest, ctx: MembersContext, email: string): Promise<MemberDetail> => {
    await syncTeamTasks(syncDeps(request), [email]);
    const detail = await getMemberDetail(db, ctx, email);
    if (!detail) throw new Error(`member ${email} vanished after it was written`);
    return detail;
  };
  app.get(
    '/api/admin/members',
    { ...needs('members:read'), schema: { querystring: membersQuerySchema, response: { 200: membersPageSchema } } },
    async function getAdminMembers(request) {
      return listMemberOverviews(db, ctxOf(request), request.query);
    },
  );

  app.get(
    '/api/admin/members.csv',
    { ...needs('members:read'), schema: { querystring: membersQuerySchema } },
    async function getAdminMembersCsv(request, reply) {
      const rows = await listAllMemberOverviews(db, ctxOf(request), request.query);
      const extras = await exportExtras(
        db,
        rows.map((r) => r.email),
      );
      const date = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(membersToCsv(rows, extras));
    },
  );

  app.get(
    '/api/admin/members/:email',
    { ...needs('members:read'), schema: { params: memberEmailParamsSchema, response: { 200: memberDetailSchema } } },
    async function getAdminMembersByEmail(request) {
      return readablePage(request);
    },
  );

  app.put(
    '/api/admin/members/:email',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, body: putMemberBodySchema, response: { 200: memberDetailSchema } },
    },
    async function putAdminMembersByEmail(request) {
      const email = request.params.email.toLowerCase();
      if (!z.email().safeParse(email).success || email.slice(email.lastIndexOf('@') + 1) !== config.allowedDomain) {
        throw new HttpError(400, `Only e-mail addresses at ${config.allowedDomain} can be members.`);
      }
      const { role, department, isAdmin } = request.body;
      if (findRoleConfiguration(request.catalog, role).matchedBy === 'default') {
        throw new HttpError(400, `Unknown role "${role}". Valid roles: ${[...request.catalog.keys()].join(', ')}.`);
      }
      const { leadOf, isEditor, startOn, buddy } = request.body;
      // The private address (docs/product.md#private-e-mail-address), checked before anything is written.
      const typedPrivate = request.body.privateEmail;
      const privateEmail =
        typedPrivate === undefined
          ? undefined
          : typedPrivate === null || typedPrivate === ''
            ? null
            : checkedPrivateEmail(typedPrivate, config.allowedDomain);
      await db.transaction(async (tx) => {
        // Departments are chosen from the list (docs/product.md#departments); what the record has already stays.
        const checked = await checkMemberDepartments(
          tx,
          request.catalog,
          { department, leadOf },
          await getMember(tx, email),
        );
        const { before } = await setMemberRecord(
          tx,
          { email, role, department: checked.department, isAdmin, leadOf: checked.leadOf, isEditor },
          actorOf(request),
          now(),
        );
        // The start date (docs/product.md#due-dates-and-reminders): the invite form may set it.
        if (startOn !== undefined) await updateSchedule(tx, email, { startOn }, now());
        // The buddy (docs/product.md#team-tasks): the invite form may name one.
        if (buddy !== undefined) {
          const set = await setMemberBuddy(tx, email, buddy, actorOf(request), now());
          if ('refused' in set) throw new HttpError(400, BUDDY_REFUSALS[set.refused]);
        }
        if (privateEmail !== undefined) {
          await setPrivateEmail(
            tx,
            email,
            privateEmail,
            actorOf(request),
            now(),
            before === undefined ? 'invite' : 'member-page',
          );
        }
        // An invitation (no record before; planWelcomes skips whoever signed in): a welcome with a link to sign in
        // (docs/product.md#admin-area), and an onboarding whatever the role (docs/product.md#who-starts-an-onboarding).
        if (before === undefined) {
          await planWelcomes(tx, [email], now());
          await markInvited(tx, [email], now());
        }
      });
      return pageAfterWrite(request, baseOf(request), email);
    },
  );

  app.delete(
    '/api/admin/members/:email',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, response: { 200: removeMemberResultSchema } },
    },
    async function deleteAdminMembersByEmail(request) {
      const email = request.params.email.toLowerCase();
      const removed = await removeMemberRecord(db, email, actorOf(request), now());
      if (removed === null) throw notFound(`No member record has the address ${request.params.email}.`);
      return { removed: true as const, sessionsEnded: removed.sessionsEnded };
    },
  );

  app.post(
    '/api/admin/members/:email/sign-out',
    { ...needs('members:write'), schema: { params: memberEmailParamsSchema, response: { 200: signOutResultSchema } } },
    async function postAdminMembersByEmailSignOut(request) {
      const email = request.params.email.toLowerCase();
      const sessionsEnded = await db.transaction((tx) =>
        endMemberSessions(tx, email, 'signed-out-by-admin', actorOf(request), now()),
      );
      return { sessionsEnded };
    },
  );

  app.put(
    '/api/admin/members/:email/buddy',
    {
      ...needs('members:buddy'),
      schema: { params: memberEmailParamsSchema, body: putBuddyBodySchema, response: { 200: memberDetailSchema } },
    },
    async function putAdminMembersByEmailBuddy(request) {
      const email = request.params.email.toLowerCase();
      // A lead sets buddies only for members of the departments they lead (the member page they can read).
      await readablePage(request);
      // ...and chooses the buddy among those members too (an admin chooses from anyone): a buddy sees the newcomer's
      // name and address in their team tasks.
      const { buddy } = request.body;
      if (
        buddy !== null &&
        request.memberRole?.isAdmin !== true &&
        !(await getMemberDetail(db, ctxOf(request), buddy.toLowerCase()))
      )
        throw new HttpError(400, BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE);
      const set = await setMemberBuddy(db, email, buddy, actorOf(request), now());
      if ('refused' in set) throw new HttpError(400, BUDDY_REFUSALS[set.refused]);
      return pageAfterWrite(request, ctxOf(request), email);
    },
  );

  app.get(
    '/api/admin/members/:email/buddy-suggestions',
    {
      ...needs('members:buddy'),
      schema: { params: memberEmailParamsSchema, response: { 200: buddySuggestionsSchema } },
    },
    async function getAdminMembersByEmailBuddySuggestions(request) {
      const email = request.params.email.toLowerCase();
      // The same people as the buddy itself: admins, and leads for members of their departments.
      await readablePage(request);
      await refreshAdminMembers(db, request.catalog, config.organisationTimeZone);
      return { suggestions: await suggestBuddies(db, email) };
    },
  );

  app.post(
    '/api/admin/members/:email/leave',
    {
      ...needs('members:write'),
      schema: { params: memberEmailParamsSchema, body: leaveBodySchema, response: { 200: memberDetailSchema } },
    },
    async function postAdminMembersByEmailLeave(request) {
      const email = request.params.email.toLowerCase();
      if (!(await markMemberLeft(db, email, request.body, actorOf(request), now())))
        throw notFound(`No member has the address ${request.params.email}.`);
      return pageAfterWrite(request, baseOf(request), email);
    },
  );

  app.delete(
    '/api/admin/members/:email/leave',
    { ...needs('members:write'), schema: { params: memberEmailParamsSchema, response: { 200: memberDetailSchema } } },
    async function deleteAdminMembersByEmailLeave(request) {
      const email = request.params.email.toLowerCase();
      if (!(await markMemberRejoined(db, email, actorOf(request), now())))
        throw notFound(`${request.params.email} is not marked as having left.`);
      return pageAfterWrite(request, baseOf(request), email);
    },
  );
};
