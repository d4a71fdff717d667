import { afterAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from './app.js';
import { createTestApp } from './test/test-app.js';

/**
 * A route's handler is a named function, named after its method and path (docs/architecture.md#modules): a walk
 * through the code, a stack trace or a CPU profile can start at a route. Read from every route the app registers
 * (buildApp's `onRoute`, Google sign-in included), so a route on any instance — `app`, a plugin's own, one with its own
 * content-type parser — is checked, not only those lint sees as `app.get(…)`.
 */

const registered: RegisteredRoute[] = [];
const t = await createTestApp({
  env: { GOOGLE_CLIENT_ID: 'route-names.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'route-names-secret' },
  onRoute: (route) => registered.push(route),
});
afterAll(async () => {
  await t.close();
});

/** "members.csv" → "MembersCsv", ":stepId" → "ByStepId", "sign-out" → "SignOut". */
const segmentName = (segment: string): string => {
  const by = segment.startsWith(':');
  const words = segment
    .replace(/^:/u, '')
    .split(/[-._]/u)
    .filter((word) => word !== '');
  return (by ? 'By' : '') + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
};

/**
 * The name a handler of `method` and `url` has: the method, then each part of the path after `/api` (`GET
 * /api/admin/members/:email` → `getAdminMembersByEmail`).
 */
const handlerNameOf = (method: string, url: string): string =>
  method.toLowerCase() +
  url
    .replace(/^\/api(?=\/|$)/u, '')
    .split('/')
    .map(segmentName)
    .join('');

/** Routes whose handler is named otherwise, and why. */
const NAMED_OTHERWISE: { url: RegExp; handler: string; reason: string }[] = [
  { url: /^\/content\/\*$/u, handler: 'handler', reason: "@fastify/static's own route for the content's files" },
  {
    url: /^\/api\/admin\/insights\/[\w-]+$/u,
    handler: 'getInsightChart',
    reason: 'one handler serves every chart: insights.routes.ts registers it for each',
  },
  {
    url: /^\/api\/admin\/insights\/[\w-]+\.csv$/u,
    handler: 'getInsightChartCsv',
    reason: "one handler serves every chart's CSV: insights.routes.ts registers it for each",
  },
];

/** The name a route's handler should have: {@link handlerNameOf}, or what {@link NAMED_OTHERWISE} says. */
const expectedName = (method: string, url: string): string =>
  NAMED_OTHERWISE.find((other) => other.url.test(url))?.handler ?? handlerNameOf(method, url);

describe('route handlers', () => {
  it('derives the name from the method and path', () => {
    expect(handlerNameOf('GET', '/api/admin/members/:email')).toBe('getAdminMembersByEmail');
    expect(handlerNameOf('GET', '/api/admin/forms/:stepId/answers.csv')).toBe('getAdminFormsByStepIdAnswersCsv');
    expect(handlerNameOf('POST', '/api/admin/members/:email/sign-out')).toBe('postAdminMembersByEmailSignOut');
  });

  it('are named functions, named after their method and path', () => {
    const routes = registered.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        // Fastify adds a HEAD route for each GET, with the GET's handler.
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          route: `${method} ${route.url}`,
          handler: route.handler,
          expected: expectedName(method, route.url),
        })),
    );
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.route.includes('/auth/google')).length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.handler !== r.expected)).toEqual([]);
  });
});
