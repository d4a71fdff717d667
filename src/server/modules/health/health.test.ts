import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, healthSchema } from '../../../shared/api.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('GET /api/health with the database gone', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp();
    await broken.database.close();
  });
  afterAll(async () => {
    await broken.app.close();
  });

  it('answers 503 with a JSON error (docs/architecture.md#database-unavailable), revealing nothing of the cause', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
  });
});
