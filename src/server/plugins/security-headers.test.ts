import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeadersPlugin } from './security-headers.js';

/** The security headers, worked out once (security-headers.ts), are those @fastify/helmet sets on every request. */

async function headersOf(register: (app: FastifyInstance) => PromiseLike<unknown>, url = '/'): Promise<Record<string, unknown>> {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  app.get('/own-policy', async (_request, reply) => reply.header('Content-Security-Policy', "default-src 'none'").send('x'));
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  return res.headers;
}

describe('security headers', () => {
  it.each([false, true])('are the headers of @fastify/helmet (production: %s), on answers and 404s alike', async (isProduction) => {
    const ours = await headersOf((app) => app.register(securityHeadersPlugin, { isProduction }));
    const helmets = await headersOf((app) => app.register(fastifyHelmet, helmetOptions(isProduction)));
    const { date: _a, ...oursWithoutDate } = ours;
    const { date: _b, ...helmetsWithoutDate } = helmets;
    expect(oursWithoutDate).toEqual(helmetsWithoutDate);
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(ours['strict-transport-security'] !== undefined).toBe(isProduction);

    const notFound = await headersOf((app) => app.register(securityHeadersPlugin, { isProduction }), '/missing');
    expect(notFound['x-content-type-options']).toBe('nosniff');
  });

  it('let a route replace one, as the profile picture route does with its own policy', async () => {
    const headers = await headersOf((app) => app.register(securityHeadersPlugin, { isProduction: false }), '/own-policy');
    expect(headers['content-security-policy']).toBe("default-src 'none'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
