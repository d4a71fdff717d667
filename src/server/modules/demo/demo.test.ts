import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, demoResponseSchema } from '../../../shared/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ACKNOWLEDGMENT_STEP, CHECKLIST_STEP, createWidgetCatalog, PLAIN_STEP_ID } from '../../test/widget-catalog.js';
import { DEMO_UNAVAILABLE_MESSAGE } from './demo.routes.js';

describe('GET /api/demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ catalog: createWidgetCatalog() });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers without a session with the test role's first scope only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/demo' });
    expect(res.statusCode).toBe(200);
    const body = demoResponseSchema.parse(res.json());
    expect(body.appVersion).toBe('0.5');
    expect(body.role).toMatchObject({ key: 'test', displayName: 'Test' });
    expect(body.scopes.map((s) => s.id)).toEqual(['examples']);
    expect(body.scopes[0]?.steps.map((s) => s.id)).toEqual([PLAIN_STEP_ID, CHECKLIST_STEP.id, ACKNOWLEDGMENT_STEP.id]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/demo without a test role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/demo' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).message).toBe(DEMO_UNAVAILABLE_MESSAGE);
  });
});
