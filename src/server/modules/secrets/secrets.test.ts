import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretRefusalSchema, secretResponseSchema } from '../../../shared/api.js';
import { SECRET_NAMES } from '../../../shared/content-schema.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import { SECRET_REFUSAL_TEXT } from '../../../shared/secret-access.js';
import { loadContent } from '../../content/load-content.js';
import { projectRoot } from '../../project-root.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { listAudit } from '../audit/audit.repository.js';
import { upsertMember } from '../members/members.repository.js';
import { REFUSAL_AUDIT_WINDOW_MS } from './secrets.routes.js';
import { TEST_SECRET_VALUES } from '../../test/test-secrets.js';
import type { SecretName } from './shared-secrets.js';

/** Who may see which password (docs/product.md#shared-passwords), written out independently of the content. */
const SPEC_ALLOWED: Readonly<Record<SecretName, readonly string[] | '*'>> = {
  CHAPTERS_PASS: ['chapters', 'chapteraffairs', 'director of chapter affairs'],
  DESIGN_PASS: [
    'external',
    'director of external',
    'director of marketing',
    'marketing',
    'content creator',
    'graphic designer',
    'blog writer',
  ],
  WIX_PASS: [
    'external',
    'director of external',
    'director of marketing',
    'marketing',
    'content creator',
    'graphic designer',
    'blog writer',
  ],
  INSTAGRAM_PASS: ['external', 'director of external', 'director of marketing', 'marketing', 'content creator'],
  FINANCE_PASS: ['finance', 'director of finance', 'head of finance', 'treasurer'],
  HR_PASS: ['hr', 'director of hr', 'head of hr', 'human resources'],
  TEST_PASS: '*',
};

/** Every role and alias of docs/product.md#role-lookup, as raw role texts of member records (some in other cases). */
const ROLE_TEXTS = [
  'volunteer',
  'vol',
  'chapters',
  'Chapters',
  'chapteraffairs',
  'director of chapter affairs',
  'executive',
  'ceo',
  'coo',
  'cfo',
  'chief',
  'external',
  'director of external',
  'Director of Marketing',
  'marketing',
  'blog writer',
  'blog_writer',
  'blogwriter',
  'content creator',
  'content_creator',
  'graphic designer',
  'finance',
  'director of finance',
  'head of finance',
  'Treasurer',
  'hr',
  'director of hr',
  'head of hr',
  'human resources',
  'internal',
  'director of internal',
  'test',
  'account',
] as const;

const SESSIONS = ['anonymous', 'development', 'preview', 'google'] as const;
type Session = (typeof SESSIONS)[number];

const STEP_OF_SECRET = (catalog: RoleCatalog): Record<SecretName, string> => {
  const found: Partial<Record<SecretName, string>> = {};
  for (const config of catalog.values())
    for (const scope of config.scopes)
      for (const step of scope.steps) if (step.envVariable) found[step.envVariable.name] = step.id;
  for (const name of SECRET_NAMES) if (found[name] === undefined) throw new Error(`no step for ${name} in the content`);
  return found as Record<SecretName, string>;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/gu, '-');

type Expected = { status: 200; value: string } | { status: 401 | 403; reason: string } | { status: 404 };

/**
 * The expected answer, from the spec's table (SPEC_ALLOWED) and the member's checklist: a password is only ever
 * handed out for a step on the member's own checklist (404 otherwise, docs/product.md#shared-passwords / docs/decisions/006-secrets.md).
 */
function expected(
  catalog: RoleCatalog,
  stepIds: Record<SecretName, string>,
  roleText: string,
  secret: SecretName,
  session: Session,
): Expected {
  if (session === 'anonymous') return { status: 401, reason: 'not-signed-in' };
  if (session === 'preview') return { status: 403, reason: 'development' };
  const role = resolveMemberRole(catalog, roleText).role;
  const onChecklist = role.scopes.some((scope) => scope.steps.some((step) => step.id === stepIds[secret]));
  if (!onChecklist) return { status: 404 };
  if (session === 'development') return { status: 403, reason: 'development' };
  const allowed = SPEC_ALLOWED[secret];
  // Every role text of the table is a key or an alias, and no role inherits a listed configuration: the text itself
  // must be on the list (spellings with '_' or without the space count as the listed name).
  const spelling = (name: string) => name.toLowerCase().replace(/[ _]/gu, '');
  const ok = allowed === '*' || allowed.map(spelling).includes(spelling(roleText));
  return ok ? { status: 200, value: TEST_SECRET_VALUES[secret] } : { status: 403, reason: 'role-mismatch' };
}

let t: TestApp;
let catalog: RoleCatalog;
let stepIds: Record<SecretName, string>;
const cookies = new Map<string, string>();

beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
  stepIds = STEP_OF_SECRET(catalog);
  t = await createTestApp({ catalog, env: { ...TEST_SECRET_VALUES } });
  for (const roleText of ROLE_TEXTS) {
    const devEmail = `dev-${slug(roleText)}@inspired2uplift.org`;
    const googleEmail = `g-${slug(roleText)}@inspired2uplift.org`;
    for (const email of [devEmail, googleEmail]) {
      await upsertMember(t.database.db, { email, role: roleText, department: 'Operations', isAdmin: false });
    }
    cookies.set(`development:${roleText}`, await signIn(t.app, { email: devEmail }));
    cookies.set(`google:${roleText}`, await signInWithGoogleSession(t, { email: googleEmail }));
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ask = (stepId: string, cookie: string | undefined, previewRole?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/secrets/${stepId}${previewRole === undefined ? '' : `?previewRole=${encodeURIComponent(previewRole)}`}`,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });

/** The role configuration whose own steps hold the secret's step (for the preview column). */
const ownerOf = (secret: SecretName): string => {
  for (const config of catalog.values())
    if (config.scopes.some((scope) => scope.steps.some((step) => step.envVariable?.name === secret))) return config.key;
  throw new Error(secret);
};

describe('GET /api/secrets/:stepId — every secret × every role and alias × every session kind', () => {
  it('the table covers every key and alias of the content', () => {
    const texts = new Set(ROLE_TEXTS.map((text) => text.toLowerCase()));
    const missing = [...catalog.values()]
      .filter((config) => config.key !== 'common' && config.key !== 'default')
      .flatMap((config) => [config.key, ...config.aliases])
      .filter((name) => !texts.has(name.toLowerCase()));
    expect(missing).toEqual([]);
  });

  it('gives the value exactly to the allowed cells, and the right status and reason to all others', async () => {
    const mismatches: string[] = [];
    const revealed: string[] = [];
    for (const roleText of ROLE_TEXTS) {
      for (const secret of SECRET_NAMES) {
        for (const session of SESSIONS) {
          const cookie =
            session === 'anonymous'
              ? undefined
              : cookies.get(`${session === 'preview' ? 'google' : session}:${roleText}`);
          const res = await ask(stepIds[secret], cookie, session === 'preview' ? ownerOf(secret) : undefined);
          const want = expected(catalog, stepIds, roleText, secret, session);
          const cell = `${roleText} × ${secret} × ${session}`;
          if (res.headers['cache-control'] !== 'no-store')
            mismatches.push(`${cell}: Cache-Control ${String(res.headers['cache-control'])}`);
          if (res.statusCode !== want.status) {
            mismatches.push(`${cell}: status ${res.statusCode}, want ${want.status} (${res.body})`);
            continue;
          }
          if (want.status === 200) {
            expect(secretResponseSchema.parse(res.json())).toEqual({ value: want.value });
            revealed.push(cell);
          } else if (want.status !== 404) {
            const body = secretRefusalSchema.parse(res.json());
            if (body.reason !== want.reason) mismatches.push(`${cell}: reason ${body.reason}, want ${want.reason}`);
            expect(body.message).toBe(SECRET_REFUSAL_TEXT[body.reason]);
          }
          for (const value of Object.values(TEST_SECRET_VALUES)) {
            if (want.status !== 200 && res.body.includes(value)) mismatches.push(`${cell}: leaks a secret`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The cells docs/product.md#roles names, spelled out so that the table above cannot silently allow nothing.
    for (const cell of [
      'Chapters × CHAPTERS_PASS × google',
      'director of chapter affairs × CHAPTERS_PASS × google',
      'Director of Marketing × DESIGN_PASS × google',
      'content creator × INSTAGRAM_PASS × google',
      'blog writer × WIX_PASS × google',
      'blog_writer × DESIGN_PASS × google',
      'Treasurer × FINANCE_PASS × google',
      'head of hr × HR_PASS × google',
      'test × TEST_PASS × google',
      'graphic designer × DESIGN_PASS × google',
      'graphic designer × WIX_PASS × google',
    ]) {
      expect(revealed).toContain(cell);
    }
    // An alias counts as itself, not as the key it leads to: 'graphic designer' (External) is not on Instagram's list.
    expect(revealed).not.toContain('graphic designer × INSTAGRAM_PASS × google');
    expect(revealed.every((cell) => cell.endsWith('× google'))).toBe(true);
  }, 120_000);

  it('refuses a blog writer the Instagram password that is on their checklist (role mismatch)', async () => {
    const res = await ask(stepIds.INSTAGRAM_PASS, cookies.get('google:blog writer'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: "You don't have the necessary permissions to view this password",
      reason: 'role-mismatch',
    });
  });

  it("answers 404 for a step that is not on the member's checklist", async () => {
    // 'graphic designer', allowed for Design/Wix by the password rules, is an alias of External: the member has the Design
    // e-mail step and its password (docs/decisions/017-spec-fidelity-and-honest-content.md).
    const designer = await ask(stepIds.DESIGN_PASS, cookies.get('google:graphic designer'));
    expect(designer.statusCode).toBe(200);
    const volunteer = await ask(stepIds.FINANCE_PASS, cookies.get('google:volunteer'));
    expect(volunteer.statusCode).toBe(404);
    expect(volunteer.body).not.toContain(TEST_SECRET_VALUES.FINANCE_PASS);
    const notASecretStep = await ask('sign-in-to-chrome', cookies.get('google:Treasurer'));
    expect(notASecretStep.statusCode).toBe(404);
    const unknown = await ask('no-such-step', cookies.get('google:Treasurer'));
    expect(unknown.statusCode).toBe(404);
  });

  it('rejects a step id that is not a stable id (the URL never carries anything else)', async () => {
    const res = await ask('FINANCE_PASS', cookies.get('google:Treasurer'));
    expect(res.statusCode).toBe(400);
  });
});

describe('the audit log of shared passwords', () => {
  it('records every reveal and refusal: who, which secret, when, allowed or why not — never the value', async () => {
    // The tests above were refused the same: a member's repeated refusal is audited once per window.
    t.clock.advance(REFUSAL_AUDIT_WINDOW_MS);
    const before = t.clock.now;
    const email = 'g-treasurer@inspired2uplift.org';
    await ask(stepIds.FINANCE_PASS, cookies.get('google:Treasurer'));
    await ask(stepIds.INSTAGRAM_PASS, cookies.get('google:blog writer'));
    await ask(stepIds.FINANCE_PASS, cookies.get('development:Treasurer'));
    await ask(stepIds.FINANCE_PASS, cookies.get('google:Treasurer'), 'finance');
    await ask(stepIds.FINANCE_PASS, undefined);

    const reveals = await listAudit(t.database.db, { filters: { kind: 'secret-reveal', actorEmail: email } });
    expect(reveals.entries[0]).toMatchObject({
      kind: 'secret-reveal',
      outcome: 'allowed',
      actorEmail: email,
      subject: 'FINANCE_PASS',
      reason: null,
      details: { stepId: stepIds.FINANCE_PASS, session: 'google', role: 'finance', roleText: 'Treasurer' },
    });
    expect(reveals.entries[0]?.actorUserId).toEqual(expect.any(String));
    expect(reveals.entries[0]?.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 60_000);

    // The anonymous request of the last line is refused, but only the application log hears of it.
    const refusals = await listAudit(t.database.db, { filters: { kind: 'secret-refusal' }, page: { size: 3 } });
    expect(
      refusals.entries.map((e) => [
        e.actorEmail,
        e.subject,
        e.outcome,
        e.reason,
        (e.details as { session: string }).session,
      ]),
    ).toEqual([
      [email, 'FINANCE_PASS', 'refused', 'development', 'preview'],
      ['dev-treasurer@inspired2uplift.org', 'FINANCE_PASS', 'refused', 'development', 'development'],
      ['g-blog-writer@inspired2uplift.org', 'INSTAGRAM_PASS', 'refused', 'role-mismatch', 'google'],
    ]);

    const everything = await listAudit(t.database.db, { page: { size: 200 } });
    expect(everything.total).toBeGreaterThan(100);
    const text = JSON.stringify(everything.entries);
    for (const value of Object.values(TEST_SECRET_VALUES)) expect(text).not.toContain(value);
  });

  it('records nothing for anonymous requests for step ids that hold no secret', async () => {
    const { total: before } = await listAudit(t.database.db);
    await ask('no-such-step', undefined);
    await ask('sign-in-to-chrome', undefined);
    expect((await listAudit(t.database.db)).total).toBe(before);
  });
});

describe('a secret that is not set', () => {
  it('answers an allowed member { value: null, reason: "not-set" } and audits it', async () => {
    const unset = await createTestApp({ catalog, env: { FINANCE_PASS: TEST_SECRET_VALUES.FINANCE_PASS } });
    try {
      await upsertMember(unset.database.db, {
        email: 'tess@inspired2uplift.org',
        role: 'test',
        department: 'Operations',
        isAdmin: false,
      });
      const cookie = await signInWithGoogleSession(unset, { email: 'tess@inspired2uplift.org' });
      const res = await unset.app.inject({
        method: 'GET',
        url: `/api/secrets/${stepIds.TEST_PASS}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ value: null, reason: 'not-set' });
      const { entries } = await listAudit(unset.database.db, { filters: { kind: 'secret-reveal' } });
      expect(entries.map((e) => [e.subject, e.outcome, e.reason])).toEqual([['TEST_PASS', 'allowed', 'not-set']]);
    } finally {
      await unset.close();
    }
  });
});
