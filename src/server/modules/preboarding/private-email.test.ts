import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importResultSchema, memberDetailSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { privateEmailProblem, privateEmailSchema } from '../../../shared/private-email.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { listAudit } from '../audit/index.js';
import { getMember } from '../members/index.js';
import { upsertMember } from '../members/members.repository.js';
import { PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE } from './private-email.routes.js';

/**
 * The private e-mail address of a member record (docs/product.md#private-e-mail-address): set on invitation, by CSV
 * import and on the member page; read only by admins and the member's department leads, every read audited; never in
 * the member page's answer or the CSV export; cleared with the form answers after leaving.
 */

const ADMIN = 'pe.admin@inspired2uplift.org';
const LEAD = 'pe.lead@inspired2uplift.org';
const OTHER_LEAD = 'pe.other@inspired2uplift.org';
const NINA = 'pe.nina@inspired2uplift.org';
const PRIVATE = 'nina.private@example.com';

let t: TestApp;
let admin: string;
let lead: string;
let otherLead: string;
let nina: string;

const url = (email: string) => `/api/admin/members/${encodeURIComponent(email)}/private-email`;
const as = (cookie: string, method: 'GET' | 'PUT', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const audits = async (kind: string) =>
  (await listAudit(t.database.db, { filters: { kind }, page: { size: 200 } })).entries;

beforeEach(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, ANSWERS_KEEP_DAYS_AFTER_LEAVING: '30' } });
  const db = t.database.db;
  await upsertMember(db, { email: LEAD, role: 'volunteer', department: 'Events', isAdmin: false, leadOf: ['events'] });
  await upsertMember(db, {
    email: OTHER_LEAD,
    role: 'volunteer',
    department: 'Finance',
    isAdmin: false,
    leadOf: ['Finance'],
  });
  await upsertMember(db, { email: NINA, role: 'volunteer', department: 'Events', isAdmin: false });
  admin = await signInWithGoogleSession(t, { email: ADMIN });
  lead = await signInWithGoogleSession(t, { email: LEAD });
  otherLead = await signInWithGoogleSession(t, { email: OTHER_LEAD });
  nina = await signInWithGoogleSession(t, { email: NINA });
});
afterEach(async () => {
  await t.close();
});

