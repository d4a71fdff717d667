import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isEmailAddress } from '../../../shared/private-email.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { FailureLimiter, RateLimitedError, waitInWords, type Limit } from '../../plugins/auth-rate-limits.js';
import { requestSourceOrigin, serverOrigin, startedByAnotherSite } from '../../plugins/same-origin.js';
import { recordAudit } from '../audit/index.js';
import {
  crossSitePostPage,
  newLinkPage,
  newLinkSentPage,
  openPage,
  refusedPage,
  tooManyPage,
  type PageContext,
} from './pages.js';
import { findLink, openLink, peopleOfPrivateEmail, preboardingPerson, whyNoPreboarding } from './preboarding-links.js';
import { preboardingCookieName, preboardingCookieOptions } from './preboarding-session.js';
import { looksLikeToken } from './tokens.js';

/** The rate limits of pre-boarding links (docs/security.md#pre-boarding). */
export interface PreboardingLimits {
  /** Links that did not open (a guessed or mistyped token), per client address. */
  failedOpensPerClient: Limit;
  /** New links asked for, per client address (the page says how long to wait). */
  newLinksPerClient: Limit;
  /** New links asked for, per private address typed (beyond it, nothing is sent; the answer is the same). */
  newLinksPerAddress: Limit;
}

/** The limits a server uses unless a test gives others. */
export const DEFAULT_PREBOARDING_LIMITS: PreboardingLimits = {
  failedOpensPerClient: { max: 10, timeWindowMs: 15 * 60_000 },
  newLinksPerClient: { max: 10, timeWindowMs: 15 * 60_000 },
  newLinksPerAddress: { max: 3, timeWindowMs: 60 * 60_000 },
};

/** What the link routes need. */
export interface PreboardingLinkRoutesOptions {
  db: Database;
  config: Pick<
    Config,
    'sessionSecret' | 'organisationTimeZone' | 'isProduction' | 'publicUrl' | 'supportEmail' | 'orgName'
  >;
  now: () => Date;
  limits: PreboardingLimits;
  /**
   * Plans a message with a new link to each of these members' private address (the mail module's outbox), and has it
   * sent soon.
   */
  planLinkMails: (db: Database, emails: readonly string[], now: Date) => Promise<number>;
  /** Has the outbox sent soon (the mail worker's next run, now). */
  wakeMail: () => void;
}

const tokenQuerySchema = z.object({ token: z.string().max(200).optional() });
const openBodySchema = z.object({ token: z.string().max(200).default('') });
const newLinkBodySchema = z.object({ privateEmail: z.string().max(300).default('') });

/**
 * The pages of a pre-boarding link (docs/product.md#pre-boarding, docs/security.md#pre-boarding), plain HTML:
 *
 * - GET /preboarding/open?token= → a page naming the address the link was sent to, with 'Open my page' (a link never
 *   starts anything by itself: mail scanners open links). Opened from another website (Fetch Metadata, or an Origin or
 *   Referer of another site): 403 with a page that says so and what to do. A link that cannot be used: the page that
 *   says why, with the form for a new link (or 'Sign in' after the first Google sign-in).
 * - POST /preboarding/open `token` (a form) → 303 to /preboarding with the pre-boarding session's cookie, or 403 (from
 *   another site) / 410 (the link cannot be used) with a page. Links that do not open count against the client
 *   address (guessing): beyond the limit, 429 with a page saying how long to wait.
 * - GET /preboarding/new-link → the form; POST `privateEmail` → the same page whether or not the address is known
 *   (no one learns who is invited); new links are limited per client address (429 page) and per address typed
 *   (silently: nothing more is sent).
 */
