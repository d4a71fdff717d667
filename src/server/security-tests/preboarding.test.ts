import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formStateSchema, memberFormAnswersSchema } from '../../shared/answers-api.js';
import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { preboardingFormStateSchema, preboardingPageSchema } from '../../shared/preboarding-api.js';
import { preferencesSchema } from '../../shared/preferences-api.js';
import { createRoleCatalog } from '../../shared/roles.js';
import type { RegisteredRoute } from '../app.js';
import {
  formAnswers,
  mailOutbox,
  preboardingAnswers,
  preboardingLinks,
  preboardingRecords,
  preboardingSessions,
  stepProgress,
  users,
} from '../db/schema.js';
import { listAudit } from '../modules/audit/index.js';
import { planWorkspacePassword } from '../modules/mail/index.js';
import { updateSchedule } from '../modules/mail/schedules.repository.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { setPrivateEmail } from '../modules/members/index.js';
import { DEFAULT_PREBOARDING_LIMITS, issueLink, preboardingPerson } from '../modules/preboarding/index.js';
import { PREBOARDING_ENDED_MESSAGE } from '../modules/preboarding/preboarding-session.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../test/test-app.js';
import { googleSignIn, startGoogleTestApp, type GoogleTestApp } from '../test/test-google.js';

/**
 * Pre-boarding's link and session (docs/security.md#pre-boarding): a single-use link bound to the invitation, a session
 * of its own that no other route of the app honours, guessing limited, no address enumeration, a cross-site page that
 * starts nothing, sent answers never read back, and the first Google sign-in that joins it up once and ends it.
 */

const ADMIN = 'pb.admin@inspired2uplift.org';
const NINA = 'pb.nina@inspired2uplift.org';
const OTTO = 'pb.otto@inspired2uplift.org';
const NINA_PRIVATE = 'nina.home@example.com';
/** What Nina answers to the sensitive question: it must never come back to a pre-boarding session once sent. */
const NINA_SECRET = 'Captions and a quiet room, please (NINA-SECRET-7f3a)';
/** What Otto, a member, answered: a pre-boarding session must never reach it. */
const OTTO_SECRET = 'OTTO-SECRET-91bd';

const step = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: `${title}.`,
  icon: 'User',
  category: 'Volunteer',
  content: { details: [`About ${title.toLowerCase()}.`], tasks: [`${title}.`] },
  ...extra,
});

const catalog = createRoleCatalog([
  roleConfigurationSchema.parse({
    key: 'volunteer',
    displayName: 'Volunteer',
    version: '1.0',
    icon: 'HeartHandshake',
    colors: { baseColor: '#15803d' },
    firstDay: { time: '17:30', place: 'Online', callLink: 'https://meet.example.org/welcome', details: ['A call.'] },
    scopes: [
      {
        id: 'getting-started',
        title: 'Getting started',
        steps: [
          step('what-to-expect', 'What to expect', { beforeFirstDay: true }),
          step('access-needs', 'Your access needs', {
            beforeFirstDay: true,
            form: {
              allowChanges: true,
              fields: [
                { id: 'name-to-use', kind: 'short-text', label: 'Name to use' },
                { id: 'support', kind: 'long-text', label: 'What helps you', sensitive: true, required: true },
              ],
            },
          }),
          step('sign-in-chrome', 'Sign in to Chrome'),
          step('finance-password', 'The finance password', {
            isContactStep: true,
            envVariable: { name: 'FINANCE_PASS', requiredRole: ['*'] },
            content: {
              details: ['The password.'],
              contacts: [
                {
                  name: 'Finance',
                  email: 'finance@inspired2uplift.org',
                  position: 'Team inbox',
                  bio: 'The finance team.',
                },
              ],
            },
          }),
        ],
      },
    ],
  }),
]);

const START = '2025-04-11';

