import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, onboardingResponseSchema } from '../../../shared/api.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { createTestApp, FINANCE_STEP_ID, signIn, VOLUNTEER_STEP_IDS, type TestApp } from '../../test/test-app.js';
import { CHECKLIST_STEP, createWidgetCatalog } from '../../test/widget-catalog.js';
import { canPreviewRoles, PREVIEW_FORBIDDEN_MESSAGE } from './role-preview.js';

const ADMIN = 'boss@inspired2uplift.org';
const PUBLIC_HOST = 'onboarding.inspired2uplift.org';

let t: TestApp;
beforeAll(async () => {
  // PUBLIC_URL names the public host, so that this development server answers to it (plugins/allowed-hosts.ts).
  t = await createTestApp({
    catalog: createWidgetCatalog(),
    env: { ADMIN_EMAILS: ADMIN, PUBLIC_URL: `https://${PUBLIC_HOST}` },
  });
});
afterAll(async () => {
  await t.close();
});

const onboarding = (cookie: string, query = '', host?: string) =>
  t.app.inject({ method: 'GET', url: `/api/onboarding${query}`, headers: { cookie, ...(host ? { host } : {}) } });

describe('role preview (GET /api/onboarding?previewRole=)', () => {
  it('offers the preview on a local host: every role but common and default, by display name', async () => {
    const cookie = await signIn(t.app, { email: 'local@inspired2uplift.org' });
    const body = onboardingResponseSchema.parse((await onboarding(cookie)).json());
    expect(body.preview).toBe(false);
    expect(body.canPreviewRoles).toBe(true);
    expect(body.previewRoles).toEqual([
      { key: 'finance', displayName: 'Finance' },
      { key: 'test', displayName: 'Test' },
      { key: 'volunteer', displayName: 'Volunteer' },
    ]);
  });

  it("shows the previewed role's steps with the member's own progress, and changes neither", async () => {
    const cookie = await signIn(t.app, { email: 'previewer@inspired2uplift.org' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/change-password',
      headers: { cookie },
      payload: { completed: true },
    });

    const preview = await onboardingView(t.app, cookie, 'Finance');
    expect(preview.preview).toBe(true);
    expect(preview.role.key).toBe('finance');
    expect(preview.scopes.flatMap((s) => s.steps.map((step) => step.id))).toEqual([
      ...VOLUNTEER_STEP_IDS,
      FINANCE_STEP_ID,
    ]);
    expect(preview.progress.completed.map((c) => c.stepId)).toEqual(['change-password']);

    // A preview's step of another role cannot be written: it is not one of the member's steps.
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/${FINANCE_STEP_ID}`,
      headers: { cookie },
      payload: { completed: true },
    });
    expect(write.statusCode).toBe(404);

    const own = await onboardingView(t.app, cookie);
    expect(own.preview).toBe(false);
    expect(own.role.key).toBe('volunteer');
    expect(own.scopes.flatMap((s) => s.steps.map((step) => step.id))).toEqual(VOLUNTEER_STEP_IDS);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{
      user: { role: string };
    }>();
    expect(me.user.role).toBe('volunteer');
  });

  it("includes the previewed role's item ticks of the member", async () => {
    const cookie = await signIn(t.app, { email: 'ticks@inspired2uplift.org' });
    const preview = await onboardingView(t.app, cookie, 'test');
    expect(preview.scopes[0]?.steps.map((s) => s.id)).toContain(CHECKLIST_STEP.id);
    expect(preview.progress.items).toEqual([]);
  });

  it('is refused with 403 on a public host for a member who is not an admin, and not offered', async () => {
    const cookie = await signIn(t.app, { email: 'member@inspired2uplift.org' });
    const plain = onboardingResponseSchema.parse((await onboarding(cookie, '', PUBLIC_HOST)).json());
    expect(plain.canPreviewRoles).toBe(false);
    expect(plain.previewRoles).toEqual([]);
    const res = await onboarding(cookie, '?previewRole=finance', PUBLIC_HOST);
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).message).toBe(PREVIEW_FORBIDDEN_MESSAGE);
  });

  it('is allowed to an admin (ADMIN_EMAILS) on a public host', async () => {
    const cookie = await signIn(t.app, { email: ADMIN });
    const res = await onboarding(cookie, '?previewRole=finance', PUBLIC_HOST);
    expect(res.statusCode).toBe(200);
    const body = onboardingResponseSchema.parse(res.json());
    expect(body.preview).toBe(true);
    expect(body.canPreviewRoles).toBe(true);
  });

  it('answers 404 for a role that does not exist or is not shown on its own, 400 for an empty one', async () => {
    const cookie = await signIn(t.app, { email: 'typo@inspired2uplift.org' });
    for (const role of ['astronaut', 'common', 'default']) {
      const res = await onboarding(cookie, `?previewRole=${role}`);
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message).toBe(`There is no role "${role}" to preview.`);
    }
    expect((await onboarding(cookie, '?previewRole=')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/onboarding?previewRole=finance' });
    expect(res.statusCode).toBe(401);
  });
});

describe('canPreviewRoles', () => {
  /** A request with a Host header (`host`, as Fastify's `request.host` gives it) and an admin flag. */
  const request = (host: string, isAdmin: boolean) => ({ host, memberRole: { isAdmin } }) as unknown as FastifyRequest;

  it('counts a local host only outside production, and an admin everywhere', () => {
    expect(canPreviewRoles({ isProduction: false }, request('localhost', false))).toBe(true);
    expect(canPreviewRoles({ isProduction: false }, request('127.0.0.1', false))).toBe(true);
    expect(canPreviewRoles({ isProduction: false }, request('LOCALHOST:3000', false))).toBe(true);
    expect(canPreviewRoles({ isProduction: false }, request('[::1]:3000', false))).toBe(true);
    expect(canPreviewRoles({ isProduction: false }, request(`${PUBLIC_HOST}:3000`, false))).toBe(false);
    expect(canPreviewRoles({ isProduction: false }, request(PUBLIC_HOST, false))).toBe(false);
    expect(canPreviewRoles({ isProduction: true }, request('localhost', false))).toBe(false);
    expect(canPreviewRoles({ isProduction: true }, request(PUBLIC_HOST, true))).toBe(true);
  });
});
