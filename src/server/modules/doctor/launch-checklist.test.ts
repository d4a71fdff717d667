import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleConfigurationSchema } from '../../../shared/content-schema.js';
import {
  LAUNCH_CHECK_IDS,
  launchChecklistSchema,
  launchChecklistStateSchema,
  testMessageResponseSchema,
  type LaunchCheck,
} from '../../../shared/launch-checklist-api.js';
import { createRoleCatalog } from '../../../shared/roles.js';
import { auditLog } from '../../db/schema.js';
import { createTestApp, createTestCatalog, signIn, type TestApp } from '../../test/test-app.js';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { loadConfig } from '../../env.js';
import { backupFileName } from '../backups/backups.js';
import { backupsCheck, googleCheck, mailCheck, proxyCheck, supportAddressCheck } from './launch-checklist.js';

/**
 * The admin console's launch checklist (docs/product.md#launch-checklist) against a real database, an SMTP server on
 * loopback and a data folder with a backup.
 */

const ADMIN = 'admin@inspired2uplift.org';
const OTHER_ADMIN = 'second-admin@inspired2uplift.org';

/** A role with one placeholder (a contact's name) and a draft agreement. */
const launchRole = roleConfigurationSchema.parse({
  key: 'launch',
  displayName: 'Launch',
  version: '1.0',
  icon: 'Rocket',
  colors: { baseColor: '#6d28d9' },
  scopes: [
    {
      id: 'start',
      title: 'Getting started',
      steps: [
        {
          id: 'meet-the-team',
          title: 'Meet the team',
          description: 'Who is who.',
          icon: 'Users',
          category: 'Volunteer',
          isContactStep: true,
          content: {
            contacts: [
              {
                name: 'Director of Finance — name to be added',
                position: 'Director of Finance',
                email: 'finance@inspired2uplift.org',
              },
            ],
          },
        },
        {
          id: 'sign-it',
          title: 'Sign the agreement',
          description: 'Read and sign.',
          icon: 'Pen',
          category: 'Volunteer',
          requiresScrollOrDownload: true,
          pdfUrl: '/content/agreement.pdf',
          pdfDraft: true,
          signature: true,
        },
      ],
    },
  ],
});

let t: TestApp;
let smtp: TestSmtp;
let dataDir: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-launch-'));
  mkdirSync(path.join(dataDir, 'backups'));
  t = await createTestApp({
    catalog: createRoleCatalog([...createTestCatalog().values(), launchRole]),
    env: {
      ADMIN_EMAILS: ADMIN,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Onboarding <onboarding@inspired2uplift.org>',
    },
  });
  // A backup taken an hour before the test clock's now.
  writeFileSync(path.join(dataDir, 'backups', backupFileName(new Date(t.clock.now.getTime() - 3_600_000))), 'a backup');
}, 120_000);

afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const check = (checks: LaunchCheck[], id: LaunchCheck['id']): LaunchCheck => {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
};

