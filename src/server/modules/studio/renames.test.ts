import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../../shared/admin-api.js';
import type { RoleConfiguration, Step } from '../../../shared/content-schema.js';
import type { StudioDraft, StudioProblem, StudioState } from '../../../shared/studio-api.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { listAudit } from '../audit/audit.repository.js';
import { putMemberRecord, signInEditor } from '../../test/test-members.js';

/**
 * Renaming a step or an item in the studio keeps members' progress (docs/product.md#renaming-a-step): the draft marks
 * the old id with `renamedFrom`, publishing moves the records in its transaction and leaves no mark in the published
 * content; a rename onto an id that is taken, or that would mix records, is refused and changes nothing. One database
 * for the file (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

const ADMIN = 'ada@inspired2uplift.org';
const KIT = 'kit@inspired2uplift.org';
let t: TestApp;
let admin: string;
let kit: string;

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });

async function state(): Promise<StudioState> {
  const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: headers(admin) });
  expect(res.statusCode).toBe(200);
  return res.json<StudioState>();
}

/** Saves `catalog` as the draft (over whatever draft there is) and answers the saved draft. */
async function saveDraft(catalog: unknown[]): Promise<StudioDraft> {
  const current = (await state()).draft;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/studio/draft',
    headers: headers(admin),
    payload: { catalog, baseUpdatedAt: current?.updatedAt ?? null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ draft: StudioDraft }>().draft;
}

/** Publishes the draft, as the admin or as `cookie`'s person. */
async function publish(cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/publish',
    headers: headers(cookie ?? admin),
    payload: { materialChanges: [] },
  });
}

/** The catalog with `change` applied to every step of the volunteer role (return the step, a new one, or null). */
function mapSteps(catalog: RoleConfiguration[], change: (step: Step) => Step | null): RoleConfiguration[] {
  return catalog.map((c) =>
    c.key !== 'volunteer'
      ? c
      : {
          ...c,
          scopes: c.scopes.map((s) => ({ ...s, steps: s.steps.map(change).filter((x): x is Step => x !== null) })),
        },
  );
}

/** The catalog with one more step at the end of the volunteer role's first scope. */
function withStep(catalog: RoleConfiguration[], step: Step): RoleConfiguration[] {
  return catalog.map((c) =>
    c.key !== 'volunteer'
      ? c
      : { ...c, scopes: c.scopes.map((s, i) => (i === 0 ? { ...s, steps: [...s.steps, step] } : s)) },
  );
}

const PACK = {
  id: 'pack-your-bag',
  title: 'Pack your bag for the first meeting',
  description: 'A few things to bring.',
  icon: 'Users',
  category: 'Volunteer',
  isChecklistStep: true,
  content: {
    details: [],
    tasks: [],
    helpfulLinks: [],
    contacts: [],
    checklist: [
      { id: 'water-bottle', text: 'A water bottle' },
      { id: 'charged-phone', text: 'Your phone, charged' },
    ],
    acknowledgments: [],
  },
} as unknown as Step;

const RULES = {
  id: 'read-the-house-rules',
  title: 'Read the house rules',
  description: 'How we work together.',
  icon: 'Users',
  category: 'Volunteer',
  isAcknowledgmentStep: true,
  content: {
    details: [],
    tasks: [],
    helpfulLinks: [],
    contacts: [],
    checklist: [],
    acknowledgments: [{ id: 'be-kind', content: 'I will be kind to everyone.' }],
  },
} as unknown as Step;

