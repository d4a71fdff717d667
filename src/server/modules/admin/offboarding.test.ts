import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, memberDetailSchema, revealedSecretsSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { loadContent } from '../../content/load-content.js';
import { projectRoot } from '../../project-root.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { TEST_SECRET_VALUES } from '../../test/test-secrets.js';
import { leftSignInMessage } from '../members/left-members.js';
import { upsertMember } from '../members/members.repository.js';

/** Offboarding: a member who left loses access at once, keeps their record, and the team sees what to change. */

const ADMIN = 'boss@inspired2uplift.org';
const FIONA = 'fiona@inspired2uplift.org';
let t: TestApp;
let catalog: RoleCatalog;
let admin: string;

const stepOf = (name: string): string => {
  for (const config of catalog.values())
    for (const scope of config.scopes)
      for (const step of scope.steps) if (step.envVariable?.name === name) return step.id;
  throw new Error(`no step for ${name}`);
};

beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
  t = await createTestApp({ catalog, env: { ...TEST_SECRET_VALUES, ADMIN_EMAILS: ADMIN } });
  admin = await signIn(t.app, { email: ADMIN });
});
afterAll(async () => {
  await t.close();
});

const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const memberUrl = (email: string, rest = '') => `/api/admin/members/${encodeURIComponent(email)}${rest}`;

describe('offboarding', () => {
  it('ends the sessions at once, refuses sign-in kindly, keeps the record, and lists the passwords to change', async () => {
    await upsertMember(t.database.db, { email: FIONA, role: 'Treasurer', department: 'Finance', isAdmin: false });
    const fiona = await signInWithGoogleSession(t, { email: FIONA, name: 'Fiona' });
    const secret = await as(fiona, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`);
    expect(secret.statusCode, secret.body).toBe(200);
    await as(fiona, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`);

    const left = await as(admin, 'POST', memberUrl(FIONA, '/leave'), { leftOn: '2025-03-31', note: 'Moved abroad' });
    expect(left.statusCode, left.body).toBe(200);
    expect(memberDetailSchema.parse(left.json()).left).toEqual({
      at: '2025-03-31T00:00:00.000Z',
      note: 'Moved abroad',
    });
    // Her cookie stops working at once.
    expect((await as(fiona, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await as(fiona, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`)).statusCode).toBe(401);
    // Signing in again is refused with a kind message naming the support contact.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: FIONA } });
    expect(again.statusCode).toBe(403);
    expect(apiErrorSchema.parse(again.json()).message).toBe(leftSignInMessage(t.config));
    expect(leftSignInMessage(t.config)).toContain(t.config.supportEmail);
    // Her record stays readable to admins.
    const page = memberDetailSchema.parse((await as(admin, 'GET', memberUrl(FIONA))).json());
    expect(page.member).toMatchObject({ email: FIONA, role: 'finance' });
    expect(page.left?.note).toBe('Moved abroad');

    // The passwords she revealed, to change.
    const listed = revealedSecretsSchema.parse((await as(admin, 'GET', memberUrl(FIONA, '/revealed-secrets'))).json());
    expect(listed.items).toEqual([
      {
        name: 'FINANCE_PASS',
        steps: [expect.any(String)],
        reveals: 2,
        lastRevealedAt: expect.any(String),
        rotatedAt: null,
      },
    ]);
    t.clock.advance(60_000);
    const marked = await as(admin, 'POST', '/api/admin/secrets/FINANCE_PASS/rotated');
    expect(marked.statusCode, marked.body).toBe(200);
    const after = revealedSecretsSchema.parse((await as(admin, 'GET', memberUrl(FIONA, '/revealed-secrets'))).json());
    expect(after.items[0]?.rotatedAt).toBe(marked.json<{ rotatedAt: string }>().rotatedAt);
    expect((await as(admin, 'POST', '/api/admin/secrets/NOPE_PASS/rotated')).statusCode).toBe(404);

    const audit = auditPageSchema.parse((await as(admin, 'GET', '/api/admin/audit?kind=member-left')).json());
    expect(audit.items[0]).toMatchObject({ subject: FIONA, actorEmail: ADMIN });

    // Undone, she may sign in again.
    expect((await as(admin, 'DELETE', memberUrl(FIONA, '/leave'))).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: FIONA } })).statusCode,
    ).toBe(200);
  });

  it('gives a person without a member record one when they leave, and answers 404 for an unknown address', async () => {
    const cookie = await signIn(t.app, { email: 'nora@inspired2uplift.org' });
    expect(
      (await as(admin, 'POST', memberUrl('nora@inspired2uplift.org', '/leave'), { leftOn: '2025-04-01' })).statusCode,
    ).toBe(200);
    expect((await as(cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect(
      (await as(admin, 'POST', memberUrl('ghost@inspired2uplift.org', '/leave'), { leftOn: '2025-04-01' })).statusCode,
    ).toBe(404);
    const bad = await as(admin, 'POST', memberUrl('nora@inspired2uplift.org', '/leave'), { leftOn: 'yesterday' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets an admin rotate a shared password in the app: members see the new value, and the admin reveal is audited', async () => {
    await upsertMember(t.database.db, {
      email: 'finn@inspired2uplift.org',
      role: 'finance',
      department: 'Finance',
      isAdmin: false,
    });
    const finn = await signInWithGoogleSession(t, { email: 'finn@inspired2uplift.org' });
    const read = async () =>
      (await as(finn, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`)).json<{ value: string | null }>().value;
    expect(await read()).toBe(TEST_SECRET_VALUES.FINANCE_PASS);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/secrets/finance_pass',
      headers: { cookie: admin },
      payload: { value: 'brand-new-Finance-7' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const listed = set.json<{ items: { name: string; set: boolean; updatedBy: string | null }[] }>().items;
    expect(listed.find((i) => i.name === 'FINANCE_PASS')).toMatchObject({ set: true, updatedBy: ADMIN });
    expect(set.body).not.toContain('brand-new-Finance-7');
    expect(await read()).toBe('brand-new-Finance-7');
    // Finn saw the old value: he is told when it changed (the test clock's day, as the organisation writes it).
    const answer = (await as(finn, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`)).json<{
      value: string;
      changedOn?: string;
    }>();
    expect(answer).toEqual({ value: 'brand-new-Finance-7', changedOn: '1 Apr' });
    // Someone who never saw the old value is not.
    await upsertMember(t.database.db, {
      email: 'fran@inspired2uplift.org',
      role: 'finance',
      department: 'Finance',
      isAdmin: false,
    });
    const fran = await signInWithGoogleSession(t, { email: 'fran@inspired2uplift.org' });
    expect((await as(fran, 'GET', `/api/secrets/${stepOf('FINANCE_PASS')}`)).json()).toEqual({
      value: 'brand-new-Finance-7',
    });
    const revealed = await as(admin, 'POST', '/api/admin/secrets/FINANCE_PASS/reveal');
    expect(revealed.json()).toEqual({ name: 'FINANCE_PASS', value: 'brand-new-Finance-7' });
    const audit = auditPageSchema.parse(
      (await as(admin, 'GET', `/api/admin/audit?kind=secret-reveal&actor=${ADMIN}`)).json(),
    );
    expect(audit.items[0]).toMatchObject({ subject: 'FINANCE_PASS', outcome: 'allowed' });
  });
});
