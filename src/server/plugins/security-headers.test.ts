import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.js';

/** A real Fastify app with only the security-headers plugin and one page. */
async function appWith(isProduction: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { isProduction });
  app.get('/page', async () => 'ok');
  await app.ready();
  return app;
}

/** The policy header as a map of directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers (issue 8 "Security")', () => {
  let dev: FastifyInstance;
  let prod: FastifyInstance;
  beforeAll(async () => {
    dev = await appWith(false);
    prod = await appWith(true);
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
  });

  it('sends a Content-Security-Policy that allows only our origin, YouTube embeds and https images/media', async () => {
    const res = await dev.inject({ method: 'GET', url: '/page' });
    const csp = parseCsp(String(res.headers['content-security-policy']));
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
      'worker-src': ["'self'", 'blob:'],
    });
  });

  it('sends HSTS in production only', async () => {
    const inProduction = await prod.inject({ method: 'GET', url: '/page' });
    expect(inProduction.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const inDevelopment = await dev.inject({ method: 'GET', url: '/page' });
    expect(inDevelopment.headers['strict-transport-security']).toBeUndefined();
  });

  it("sends helmet's other protections", async () => {
    const res = await prod.inject({ method: 'GET', url: '/page' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
  });
});
