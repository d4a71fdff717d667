import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, formAnswers, memberPreferences, quizTries } from '../../db/schema.js';
import { quoteIdentifier } from '../../db/tables.js';
import { parseBackupFile } from '../backups/backup-file.js';
import { takeBackup } from '../backups/backups.js';
import { rowsOf } from '../departments/departments.repository.js';
import { ANSWERED_STEP_MESSAGE } from '../progress/index.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { leadRecord, signInMember, storeMembers, userIdOf } from '../../test/test-members.js';
import { FINAL_FORM_STEP, formStep, SAFEGUARDING_QUIZ_STEP, volunteerCatalog } from '../../test/test-roles.js';
import { SecretBox, SecretsKeyError } from '../secrets/secret-box.js';
import { readFormAnswers } from './answers.repository.js';
import { ANSWERS_READERS_MESSAGE, NOT_YOUR_MEMBER_MESSAGE } from './answers.routes.js';
import { FORM_FINAL_MESSAGE, NO_TRIES_LEFT_MESSAGE, QUIZ_PASSED_MESSAGE } from './answers.service.js';

const SECRET_NEED = 'I need a British Sign Language interpreter at meetings';
const SECRET_PHONE = '+44 7700 900987';

/** A volunteer role with a form step (one question of each kind; two sensitive) and a quiz of two tries. */
const catalog = () =>
  volunteerCatalog([
    formStep('support-needs', 'Your support and access needs', [
      { id: 'name', kind: 'short-text', label: 'Your name', required: true },
      { id: 'needs', kind: 'long-text', label: 'What helps you take part?', sensitive: true },
      {
        id: 'contact-by',
        kind: 'single-choice',
        label: 'Contact me by',
        options: [
          { id: 'email', label: 'E-mail' },
          { id: 'text', label: 'Text message' },
        ],
      },
      {
        id: 'days',
        kind: 'multiple-choice',
        label: 'Days',
        options: [
          { id: 'sat', label: 'Saturday' },
          { id: 'sun', label: 'Sunday' },
        ],
      },
      { id: 'photos-ok', kind: 'yes-no', label: 'Photos?' },
      { id: 'start', kind: 'date', label: 'Start' },
      { id: 'hours', kind: 'number', label: 'Hours', min: 1, max: 40 },
      { id: 'email', kind: 'email', label: 'E-mail' },
      { id: 'phone', kind: 'phone', label: 'Emergency phone', sensitive: true },
    ]),
    FINAL_FORM_STEP,
    SAFEGUARDING_QUIZ_STEP,
  ]);

const ANSWERS = {
  name: 'Sam',
  needs: SECRET_NEED,
  'contact-by': 'text',
  days: ['sat'],
  'photos-ok': true,
  start: '2026-12-01',
  hours: 4,
  email: 'sam@example.org',
  phone: SECRET_PHONE,
};

let t: TestApp;
/** The member of the current test: a new volunteer of the Events department for each test. */
let member: string;
let memberEmail: string;
let memberId: string;
/** The member of the file's first test: another member for the later tests. */
let firstMemberEmail: string | undefined;

// One app for the file (a migrated database per test costs tens of seconds on a busy machine): each test has its own
// member, and every check reads that member's rows only.
beforeAll(async () => {
  t = await createTestApp({ catalog: catalog(), env: { ADMIN_EMAILS: 'admin@inspired2uplift.org' } });
  await storeMembers(t, [leadRecord('Events'), leadRecord('Finance')]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  ({ cookie: member, email: memberEmail, id: memberId } = await signInMember(t));
  firstMemberEmail ??= memberEmail;
});

const send = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object | string) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/** Every stored row of the member in both tables, as the database holds it (text). */
async function storedText(): Promise<string> {
  const rows = await t.database.db.execute(
    sql`select row_to_json(f)::text as row from form_answers f where f.user_id = ${memberId}
        union all select row_to_json(q)::text from quiz_tries q where q.user_id = ${memberId}`,
  );
  return JSON.stringify(rows);
}

const countRows = async (userId = memberId) => ({
  forms: (await t.database.db.select().from(formAnswers).where(eq(formAnswers.userId, userId))).length,
  tries: (await t.database.db.select().from(quizTries).where(eq(quizTries.userId, userId))).length,
});

const completed = async (cookie: string) => {
  const res = await send(cookie, 'GET', '/api/onboarding');
  return (res.json() as { progress: { completed: { stepId: string }[] } }).progress.completed.map((c) => c.stepId);
};

