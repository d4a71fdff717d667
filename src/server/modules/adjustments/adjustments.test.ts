import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXTRA_STEPS_SCOPE_TITLE } from '../../../shared/adjustments.js';
import { memberDetailSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { funnelSchema } from '../../../shared/insights-api.js';
import { listAudit } from '../audit/index.js';
import { updateSchedule } from '../mail/schedules.repository.js';
import { upsertMember } from '../members/members.repository.js';
import { smtpForFile } from '../../test/file-servers.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { gettingStartedCatalog, plainStep } from '../../test/test-roles.js';
import { mailSettings } from '../../test/test-smtp.js';
import { SKIPPED_ALREADY_MESSAGE } from './adjustments.service.js';

/**
 * Per-person adjustments (docs/product.md#per-person-adjustments): the admin API, and the member's steps, percentage,
 * reminders and insights following a skipped step and an extra step. Mail goes to a real SMTP server on loopback.
 */

const ZONE = 'Europe/London';
const ADMIN = 'adj.boss@inspired2uplift.org';
const AMY = 'adj.amy@inspired2uplift.org';
const BEN = 'adj.ben@inspired2uplift.org';

const catalog = gettingStartedCatalog([
  plainStep('sign-in-to-chrome', 'Sign in to your Chrome profile', 2),
  plainStep('change-password', 'Change your password', 7),
  plainStep('meet-your-buddy', 'Meet your buddy'),
]);

const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

const smtp = smtpForFile();
let t: TestApp;
let admin: string;
let amy: string;

beforeEach(async () => {
  t = await createTestApp({
    catalog,
    env: { ...mailSettings(smtp), ADMIN_EMAILS: ADMIN },
  });
  t.clock.now = london('2026-03-01T10:00');
  await upsertMember(t.database.db, { email: AMY, role: 'volunteer', department: 'Operations', isAdmin: false });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
  amy = await signInWithGoogleSession(t, { email: AMY, name: 'Amy Pond' });
  await t.database.db.execute(
    sql`update users set created_at = ${t.clock.now.toISOString()}::timestamptz where email in (${AMY}, ${ADMIN})`,
  );
  // A fresh migrated database per test: the first, cold, takes long on a busy machine.
}, 180_000);
afterEach(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const adjustmentsUrl = (email: string) => `/api/admin/members/${encodeURIComponent(email)}/adjustments`;
const add = async (email: string, body: object) => {
  const res = await call('POST', adjustmentsUrl(email), body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const detail = async (email = AMY) => {
  const res = await call('GET', `/api/admin/members/${encodeURIComponent(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  return memberDetailSchema.parse(res.json());
};
const dashboard = () => onboardingView(t.app, amy);
const complete = (stepId: string) =>
  call('PUT', `/api/progress/steps/${stepId}`, { completed: true }, amy).then((res) => res.statusCode);

describe('the adjustments API', () => {
  it('answers 4xx JSON naming what is wrong, and is for admins only', async () => {
    const bad = async (body: object, status: number, message: RegExp) => {
      const res = await call('POST', adjustmentsUrl(AMY), body);
      expect(res.statusCode, res.body).toBe(status);
      const error = apiErrorSchema.parse(res.json());
      expect(error.statusCode).toBe(status);
      expect(error.message).toMatch(message);
    };
    await bad({ kind: 'extra', title: ' ', description: 'Do it.' }, 400, /Give the step a title/u);
    await bad({ kind: 'extra', title: 'Tour', description: 'Do it.', dueAfterDays: -1 }, 400, /0 or more days/u);
    await bad({ kind: 'skip', stepId: 'change-password', reason: '' }, 400, /Say why this step is skipped/u);
    await bad({ kind: 'rename' }, 400, /kind/u);
    await bad({ kind: 'skip', stepId: 'no-such-step', reason: 'x' }, 400, /"no-such-step" is not a step/u);
    const unknown = await call('POST', adjustmentsUrl('nobody@inspired2uplift.org'), {
      kind: 'extra',
      title: 'Tour',
      description: 'Do it.',
    });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).message).toBe(
      'There is no member with the address nobody@inspired2uplift.org.',
    );
    await add(AMY, { kind: 'skip', stepId: 'change-password', reason: 'Has no password: signs in with a key.' });
    await bad({ kind: 'skip', stepId: 'change-password', reason: 'again' }, 409, new RegExp(SKIPPED_ALREADY_MESSAGE));
    const undo = await call('DELETE', `${adjustmentsUrl(AMY)}/00000000-0000-4000-8000-000000000000`);
    expect(undo.statusCode).toBe(404);
    expect((await call('DELETE', `${adjustmentsUrl(AMY)}/not-a-uuid`)).statusCode).toBe(400);
    // A member (Amy herself) may not adjust anyone's steps.
    const own = await call('POST', adjustmentsUrl(AMY), { kind: 'extra', title: 'T', description: 'D' }, amy);
    expect(own.statusCode).toBe(403);
  });

  it('adds, lists and undoes adjustments, each audited with its reason', async () => {
    const skip = await add(AMY, { kind: 'skip', stepId: 'change-password', reason: 'Signs in with a key.' });
    const extra = await add(AMY, {
      kind: 'extra',
      title: 'Tour the warehouse',
      description: 'Ask Sam for the keys.',
      dueAfterDays: 5,
    });
    const listed = (await detail()).adjustments ?? [];
    expect(listed.map((a) => [a.id, a.kind, a.title, a.reason, a.dueAfterDays, a.createdBy])).toEqual([
      [skip, 'skip', 'Change your password', 'Signs in with a key.', null, ADMIN],
      [extra, 'extra', 'Tour the warehouse', null, 5, ADMIN],
    ]);
    expect((await call('DELETE', `${adjustmentsUrl(AMY)}/${skip}`)).statusCode).toBe(200);
    expect((await detail()).adjustments?.map((a) => a.id)).toEqual([extra]);
    const audit = await listAudit(t.database.db, { filters: { kind: 'step-adjustment' } });
    expect(
      audit.entries
        .map((e) => [e.subject, e.reason, (e.details as { action?: string } | null)?.action, e.actorEmail])
        .reverse(),
    ).toEqual([
      [AMY, 'Signs in with a key.', 'step-skipped', ADMIN],
      [AMY, null, 'extra-step-added', ADMIN],
      [AMY, null, 'skip-undone', ADMIN],
    ]);
  });
});

describe("the member's steps", () => {
  it('leave out a skipped step and add the extra step, on the dashboard, in progress writes and in the percentage', async () => {
    expect(await complete('sign-in-to-chrome')).toBe(200);
    expect((await detail()).member.percent).toBe(33);
    const skip = await add(AMY, { kind: 'skip', stepId: 'change-password', reason: 'Signs in with a key.' });
    // 1 of 2 steps.
    expect((await detail()).member).toMatchObject({ percent: 50, completedSteps: 1, totalSteps: 2 });
    const extra = await add(AMY, { kind: 'extra', title: 'Tour the warehouse', description: 'Ask Sam.' });
    const board = await dashboard();
    const ids = board.scopes.flatMap((s) => s.steps.map((st) => st.id));
    const extraId = ids.at(-1) ?? '';
    expect(extraId).toMatch(/^extra-[0-9a-f]{12}$/u);
    expect(ids).toEqual(['sign-in-to-chrome', 'meet-your-buddy', extraId]);
    expect(board.scopes.at(-1)).toMatchObject({
      title: EXTRA_STEPS_SCOPE_TITLE,
      steps: [{ title: 'Tour the warehouse', description: 'Ask Sam.' }],
    });
    // The skipped step cannot be completed; the extra one can.
    expect(await complete('change-password')).toBe(404);
    expect(await complete(extraId)).toBe(200);
    const page = await detail();
    expect(page.member).toMatchObject({ percent: 67, completedSteps: 2, totalSteps: 3 });
    expect(page.member.currentStepTitle).toBe('Meet your buddy');
    expect(page.steps.map((s) => [s.id, s.status])).toEqual([
      ['sign-in-to-chrome', 'completed'],
      ['meet-your-buddy', 'active'],
      [extraId, 'completed'],
    ]);
    expect((await dashboard()).progress.completed.map((c) => c.stepId)).toEqual(['sign-in-to-chrome', extraId]);
    // Undone: the step is Amy's again, the extra step is gone (its completion no longer counts).
    await call('DELETE', `${adjustmentsUrl(AMY)}/${skip}`);
    await call('DELETE', `${adjustmentsUrl(AMY)}/${extra}`);
    expect((await detail()).member).toMatchObject({ percent: 33, totalSteps: 3 });
    expect((await dashboard()).scopes.flatMap((s) => s.steps.map((st) => st.id))).toEqual([
      'sign-in-to-chrome',
      'change-password',
      'meet-your-buddy',
    ]);
  });

  it('can be adjusted before the person first signs in (an invitation)', async () => {
    await upsertMember(t.database.db, { email: BEN, role: 'volunteer', department: 'Operations', isAdmin: false });
    await add(BEN, { kind: 'skip', stepId: 'meet-your-buddy', reason: 'Has worked with us before.' });
    expect((await detail(BEN)).member.totalSteps).toBe(2);
  });
});

describe('reminders', () => {
  const toAmy = () => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(AMY));

  it('leave out a skipped step and include an extra step that is due', async () => {
    await updateSchedule(t.database.db, AMY, { startOn: '2026-03-01' }, t.clock.now);
    await add(AMY, { kind: 'skip', stepId: 'sign-in-to-chrome', reason: 'Uses her own laptop.' });
    await add(AMY, { kind: 'extra', title: 'Tour the warehouse', description: 'Ask Sam.', dueAfterDays: 4 });
    t.clock.now = london('2026-03-11T10:00');
    await t.app.mailWorker.runNow();
    expect(toAmy()).toHaveLength(1);
    const text = toAmy()[0]?.text ?? '';
    expect(text).toContain('Tour the warehouse (Overdue by 6 days)');
    expect(text).toContain('Change your password (Overdue by 3 days)');
    expect(text).not.toContain('Sign in to your Chrome profile');
  });

  it('are not sent for a step skipped before it fell due', async () => {
    await updateSchedule(t.database.db, AMY, { startOn: '2026-03-01' }, t.clock.now);
    await add(AMY, { kind: 'skip', stepId: 'sign-in-to-chrome', reason: 'Uses her own laptop.' });
    await add(AMY, { kind: 'skip', stepId: 'change-password', reason: 'Signs in with a key.' });
    t.clock.now = london('2026-03-11T10:00');
    await t.app.mailWorker.runNow();
    expect(toAmy()).toHaveLength(0);
  });
});

describe('insights', () => {
  it('do not count a member for a step skipped for them, and count them complete when every other step is done', async () => {
    const funnel = async () => {
      const res = await call('GET', '/api/admin/insights/funnel?role=volunteer');
      expect(res.statusCode, res.body).toBe(200);
      return funnelSchema.parse(res.json());
    };
    const eligible = async () => (await funnel()).steps.map((s) => [s.stepId, s.eligible]);
    const before = await eligible();
    expect(before.find(([id]) => id === 'meet-your-buddy')?.[1]).toBe(2);
    await add(AMY, { kind: 'skip', stepId: 'meet-your-buddy', reason: 'Has worked with us before.' });
    expect((await eligible()).find(([id]) => id === 'meet-your-buddy')?.[1]).toBe(1);
    expect((await funnel()).complete).toBe(0);
    expect(await complete('sign-in-to-chrome')).toBe(200);
    expect(await complete('change-password')).toBe(200);
    expect((await funnel()).complete).toBe(1);
  });
});
