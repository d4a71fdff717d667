import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import {
  digestNowResponseSchema,
  digestSettingsSchema,
  memberDueResponseSchema,
  memberMailBodySchema,
  memberMailResponseSchema,
  outboxMessageDetailSchema,
  ownOnboardingStartSchema,
  outboxQuerySchema,
  outboxResponseSchema,
} from '../../../shared/mail-api.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { HttpError, notFound } from '../../http-errors.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { getMemberOverview } from '../member-overview/index.js';
import { recordAudit } from '../audit/index.js';
import { syncTeamTasks } from '../team-tasks/index.js';
import { isOnboarding, resolveRoleOfRequest, startOwnOnboarding } from '../members/index.js';
import { type AdminPermission, checkAdminPermission, readableDepartments } from '../permissions/index.js';
import { dayIn, daysFrom, stepDueOn } from '../../calendar.js';
import type { MailWorker } from './mail-worker.js';
import { planDigestNow } from './planner.js';
import {
  effectiveStartOn,
  getOutboxMessage,
  getSchedule,
  listOutbox,
  pageOutbox,
  updateSchedule,
} from './schedules.repository.js';
import { checkUnsubscribeToken } from './unsubscribe.js';

const needs = (permission: AdminPermission) => ({ config: { permission } });

const unsubscribeQuerySchema = z.object({ email: z.string().trim().max(320), token: z.string().max(200) });

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A small page of our own (the unsubscribe answers are read outside the app, perhaps signed out). */
function smallPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111827">
<main><h1 style="color:#4338ca">${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

/**
 * Due dates, reminders and digests (docs/product.md#due-dates-and-reminders):
 *
 * - GET /api/onboarding/due (signed in) → the member's start day and each step's due date and days late, and whether
 *   they do an onboarding (docs/product.md#who-starts-an-onboarding).
 * - POST /api/onboarding/start (signed in) → starts the person's own onboarding when they signed in with an admin role
 *   to look around: their start date becomes today unless one was set; audited as 'onboarding-started'.
 * - GET /api/mail/unsubscribe?email&token → a page with one button; POST (the button, or a mail provider's RFC 8058
 *   one-click request from anywhere: the signed token is the authority, so no session and no same-origin check) →
 *   no more reminders for that person, and their pending ones cancelled. A wrong token: 400, nothing changes.
 * - GET/PUT /api/admin/members/:email/mail → a member's start date, pause, and every message sent to them (read:
 *   members:read, leads for their departments; change: members:write).
 * - GET /api/admin/outbox (a page of messages, filtered by status, kind and recipient), GET /api/admin/outbox/:id,
 *   POST /api/admin/digest (send me the digest now: queued, answered at once), GET/PUT /api/admin/digest (my weekly
 *   digest on or off): mail:manage.
 */
export const mailRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  now: () => Date;
  worker: MailWorker;
  smtpConfigured: boolean;
}> = async (app, { db, config, now, worker, smtpConfigured }) => {
  const zone = config.organisationTimeZone;

  app.get(
    '/api/onboarding/due',
    { preValidation: requireUser, schema: { response: { 200: memberDueResponseSchema } } },
    async function getOnboardingDue(request) {
      const user = signedInUser(request);
      const { role } = resolveRoleOfRequest(request.catalog, request);
      const today = dayIn(now(), zone);
      const startOn = (await effectiveStartOn(db, user.email, zone)) ?? today;
      // docs/product.md#who-starts-an-onboarding: someone only looking around has nothing due.
      if (!(await isOnboarding(db, user.email)))
        return { today, timeZone: zone, startOn, steps: [], onboarding: false };
      const steps = role.scopes
        .flatMap((s) => s.steps)
        .flatMap((step) => {
          if (step.dueAfterDays === undefined) return [];
          const dueOn = stepDueOn(startOn, step.dueAfterDays, step.versionDate);
          return [{ stepId: step.id, dueOn, daysLate: daysFrom(dueOn, today) }];
        });
      return { today, timeZone: zone, startOn, steps, onboarding: true };
    },
  );

  app.post(
    '/api/onboarding/start',
    { preValidation: requireUser, schema: { response: { 200: ownOnboardingStartSchema } } },
    async function postOnboardingStart(request) {
      const user = signedInUser(request);
      const today = dayIn(now(), zone);
      const result = await startOwnOnboarding(db, { actorUserId: user.id, actorEmail: user.email }, today, now());
      await syncTeamTasks({ db, catalog: request.catalog, timeZone: zone, now: now() }, [user.email.toLowerCase()]);
      return { result, startOn: (await effectiveStartOn(db, user.email, zone)) ?? today };
    },
  );

  /** The address of a link whose token is right, and whether it is an old link (modules/mail/unsubscribe.ts); else null. */
  const checkLink = (query: z.infer<typeof unsubscribeQuerySchema>): { email: string; oldLink: boolean } | null => {
    const email = query.email.toLowerCase();
    const kind = checkUnsubscribeToken(config.sessionSecret, email, query.token);
    return kind === null ? null : { email, oldLink: kind === 'old-link' };
  };
  const checkToken = (query: z.infer<typeof unsubscribeQuerySchema>): string | null => checkLink(query)?.email ?? null;
  const badLink = (reply: FastifyReply) =>
    smallPage(
      reply,
      400,
      'This link does not work',
      `<p>The unsubscribe link is incomplete or was changed. Use the link in your latest reminder, or write to
<a href="mailto:${escapeHtml(config.supportEmail)}">${escapeHtml(config.supportEmail)}</a> and we will stop the reminders.</p>`,
    );

  app.get(
    '/api/mail/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema } },
    async function getMailUnsubscribe(request, reply) {
      const email = checkToken(request.query);
      if (email === null) return badLink(reply);
      const action = `/api/mail/unsubscribe?${new URLSearchParams(request.query).toString()}`;
      return smallPage(
        reply,
        200,
        'Stop onboarding reminders?',
        `<p>We send ${escapeHtml(email)} a reminder when an onboarding step is due or overdue.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1rem;background:#4338ca;color:#fff;border:0;border-radius:6px">Stop my reminders</button></form>
<p>You can still open your steps at any time.</p>`,
      );
    },
  );

  // RFC 8058: the body is `List-Unsubscribe=One-Click` (form-encoded); the app takes no other form posts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, { form: String(body) });
  });
  app.post(
    '/api/mail/unsubscribe',
    { config: { allowCrossSite: true }, schema: { querystring: unsubscribeQuerySchema } },
    async function postMailUnsubscribe(request, reply) {
      const link = checkLink(request.query);
      if (link === null) return badLink(reply);
      const { email } = link;
      await updateSchedule(db, email, { unsubscribed: true }, now());
      // An old link says so, so that an admin can see when the last of them stopped coming in.
      await recordAudit(db, {
        kind: 'reminders-unsubscribed',
        outcome: 'ok',
        subject: email,
        actorEmail: email,
        at: now(),
        ...(link.oldLink ? { details: { oldLink: true } } : {}),
      });
      return smallPage(
        reply,
        200,
        'Your reminders are stopped',
        `<p>We will not send ${escapeHtml(email)} any more onboarding reminders. Your steps are still there whenever you
want them. Changed your mind? Ask <a href="mailto:${escapeHtml(config.supportEmail)}">${escapeHtml(config.supportEmail)}</a>.</p>`,
      );
    },
  );

  await app.register(async (admin) => {
    const adminApp = admin.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', checkAdminPermission);
    const readable = async (request: FastifyRequest, email: string) => {
      const overview = await getMemberOverview(
        db,
        {
          catalog: request.catalog,
          adminEmails: config.adminEmails,
          departments: readableDepartments(request.memberRole),
        },
        email,
      );
      if (overview === undefined) throw notFound(`No member has the address ${email}.`);
    };
    const mailOf = async (email: string) => {
      const schedule = await getSchedule(db, email);
      return {
        startOnSet: schedule.startOn,
        startOn: await effectiveStartOn(db, email, zone),
        remindersPaused: schedule.remindersPaused,
        unsubscribedAt: schedule.unsubscribedAt,
        messages: await listOutbox(db, email, 500),
      };
    };

    adminApp.get(
      '/api/admin/members/:email/mail',
      {
        ...needs('members:read'),
        schema: { params: memberEmailParamsSchema, response: { 200: memberMailResponseSchema } },
      },
      async function getAdminMembersByEmailMail(request) {
        const email = request.params.email.toLowerCase();
        await readable(request, email);
        return mailOf(email);
      },
    );

    adminApp.put(
      '/api/admin/members/:email/mail',
      {
        ...needs('members:write'),
        schema: {
          params: memberEmailParamsSchema,
          body: memberMailBodySchema,
          response: { 200: memberMailResponseSchema },
        },
      },
      async function putAdminMembersByEmailMail(request) {
        const email = request.params.email.toLowerCase();
        await readable(request, email);
        const user = signedInUser(request);
        await updateSchedule(db, email, request.body, now());
        await recordAudit(db, {
          kind: 'member-schedule-changed',
          outcome: 'ok',
          actorUserId: user.id,
          actorEmail: user.email,
          subject: email,
          details: { ...request.body },
          at: now(),
        });
        // A moved start date moves the newcomer's open team tasks (docs/product.md#team-tasks).
        if (request.body.startOn !== undefined) {
          await syncTeamTasks({ db, catalog: request.catalog, timeZone: zone, now: now() }, [email]);
        }
        return mailOf(email);
      },
    );

    adminApp.get(
      '/api/admin/outbox',
      { ...needs('mail:manage'), schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } } },
      async function getAdminOutbox(request) {
        return {
          smtpConfigured,
          ...(await pageOutbox(db, request.query)),
          page: request.query.page,
          pageSize: request.query.pageSize,
        };
      },
    );

    adminApp.get(
      '/api/admin/outbox/:id',
      {
        ...needs('mail:manage'),
        schema: { params: z.object({ id: z.string().max(64) }), response: { 200: outboxMessageDetailSchema } },
      },
      async function getAdminOutboxById(request) {
        const message = await getOutboxMessage(db, request.params.id);
        if (message === undefined) throw notFound('There is no such message in the outbox.');
        return message;
      },
    );

    adminApp.post(
      '/api/admin/digest',
      { ...needs('mail:manage'), schema: { response: { 200: digestNowResponseSchema } } },
      async function postAdminDigest(request) {
        const user = signedInUser(request);
        const id = await planDigestNow(db, user.email, now());
        const message = await getOutboxMessage(db, id);
        if (message === undefined) throw new HttpError(500, 'The digest could not be queued.');
        // Sent in the background: an answer never waits on the SMTP server (the outbox shows the message leave).
        void worker.runNow();
        const { text: _text, html: _html, ...queued } = message;
        return { message: queued };
      },
    );

    adminApp.get(
      '/api/admin/digest',
      { ...needs('mail:manage'), schema: { response: { 200: digestSettingsSchema } } },
      async function getAdminDigest(request) {
        return {
          digestOn: !(await getSchedule(db, signedInUser(request).email)).digestOff,
        };
      },
    );

    adminApp.put(
      '/api/admin/digest',
      { ...needs('mail:manage'), schema: { body: digestSettingsSchema, response: { 200: digestSettingsSchema } } },
      async function putAdminDigest(request) {
        const email = signedInUser(request).email;
        if (typeof request.body.digestOn !== 'boolean') throw new HttpError(400, 'digestOn must be true or false.');
        await updateSchedule(db, email, { digestOff: !request.body.digestOn }, now());
        return { digestOn: request.body.digestOn };
      },
    );
  });
};
