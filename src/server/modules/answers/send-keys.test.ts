import { and, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAnswers, members, quizTries, sendKeys } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInMember } from '../../test/test-members.js';
import { formStep, SAFEGUARDING_QUIZ_STEP, volunteerCatalog } from '../../test/test-roles.js';
import { NO_TRIES_LEFT_MESSAGE, QUIZ_PASSED_MESSAGE } from './answers.service.js';
import { deleteAnswersAfterLeaving } from './retention.js';
import { KEY_FORMAT_MESSAGE, KEY_REUSED_MESSAGE, SEND_KEY_KEEP_MS } from './send-keys.js';

/** A form that may be sent again (one answer sensitive: sealed at rest) and a quiz of two tries. */
const catalog = () =>
  volunteerCatalog(
    [
      formStep('access-needs', 'What helps you take part', [
        { id: 'name', kind: 'short-text', label: 'Your name', required: true },
        { id: 'needs', kind: 'long-text', label: 'What helps you take part?', sensitive: true },
      ]),
      SAFEGUARDING_QUIZ_STEP,
    ],
    { id: 'first-week', title: 'Your first week' },
  );

const FORM_URL = '/api/steps/access-needs/form';
const QUIZ_URL = `/api/steps/${SAFEGUARDING_QUIZ_STEP.id}/quiz`;
/** Two different bodies of each kind of send. */
const BODIES = {
  form: [{ answers: { name: 'Sam', needs: 'A quiet room' } }, { answers: { name: 'Sam', needs: 'Large print' } }],
  quiz: [{ answers: { who: ['nobody'] } }, { answers: { who: ['lead'] } }],
} as const;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ catalog: catalog() });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

/** What is stored for a member: form sendings (not the draft), quiz tries, kept keys. */
async function stored(userId: string) {
  const db = t.database.db;
  return {
    sendings: (
      await db
        .select()
        .from(formAnswers)
        .where(and(eq(formAnswers.userId, userId), gt(formAnswers.version, 0)))
    ).length,
    tries: (await db.select().from(quizTries).where(eq(quizTries.userId, userId))).length,
    keys: (await db.select().from(sendKeys).where(eq(sendKeys.userId, userId))).length,
  };
}

describe('a send that counts once (docs/reliability.md#a-send-that-counts-once)', { timeout: 120_000 }, () => {
  it('stores one send per key whatever the order of sends and repeats; a repeat gets the first answer', async () => {
    const send = fc.record({
      kind: fc.constantFrom('form' as const, 'quiz' as const),
      key: fc.constantFrom('key-a', 'key-b', 'key-c', 'key-d'),
      body: fc.constantFrom(0 as const, 1 as const),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(send, { minLength: 1, maxLength: 8 }), async (sends) => {
        const { cookie, id: userId } = await signInMember(t);
        // The model: each key's first stored send, and what the member has used.
        const kept = new Map<string, { kind: string; body: number; reply: unknown }>();
        let sendings = 0;
        let tries = 0;
        let passed = false;
        for (const { kind, key, body } of sends) {
          const res = await post(cookie, kind === 'form' ? FORM_URL : QUIZ_URL, BODIES[kind][body], `"${key}"`);
          const first = kept.get(key);
          if (first !== undefined && (first.kind !== kind || first.body !== body)) {
            expect(res.statusCode).toBe(422);
            expect(res.json()).toMatchObject({ message: KEY_REUSED_MESSAGE });
          } else if (first !== undefined) {
            expect(res.statusCode).toBe(200);
            expect(res.json()).toEqual(first.reply);
          } else if (kind === 'quiz' && (passed || tries >= 2)) {
            // Refused: nothing stored, so the key is not kept either.
            expect(res.statusCode).toBe(409);
            expect(res.json()).toMatchObject({ message: passed ? QUIZ_PASSED_MESSAGE : NO_TRIES_LEFT_MESSAGE });
          } else {
            expect(res.statusCode).toBe(200);
            kept.set(key, { kind, body, reply: res.json() });
            if (kind === 'form') sendings += 1;
            else {
              tries += 1;
              passed = body === 1;
            }
          }
        }
        expect(await stored(userId)).toEqual({ sendings, tries, keys: kept.size });
      }),
      { numRuns: 25 },
    );
  });

  it('gives a repeated form sending its sealed answers back, and answers two sends with one key at once once', async () => {
    const { cookie, id: userId } = await signInMember(t);
    const first = await post(cookie, FORM_URL, BODIES.form[0], '"lost-answer-1"');
    expect(first.json()).toMatchObject({ submitted: { version: 1, answers: BODIES.form[0].answers } });
    const again = await post(cookie, FORM_URL, BODIES.form[0], '"lost-answer-1"');
    expect(again.json()).toEqual(first.json());
    // The kept answer holds no answers in clear: they are read back from the sending.
    const [row] = await t.database.db.select().from(sendKeys).where(eq(sendKeys.userId, userId));
    expect(JSON.stringify(row?.reply)).not.toContain('A quiet room');

    const both = await Promise.all([
      post(cookie, FORM_URL, BODIES.form[1], '"at-once"'),
      post(cookie, FORM_URL, BODIES.form[1], '"at-once"'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    expect(await stored(userId)).toMatchObject({ sendings: 2, keys: 2 });
  });

  it('refuses a key that is not a quoted string of the published form, and stores nothing', async () => {
    const { cookie, id: userId } = await signInMember(t);
    for (const key of ['lost-answer', '"has space"', `"${'x'.repeat(65)}"`, '""', '"a", "b"', '?1']) {
      const res = await post(cookie, QUIZ_URL, BODIES.quiz[0], key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ message: KEY_FORMAT_MESSAGE });
    }
    expect(await stored(userId)).toEqual({ sendings: 0, tries: 0, keys: 0 });
  });

  it("keeps keys per member: another member's key is a new send, never their answer", async () => {
    const sam = await signInMember(t);
    const alex = await signInMember(t);
    const samsTry = await post(sam.cookie, QUIZ_URL, BODIES.quiz[1], '"same-key"');
    const alexsTry = await post(alex.cookie, QUIZ_URL, BODIES.quiz[0], '"same-key"');
    expect(alexsTry.statusCode).toBe(200);
    expect(alexsTry.json()).not.toEqual(samsTry.json());
    expect(await stored(alex.id)).toMatchObject({ tries: 1, keys: 1 });
  });

  it('forgets a key after a day, and deletes the keys with the answers of a member who left', async () => {
    const { cookie, id: userId, email } = await signInMember(t);
    await post(cookie, FORM_URL, BODIES.form[0], '"next-day"');
    t.clock.advance(SEND_KEY_KEEP_MS);
    // A day later the key is new: the send is stored again (the page would have made a new key long before).
    const later = await post(cookie, FORM_URL, BODIES.form[0], '"next-day"');
    expect(later.json()).toMatchObject({ submitted: { version: 2 } });
    expect(await stored(userId)).toMatchObject({ sendings: 2, keys: 1 });

    await t.database.db.update(members).set({ leftAt: t.clock.now }).where(eq(members.email, email));
    await deleteAnswersAfterLeaving({ db: t.database.db, now: t.clock.now, keepDays: 0 });
    expect(await stored(userId)).toEqual({ sendings: 0, tries: 0, keys: 0 });
  });
});
