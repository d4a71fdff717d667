import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, urlForLog } from '../logger.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Security review (docs/decisions/015-security-review.md), logging: the request log never holds the authorization code
 * of a sign-in (`/login?code=…&state=…`) or the value of a parameter whose name looks secret.
 */

describe('urlForLog', () => {
  it('drops the whole query string of the login page, however the path is spelled', () => {
    for (const path of ['/login', '/login/', '/LOGIN', '/%6Cogin', '//login']) {
      expect(urlForLog(`${path}?code=4/0AbCdEf&state=xyz&scope=email`)).toBe(`${path}?[Redacted]`);
    }
  });

  it('redacts secret-looking parameters elsewhere and keeps the others', () => {
    expect(urlForLog('/api/admin/members?search=sam&page=2')).toBe('/api/admin/members?search=sam&page=2');
    expect(urlForLog('/api/x?token=abc&page=2&access_token=def&api_key=ghi&password=jkl&Code=mno')).toBe(
      '/api/x?token=[Redacted]&page=2&access_token=[Redacted]&api_key=[Redacted]&password=[Redacted]&Code=[Redacted]',
    );
    expect(urlForLog('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[Redacted]');
    expect(urlForLog('/dashboard')).toBe('/dashboard');
  });
});

describe('the request log of a running app', () => {
  let t: TestApp;
  let text = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    t = await createTestApp({ logger: loggerOptions({ logLevel: 'info' }, stream) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never writes a sign-in code or a secret-looking value', async () => {
    await t.app.inject({ method: 'GET', url: '/login?code=4%2F0AQSTgQ-secret-code&state=state-value-123' });
    await t.app.inject({ method: 'GET', url: '/api/config?token=tok-value-456&page=1' });
    await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=another-code-789' });
    const requestLines = text.split('\n').filter((line) => line.includes('request completed'));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    for (const secret of ['secret-code', 'state-value-123', 'tok-value-456', 'another-code-789'])
      expect(text).not.toContain(secret);
    expect(text).toContain('page=1');
  });
});
