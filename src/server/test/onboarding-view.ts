import type { FastifyInstance } from 'fastify';
import { onboardingResponseSchema, roleContentSchema } from '../../shared/api.js';
import { joinOnboarding, type Onboarding } from '../../shared/onboarding-join.js';

/**
 * A member's onboarding as the dashboard shows it (shared/onboarding-join.ts): GET /api/onboarding, then the role
 * content it names, joined (docs/architecture.md#role-content).
 * @param app the app
 * @param cookie the member's session cookie
 * @param previewRole a role to preview (`?previewRole=`), if any
 * @returns the onboarding shown
 * @throws Error when either answer is not a 200 of its schema (with the answer's status and body)
 */
export async function onboardingView(app: FastifyInstance, cookie: string, previewRole?: string): Promise<Onboarding> {
  const query = previewRole === undefined ? '' : `?previewRole=${encodeURIComponent(previewRole)}`;
  const res = await app.inject({ method: 'GET', url: `/api/onboarding${query}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`GET /api/onboarding answered ${res.statusCode}: ${res.body}`);
  const answer = onboardingResponseSchema.parse(res.json());
  const content = await app.inject({ method: 'GET', url: answer.content, headers: { cookie } });
  if (content.statusCode !== 200)
    throw new Error(`GET ${answer.content} answered ${content.statusCode}: ${content.body}`);
  return joinOnboarding(answer, roleContentSchema.parse(content.json()));
}

/**
 * The same over HTTP (a server in another process): GET /api/onboarding, then the content it names, joined.
 * @param base the server's origin (`http://127.0.0.1:port`)
 * @param cookie the member's session cookie
 * @returns the onboarding shown
 * @throws Error when either answer is not a 200 of its schema
 */
export async function fetchOnboardingView(base: string, cookie: string): Promise<Onboarding> {
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const answer = onboardingResponseSchema.parse(await get('/api/onboarding'));
  return joinOnboarding(answer, roleContentSchema.parse(await get(answer.content)));
}