/** A member invited for START with a private address, and Otto, a member who signed in and sent his answers. */
async function invite(t: TestApp): Promise<void> {
  const db = t.database.db;
  await upsertMember(db, { email: NINA, role: 'volunteer', department: 'Events', isAdmin: false }, t.clock.now);
  await setPrivateEmail(db, NINA, NINA_PRIVATE, { actorUserId: null, actorEmail: ADMIN }, t.clock.now, 'invite');
  await updateSchedule(db, NINA, { startOn: START }, t.clock.now);
  await upsertMember(db, { email: OTTO, role: 'volunteer', department: 'Events', isAdmin: false }, t.clock.now);
  const otto = await signInWithGoogleSession(t, { email: OTTO, name: 'Otto' });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/steps/access-needs/form',
    headers: { cookie: otto },
    payload: { answers: { support: OTTO_SECRET } },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

/** A new link for Nina, made as the outbox makes one; returns its token. */
async function linkFor(t: TestApp, email = NINA): Promise<string> {
  const person = await preboardingPerson(t.database.db, email);
  if (person?.privateEmail == null || person.startOn === null) throw new Error(`${email} may not pre-board`);
  const { token } = await issueLink(
    t.database.db,
    { sessionSecret: t.config.sessionSecret, now: t.clock.now, zone: t.config.organisationTimeZone },
    { ...person, privateEmail: person.privateEmail, startOn: person.startOn },
    null,
  );
  return token;
}

/** Presses 'Open my page' (the form's POST); returns the answer and the pre-boarding cookie it set ('' if none). */
async function open(
  t: TestApp,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ res: LightMyRequestResponse; cookie: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/preboarding/open',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ token }).toString(),
  });
  const set = res.cookies.find((c) => c.name === 'onboarding_preboarding');
  return { res, cookie: set === undefined || set.value === '' ? '' : `onboarding_preboarding=${set.value}` };
}

const page = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/preboarding', headers: { cookie } });