export const preboardingLinkRoutes: FastifyPluginAsyncZod<PreboardingLinkRoutesOptions> = async (
  app,
  { db, config, now, limits, planLinkMails, wakeMail },
) => {
  const ctx: PageContext = { supportEmail: config.supportEmail, orgName: config.orgName };
  const failedOpens = new FailureLimiter(app, limits.failedOpensPerClient);
  const newLinksPerClient = new FailureLimiter(app, limits.newLinksPerClient);
  const newLinksPerAddress = new FailureLimiter(app, limits.newLinksPerAddress);
  const deps = () => ({ sessionSecret: config.sessionSecret, now: now(), zone: config.organisationTimeZone });
  /** A key for an address typed, so the limiter's memory never holds it in clear. */
  const addressKey = (address: string) =>
    `address:${createHmac('sha256', config.sessionSecret).update(`preboarding-address\n${address}`).digest('hex')}`;

  // The forms of these pages post as forms do.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // Same-origin: the page's own form posts then name this origin (with no-referrer a form's Origin is 'null').
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(body);

  /** The 429 page of a limit reached (the limiter's error carries the wait). */
  const limited = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof RateLimitedError)) throw error;
    reply.header('retry-after', String(error.retryAfterSeconds));
    return html(reply, 429, tooManyPage(ctx, waitInWords(error.retryAfterSeconds)));
  };

  app.get(
    '/preboarding/open',
    { schema: { querystring: tokenQuerySchema } },
    async function getPreboardingOpen(request, reply) {
      const token = request.query.token ?? '';
      try {
        await failedOpens.check(request);
      } catch (error) {
        return limited(reply, error);
      }
      // Looked up, never used: only the button's POST starts a session.
      const found = looksLikeToken(token) ? await findLink(db, config.sessionSecret, token) : undefined;
      if (found === undefined) {
        await failedOpens.record(request);
        return html(reply, 410, refusedPage(ctx, 'unknown'));
      }
      const person = await preboardingPerson(db, found.email);
      const why = whyNoPreboarding(person, now(), config.organisationTimeZone);
      if (found.endedReason === 'signed-in' || why === 'signed-in')
        return html(reply, 410, refusedPage(ctx, 'signed-in'));
      if (why === 'over') return html(reply, 410, refusedPage(ctx, 'over'));
      if (found.usedAt !== null) return html(reply, 410, refusedPage(ctx, 'used'));
      if (found.expiresAt <= now()) return html(reply, 410, refusedPage(ctx, 'expired'));
      if (found.endedAt !== null || why !== null || person?.privateEmail !== found.privateEmail)
        return html(reply, 410, refusedPage(ctx, 'ended'));
      const crossSite = startedByAnotherSite(config, request);
      return html(reply, crossSite ? 403 : 200, openPage(ctx, { token, privateEmail: found.privateEmail, crossSite }));
    },
  );

  app.post(
    '/preboarding/open',
    // The same-origin check is this route's own, so that a refusal is a page that says what to do, not JSON.
    { config: { allowCrossSite: true }, schema: { body: openBodySchema } },
    async function postPreboardingOpen(request, reply) {
      if (requestSourceOrigin(request) !== serverOrigin(config, request))
        return html(reply, 403, crossSitePostPage(ctx));
      try {
        await failedOpens.check(request);
      } catch (error) {
        return limited(reply, error);
      }
      const opened = await openLink(db, deps(), request.body.token);
      if ('refused' in opened) {
        if (opened.refused === 'unknown') await failedOpens.record(request);
        return html(reply, 410, refusedPage(ctx, opened.refused));
      }
      reply.setCookie(
        preboardingCookieName(config),
        opened.sessionToken,
        preboardingCookieOptions(config, opened.expiresAt, now()),
      );
      return reply.code(303).header('cache-control', 'no-store').redirect('/preboarding', 303);
    },
  );

  app.get('/preboarding/new-link', async function getPreboardingNewLink(_request, reply) {
    return html(reply, 200, newLinkPage(ctx));
  });

  app.post(
    '/preboarding/new-link',
    { config: { allowCrossSite: true }, schema: { body: newLinkBodySchema } },
    async function postPreboardingNewLink(request, reply) {
      if (requestSourceOrigin(request) !== serverOrigin(config, request))
        return html(reply, 403, crossSitePostPage(ctx));
      const typed = request.body.privateEmail.trim().toLowerCase();
      // Only whether it is an address at all is said: whether we know it never is.
      if (!isEmailAddress(typed)) {
        return html(reply, 400, newLinkPage(ctx, 'Please type an e-mail address, like name@example.com.'));
      }
      try {
        await newLinksPerClient.check(request);
        await newLinksPerClient.record(request);
      } catch (error) {
        return limited(reply, error);
      }
      let withinAddressLimit = true;
      try {
        await newLinksPerAddress.check(request, addressKey(typed));
        await newLinksPerAddress.record(request, addressKey(typed));
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        withinAddressLimit = false;
      }
      if (withinAddressLimit) {
        const people = await peopleOfPrivateEmail(db, typed, now(), config.organisationTimeZone);
        if (people.length > 0) {
          await db.transaction(async (tx) => {
            await planLinkMails(
              tx,
              people.map((p) => p.email),
              now(),
            );
            for (const person of people) {
              await recordAudit(tx, {
                kind: 'preboarding-link-requested',
                outcome: 'ok',
                subject: person.email,
                at: now(),
              });
            }
          });
          wakeMail();
        }
      }
      return html(reply, 200, newLinkSentPage(ctx));
    },
  );
};
