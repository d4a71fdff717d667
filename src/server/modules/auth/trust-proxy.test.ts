import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../logger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Behind a reverse proxy the rate limits key on the client address that TRUST_PROXY lets the server read from
 * X-Forwarded-For. Without it everyone shares the proxy's address (and its limits); the server says so in its log.
 */

const WARNING = /X-Forwarded-For.*TRUST_PROXY is not set/;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithLog(env: Record<string, string>): Promise<{ app: TestApp; log: () => string[] }> {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  t = await createTestApp({
    env,
    logger: loggerOptions({ logLevel: 'warn' }, stream),
    authLimits: { devLogin: { max: 2, timeWindowMs: 60_000 } },
  });
  return { app: t, log: () => text.split('\n').filter((l) => l !== '') };
}

const devLogin = (app: TestApp, forwardedFor: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/dev-login',
    payload: {},
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('unset: two people behind the proxy share its address and its limit, and the log warns once', async () => {
    const { app, log } = await appWithLog({});
    expect((await devLogin(app, '198.51.100.1')).statusCode).toBe(200);
    expect((await devLogin(app, '198.51.100.2')).statusCode).toBe(200);
    expect((await devLogin(app, '198.51.100.3')).statusCode).toBe(429);
    expect(log().filter((line) => WARNING.test(line))).toHaveLength(1);
  }, 60_000);

  it('set: each person behind the proxy has their own limit, and nothing is logged about it', async () => {
    const { app, log } = await appWithLog({ TRUST_PROXY: '1' });
    for (const person of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await devLogin(app, person)).statusCode).toBe(200);
      expect((await devLogin(app, person)).statusCode).toBe(200);
    }
    expect((await devLogin(app, '198.51.100.1')).statusCode).toBe(429);
    expect(log().filter((line) => WARNING.test(line))).toHaveLength(0);
  }, 60_000);
});