describe('a pre-boarding link and its session', () => {
  let t: TestApp;
  const registered: RegisteredRoute[] = [];
  beforeEach(async () => {
    registered.length = 0;
    t = await createTestApp({
      catalog,
      env: { ADMIN_EMAILS: ADMIN, FINANCE_PASS: 'finance-pass-SECRET' },
      onRoute: (route) => registered.push(route),
    });
    t.clock.now = new Date('2025-04-01T09:00:00.000Z');
    await invite(t);
  });
  afterEach(async () => {
    await t.close();
  });

  it('opens once: the link’s page starts nothing, its button starts the session, a second press is refused', async () => {
    const token = await linkFor(t);
    const shown = await t.app.inject({ url: `/preboarding/open?token=${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('n•••@example.com');
    expect(shown.body).not.toContain(NINA_PRIVATE);
    expect(shown.cookies).toEqual([]);
    // Showing it twice (a mail scanner, then the person) uses nothing.
    expect((await t.app.inject({ url: `/preboarding/open?token=${token}` })).statusCode).toBe(200);

    const first = await open(t, token);
    expect(first.res.statusCode).toBe(303);
    expect(first.res.headers.location).toBe('/preboarding');
    const cookie = first.res.cookies.find((c) => c.name === 'onboarding_preboarding');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await page(t, first.cookie)).statusCode).toBe(200);

    const again = await open(t, token);
    expect(again.res.statusCode).toBe(410);
    expect(again.cookie).toBe('');
    expect(again.res.body).toContain('This link was used already');
    expect(again.res.body).toContain('action="/preboarding/new-link"');
    const shownAgain = await t.app.inject({ url: `/preboarding/open?token=${token}` });
    expect(shownAgain.statusCode).toBe(410);
    expect(shownAgain.body).toContain('This link was used already');
    // Only the hash is stored.
    const stored = await t.database.db.select().from(preboardingLinks);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('starts one session when the button is pressed twice at the same moment', async () => {
    const token = await linkFor(t);
    const both = await Promise.all([open(t, token), open(t, token)]);
    expect(both.map((b) => b.res.statusCode).sort()).toEqual([303, 410]);
  });

  it('answers every other route of the app as it answers no cookie at all', async () => {
    const { cookie } = await open(t, await linkFor(t));
    expect(cookie).not.toBe('');
    const own = (path: string) => path.startsWith('/api/preboarding') || path.startsWith('/preboarding/');
    const fill = (path: string) =>
      path
        .replaceAll(':email', encodeURIComponent(NINA))
        .replaceAll(':stepId', 'access-needs')
        .replaceAll(':name', 'FINANCE_PASS')
        .replace(/:[a-zA-Z]+|\*/gu, '00000000-0000-4000-8000-000000000000');
    const routes = registered.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD' && !own(route.url))
        .map((method) => ({ method: method as HTTPMethods, url: fill(route.url) })),
    );
    // The shared passwords, the admin console, other people's answers, the member's own form: all of them are here.
    expect(routes.length).toBeGreaterThan(60);
    const patterns = registered.map((r) => r.url);
    for (const needed of [
      '/api/secrets/:stepId',
      '/api/admin/members',
      '/api/admin/members/:email/answers',
      '/api/steps/:stepId/form',
      '/api/answers/mine',
    ]) {
      expect(patterns).toContain(needed);
    }
    // And the requests that would matter most, as the app's own code makes them.
    routes.push(
      { method: 'GET', url: '/api/secrets/finance-password' },
      { method: 'GET', url: `/api/admin/members/${encodeURIComponent(OTTO)}/answers` },
      { method: 'GET', url: `/api/admin/members/${encodeURIComponent(NINA)}/private-email` },
    );
    const differences: string[] = [];
    for (const route of routes) {
      const send = (cookieHeader: string | undefined) =>
        t.app.inject({
          method: route.method,
          url: route.url,
          headers: {
            'x-requested-with': 'onboarding',
            ...(cookieHeader === undefined ? {} : { cookie: cookieHeader }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      const anonymous = await send(undefined);
      const preboarding = await send(cookie);
      if (anonymous.statusCode !== preboarding.statusCode) {
        differences.push(
          `${route.method} ${route.url}: ${anonymous.statusCode} without, ${preboarding.statusCode} with`,
        );
      }
      for (const secret of [NINA_SECRET, OTTO_SECRET, NINA_PRIVATE, 'finance-pass-SECRET']) {
        if (preboarding.body.includes(secret)) differences.push(`${route.method} ${route.url} told ${secret}`);
      }
    }
    expect(differences).toEqual([]);
    // The session was valid all along.
    expect((await page(t, cookie)).statusCode).toBe(200);
  });

  it('reaches only the person’s own steps before the first day, and never reads back a sent form', async () => {
    const { cookie } = await open(t, await linkFor(t));
    const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
    const shown = preboardingPageSchema.parse((await as('GET', '/api/preboarding')).json());
    expect(shown.steps.map((s) => s.id)).toEqual(['what-to-expect', 'access-needs']);
    expect(shown.firstDay).toEqual({
      time: '17:30',
      place: 'Online',
      callLink: 'https://meet.example.org/welcome',
      details: ['A call.'],
    });
    for (const other of ['sign-in-chrome', 'finance-password', 'no-such-step']) {
      expect((await as('PUT', `/api/preboarding/steps/${other}`, { done: true })).statusCode).toBe(404);
      expect((await as('GET', `/api/preboarding/steps/${other}/form`)).statusCode).toBe(404);
    }
    expect((await as('PUT', '/api/preboarding/steps/what-to-expect', { done: true })).statusCode).toBe(200);

    // A draft comes back as saved, sensitive answers too: nothing has been sent.
    const draft = await as('PUT', '/api/preboarding/steps/access-needs/form/draft', {
      answers: { support: NINA_SECRET },
    });
    expect(preboardingFormStateSchema.parse(draft.json()).draft?.answers).toEqual({ support: NINA_SECRET });
    // Sending needs the required answer; then it is sent once and never read back.
    const incomplete = await as('POST', '/api/preboarding/steps/access-needs/form', {
      answers: { 'name-to-use': 'Nina' },
    });
    expect(incomplete.statusCode).toBe(400);
    const sent = await as('POST', '/api/preboarding/steps/access-needs/form', {
      answers: { 'name-to-use': 'Nina', support: NINA_SECRET },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).not.toContain('NINA-SECRET');
    expect(preboardingFormStateSchema.parse(sent.json())).toMatchObject({
      draft: null,
      sentAt: t.clock.now.toISOString(),
    });
    expect(
      (await as('POST', '/api/preboarding/steps/access-needs/form', { answers: { support: 'x' } })).statusCode,
    ).toBe(409);
    expect(
      (await as('PUT', '/api/preboarding/steps/access-needs/form/draft', { answers: { support: 'x' } })).statusCode,
    ).toBe(409);
    for (const url of [
      '/api/preboarding',
      '/api/preboarding/steps/access-needs/form',
      '/api/preboarding/steps/what-to-expect/form',
    ]) {
      const res = await as('GET', url);
      expect(res.body, url).not.toContain('NINA-SECRET');
      expect(res.body, url).not.toContain('Nina');
    }
    // Stored sealed, as form answers are.
    const rows = await t.database.db.execute(`select answers::text, sealed from preboarding_answers`);
    expect(JSON.stringify(rows)).not.toContain('NINA-SECRET');
  });

  it('refuses guessed links past the limit per client, and never fails on any token', async () => {
    await t.close();
    t = await createTestApp({
      catalog,
      env: { ADMIN_EMAILS: ADMIN },
      preboardingLimits: { ...DEFAULT_PREBOARDING_LIMITS, failedOpensPerClient: { max: 3, timeWindowMs: 60_000 } },
    });
    t.clock.now = new Date('2025-04-01T09:00:00.000Z');
    await invite(t);
    const good = await linkFor(t);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/u)),
        fc.boolean(),
        async (token, viaButton) => {
          const res = viaButton
            ? (await open(t, token)).res
            : await t.app.inject({ url: `/preboarding/open?token=${encodeURIComponent(token)}` });
          expect([410, 429]).toContain(res.statusCode);
          expect(res.headers['content-type']).toMatch(/^text\/html/u);
          expect(res.cookies.filter((c) => c.name === 'onboarding_preboarding' && c.value !== '')).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 54 },
    );
    // The limit is reached: even the right link waits, with a page that says how long.
    const limited = await open(t, good);
    expect(limited.res.statusCode).toBe(429);
    expect(limited.res.body).toContain('Please wait');
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held up by it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/preboarding/open',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${good}`,
    });
    expect(other.statusCode).toBe(303);
  });

  it('answers a new-link request the same whether or not the address is known, and limits it', async () => {
    await t.close();
    t = await createTestApp({
      catalog,
      env: { ADMIN_EMAILS: ADMIN },
      preboardingLimits: {
        ...DEFAULT_PREBOARDING_LIMITS,
        newLinksPerAddress: { max: 2, timeWindowMs: 60 * 60_000 },
        newLinksPerClient: { max: 5, timeWindowMs: 60_000 },
      },
    });
    t.clock.now = new Date('2025-04-01T09:00:00.000Z');
    await invite(t);
    const ask = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/preboarding/new-link',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ privateEmail: address }).toString(),
      });
    const known = await ask(' Nina.Home@Example.com ');
    const unknown = await ask('someone.else@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const linkMails = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'preboarding-link'));
    expect((await linkMails()).map((m) => m.recipient)).toEqual([NINA_PRIVATE]);
    // Beyond the address's limit nothing more is sent, and the answer is the same.
    expect((await ask(NINA_PRIVATE)).body).toBe(known.body);
    expect((await ask(NINA_PRIVATE)).body).toBe(known.body);
    expect(await linkMails()).toHaveLength(2);
    // The client's own limit says so.
    await ask('a@example.com');
    const limited = await ask('b@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Please wait');
    // From another site: nothing happens.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/preboarding/new-link',
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:9' },
      payload: `privateEmail=${NINA_PRIVATE}`,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).toContain('nothing happened');
    expect(await linkMails()).toHaveLength(2);
  });

  it('starts nothing when another site opens the link, and says what to do', async () => {
    const token = await linkFor(t);
    const navigated = await t.app.inject({
      url: `/preboarding/open?token=${token}`,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(navigated.statusCode).toBe(403);
    expect(navigated.body).toContain('This link was opened from another website');
    expect(navigated.body).toContain('Open my page');
    expect(navigated.cookies).toEqual([]);
    // Another origin (a development server refuses a foreign name before routing; another port is another site too).
    const posted = await open(t, token, { origin: 'http://127.0.0.1:9' });
    expect(posted.res.statusCode).toBe(403);
    expect(posted.res.body).toContain('use the link in the e-mail');
    expect(posted.cookie).toBe('');
    // The link is still unused: the person's own press opens it.
    expect((await open(t, token)).res.statusCode).toBe(303);
  });

  it('lets admins and her department’s leads read a form sent before her first day, each read audited; no one else', async () => {
    const db = t.database.db;
    const EVENTS_LEAD = 'pb.events.lead@inspired2uplift.org';
    const FINANCE_LEAD = 'pb.finance.lead@inspired2uplift.org';
    await upsertMember(db, {
      email: EVENTS_LEAD,
      role: 'volunteer',
      department: 'Events',
      isAdmin: false,
      leadOf: ['Events'],
    });
    await upsertMember(db, {
      email: FINANCE_LEAD,
      role: 'volunteer',
      department: 'Finance',
      isAdmin: false,
      leadOf: ['Finance'],
    });
    await t.app.changeFeed.settle();
    const read = async (reader: string) =>
      t.app.inject({
        url: `/api/admin/members/${encodeURIComponent(NINA)}/answers`,
        headers: { cookie: await signInWithGoogleSession(t, { email: reader, name: 'Reader' }) },
      });
    // A draft is hers alone: nothing to read yet.
    const { cookie } = await open(t, await linkFor(t));
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    await as('PUT', '/api/preboarding/steps/access-needs/form/draft', { answers: { support: 'DRAFT-ONLY' } });
    expect(memberFormAnswersSchema.parse((await read(ADMIN)).json()).forms).toEqual([]);
    const sent = await as('POST', '/api/preboarding/steps/access-needs/form', {
      answers: { 'name-to-use': 'Nina', support: NINA_SECRET },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // Sent: the admin and the lead of her department read it before her first sign-in, sensitive answer included.
    for (const reader of [ADMIN, EVENTS_LEAD]) {
      const res = await read(reader);
      expect(res.statusCode, reader).toBe(200);
      expect(memberFormAnswersSchema.parse(res.json()).forms).toEqual([
        {
          stepId: 'access-needs',
          stepTitle: 'Your access needs',
          version: 1,
          submittedAt: t.clock.now.toISOString(),
          beforeFirstDay: true,
          answers: [
            { fieldId: 'name-to-use', label: 'Name to use', sensitive: false, text: 'Nina' },
            { fieldId: 'support', label: 'What helps you', sensitive: true, text: NINA_SECRET },
          ],
        },
      ]);
    }
    const other = await read(FINANCE_LEAD);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('NINA-SECRET');
    const reads = (await listAudit(db, { filters: { kind: 'answers-read' } })).entries.filter(
      (e) => e.subject === NINA,
    );
    expect(reads.map((e) => [e.actorEmail, e.outcome]).sort()).toEqual(
      [
        [ADMIN, 'allowed'],
        [ADMIN, 'allowed'],
        [EVENTS_LEAD, 'allowed'],
        [FINANCE_LEAD, 'refused'],
      ].sort(),
    );
    // Her own pre-boarding session still never reads it back.
    expect(
      (await t.app.inject({ url: '/api/preboarding/steps/access-needs/form', headers: { cookie } })).body,
    ).not.toContain('NINA-SECRET');
  });

  it('deletes what she did before her first day, her links and messages, ANSWERS_KEEP_DAYS_AFTER_LEAVING days after leaving', async () => {
    const db = t.database.db;
    const { cookie } = await open(t, await linkFor(t));
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    expect((await as('PUT', '/api/preboarding/steps/what-to-expect', { done: true })).statusCode).toBe(200);
    await as('POST', '/api/preboarding/steps/access-needs/form', { answers: { support: NINA_SECRET } });
    // A new link asked for: a message to her private address in the outbox.
    await t.app.inject({
      method: 'POST',
      url: '/preboarding/new-link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ privateEmail: NINA_PRIVATE }).toString(),
    });
    // Her Google account's temporary password, planned to her private address (sent, the outbox keeps a copy).
    await planWorkspacePassword(db, {
      member: NINA,
      privateEmail: NINA_PRIVATE,
      password: 'Temporary-1234',
      box: t.config.secretBox,
      attempt: 1,
      now: t.clock.now,
    });
    const rowsOf = async (email: string) => ({
      answers: (await db.select().from(preboardingAnswers).where(eq(preboardingAnswers.email, email))).length,
      records: (await db.select().from(preboardingRecords).where(eq(preboardingRecords.email, email))).length,
      links: (await db.select().from(preboardingLinks).where(eq(preboardingLinks.email, email))).length,
      sessions: (await db.select().from(preboardingSessions).where(eq(preboardingSessions.email, email))).length,
      messages: (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, NINA_PRIVATE))).length,
    });
    // The mail worker (woken by the request) sends it, with a new link, and the welcome: wait for it to be done.
    await t.app.mailWorker.runNow();
    const before = await rowsOf(NINA);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    expect(
      await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'workspace-password')),
      'the password message went and its copy is kept',
    ).toEqual([expect.objectContaining({ recipient: NINA_PRIVATE, status: 'sent' })]);

    const admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Admin' });
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${encodeURIComponent(NINA)}/leave`,
      headers: { cookie: admin },
      payload: { leftOn: t.clock.now.toISOString().slice(0, 10) },
    });
    expect(left.statusCode, left.body).toBe(200);
    // Kept while answers are kept after leaving (90 days by default) …
    t.clock.advance(89 * 86_400_000);
    await t.app.answersSweep.runNow();
    expect(await rowsOf(NINA)).toEqual(before);
    // … then gone, audited; Otto, who did not leave, keeps his answers.
    t.clock.advance(2 * 86_400_000);
    await t.app.answersSweep.runNow();
    expect(await rowsOf(NINA)).toEqual({ answers: 0, records: 0, links: 0, sessions: 0, messages: 0 });
    expect(await db.select().from(formAnswers)).toHaveLength(1);
    const deleted = (await listAudit(db, { filters: { kind: 'answers-deleted' } })).entries;
    expect(deleted.map((e) => [e.subject, e.details])).toEqual([
      [
        NINA,
        {
          beforeFirstDay: {
            formVersions: before.answers,
            records: before.records,
            links: before.links,
            messages: before.messages,
          },
          keepDays: 90,
        },
      ],
    ]);
    // Nothing left to delete: the next run says nothing.
    await t.app.answersSweep.runNow();
    expect((await listAudit(db, { filters: { kind: 'answers-deleted' } })).entries).toHaveLength(1);
  });

  it('ends with the invitation: a changed private address, leaving, or the time after the start date', async () => {
    const a = await open(t, await linkFor(t));
    const unusedLink = await linkFor(t);
    await setPrivateEmail(
      t.database.db,
      NINA,
      'nina.new@example.com',
      { actorUserId: null, actorEmail: ADMIN },
      t.clock.now,
      'member-page',
    );
    expect((await page(t, a.cookie)).statusCode).toBe(401);
    expect((await page(t, a.cookie)).json()).toMatchObject({ message: PREBOARDING_ENDED_MESSAGE });
    const refused = await open(t, unusedLink);
    expect(refused.res.statusCode).toBe(410);
    expect(refused.res.body).toContain('Your invitation or your private e-mail address changed');

    const b = await open(t, await linkFor(t));
    const never = await linkFor(t);
    expect((await page(t, b.cookie)).statusCode).toBe(200);
    // Three days after the start date it still works; at the end of that day it is over.
    t.clock.now = new Date('2025-04-14T22:59:00.000Z');
    expect((await page(t, b.cookie)).statusCode).toBe(200);
    t.clock.now = new Date('2025-04-14T23:00:00.000Z');
    expect((await page(t, b.cookie)).statusCode).toBe(401);
    // A link of then says so and points to the Google sign-in, not to a new link (none would come).
    const shown = await t.app.inject({ url: `/preboarding/open?token=${never}` });
    const pressed = await open(t, never);
    for (const res of [shown, pressed.res]) {
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('Your first day has passed');
      expect(res.body).toContain('href="/login"');
      expect(res.body).not.toContain('Send me a new link');
    }
    expect(pressed.cookie).toBe('');
  });

  it('says a link is too old, with a new one a click away, when it outlives its 30 days before a far start date', async () => {
    await updateSchedule(t.database.db, NINA, { startOn: '2025-07-01' }, t.clock.now);
    const token = await linkFor(t);
    t.clock.advance(30 * 86_400_000);
    const shown = await t.app.inject({ url: `/preboarding/open?token=${token}` });
    const pressed = await open(t, token);
    for (const res of [shown, pressed.res]) {
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This link is too old');
      expect(res.body).toContain('Send me a new link');
    }
    expect(pressed.cookie).toBe('');
    // A new link for the same address still opens her page.
    expect((await open(t, await linkFor(t))).res.statusCode).toBe(303);
  });
});

describe('the first Google sign-in', () => {
  let google: GoogleTestApp;
  let t: TestApp;
  beforeEach(async () => {
    google = await startGoogleTestApp({ env: { ADMIN_EMAILS: ADMIN }, app: { catalog } });
    t = google.t;
    t.clock.now = new Date('2025-04-01T09:00:00.000Z');
    await invite(t);
  });
  afterEach(async () => {
    await google.close();
  });

  it('makes what was done before the first day the member’s, once, and ends the session and every link', async () => {
    const token = await linkFor(t);
    const { cookie } = await open(t, token);
    const unused = await linkFor(t);
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    await as('PUT', '/api/preboarding/steps/what-to-expect', { done: true });
    await as('POST', '/api/preboarding/steps/access-needs/form', {
      answers: { 'name-to-use': 'Nina', support: NINA_SECRET },
    });
    const chosen = {
      textSize: 200,
      spacing: true,
      font: 'legible',
      theme: 'contrast',
      motion: 'reduced',
      oneStepAtATime: false,
      easyRead: true,
    };
    expect((await as('PUT', '/api/preboarding/preferences', chosen)).statusCode).toBe(200);

    t.clock.now = new Date('2025-04-11T08:00:00.000Z');
    const signedIn = await googleSignIn(google, { email: NINA, sub: 'nina-google-sub', name: 'Nina Park' });
    expect(signedIn.res.statusCode, signedIn.res.body).toBe(200);
    const member = signedIn.cookie;

    // The answers are hers: she reads them back now, signed in.
    const form = formStateSchema.parse(
      (await t.app.inject({ url: '/api/steps/access-needs/form', headers: { cookie: member } })).json(),
    );
    expect(form.submitted?.answers).toEqual({ 'name-to-use': 'Nina', support: NINA_SECRET });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, NINA));
    const done = await t.database.db
      .select()
      .from(stepProgress)
      .where(eq(stepProgress.userId, user?.id ?? ''));
    expect(done.map((d) => d.stepId).sort()).toEqual(['access-needs', 'what-to-expect']);
    const preferences = preferencesSchema.parse(
      (await t.app.inject({ url: '/api/me/preferences', headers: { cookie: member } })).json(),
    );
    expect(preferences).toEqual(chosen);

    // Pre-boarding is over: the session, the used link and an unused one.
    expect((await page(t, cookie)).statusCode).toBe(401);
    for (const link of [token, unused]) {
      const refused = await open(t, link);
      expect(refused.res.statusCode).toBe(410);
      expect(refused.res.body).toContain('You have signed in already');
    }

    // Once: a second sign-in moves nothing again.
    const again = await googleSignIn(google, { email: NINA, sub: 'nina-google-sub', name: 'Nina Park' });
    expect(again.res.statusCode).toBe(200);
    const versions = await t.database.db
      .select()
      .from(formAnswers)
      .where(eq(formAnswers.userId, user?.id ?? ''));
    expect(versions.map((v) => v.version)).toEqual([1]);
    const joined = (await listAudit(t.database.db, { filters: { kind: 'preboarding-joined' } })).entries;
    expect(joined.map((e) => [e.subject, e.details])).toEqual([
      [NINA, { steps: ['what-to-expect'], formsSent: ['access-needs'], drafts: [], preferences: true }],
    ]);
    expect(JSON.stringify(joined)).not.toContain('NINA-SECRET');

    // Her member page says what was done before the first day.
    const admin = (await googleSignIn(google, { email: ADMIN, sub: 'admin-sub' })).cookie;
    const detail = await t.app.inject({
      url: `/api/admin/members/${encodeURIComponent(NINA)}`,
      headers: { cookie: admin },
    });
    expect(detail.json()).toMatchObject({
      preboarding: {
        joinedAt: '2025-04-11T08:00:00.000Z',
        steps: [{ stepId: 'what-to-expect', title: 'What to expect' }],
        formsSent: [{ stepId: 'access-needs', title: 'Your access needs' }],
      },
    });
  });
});