describe('form steps (docs/product.md#form-steps)', () => {
  it('saves a draft, sends the form (a version, the step completes) and keeps every sending', async () => {
    const draft = await send(member, 'PUT', '/api/steps/support-needs/form/draft', { answers: { name: 'Sa' } });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ draft: { answers: { name: 'Sa' } }, submitted: null, canSubmit: true });
    expect(await completed(member)).toEqual([]);

    const sent = await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      draft: null,
      submitted: { version: 1, answers: ANSWERS },
      step: { stepId: 'support-needs', completed: true },
    });
    expect(await completed(member)).toEqual(['support-needs']);

    const again = await send(member, 'POST', '/api/steps/support-needs/form', { answers: { ...ANSWERS, hours: 6 } });
    expect(again.json()).toMatchObject({ submitted: { version: 2, answers: { hours: 6 } } });
    expect((await countRows()).forms).toBe(2);
    const read = await send(member, 'GET', '/api/steps/support-needs/form');
    expect(read.json()).toMatchObject({ submitted: { version: 2, answers: { needs: SECRET_NEED, hours: 6 } } });
  });

  it('keeps sensitive answers encrypted at rest: no row holds them in clear', async () => {
    await send(member, 'PUT', '/api/steps/support-needs/form/draft', { answers: { needs: SECRET_NEED, hours: 3 } });
    const draft = await storedText();
    expect(draft).toMatch(/hours\W+3/u); // not sensitive: stored as it is
    expect(draft).not.toContain('British Sign Language');
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    const text = await storedText();
    expect(text).toContain('sam@example.org');
    expect(text).not.toContain('British Sign Language');
    expect(text).not.toContain('900987');
    const rows = await t.database.db.select().from(formAnswers).where(eq(formAnswers.userId, memberId));
    expect(rows.map((r) => r.version)).toEqual([1]); // the draft went when the form was sent
    expect(rows.every((r) => r.sealed !== null && r.keyId === t.config.secretBox.currentKeyId)).toBe(true);
  });

  it('refuses a sealed answer moved to another step: it is bound to its member and step', async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    await t.database.db.execute(sql`update form_answers set step_id = 'final-form' where user_id = ${memberId}`);
    const res = await send(member, 'GET', '/api/steps/final-form/form');
    expect(res.statusCode).toBe(500);
  });

  it('names the form answers, not a shared password, when a key does not open them', async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    const otherKey = new SecretBox(randomBytes(32));
    const read = readFormAnswers(t.database.db, otherKey, memberId, 'support-needs');
    await expect(read).rejects.toThrow(SecretsKeyError);
    await expect(read).rejects.toThrow(
      `The sensitive form answers of the step support-needs (user ${memberId}) was stored under another key`,
    );
    await t.database.db.execute(
      sql`update form_answers set sealed = ${Buffer.alloc(40).toString('base64')} where user_id = ${memberId}`,
    );
    await expect(readFormAnswers(t.database.db, t.config.secretBox, memberId, 'support-needs')).rejects.toThrow(
      /^The stored sensitive form answers of the step support-needs \(user [\w-]+\) could not be decrypted/u,
    );
    // The exports below read every member's answers: the damaged row goes.
    await t.database.db.delete(formAnswers).where(eq(formAnswers.userId, memberId));
  });

  it('refuses bad answers with a clear 400 naming each field, and stores nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ answers: { ...ANSWERS, hours: 'four' } }, /"hours": Write a number/],
      [{ answers: { ...ANSWERS, name: 'x'.repeat(201) } }, /"name": Shorten this to at most 200 characters/],
      [{ answers: { ...ANSWERS, shoeSize: 9 } }, /"shoeSize": This form has no question "shoeSize"/],
      [{ answers: { ...ANSWERS, name: '' } }, /"name": This question needs an answer/],
      [{ answers: { ...ANSWERS, email: 'sam' } }, /"email": Write an e-mail address/],
      [{ answers: { ...ANSWERS, 'contact-by': 'pigeon' } }, /"contact-by": Choose one of the options/],
    ];
    for (const [payload, message] of cases) {
      const res = await send(member, 'POST', '/api/steps/support-needs/form', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    const problems = await send(member, 'POST', '/api/steps/support-needs/form', {
      answers: { ...ANSWERS, hours: 99, phone: 'no' },
    });
    expect((problems.json() as { problems: unknown }).problems).toEqual([
      { fieldId: 'hours', message: 'Write a number of 40 or less.' },
      {
        fieldId: 'phone',
        message: 'Write a phone number with digits, spaces and + ( ) -, for example +44 7700 900123.',
      },
    ]);
    for (const payload of [{ answers: { name: { first: 'Sam' } } }, { answers: 'Sam' }, { name: 'Sam' }]) {
      const res = await send(member, 'PUT', '/api/steps/support-needs/form/draft', payload);
      expect(res.statusCode).toBe(400);
    }
    const huge = await send(member, 'PUT', '/api/steps/support-needs/form/draft', {
      answers: { needs: 'x'.repeat(70_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(await countRows()).toEqual({ forms: 0, tries: 0 });
    expect(await completed(member)).toEqual([]);
  });

  it("answers 404 for a step that is not the member's, or not a form; 409 for a preview", async () => {
    expect((await send(member, 'POST', '/api/steps/meet-the-treasurer/form', { answers: {} })).statusCode).toBe(404);
    expect((await send(member, 'GET', '/api/steps/say-hello/form')).statusCode).toBe(404);
    const preview = await send(member, 'POST', '/api/steps/support-needs/form?previewRole=volunteer', {
      answers: ANSWERS,
    });
    expect(preview.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/steps/support-needs/form' })).statusCode).toBe(401);
    expect(await countRows()).toEqual({ forms: 0, tries: 0 });
  });

  it('keeps a form without allowChanges final after the first sending', async () => {
    expect((await send(member, 'POST', '/api/steps/final-form/form', { answers: { tshirt: 'M' } })).statusCode).toBe(
      200,
    );
    const state = await send(member, 'GET', '/api/steps/final-form/form');
    expect(state.json()).toMatchObject({ canSubmit: false });
    for (const [method, url] of [
      ['POST', '/api/steps/final-form/form'],
      ['PUT', '/api/steps/final-form/form/draft'],
    ] as const) {
      const res = await send(member, method, url, { answers: { tshirt: 'L' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: FORM_FINAL_MESSAGE });
    }
  });

  it('refuses completing or resetting a form or quiz step by hand', async () => {
    for (const stepId of ['support-needs', 'safeguarding-quiz']) {
      for (const completedState of [true, false]) {
        const res = await send(member, 'PUT', `/api/progress/steps/${stepId}`, { completed: completedState });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: ANSWERED_STEP_MESSAGE });
      }
    }
    expect(await completed(member)).toEqual([]);
    const imported = await send(member, 'POST', '/api/progress/import', {
      stepIds: ['support-needs', 'safeguarding-quiz', 'say-hello'],
    });
    expect(imported.json()).toEqual({
      imported: ['say-hello'],
      skipped: [
        { stepId: 'support-needs', reason: 'needs-answers' },
        { stepId: 'safeguarding-quiz', reason: 'needs-answers' },
      ],
    });
  });
});

describe('who reads answers, and the audit log', () => {
  beforeEach(async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
  });

  const readAs = async (email: string) => {
    const cookie = await signIn(t.app, { email });
    return send(cookie, 'GET', `/api/admin/members/${memberEmail}/answers`);
  };
  const auditOf = async () => {
    const admin = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    const res = await send(admin, 'GET', '/api/admin/audit?kind=answers-read&pageSize=100');
    const entries = (res.json() as { items: { actorEmail: string; outcome: string; subject: string }[] }).items;
    return entries.filter((e) => e.subject === memberEmail);
  };

  it('lets an admin and the member’s lead read every answer, each read audited', async () => {
    for (const email of ['admin@inspired2uplift.org', 'events-lead@inspired2uplift.org']) {
      const res = await readAs(email);
      expect(res.statusCode).toBe(200);
      const [form] = (res.json() as { forms: { stepId: string; answers: { fieldId: string; text: string }[] }[] })
        .forms;
      expect(form?.stepId).toBe('support-needs');
      expect(form?.answers.find((a) => a.fieldId === 'needs')?.text).toBe(SECRET_NEED);
      expect(form?.answers.find((a) => a.fieldId === 'contact-by')?.text).toBe('Text message');
    }
    const entries = await auditOf();
    expect(entries.map((e) => [e.actorEmail, e.outcome, e.subject]).sort()).toEqual([
      ['admin@inspired2uplift.org', 'allowed', memberEmail],
      ['events-lead@inspired2uplift.org', 'allowed', memberEmail],
    ]);
  });

  it('refuses another member (403) and the lead of another department (403, audited)', async () => {
    const member = await readAs(firstMemberEmail!);
    expect(member.statusCode).toBe(403);
    // A buddy or another member reads what the refusal is about, not a word about the admin console.
    expect(member.json()).toMatchObject({ message: ANSWERS_READERS_MESSAGE });
    const lead = await readAs('finance-lead@inspired2uplift.org');
    expect(lead.statusCode).toBe(403);
    expect(lead.json()).toMatchObject({ message: NOT_YOUR_MEMBER_MESSAGE });
    expect(JSON.stringify(lead.json())).not.toContain('Sign Language');
    expect((await auditOf()).map((e) => [e.actorEmail, e.outcome])).toEqual([
      ['finance-lead@inspired2uplift.org', 'refused'],
    ]);
  });

  it('lets the member download their own answers as JSON and CSV, without an audit entry', async () => {
    const json = await send(member, 'GET', '/api/answers/mine?format=json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="my-answers-2025-04-01\.json"/);
    expect(json.json()).toMatchObject({ email: memberEmail, forms: [{ stepId: 'support-needs' }] });
    const csv = await send(member, 'GET', '/api/answers/mine?format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(`What helps you take part?,${SECRET_NEED}`);
    expect(await auditOf()).toEqual([]);
  });
});

describe('the CSV export of a form step (docs/product.md#form-steps)', () => {
  const exportAs = async (email: string, query = '') => {
    const cookie = await signIn(t.app, { email });
    return send(cookie, 'GET', `/api/admin/forms/support-needs/answers.csv${query}`);
  };
  /** The CSV's rows of this test's member, as cells (the file holds every member who sent the form). */
  const rowOf = (csv: string) =>
    csv
      .trim()
      .split('\n')
      .filter((line) => line.startsWith(memberEmail))
      .map((line) => line.split(','));

  it('leaves sensitive questions out unless asked, escapes formulas, and audits every export', async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', {
      answers: { ...ANSWERS, name: '=HYPERLINK("http://evil.example")' },
    });
    const plain = await exportAs('admin@inspired2uplift.org');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-disposition']).toBe('attachment; filename="answers-support-needs-2025-04-01.csv"');
    const header = plain.body.split('\n')[0];
    expect(header).toBe(
      'Email,Name,Department,Version,Sent at,Your name,Contact me by,Days,Photos?,Start,Hours,E-mail',
    );
    expect(plain.body).not.toContain(SECRET_NEED);
    expect(plain.body).not.toContain(SECRET_PHONE);
    // The name typed as a formula is written as text (a leading ').
    expect(plain.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(rowOf(plain.body)[0]?.slice(2, 4)).toEqual(['Events', '1']);

    const full = await exportAs('admin@inspired2uplift.org', '?sensitive=include');
    expect(full.statusCode).toBe(200);
    expect(full.body.split('\n')[0]).toContain('What helps you take part?');
    expect(full.body).toContain(SECRET_NEED);
    expect(full.body).toContain(SECRET_PHONE);

    const exports = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'answers-read'), eq(auditLog.subject, 'support-needs')));
    // Every export is audited, and says whether it held the sensitive answers (the first export of the file).
    expect(
      exports.map((e) => [e.actorEmail, e.details]).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    ).toEqual([
      ['admin@inspired2uplift.org', { export: 'csv', sensitive: false, members: expect.any(Number) }],
      ['admin@inspired2uplift.org', { export: 'csv', sensitive: true, members: expect.any(Number) }],
    ]);
  });

  it("gives a lead only their departments' members, refuses members, and answers 404 for a step with no form", async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    const own = await exportAs('events-lead@inspired2uplift.org', '?sensitive=include');
    expect(own.statusCode).toBe(200);
    expect(rowOf(own.body)).toHaveLength(1);
    expect(own.body).toContain(SECRET_NEED);
    const other = await exportAs('finance-lead@inspired2uplift.org', '?sensitive=include');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(memberEmail);
    expect(other.body).not.toContain(SECRET_NEED);
    expect((await exportAs(memberEmail)).statusCode).toBe(403);
    expect((await exportAs('admin@inspired2uplift.org', '?sensitive=yes')).statusCode).toBe(400);
    const cookie = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    expect((await send(cookie, 'GET', '/api/admin/forms/say-hello/answers.csv')).statusCode).toBe(404);
  });
});

