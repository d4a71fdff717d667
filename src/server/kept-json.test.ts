import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { onboardingResponseSchema, roleContentSchema } from '../shared/api.js';
import { orderedStepIds } from '../shared/roles.js';
import { stepItems } from '../shared/step-items.js';
import { loadContent } from './content/load-content.js';
import { deepFreeze } from './deep-freeze.js';
import { keptJson } from './kept-json.js';
import { upsertMember } from './modules/members/members.repository.js';
import { projectRoot } from './project-root.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';

/**
 * Kept JSON (kept-json.ts): the onboarding answer's text, and its role content's, is exactly what encoding the whole
 * answer with the shared schema gives — for the real content, every role, progress with ticked items, previews — and
 * parts that never change are encoded once.
 */

describe('GET /api/onboarding with the real content', () => {
  let t: TestApp;
  beforeAll(async () => {
    const catalog = await loadContent(path.join(projectRoot, 'content'));
    t = await createTestApp({ catalog, env: { ADMIN_EMAILS: 'admin@inspired2uplift.org' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The served text, and the same answer encoded whole by the schema (as any other route is). */
  const servedAndWhole = async (url: string, cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = onboardingResponseSchema.parse(JSON.parse(res.body));
    return { served: res.body, whole: JSON.stringify(onboardingResponseSchema.encode(answer)), answer };
  };

  it('is the text of the whole answer encoded by the shared schema, every time', async () => {
    const roles = ['volunteer', 'Treasurer', 'head of hr', 'chapters', 'test', 'Astronaut'];
    for (const [i, role] of roles.entries()) {
      const email = `kept${i}@inspired2uplift.org`;
      await upsertMember(t.database.db, { email, role, department: 'Operations', isAdmin: i === 1 });
      const cookie = await signIn(t.app, { email });
      const { answer } = await servedAndWhole('/api/onboarding', cookie);
      const content = await t.app.inject({ method: 'GET', url: answer.content, headers: { cookie } });
      expect(content.statusCode, content.body).toBe(200);
      const { scopes } = roleContentSchema.parse(JSON.parse(content.body));
      expect(content.body, `${role} content`).toBe(JSON.stringify(roleContentSchema.encode({ scopes })));
      // Some progress of record: the first two steps, and every item of the first step that has items.
      for (const stepId of orderedStepIds({ scopes }).slice(0, 2)) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/progress/steps/${stepId}`,
          headers: { cookie },
          payload: { completed: true },
        });
      }
      const withItems = scopes.flatMap((s) => s.steps).find((step) => stepItems(step).length > 0);
      for (const item of withItems ? stepItems(withItems) : []) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/progress/steps/${withItems?.id}/items/${item.id}`,
          headers: { cookie },
          payload: { done: true },
        });
      }
      for (const url of ['/api/onboarding', '/api/onboarding', '/api/onboarding?previewRole=finance']) {
        const { served, whole } = await servedAndWhole(url, cookie);
        expect(served, `${role} ${url}`).toBe(whole);
      }
      const { answer: after } = await servedAndWhole('/api/onboarding', cookie);
      expect(after.progress.completed.length, role).toBeGreaterThan(0);
      if (withItems) expect(after.progress.items.length, role).toBe(stepItems(withItems).length);
    }
  });
});

describe('keptJson', () => {
  const schema = z.object({
    name: z.string(),
    steps: z.array(z.object({ id: z.string(), title: z.string() })),
    flags: z.array(z.string()).default([]),
  });
  const steps = deepFreeze([{ id: 'a', title: 'A' }]);

  /** An app whose GET / answers `answer()`, with the kept-JSON serializer or the standard one. */
  async function appAnswering(answer: () => unknown, kept = true) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const options = kept ? keptJson(schema) : {};
    app.get('/', { schema: { response: { 200: schema } }, ...options }, async () => answer() as z.infer<typeof schema>);
    await app.ready();
    return app;
  }

  it('encodes a frozen value once, and the rest of each answer every time, as the whole schema would', async () => {
    let encodes = 0;
    const encode = schema.shape.steps.encode.bind(schema.shape.steps);
    schema.shape.steps.encode = ((value: unknown) => {
      encodes += 1;
      return encode(value as never);
    }) as typeof schema.shape.steps.encode;
    let n = 0;
    const app = await appAnswering(() => ({ name: `call ${(n += 1)}`, steps, flags: ['x'], extra: 'dropped' }));
    for (let i = 1; i <= 3; i += 1) {
      const body = (await app.inject('/')).body;
      expect(body).toBe(JSON.stringify(schema.encode({ name: `call ${i}`, steps, flags: ['x'] })));
    }
    expect(encodes).toBe(1);
    schema.shape.steps.encode = encode;
    await app.close();
  });

  it('keeps the whole text of a frozen answer', async () => {
    const frozen = deepFreeze({ name: 'same', steps, flags: [] });
    const app = await appAnswering(() => frozen);
    const first = (await app.inject('/')).body;
    expect((await app.inject('/')).body).toBe(first);
    expect(JSON.parse(first)).toEqual({ name: 'same', steps: [{ id: 'a', title: 'A' }], flags: [] });
    await app.close();
  });

  it.each([
    ['a frozen answer', () => deepFreeze({ name: 'n', steps, flags: ['f'] })],
    ['an answer with frozen parts', () => ({ name: 'n', steps, flags: ['f'] })],
    ['an answer without frozen parts', () => ({ name: 'n', steps: [{ id: 'b', title: 'B' }], flags: [] })],
    ['an answer missing a key with a default', () => ({ name: 'n', steps })],
    ['an answer that does not fit the schema', () => ({ name: 42, steps, flags: [] })],
  ])('answers %s as the standard serializer does', async (_what, answer) => {
    const kept = await appAnswering(answer);
    const standard = await appAnswering(answer, false);
    const [a, b] = [await kept.inject('/'), await standard.inject('/')];
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    await kept.close();
    await standard.close();
  });
});