/** What Kit completed (step ids) and ticked (`step/item`), as the admin's member page shows it. */
async function kitsProgress(): Promise<{ completed: string[]; ticked: string[] }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/members/${encodeURIComponent(KIT)}`,
    headers: headers(admin),
  });
  expect(res.statusCode).toBe(200);
  const steps = res.json<MemberDetail>().steps;
  return {
    completed: steps.filter((s) => s.completedAt !== null).map((s) => s.id),
    ticked: steps.flatMap((s) => s.items.filter((i) => i.doneAt !== null).map((i) => `${s.id}/${i.id}`)),
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  kit = await signIn(t.app, { email: KIT, name: 'Kit' });
  // A checklist step, published; Kit ticks both items and completes it.
  const { published } = await state();
  await saveDraft(withStep(withStep(published.catalog, PACK), RULES));
  expect((await publish()).statusCode).toBe(200);
  for (const item of ['water-bottle', 'charged-phone']) {
    const ticked = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/steps/pack-your-bag/items/${item}`,
      headers: headers(kit),
      payload: { done: true },
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
  }
  const acknowledged = await t.app.inject({
    method: 'PUT',
    url: '/api/progress/steps/read-the-house-rules/items/be-kind',
    headers: headers(kit),
    payload: { done: true },
  });
  expect(acknowledged.statusCode, acknowledged.body).toBe(200);
  const done = await t.app.inject({
    method: 'PUT',
    url: '/api/progress/steps/pack-your-bag',
    headers: headers(kit),
    payload: { completed: true },
  });
  expect(done.statusCode, done.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('renaming a published step', () => {
  it('moves the completion and the ticks to the new ids, asks nothing about removals, and publishes no mark', async () => {
    expect(await kitsProgress()).toMatchObject({
      completed: expect.arrayContaining(['pack-your-bag']),
      ticked: expect.arrayContaining(['pack-your-bag/water-bottle', 'pack-your-bag/charged-phone']),
    });
    const { published } = await state();
    const draft = await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id !== 'pack-your-bag'
          ? s
          : {
              ...s,
              id: 'pack-a-bag',
              renamedFrom: 'pack-your-bag',
              content: {
                ...s.content,
                checklist: s.content.checklist.map((i) =>
                  i.id === 'water-bottle' ? { ...i, id: 'bottle', renamedFrom: 'water-bottle' } : i,
                ),
              },
            },
      ),
    );
    expect(draft.problems).toEqual([]);

    // Without the rename this publish would remove a completed step and ask to confirm (409).
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    const after = await state();
    expect(after.published.version).toBe(published.version + 1);
    expect(JSON.stringify(after.published.catalog)).not.toContain('renamedFrom');

    const progress = await kitsProgress();
    expect(progress.completed).toContain('pack-a-bag');
    expect(progress.completed).not.toContain('pack-your-bag');
    expect(progress.ticked).toEqual(expect.arrayContaining(['pack-a-bag/bottle', 'pack-a-bag/charged-phone']));
    expect(progress.ticked.filter((x) => x.startsWith('pack-your-bag'))).toEqual([]);
    // The member sees the step completed under its new id.
    const mine = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie: kit } });
    const completed = mine.json<{ progress: { completed: { stepId: string }[] } }>().progress.completed;
    expect(completed.map((c) => c.stepId)).toContain('pack-a-bag');

    const {
      entries: [entry],
    } = await listAudit(t.database.db, { filters: { kind: 'content-publish' } });
    expect(entry?.details).toMatchObject({
      renamed: [
        {
          step: { from: 'pack-your-bag', to: 'pack-a-bag' },
          item: null,
          moved: expect.objectContaining({ completions: 1, ticks: 2 }),
        },
        { step: { from: 'pack-your-bag', to: 'pack-a-bag' }, item: { from: 'water-bottle', to: 'bottle' } },
      ],
    });
  });

  it('refuses a rename onto the id of another published step, in the draft and at publish, and changes nothing', async () => {
    const { published } = await state();
    const slack = published.catalog.find((c) => c.key === 'volunteer')?.scopes[0]?.steps[0];
    if (!slack) throw new Error('no first volunteer step');
    // The other step is gone from the draft, so the ids do not collide there: only the rename is wrong.
    const draft = await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id === slack.id ? null : s.id === 'pack-a-bag' ? { ...s, id: slack.id, renamedFrom: 'pack-a-bag' } : s,
      ),
    );
    const message = `cannot take the id “${slack.id}”: the published step ‘${slack.title}’ has it`;
    expect(draft.problems).toEqual([
      expect.objectContaining({
        role: 'volunteer',
        path: expect.stringMatching(/\.id$/u),
        message: expect.stringContaining(message),
      }),
    ]);
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems.map((p) => p.message)).toEqual([
      expect.stringContaining(message),
    ]);
    expect((await state()).published.version).toBe(published.version);
    expect((await kitsProgress()).completed).toContain('pack-a-bag');
  });

  it('refuses a rename onto the id of a step removed earlier whose records are kept, and a chain of renames', async () => {
    const { published } = await state();
    // 'pack-your-bag' was renamed away; pretend a step removed earlier left a completion under 'old-bag'.
    await t.database.db.execute(
      sql`insert into step_progress (user_id, step_id, completed_at) select user_id, 'old-bag', completed_at from step_progress where step_id = 'pack-a-bag'`,
    );
    await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id === 'pack-a-bag' ? { ...s, id: 'old-bag', renamedFrom: 'pack-a-bag' } : s,
      ),
    );
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems.map((p) => p.message)).toEqual([
      expect.stringContaining('The id “old-bag” belonged to a step removed earlier'),
    ]);
    expect((await state()).published.version).toBe(published.version);

    // A chain: a step takes the old id of a step renamed away in the same draft.
    const chain = await saveDraft(
      withStep(
        mapSteps(published.catalog, (s) =>
          s.id === 'pack-a-bag' ? { ...s, id: 'bag-2', renamedFrom: 'pack-a-bag' } : s,
        ),
        { ...PACK, id: 'pack-a-bag', title: 'A new bag step' },
      ),
    );
    expect(chain.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('but the step ‘A new bag step’ has that id now'),
    ]);
    expect((await publish()).statusCode).toBe(422);
    expect((await state()).published.version).toBe(published.version);
  });

  it('refuses to rename a step or an item members have agreed to: the signed record names it by its id', async () => {
    const { published } = await state();
    await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id !== RULES.id
          ? s
          : {
              ...s,
              id: 'house-rules',
              renamedFrom: RULES.id,
              content: {
                ...s.content,
                acknowledgments: [{ id: 'kindness', content: 'I will be kind to everyone.', renamedFrom: 'be-kind' }],
              },
            },
      ),
    );
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems.map((p) => p.message)).toEqual([
      expect.stringContaining('Members have agreed to ‘Read the house rules’, and their signed records name it'),
      expect.stringContaining('Members have acknowledged ‘I will be kind to everyone.’'),
    ]);
    expect((await state()).published.version).toBe(published.version);
  });
});