describe('a dump of the whole database (docs/product.md#form-steps)', () => {
  // Values that appear nowhere else in this file: the sensitive ones must not be found anywhere in the database,
  // the control (a question that is not sensitive) must be, so the search itself is shown to work.
  const DUMP_NEED = 'Quiet room and a hearing loop, code DUMPCHECK-NEED-4417';
  const DUMP_PHONE = '+44 7700 900415';
  const CONTROL = 'Ottoline DUMPCHECK-CONTROL-8802';

  /** Every row of every table of every schema the app's database has, as JSON text, by table. */
  async function dumpEveryTable(): Promise<Map<string, string>> {
    const tables = await t.database.db.execute(
      sql`select table_schema::text as schema, table_name::text as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const dump = new Map<string, string>();
    for (const row of rowsOf(tables)) {
      const name = `${quoteIdentifier(String(row.schema))}.${quoteIdentifier(String(row.name))}`;
      const rows = await t.database.db.execute(sql.raw(`select row_to_json(t)::text as row from ${name} t`));
      dump.set(
        name,
        rowsOf(rows)
          .map((r) => String(r.row))
          .join('\n'),
      );
    }
    return dump;
  }
  const tablesHolding = (dump: Map<string, string>, value: string) =>
    [...dump].filter(([, text]) => text.includes(value)).map(([name]) => name);

  it('holds no sensitive answer in clear in any table (audit log and outbox too), nor in a backup file', async () => {
    const answers = { ...ANSWERS, name: CONTROL, needs: DUMP_NEED, phone: DUMP_PHONE };
    // A draft, two sendings, a lead's and an admin's read, a CSV export with the sensitive columns, the member's own
    // download: everything that handles the answers has run before the dump.
    await send(member, 'PUT', '/api/steps/support-needs/form/draft', { answers: { needs: DUMP_NEED } });
    expect((await send(member, 'POST', '/api/steps/support-needs/form', { answers })).statusCode).toBe(200);
    const again = await send(member, 'POST', '/api/steps/support-needs/form', { answers: { ...answers, hours: 5 } });
    expect(again.statusCode).toBe(200);
    for (const email of ['events-lead@inspired2uplift.org', 'admin@inspired2uplift.org']) {
      const cookie = await signIn(t.app, { email });
      const read = await send(cookie, 'GET', `/api/admin/members/${memberEmail}/answers`);
      expect(read.body).toContain(DUMP_NEED);
      const csv = await send(cookie, 'GET', '/api/admin/forms/support-needs/answers.csv?sensitive=include');
      expect(csv.body).toContain(DUMP_PHONE);
    }
    expect((await send(member, 'GET', '/api/answers/mine?format=csv')).body).toContain(DUMP_NEED);
    await t.app.changeFeed.settle();

    const dump = await dumpEveryTable();
    for (const table of ['"public"."audit_log"', '"public"."mail_outbox"', '"public"."form_answers"'])
      expect(dump.has(table)).toBe(true);
    expect(dump.get('"public"."audit_log"')).toContain(memberEmail); // the reads were audited
    expect(tablesHolding(dump, CONTROL)).toEqual(['"public"."form_answers"']);
    expect(tablesHolding(dump, 'DUMPCHECK-NEED')).toEqual([]);
    expect(tablesHolding(dump, '900415')).toEqual([]);

    // The embedded database's own backup: the data files as they are on disk (dead row versions and the
    // write-ahead log included), searched byte by byte.
    if (t.database.driver.kind !== 'pglite') return;
    const directory = mkdtempSync(path.join(tmpdir(), 'onboarding-answers-dump-'));
    try {
      const backup = await takeBackup(t.database.driver.client, directory, t.clock.now);
      const { tar } = parseBackupFile(readFileSync(path.join(directory, backup.name)));
      expect(tar.includes(Buffer.from(CONTROL))).toBe(true);
      expect(tar.includes(Buffer.from('DUMPCHECK-NEED'))).toBe(false);
      expect(tar.includes(Buffer.from('900415'))).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('quiz steps (docs/product.md#quiz-steps)', () => {
  it('scores on the server, says which answers were wrong and why, and completes only on a pass', async () => {
    const first = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['nobody'] } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      tries: 1,
      triesLeft: 1,
      passed: false,
      last: {
        passed: false,
        questions: [
          {
            questionId: 'who',
            right: false,
            chosen: [{ answerId: 'nobody', correct: false, explanation: 'A secret can leave someone in danger.' }],
          },
        ],
      },
      step: { completed: false },
    });
    expect(await completed(member)).toEqual([]);
    const second = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['lead'] } });
    expect(second.json()).toMatchObject({ tries: 2, triesLeft: 0, passed: true, step: { completed: true } });
    expect(await completed(member)).toEqual(['safeguarding-quiz']);
    const third = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['lead'] } });
    expect(third.json()).toMatchObject({ statusCode: 409, message: QUIZ_PASSED_MESSAGE });
  });

  it('counts tries and stops at the limit', async () => {
    for (const expected of [200, 200, 409]) {
      const res = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['nobody'] } });
      expect(res.statusCode).toBe(expected);
      if (expected === 409) expect(res.json()).toMatchObject({ message: NO_TRIES_LEFT_MESSAGE });
    }
    expect((await countRows()).tries).toBe(2);
    expect((await send(member, 'GET', '/api/steps/safeguarding-quiz/quiz')).json()).toMatchObject({
      tries: 2,
      triesLeft: 0,
      passed: false,
    });
  });

  it('refuses a try that cannot be scored (400, no try counted)', async () => {
    for (const answers of [{ who: [] }, { who: ['lead', 'nobody'] }, { who: ['maybe'] }, { other: ['x'] }]) {
      const res = await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers });
      expect(res.statusCode).toBe(400);
    }
    expect((await countRows()).tries).toBe(0);
  });

  it("never sends the answer key to the member: neither in their answer nor in their role's steps", async () => {
    const own = await send(member, 'GET', '/api/onboarding');
    expect(own.statusCode, own.body).toBe(200);
    const content = await send(member, 'GET', (own.json() as { content: string }).content);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.body).toContain('The safeguarding lead');
    for (const body of [own.body, content.body]) {
      expect(body).not.toContain('A secret can leave someone in danger');
      expect(body).not.toContain('"correct"');
    }
  });
});

describe('deletion after leaving (ANSWERS_KEEP_DAYS_AFTER_LEAVING, default 90)', () => {
  // Last: it moves the app's clock 91 days on.
  it('deletes answers, quiz tries and reading settings 90 days after the member left, by the sweep, and audits it', async () => {
    await send(member, 'POST', '/api/steps/support-needs/form', { answers: ANSWERS });
    await send(member, 'POST', '/api/steps/safeguarding-quiz/quiz', { answers: { who: ['nobody'] } });
    const stayingId = await userIdOf(t, firstMemberEmail!);
    const kept = await countRows(stayingId);
    // Reading and display settings can tell of access needs: the leaver's go with the answers.
    await t.database.db.insert(memberPreferences).values([
      { userId: memberId, preferences: { textSize: 175 } },
      { userId: stayingId, preferences: { textSize: 150 } },
    ]);
    const preferencesOf = async () =>
      (await t.database.db.select({ userId: memberPreferences.userId }).from(memberPreferences)).map((r) => r.userId);
    const admin = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    const left = await send(admin, 'POST', `/api/admin/members/${memberEmail}/leave`, {
      leftOn: '2025-04-01',
    });
    expect(left.statusCode).toBe(200);
    t.clock.advance(89 * 86_400_000);
    expect(await t.app.answersSweep.runNow()).toBe(0);
    expect(await countRows()).toEqual({ forms: 1, tries: 1 });
    t.clock.advance(2 * 86_400_000);
    expect(await t.app.answersSweep.runNow()).toBe(1);
    expect(await countRows()).toEqual({ forms: 0, tries: 0 });
    expect(await countRows(stayingId)).toEqual(kept);
    expect(await preferencesOf()).toEqual([stayingId]);
    const adminAgain = await signIn(t.app, { email: 'admin@inspired2uplift.org' });
    const audit = await send(adminAgain, 'GET', '/api/admin/audit?kind=answers-deleted');
    expect((audit.json() as { items: unknown[] }).items).toMatchObject([
      {
        subject: memberEmail,
        outcome: 'ok',
        reason: 'kept-days-after-leaving',
        detail: { formVersions: 1, quizTries: 1, keepDays: 90 },
      },
    ]);
  });
});
