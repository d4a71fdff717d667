import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';

/**
 * The request log (docs/architecture.md#a-request): one line per request, made of known fields only; every other log
 * call is still redacted (REDACTED_LOG_PATHS; see also modules/secrets/secret-leaks.test.ts).
 */

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  [key: string]: unknown;
}

let t: TestApp;
let text = '';
const lines = () =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: loggerOptions({ logLevel: 'info' }, stream) });
  // On PostgreSQL the change feed says (at info) when it listens; that line is not a request's.
  const deadline = Date.now() + 10_000;
  while (!t.app.changeFeed.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(async () => {
  await t?.close();
});

describe('the request log', () => {
  it('has one line per request: id, method, URL, host, address, status and time — never the cookie', async () => {
    const cookie = await signIn(t.app, { email: 'logged@inspired2uplift.org' });
    text = '';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me?x=1',
      headers: { cookie },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    const logged = lines();
    expect(logged.map((l) => l.msg)).toEqual(['request completed']);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/me?x=1',
      host: 'localhost:80',
      remoteAddress: '203.0.113.9',
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(text).not.toContain(cookie.slice(cookie.indexOf('=') + 1));
  });

  it('logs failed requests too, with their status', async () => {
    text = '';
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(lines()).toEqual([expect.objectContaining({ msg: 'request completed', statusCode: 401 })]);
  });

  it('still redacts every other log line', () => {
    text = '';
    t.app.log.info(
      { req: { headers: { cookie: 'onboarding_session=abc' } }, password: 'hunter2' },
      'logged by mistake',
    );
    expect(text).toContain('[Redacted]');
    expect(text).not.toContain('onboarding_session=abc');
    expect(text).not.toContain('hunter2');
  });
});
