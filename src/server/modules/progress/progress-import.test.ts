import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, onboardingResponseSchema, progressImportResponseSchema } from '../../../shared/api.js';
import { acknowledgments, progressImports, stepItemProgress } from '../../db/schema.js';
import { listAudit } from '../audit/index.js';
import { createTestApp, FINANCE_STEP_ID, type TestApp } from '../../test/test-app.js';
import { signInWithRole, userIdOf } from '../../test/test-members.js';
import { testRoleCatalog } from '../../test/test-roles.js';

/**
 * POST /api/progress/import (docs/product.md#progress-rules): the progress the app's earlier, browser-only version
 * kept in a browser is imported once per member, only into the signed-in member's own steps, never into a step that
 * asks for an agreement, and without an acknowledgment record.
 */

const plain = (id: string, title: string) => ({
  id,
  title,
  description: `${title}.`,
  icon: 'User',
  category: 'Test',
  content: { tasks: [`${title}.`] },
});

const catalog = testRoleCatalog([
  plain('say-hello', 'Say hello'),
  plain('meet-the-team', 'Meet the team'),
  {
    ...plain('our-values', 'Our values'),
    isAcknowledgmentStep: true,
    content: { acknowledgments: [{ id: 'inclusion', content: 'I will include everyone.' }] },
  },
  { ...plain('read-handbook', 'Read the handbook'), requiresScrollOrDownload: true, pdfUrl: '/content/h.pdf' },
  {
    ...plain('sign-agreement', 'Sign the Volunteer Agreement'),
    completeButtonText: 'Sign',
    requiresScrollOrDownload: true,
    pdfUrl: '/content/agreement.pdf',
    signature: true,
  },
  {
    ...plain('first-call', 'Get ready for your first call'),
    isChecklistStep: true,
    content: { checklist: [{ id: 'calendar-invite', text: 'Accepted the invitation' }] },
  },
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalog });
});
afterAll(async () => {
  await t.close();
});

const signInAsTester = (email: string) => signInWithRole(t, email, 'test', 'Test Person');