const FORM = {
  id: 'sizes-and-needs',
  title: 'Sizes and needs',
  description: 'So that we have the right T-shirt and room ready.',
  icon: 'Users',
  category: 'Volunteer',
  form: {
    fields: [
      { id: 'question-1', kind: 'short-text', label: 'Your T-shirt size', required: true },
      { id: 'access', kind: 'long-text', label: 'Access needs', sensitive: true },
    ],
  },
} as unknown as Step;

const QUIZ = {
  id: 'safeguarding-check',
  title: 'Safeguarding check',
  description: 'One question.',
  icon: 'ClipboardCheck',
  category: 'Volunteer',
  quiz: {
    passMark: 100,
    tries: 'unlimited',
    questions: [
      {
        id: 'question-1',
        kind: 'single-choice',
        text: 'Who do you tell?',
        answers: [
          { id: 'answer-1', text: 'The safeguarding lead', correct: true, explanation: 'They know what to do.' },
          { id: 'answer-2', text: 'Nobody', explanation: 'A secret can leave someone in danger.' },
        ],
      },
    ],
  },
} as unknown as Step;

const CALL = {
  id: 'task-1',
  title: 'Book a welcome call',
  description: 'Half an hour to say hello.',
  who: 'admins',
  dueAfterDays: 3,
};

/** The catalog with the volunteer role's team tasks changed by `change`. */
const withTasks = (catalog: RoleConfiguration[], change: (tasks: RoleConfiguration['teamTasks']) => unknown[]) =>
  catalog.map((c) => (c.key !== 'volunteer' ? c : { ...c, teamTasks: change(c.teamTasks) }));

/** Kit's stored answers to a step (plain form answers, or quiz tries), as the database has them. */
async function kitsAnswers(table: 'form_answers' | 'quiz_tries', stepId: string): Promise<Record<string, unknown>[]> {
  const rows = await t.database.db.execute(
    sql`select a.answers from ${sql.raw(table)} a join users u on u.id = a.user_id
        where u.email = ${KIT} and a.step_id = ${stepId} order by 1`,
  );
  return (rows as unknown as { rows: { answers: Record<string, unknown> }[] }).rows.map((r) => r.answers);
}