describe('launch checklist', { timeout: 60_000 }, () => {
  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/launch-checklist' });
    expect(anonymous.statusCode).toBe(401);
    const member = await signIn(t.app, { email: 'member@inspired2uplift.org' });
    for (const [method, url] of [
      ['GET', '/api/admin/launch-checklist'],
      ['GET', '/api/admin/launch-checklist/state'],
      ['PUT', '/api/admin/launch-checklist/state'],
      ['POST', '/api/admin/launch-checklist/test-message'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: member }, payload: { dismissed: true } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('lists every check in plain language with what to do, and the placeholders and drafts with studio links', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const res = await get('/api/admin/launch-checklist', admin);
    expect(res.statusCode).toBe(200);
    const { checks } = launchChecklistSchema.parse(res.json());
    expect(checks.map((c) => c.id)).toEqual([...LAUNCH_CHECK_IDS]);

    // No Google client in this installation: development sign-in only, said so, with what to do.
    expect(check(checks, 'google')).toMatchObject({
      status: 'warning',
      todo: expect.stringContaining('Google sign-in'),
    });
    expect(check(checks, 'mail')).toMatchObject({
      status: 'ok',
      summary: 'The app can reach your mail server, so reminders and digests can be sent.',
    });
    const backups = check(checks, 'backups');
    expect(backups.status).toBe('ok');
    expect(backups.summary).toMatch(/taken 1 h ago\.$/u);
    // One admin (ADMIN_EMAILS): a warning saying to add a second.
    expect(check(checks, 'admins')).toMatchObject({
      status: 'warning',
      todo: expect.stringContaining('second person'),
    });

    const placeholders = check(checks, 'placeholders');
    expect(placeholders.status).toBe('warning');
    const finance = placeholders.links.find((l) => l.text.includes('Director of Finance — name to be added'));
    expect(finance).toEqual({
      text: 'Launch › Getting started › Meet the team › Contact 1 name: Director of Finance — name to be added',
      href: `/admin/studio?role=launch&field=${encodeURIComponent('scopes[0].steps[0].content.contacts[0].name')}`,
    });
    expect(check(checks, 'drafts')).toMatchObject({
      status: 'warning',
      summary: expect.stringContaining('One document is marked as a draft'),
      links: [
        {
          text: 'Launch › Getting started › Sign the agreement',
          href: `/admin/studio?role=launch&field=${encodeURIComponent('scopes[0].steps[1].pdfDraft')}`,
        },
      ],
    });
  });

  it('speaks to people, not operators: no variable, command, file or guide address outside the details', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const { checks } = launchChecklistSchema.parse((await get('/api/admin/launch-checklist', admin)).json());
    // Every state each check can be in, besides the ones this installation is in.
    const config = loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' });
    const states = [
      ...checks,
      proxyCheck(config, false),
      proxyCheck(loadConfig({}), true),
      proxyCheck(loadConfig({}), false),
      supportAddressCheck(loadConfig({})),
      supportAddressCheck(loadConfig({ SUPPORT_EMAIL: 'help@inspired2uplift.org' })),
      googleCheck({ id: 'google', title: 'Google sign-in', status: 'skipped', detail: 'GOOGLE_CLIENT_ID is not set.' }),
      mailCheck({ id: 'mail', title: 'E-mail', status: 'skipped', detail: 'SMTP_URL is not set.' }),
      mailCheck({ id: 'mail', title: 'E-mail', status: 'problem', detail: 'ECONNREFUSED 127.0.0.1:25', fix: 'x' }),
      backupsCheck({
        id: 'backups',
        title: 'Backups',
        status: 'problem',
        detail: '/srv/data/backups: none for 3 days',
      }),
    ];
    for (const shown of states) {
      for (const text of [shown.summary, shown.todo ?? '', ...shown.links.map((l) => l.text)]) {
        expect(text, `${shown.id}: ${text}`).not.toMatch(
          /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|npm run|docs\/|\.md\b|\.pdf\b|(?:^|\s)\/[\w.-]+\//u,
        );
      }
    }
  });

  it('says when requests come through a proxy that TRUST_PROXY does not name, or when addresses can be forged', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const before = launchChecklistSchema.parse((await get('/api/admin/launch-checklist', admin)).json());
    expect(check(before.checks, 'proxy').status).toBe('ok');
    // One request through a proxy (this installation has no TRUST_PROXY).
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.7' } });
    const after = launchChecklistSchema.parse((await get('/api/admin/launch-checklist', admin)).json());
    expect(check(after.checks, 'proxy')).toMatchObject({
      status: 'warning',
      todo: 'Ask whoever runs the server to follow ‘Behind a reverse proxy’ in the operations guide.',
      technical: expect.stringContaining('TRUST_PROXY is not set'),
    });
    expect(proxyCheck(loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' }), false)).toMatchObject({
      status: 'problem',
      technical: expect.stringContaining('HOST=0.0.0.0'),
    });
    expect(proxyCheck(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }), false).status).toBe('ok');
    expect(proxyCheck(loadConfig({ TRUST_PROXY: '172.30.0.10', HOST: '0.0.0.0' }), false).status).toBe('ok');
  });

  it('lists the support address until SUPPORT_EMAIL is set', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const { checks } = launchChecklistSchema.parse((await get('/api/admin/launch-checklist', admin)).json());
    expect(check(checks, 'support-address')).toMatchObject({
      status: 'warning',
      summary: expect.stringContaining('onboarding@inspired2uplift.org'),
    });
    expect(supportAddressCheck(loadConfig({ SUPPORT_EMAIL: 'help@inspired2uplift.org' }))).toMatchObject({
      status: 'ok',
      summary: 'People who need help are told to write to help@inspired2uplift.org.',
    });
  });

  it('sends a test message to the admin through SMTP and says the mail server took it', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/launch-checklist/test-message',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const answer = testMessageResponseSchema.parse(res.json());
    expect(answer.to).toBe(ADMIN);
    expect(answer.check).toMatchObject({ id: 'mail', status: 'ok' });
    expect(answer.check.summary).toContain(`accepted a test message to ${ADMIN}`);
    await smtp.waitFor(before + 1);
    const message = smtp.messages.at(-1);
    expect(message?.to).toMatchObject({ text: ADMIN });
    expect(message?.subject).toContain('test message');
  });

  it('is hidden per admin until shown again, each change audited; bad input is refused', async () => {
    const admin = await signIn(t.app, { email: ADMIN });
    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(OTHER_ADMIN)}`,
      headers: { cookie: admin },
      payload: { role: 'volunteer', department: 'Operations', isAdmin: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    const other = await signIn(t.app, { email: OTHER_ADMIN });
    const state = async (cookie: string) =>
      launchChecklistStateSchema.parse((await get('/api/admin/launch-checklist/state', cookie)).json()).dismissed;
    const put = (cookie: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/launch-checklist/state',
        headers: { cookie },
        payload: payload as Record<string, unknown>,
      });

    expect(await state(admin)).toBe(false);
    for (const bad of [{}, { dismissed: 'yes' }, { dismissed: true, extra: 1 }]) {
      const res = await put(admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await put(admin, { dismissed: true })).json()).toEqual({ dismissed: true });
    expect(await state(admin)).toBe(true);
    expect(await state(other)).toBe(false);
    // Hiding it twice writes one entry; showing it again writes another.
    await put(admin, { dismissed: true });
    expect((await put(admin, { dismissed: false })).json()).toEqual({ dismissed: false });
    expect(await state(admin)).toBe(false);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'launch-checklist'), eq(auditLog.actorEmail, ADMIN)))
      .orderBy(auditLog.seq);
    expect(entries.map((e) => e.details)).toEqual([{ dismissed: true }, { dismissed: false }]);

    // With a second admin, the admins check is in order.
    const { checks } = launchChecklistSchema.parse((await get('/api/admin/launch-checklist', admin)).json());
    expect(check(checks, 'admins')).toMatchObject({
      status: 'ok',
      summary: `2 people are admins: ${ADMIN}, ${OTHER_ADMIN}.`,
    });
  });
});