const importProgress = (cookie: string | undefined, payload: unknown, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/progress/import${query}`,
    headers: cookie === undefined ? {} : { cookie },
    payload: payload as Record<string, unknown>,
  });

const completedOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });
  return onboardingResponseSchema
    .parse(res.json())
    .progress.completed.map((c) => c.stepId)
    .sort();
};

async function acknowledgmentRowsOf(email: string) {
  return t.database.db
    .select({ stepId: acknowledgments.stepId, kind: acknowledgments.kind })
    .from(acknowledgments)
    .where(eq(acknowledgments.userId, await userIdOf(t, email)));
}

describe('POST /api/progress/import', () => {
  it("completes the member's plain steps and answers what it did", async () => {
    const cookie = await signInAsTester('import-plain@inspired2uplift.org');
    const res = await importProgress(cookie, { stepIds: ['say-hello', 'meet-the-team', 'say-hello'] });
    expect(res.statusCode).toBe(200);
    expect(progressImportResponseSchema.parse(res.json())).toEqual({
      imported: ['say-hello', 'meet-the-team'],
      skipped: [],
    });
    expect(await completedOf(cookie)).toEqual(['meet-the-team', 'say-hello']);
  });

  it('applies once: a second import is refused with 409 and changes nothing', async () => {
    const email = 'import-twice@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    expect((await importProgress(cookie, { stepIds: ['say-hello'] })).statusCode).toBe(200);
    const second = await importProgress(cookie, { stepIds: ['meet-the-team'] });
    expect(second.statusCode).toBe(409);
    expect(apiErrorSchema.parse(second.json()).message).toBe(
      'Your progress from this browser was imported already. It is imported only once; nothing was changed.',
    );
    expect(await completedOf(cookie)).toEqual(['say-hello']);
    // An import that completed nothing counts too: the member's browser cannot try again later.
    const emptyCookie = await signInAsTester('import-empty@inspired2uplift.org');
    expect((await importProgress(emptyCookie, { stepIds: [] })).statusCode).toBe(200);
    expect((await importProgress(emptyCookie, { stepIds: ['say-hello'] })).statusCode).toBe(409);
    expect(await completedOf(emptyCookie)).toEqual([]);
  });

  it('applies once even when two imports arrive together', async () => {
    const cookie = await signInAsTester('import-race@inspired2uplift.org');
    const answers = await Promise.all([
      importProgress(cookie, { stepIds: ['say-hello'] }),
      importProgress(cookie, { stepIds: ['meet-the-team'] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await completedOf(cookie)).toHaveLength(1);
  });

  it('leaves steps that ask for an agreement, and writes no acknowledgment record', async () => {
    const email = 'import-agreement@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    const res = await importProgress(cookie, {
      stepIds: ['our-values', 'read-handbook', 'sign-agreement', 'first-call', 'say-hello'],
    });
    expect(res.statusCode).toBe(200);
    expect(progressImportResponseSchema.parse(res.json())).toEqual({
      imported: ['say-hello'],
      skipped: [
        { stepId: 'our-values', reason: 'needs-agreement' },
        { stepId: 'read-handbook', reason: 'needs-agreement' },
        { stepId: 'sign-agreement', reason: 'needs-agreement' },
        { stepId: 'first-call', reason: 'items-not-done' },
      ],
    });
    expect(await completedOf(cookie)).toEqual(['say-hello']);
    expect(await acknowledgmentRowsOf(email)).toEqual([]);
    const ticks = await t.database.db
      .select()
      .from(stepItemProgress)
      .where(eq(stepItemProgress.userId, await userIdOf(t, email)));
    expect(ticks).toEqual([]);
  });

  it("changes only the signed-in member's progress, and another member can still import their own", async () => {
    const alice = await signInAsTester('import-alice@inspired2uplift.org');
    const bob = await signInAsTester('import-bob@inspired2uplift.org');
    expect((await importProgress(alice, { stepIds: ['say-hello', 'meet-the-team'] })).statusCode).toBe(200);
    expect(await completedOf(bob)).toEqual([]);
    const bobsImport = await importProgress(bob, { stepIds: ['meet-the-team'] });
    expect(bobsImport.statusCode).toBe(200);
    expect(await completedOf(bob)).toEqual(['meet-the-team']);
    expect(await completedOf(alice)).toEqual(['meet-the-team', 'say-hello']);
    const recorded = await t.database.db
      .select({ stepIds: progressImports.stepIds })
      .from(progressImports)
      .where(eq(progressImports.userId, await userIdOf(t, 'import-bob@inspired2uplift.org')));
    expect(recorded).toEqual([{ stepIds: ['meet-the-team'] }]);
  });

  it('leaves unknown steps, steps of another role and completed steps, and says so', async () => {
    const cookie = await signInAsTester('import-unknown@inspired2uplift.org');
    await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/say-hello',
      headers: { cookie },
      payload: { completed: true },
    });
    const res = await importProgress(cookie, { stepIds: ['no-such-step', FINANCE_STEP_ID, 'say-hello'] });
    expect(res.statusCode).toBe(200);
    expect(progressImportResponseSchema.parse(res.json())).toEqual({
      imported: [],
      skipped: [
        { stepId: 'no-such-step', reason: 'not-your-step' },
        { stepId: FINANCE_STEP_ID, reason: 'not-your-step' },
        { stepId: 'say-hello', reason: 'already-completed' },
      ],
    });
    expect(await completedOf(cookie)).toEqual(['say-hello']);
  });

  it('is audited as the member’s action', async () => {
    const email = 'import-audit@inspired2uplift.org';
    const cookie = await signInAsTester(email);
    await importProgress(cookie, { stepIds: ['say-hello', 'our-values'] });
    const { entries } = await listAudit(t.database.db, { filters: { kind: 'progress-import', actorEmail: email } });
    expect(entries.map((e) => ({ outcome: e.outcome, details: e.details }))).toEqual([
      { outcome: 'ok', details: { imported: ['say-hello'], skipped: 1 } },
    ]);
  });

  it.each([
    ['a list that is not a list', { stepIds: 'say-hello' }, 'body.stepIds'],
    ['an id that is not a stable id', { stepIds: ['Say Hello!'] }, 'body.stepIds'],
    ['an extra field', { stepIds: [], completed: true }, 'completed'],
    ['a missing list', {}, 'body.stepIds'],
    ['more than 500 ids', { stepIds: Array.from({ length: 501 }, (_, i) => `step-${i}`) }, 'body.stepIds'],
  ])('answers 400 for %s, naming the field, and records no import', async (_name, payload, named) => {
    const email = `import-bad-${named.length}-${JSON.stringify(payload).length}@inspired2uplift.org`;
    const cookie = await signInAsTester(email);
    const res = await importProgress(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toContain(named);
    const recorded = await t.database.db
      .select()
      .from(progressImports)
      .where(eq(progressImports.userId, await userIdOf(t, email)));
    expect(recorded).toEqual([]);
  });

  it('answers 401 without a session and 409 from a role preview, recording nothing', async () => {
    expect((await importProgress(undefined, { stepIds: ['say-hello'] })).statusCode).toBe(401);
    const cookie = await signInAsTester('import-preview@inspired2uplift.org');
    const res = await importProgress(cookie, { stepIds: ['say-hello'] }, '?previewRole=volunteer');
    expect(res.statusCode).toBe(409);
    expect((await importProgress(cookie, { stepIds: ['say-hello'] })).statusCode).toBe(200);
  });
});