describe('renaming a question or a team task', () => {
  beforeAll(async () => {
    const { published } = await state();
    await saveDraft(withTasks(withStep(withStep(published.catalog, FORM), QUIZ), (tasks) => [...tasks, CALL]));
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    // Kit starts today: the team task is made for Kit.
    await putMemberRecord(t, admin, KIT, {
      role: 'volunteer',
      department: 'Operations',
      isAdmin: false,
      startOn: t.clock.now.toISOString().slice(0, 10),
    });
    // A record made for Kit ends Kit's sessions: Kit signs in again.
    kit = await signIn(t.app, { email: KIT, name: 'Kit' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/steps/${FORM.id}/form`,
      headers: headers(kit),
      payload: { answers: { 'question-1': 'M', access: 'A ramp at the door' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const passed = await t.app.inject({
      method: 'POST',
      url: `/api/steps/${QUIZ.id}/quiz`,
      headers: headers(kit),
      payload: { answers: { 'question-1': ['answer-1'] } },
    });
    expect(passed.json()).toMatchObject({ passed: true });
  });

  it("moves a form question's answers and a quiz question's tries to the new ids; nobody is asked again", async () => {
    const { published } = await state();
    expect(await kitsAnswers('form_answers', FORM.id)).toEqual([{ 'question-1': 'M' }]);
    const draft = await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id === FORM.id && s.form
          ? {
              ...s,
              form: {
                ...s.form,
                fields: s.form.fields.map((f) =>
                  f.id === 'question-1' ? { ...f, id: 'your-t-shirt-size', renamedFrom: 'question-1' } : f,
                ),
              },
            }
          : s.id === QUIZ.id && s.quiz
            ? {
                ...s,
                quiz: {
                  ...s.quiz,
                  questions: s.quiz.questions.map((q) => ({ ...q, id: 'who-do-you-tell', renamedFrom: q.id })),
                },
              }
            : s,
      ),
    );
    expect(draft.problems).toEqual([]);
    // A renamed required question is not a new required one: nobody has to answer again.
    const retakes = await t.app.inject({ method: 'GET', url: '/api/studio/retakes', headers: headers(admin) });
    expect(retakes.json<{ steps: unknown[] }>().steps).toEqual([]);
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    await t.app.changeFeed.settle();

    const after = await state();
    expect(JSON.stringify(after.published.catalog)).not.toContain('renamedFrom');
    const step = (id: string) =>
      after.published.catalog.flatMap((c) => c.scopes.flatMap((s) => s.steps)).find((s) => s.id === id);
    // Not a material change: the steps keep their version.
    expect(step(FORM.id)?.version).toBe(
      published.catalog.flatMap((c) => c.scopes.flatMap((s) => s.steps)).find((s) => s.id === FORM.id)?.version,
    );
    expect(await kitsAnswers('form_answers', FORM.id)).toEqual([{ 'your-t-shirt-size': 'M' }]);
    expect(await kitsAnswers('quiz_tries', QUIZ.id)).toEqual([{ 'who-do-you-tell': ['answer-1'] }]);
    expect((await kitsProgress()).completed).toEqual(expect.arrayContaining([FORM.id, QUIZ.id]));
    // Kit's sending, read back through the API, has the answer under the new id (the sensitive one too).
    const mine = await t.app.inject({ method: 'GET', url: `/api/steps/${FORM.id}/form`, headers: headers(kit) });
    expect(JSON.stringify(mine.json())).toContain('"your-t-shirt-size":"M"');
    expect(JSON.stringify(mine.json())).toContain('A ramp at the door');

    const {
      entries: [entry],
    } = await listAudit(t.database.db, { filters: { kind: 'content-publish' } });
    expect(entry?.details).toMatchObject({
      renamedAnswers: [
        { step: FORM.id, question: { from: 'question-1', to: 'your-t-shirt-size' }, kind: 'form', moved: 1 },
        { step: QUIZ.id, question: { from: 'question-1', to: 'who-do-you-tell' }, kind: 'quiz', moved: 1 },
      ],
    });
  });

  it("refuses to rename a sensitive question members answered (sealed with its id), and onto another question's id", async () => {
    const { published } = await state();
    const rename = (from: string, to: string) =>
      mapSteps(published.catalog, (s) =>
        s.id === FORM.id && s.form
          ? {
              ...s,
              form: {
                ...s.form,
                fields: s.form.fields.map((f) => (f.id === from ? { ...f, id: to, renamedFrom: from } : f)),
              },
            }
          : s,
      );
    await saveDraft(rename('access', 'access-needs'));
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/\.form\.fields\[1\]\.id$/u),
        message: expect.stringContaining('Members have sent answers to the sensitive question ‘Access needs’'),
      }),
    ]);
    const onto = await saveDraft(
      mapSteps(published.catalog, (s) =>
        s.id === FORM.id && s.form
          ? {
              ...s,
              form: {
                ...s.form,
                fields: [
                  { ...s.form.fields[1]!, id: 'access-2' },
                  { ...s.form.fields[0]!, id: 'access', renamedFrom: 'your-t-shirt-size' },
                ],
              },
            }
          : s,
      ),
    );
    expect(onto.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('cannot take the id “access”: another question of the published step has it'),
    ]);
    expect((await publish()).statusCode).toBe(422);
    expect((await state()).published.version).toBe(published.version);
  });

  it('moves the team tasks already made to a renamed team task: the open task follows, nothing closed or made anew', async () => {
    const tasks = async () =>
      (
        (await t.database.db.execute(
          sql`select id, task_id, status from team_tasks where newcomer_email = ${KIT} order by task_id`,
        )) as unknown as { rows: { id: string; task_id: string; status: string }[] }
      ).rows;
    const before = await tasks();
    expect(before).toEqual([expect.objectContaining({ task_id: CALL.id, status: 'open' })]);
    const { published } = await state();
    const draft = await saveDraft(
      withTasks(published.catalog, (list) =>
        list.map((task) => (task.id === CALL.id ? { ...task, id: 'book-a-welcome-call', renamedFrom: CALL.id } : task)),
      ),
    );
    expect(draft.problems).toEqual([]);
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(await tasks()).toEqual([{ id: before[0]?.id, task_id: 'book-a-welcome-call', status: 'open' }]);
    expect(JSON.stringify((await state()).published.catalog)).not.toContain('renamedFrom');
  });
});

describe('renaming a role', () => {
  const LEE = 'lee@inspired2uplift.org';
  const RAY = 'ray@inspired2uplift.org';
  const COUNT = {
    id: 'count-the-float',
    title: 'Count the float together',
    description: 'Ten minutes.',
    who: 'admins' as const,
    dueAfterDays: 2,
  };
  let lee: string;
  const withFinance = (catalog: RoleConfiguration[], change: (role: RoleConfiguration) => RoleConfiguration | null) =>
    catalog.flatMap((c) => (c.key !== 'finance' ? [c] : [change(c)].filter((x): x is RoleConfiguration => x !== null)));
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    const { published } = await state();
    // An alias decides access: only an admin may change one (a content editor publishes the rename below).
    await saveDraft(
      withFinance(published.catalog, (c) => ({ ...c, aliases: ['bookkeeper'], teamTasks: [...c.teamTasks, COUNT] })),
    );
    expect((await publish()).statusCode).toBe(200);
    // Lee's member record names the role by its key (a rename moves exactly those); Lee starts today, so the team task
    // is made.
    await putMemberRecord(t, admin, LEE, {
      role: 'finance',
      department: 'Operations',
      isAdmin: false,
      startOn: t.clock.now.toISOString().slice(0, 10),
    });
    lee = await signIn(t.app, { email: LEE, name: 'Lee' });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/steps/meet-the-treasurer',
      headers: headers(lee),
      payload: { completed: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    // Ray has no member record: the role comes from the user (as a development sign-in stores it).
    await signIn(t.app, { email: RAY, name: 'Ray' });
    await t.database.db.execute(sql`update users set role = 'finance' where email = ${RAY}`);
    // Finance includes the volunteer steps, and with them the volunteer role's team task.
    expect(
      await rows(sql`select task_id, role_key from team_tasks where newcomer_email = ${LEE} order by task_id`),
    ).toEqual([
      { task_id: 'book-a-welcome-call', role_key: 'volunteer' },
      { task_id: COUNT.id, role_key: 'finance' },
    ]);
  });

  it('refuses to publish a role removed while people have it (no rename)', async () => {
    const { published } = await state();
    await saveDraft(withFinance(published.catalog, () => null));
    const res = await publish();
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: StudioProblem[] }>().problems).toEqual([
      expect.objectContaining({
        role: 'finance',
        message: expect.stringContaining('2 people have the role "finance"'),
      }),
    ]);
    expect((await state()).published.version).toBe(published.version);
  });

  it("moves the members' role and their team tasks to the new key; their progress stays; the old key is gone", async () => {
    const { published } = await state();
    const draft = await saveDraft(
      withFinance(published.catalog, (c) => ({
        ...c,
        key: 'money team',
        renamedFrom: 'finance',
        // A team task renamed in the same publish is found under the role's published key.
        teamTasks: c.teamTasks.map((task) =>
          task.id === COUNT.id ? { ...task, id: 'float', renamedFrom: COUNT.id } : task,
        ),
      })),
    );
    expect(draft.problems).toEqual([]);
    // A content editor may publish it: the role keeps its aliases, so the rename changes nobody's access.
    const eddie = await signInEditor(t, { email: 'eddie@inspired2uplift.org', name: 'Eddie' });
    const res = await publish(eddie);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.changeFeed.settle();

    const after = await state();
    expect(after.published.catalog.map((c) => c.key)).toEqual(['money team', 'volunteer']);
    expect(JSON.stringify(after.published.catalog)).not.toContain('renamedFrom');
    expect(await rows(sql`select email, role from members where email = ${LEE}`)).toEqual([
      { email: LEE, role: 'money team' },
    ]);
    expect(await rows(sql`select role from users where email = ${RAY}`)).toEqual([{ role: 'money team' }]);
    expect(
      await rows(
        sql`select task_id, role_key, status from team_tasks where newcomer_email = ${LEE} order by task_id desc`,
      ),
    ).toEqual([
      { task_id: 'float', role_key: 'money team', status: 'open' },
      { task_id: 'book-a-welcome-call', role_key: 'volunteer', status: 'open' },
    ]);
    for (const [table, column] of [
      ['members', 'role'],
      ['users', 'role'],
      ['team_tasks', 'role_key'],
    ] as const) {
      expect(
        await rows(sql`select 1 from ${sql.raw(table)} where lower(trim(${sql.raw(column)})) = 'finance'`),
        `${table}.${column}`,
      ).toEqual([]);
    }
    // Lee has the role (not the volunteer fallback) and the step done under it.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${encodeURIComponent(LEE)}`,
      headers: headers(admin),
    });
    expect(detail.statusCode).toBe(200);
    const member = detail.json<MemberDetail>();
    expect(JSON.stringify(member)).toContain('money team');
    expect(member.steps.filter((s) => s.completedAt !== null).map((s) => s.id)).toEqual(['meet-the-treasurer']);
    const mine = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie: lee } });
    expect(mine.statusCode).toBe(200);
    const onboarding = mine.json<{ role: { key: string }; progress: { completed: { stepId: string }[] } }>();
    expect(onboarding.role.key).toBe('money team');
    expect(onboarding.progress.completed.map((c) => c.stepId)).toContain('meet-the-treasurer');

    const {
      entries: [entry],
    } = await listAudit(t.database.db, { filters: { kind: 'content-publish' } });
    expect(entry?.details).toMatchObject({
      renamedRoles: [{ role: { from: 'finance', to: 'money team' }, moved: { members: 1, users: 1, teamTasks: 1 } }],
    });
  });

  it('refuses a rename from a key no published role has, or from a key a role of the draft still has', async () => {
    const { published } = await state();
    const draft = await saveDraft(
      published.catalog.map((c) => (c.key === 'money team' ? { ...c, key: 'cash team', renamedFrom: 'finance' } : c)),
    );
    expect(draft.problems).toEqual([
      expect.objectContaining({
        role: 'cash team',
        path: 'key',
        message: expect.stringContaining('is renamed from “finance”, but no published role has that key any more'),
      }),
    ]);
    expect((await publish()).statusCode).toBe(422);
    // A new role took the old key: members cannot both keep it and move.
    const money = published.catalog.find((c) => c.key === 'money team');
    if (!money) throw new Error('no money team role');
    const again = await saveDraft([
      ...published.catalog.map((c) =>
        c.key === 'money team' ? { ...c, key: 'cash team', renamedFrom: 'money team' } : c,
      ),
      { ...money, displayName: 'Money', aliases: [], scopes: [], teamTasks: [] },
    ]);
    expect(again.problems).toEqual([
      expect.objectContaining({
        role: 'cash team',
        path: 'key',
        message: expect.stringContaining('is renamed from “money team”, but another role has that key now'),
      }),
    ]);
    expect((await publish()).statusCode).toBe(422);
    expect((await state()).published.version).toBe(published.version);
  });
});