describe('the private e-mail address on the member page', () => {
  it('is set by an admin, read by admins and the member’s leads (audited), and refused to everyone else', async () => {
    const set = await as(admin, 'PUT', url(NINA), { privateEmail: '  Nina.Private@Example.com ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(privateEmailSchema.parse(set.json())).toEqual({ email: NINA, privateEmail: PRIVATE });
    expect((await getMember(t.database.db, NINA))?.privateEmail).toBe(PRIVATE);
    expect((await audits('private-email-change')).map((e) => [e.subject, e.details])).toEqual([
      [NINA, { action: 'added', via: 'member-page' }],
    ]);

    // The member page says only that one is set: the address is never in its answer.
    const page = await as(admin, 'GET', `/api/admin/members/${NINA}`);
    expect(memberDetailSchema.parse(page.json()).hasPrivateEmail).toBe(true);
    expect(page.body).not.toContain('example.com');

    expect((await as(admin, 'GET', url(NINA))).json()).toEqual({ email: NINA, privateEmail: PRIVATE });
    expect((await as(lead, 'GET', url(NINA))).json()).toEqual({ email: NINA, privateEmail: PRIVATE });
    const refused = await as(otherLead, 'GET', url(NINA));
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE);
    expect(refused.body).not.toContain('example.com');
    // The member themselves and a lead cannot change it; nobody outside the console reads it.
    expect((await as(nina, 'GET', url(NINA))).statusCode).toBe(403);
    expect((await as(lead, 'PUT', url(NINA), { privateEmail: 'x@example.org' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(NINA) })).statusCode).toBe(401);

    const reads = (await audits('private-email-read')).reverse();
    expect(reads.map((e) => [e.actorEmail, e.subject, e.outcome])).toEqual([
      [ADMIN, NINA, 'allowed'],
      [LEAD, NINA, 'allowed'],
      [OTHER_LEAD, NINA, 'refused'],
    ]);
    // The audit log never holds the address itself.
    expect(JSON.stringify([...reads, ...(await audits('private-email-change'))])).not.toContain('example.com');
  });

  it('is given in the invite form: checked before anything is written, audited as part of the invitation', async () => {
    const NEW = 'pe.newcomer@inspired2uplift.org';
    const invite = (privateEmail: string) =>
      as(admin, 'PUT', `/api/admin/members/${NEW}`, { role: 'volunteer', department: 'Operations', privateEmail });
    const refused = await invite(`someone@${t.config.allowedDomain}`);
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(
      privateEmailProblem(`someone@${t.config.allowedDomain}`, t.config.allowedDomain),
    );
    expect(await getMember(t.database.db, NEW)).toBeUndefined();
    const invited = await invite('New.Comer@Example.org');
    expect(invited.statusCode, invited.body).toBe(200);
    expect(memberDetailSchema.parse(invited.json()).hasPrivateEmail).toBe(true);
    expect(invited.body).not.toContain('example.org');
    expect((await getMember(t.database.db, NEW))?.privateEmail).toBe('new.comer@example.org');
    expect((await audits('private-email-change')).map((e) => [e.subject, e.details])).toEqual([
      [NEW, { action: 'added', via: 'invite' }],
    ]);
  });

  it('is refused when a link from another site opens it (the read writes an audit entry)', async () => {
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    const crossSite = await t.app.inject({
      method: 'GET',
      url: url(NINA),
      headers: { cookie: admin, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await audits('private-email-read')).toEqual([]);
  });

  it('is changed and removed by an admin; 404 without a member record', async () => {
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    await as(admin, 'PUT', url(NINA), { privateEmail: 'nina@example.org' });
    const removed = await as(admin, 'PUT', url(NINA), { privateEmail: null });
    expect(removed.json()).toEqual({ email: NINA, privateEmail: null });
    expect((await getMember(t.database.db, NINA))?.privateEmail).toBeNull();
    // The same address again changes nothing, so it is not audited.
    expect((await audits('private-email-change')).map((e) => e.details?.action).reverse()).toEqual([
      'added',
      'changed',
      'removed',
    ]);
    const unknown = await as(admin, 'PUT', url('nobody@inspired2uplift.org'), { privateEmail: PRIVATE });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).message).toMatch(/Invite them first/u);
  });

  it('accepts exactly what the e-mail validation accepts outside the organisation’s domain, and never fails', async () => {
    const domain = t.config.allowedDomain;
    const candidates = fc.oneof(
      fc.emailAddress(),
      fc.emailAddress().map((a) => a.toUpperCase()),
      fc.emailAddress().map((a) => `${a.slice(0, a.indexOf('@'))}@${domain}`),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', ' ', 'a@b', '@example.com', 'nina@', 'nina@@example.com', `x@${domain.toUpperCase()}`),
    );
    await fc.assert(
      fc.asyncProperty(candidates, async (typed) => {
        const answer = await as(admin, 'PUT', url(NINA), { privateEmail: typed });
        const problem = typed.trim() === '' ? null : privateEmailProblem(typed, domain);
        if (typed.length > 254) expect(answer.statusCode).toBe(400);
        else if (problem === null) {
          expect(answer.statusCode, answer.body).toBe(200);
          const stored = (await getMember(t.database.db, NINA))?.privateEmail ?? null;
          expect(stored).toBe(typed.trim() === '' ? null : typed.trim().toLowerCase());
        } else {
          expect(answer.statusCode, answer.body).toBe(400);
          expect(apiErrorSchema.parse(answer.json()).message).toBe(problem);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the private e-mail address in the CSV import', () => {
  const importCsv = (csv: string, path = '/api/admin/import') =>
    t.app.inject({ method: 'POST', url: path, headers: { cookie: admin }, payload: { csv } });

  it('sets it from a privateEmail column (an empty cell keeps it), says so without the stored address, and checks it', async () => {
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    const csv = [
      'email,role,department,Personal e-mail',
      `${NINA},volunteer,Events,Nina.New@Example.org`,
      'pe.new@inspired2uplift.org,volunteer,Operations,new.person@example.net',
      `${LEAD},volunteer,Events,`,
    ].join('\n');
    const preview = importResultSchema.parse((await importCsv(csv, '/api/admin/import/preview')).json());
    expect(preview.valid, JSON.stringify([preview.errors, preview.rows.map((r) => r.errors)])).toBe(true);
    expect(preview.rows.map((r) => r.changes)).toEqual([
      [{ field: 'Private e-mail', from: 'another address', to: 'nina.new@example.org' }],
      [],
      [],
    ]);
    expect(JSON.stringify(preview)).not.toContain(PRIVATE);
    const applied = await importCsv(csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await getMember(t.database.db, NINA))?.privateEmail).toBe('nina.new@example.org');
    expect((await getMember(t.database.db, 'pe.new@inspired2uplift.org'))?.privateEmail).toBe('new.person@example.net');
    expect((await getMember(t.database.db, LEAD))?.privateEmail).toBeNull();

    const bad = importResultSchema.parse(
      (
        await importCsv(
          `email,role,privateEmail\n${NINA},volunteer,not-an-address\n${LEAD},volunteer,lee@inspired2uplift.org\n`,
          '/api/admin/import/preview',
        )
      ).json(),
    );
    expect(bad.valid).toBe(false);
    expect(bad.rows.map((r) => r.errors)).toEqual([
      ['privateEmail: "not-an-address" is not an e-mail address.'],
      [`privateEmail: ${privateEmailProblem('lee@inspired2uplift.org', t.config.allowedDomain) ?? ''}`],
    ]);
  });

  it('never writes it into the CSV export', async () => {
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    const exported = await as(admin, 'GET', '/api/admin/members.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(NINA);
    expect(exported.body).not.toContain('example.com');
  });
});

describe('the private e-mail address after leaving', () => {
  it('is cleared with the form answers, ANSWERS_KEEP_DAYS_AFTER_LEAVING days after the member left (audited)', async () => {
    await as(admin, 'PUT', url(NINA), { privateEmail: PRIVATE });
    t.clock.now = new Date('2025-04-01T09:00:00.000Z');
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${NINA}/leave`,
      headers: { cookie: admin },
      payload: { leftOn: '2025-04-01' },
    });
    expect(left.statusCode, left.body).toBe(200);
    t.clock.now = new Date('2025-04-30T09:00:00.000Z');
    await t.app.answersSweep.runNow();
    expect((await getMember(t.database.db, NINA))?.privateEmail).toBe(PRIVATE);
    t.clock.now = new Date('2025-05-01T09:00:00.000Z');
    await t.app.answersSweep.runNow();
    expect((await getMember(t.database.db, NINA))?.privateEmail).toBeNull();
    expect((await audits('private-email-deleted')).map((e) => [e.subject, e.reason])).toEqual([
      [NINA, 'kept-days-after-leaving'],
    ]);
  });
});
