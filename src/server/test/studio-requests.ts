import { expect } from 'vitest';
import type { StudioState } from '../../shared/studio-api.js';
import type { TestApp } from './test-app.js';

/** The headers of a same-origin request of the app (docs/security.md#what-was-checked-and-how). */
export const studioHeaders = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });

/**
 * The content studio's requests as a test makes them through `app.inject()` (docs/product.md#content-studio): the
 * studio's state, saving a draft, publishing, and revealing a shared password.
 *
 * @param context returns the test app and the admin's session cookie (both made in `beforeAll`, so read late)
 * @returns `state()` (the studio as the admin sees it), `saveDraft(catalog, cookie)` (on top of the current draft,
 *   expecting 200), `publish(cookie)` (the raw answer), `reveal(stepId, cookie)` (the raw answer)
 */
export function studioRequests(context: () => { t: TestApp; admin: string }) {
  const state = async (): Promise<StudioState> => {
    const { t, admin } = context();
    const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: studioHeaders(admin) });
    expect(res.statusCode).toBe(200);
    return res.json<StudioState>();
  };
  const saveDraft = async (catalog: unknown[], cookie: string) => {
    const s = await state();
    const res = await context().t.app.inject({
      method: 'PUT',
      url: '/api/studio/draft',
      headers: studioHeaders(cookie),
      payload: { catalog, baseUpdatedAt: s.draft?.updatedAt ?? null },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const publish = (cookie: string) =>
    context().t.app.inject({
      method: 'POST',
      url: '/api/studio/publish',
      headers: studioHeaders(cookie),
      payload: { materialChanges: [] },
    });
  const reveal = (stepId: string, cookie: string) =>
    context().t.app.inject({ method: 'GET', url: `/api/secrets/${stepId}`, headers: { cookie } });
  return { state, saveDraft, publish, reveal };
}
