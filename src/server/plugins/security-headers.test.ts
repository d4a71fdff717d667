import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeadersPlugin } from './security-headers.js';

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

describe('security headers (docs/architecture.md#security)', () => {
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
      'base-uri': ["'none'"],
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
    expect(inProduction.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
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
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    });
  });

  it('leaves out the two headers only Internet Explorer read', async () => {
    for (const app of [prod, dev]) {
      const res = await app.inject({ method: 'GET', url: '/page' });
      expect(Object.keys(res.headers)).not.toContain('x-download-options');
      expect(Object.keys(res.headers)).not.toContain('x-xss-protection');
    }
  });
});

/** The headers of a GET of `url` from an app set up by `register`, with a JSON page and a page with its own policy. */
async function headersOf(
  register: (app: FastifyInstance) => PromiseLike<unknown>,
  url = '/',
): Promise<Record<string, unknown>> {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  app.get('/own-policy', async (_request, reply) =>
    reply.header('Content-Security-Policy', "default-src 'none'").send('x'),
  );
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  return res.headers;
}

describe('security headers worked out once (docs/architecture.md#a-request)', () => {
  it.each([false, true])(
    'are the headers of @fastify/helmet (production: %s), on answers and 404s alike',
    async (isProduction) => {
      const ours = await headersOf((app) => app.register(securityHeadersPlugin, { isProduction }));
      const helmets = await headersOf((app) => app.register(fastifyHelmet, helmetOptions(isProduction)));
      const { date: _a, ...oursWithoutDate } = ours;
      const { date: _b, ...helmetsWithoutDate } = helmets;
      expect(oursWithoutDate).toEqual(helmetsWithoutDate);
      expect(ours['content-security-policy']).toContain("default-src 'self'");
      expect(ours['strict-transport-security'] !== undefined).toBe(isProduction);

      const notFound = await headersOf((app) => app.register(securityHeadersPlugin, { isProduction }), '/missing');
      expect(notFound['x-content-type-options']).toBe('nosniff');
    },
  );

  it('let a route replace one, as the profile picture route does with its own policy', async () => {
    const headers = await headersOf(
      (app) => app.register(securityHeadersPlugin, { isProduction: false }),
      '/own-policy',
    );
    expect(headers['content-security-policy']).toBe("default-src 'none'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
