import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleConfiguration } from '../../shared/content-schema.js';
import type { StudioAsset, StudioState } from '../../shared/studio-api.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../test/test-app.js';
import { signInEditor } from '../test/test-members.js';

/**
 * Files uploaded in the content studio are the editors' preview until a published version uses them
 * (docs/product.md#content-studio, docs/security.md): a file only a draft points to answers 404 — as an unknown file
 * does — to members and anonymous visitors, and is served to editors and admins, not kept by any shared cache. Once
 * published, it is served to anyone with immutable caching, as before.
 */

const ADMIN = 'ada@inspired2uplift.org';
const EDITOR = 'eda@inspired2uplift.org';
const MEMBER = 'mo@inspired2uplift.org';
let t: TestApp;
let admin: string;
let editor: string;
let member: string;

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'onboarding' });

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Ada' });
  editor = await signInEditor(t, { email: EDITOR, name: 'Eda' }, 'development');
  member = await signIn(t.app, { email: MEMBER, name: 'Mo' });
});
afterAll(async () => {
  await t.close();
});

/** The volunteer role's first scope with one more step that shows `src`. */
function withPicture(catalog: RoleConfiguration[], src: string): RoleConfiguration[] {
  const step = {
    id: 'see-the-team',
    title: 'See the team',
    description: 'The people you will meet.',
    icon: 'Users',
    category: 'Volunteer',
    image: { src, alt: 'The team' },
    content: { details: ['Everyone in one picture.'] },
  };
  return catalog.map((c) =>
    c.key !== 'volunteer'
      ? c
      : { ...c, scopes: c.scopes.map((s, i) => (i === 0 ? { ...s, steps: [...s.steps, step] } : s)) },
  ) as RoleConfiguration[];
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, ...(cookie === undefined ? {} : { headers: { cookie } }) });

describe('a file uploaded to a draft', () => {
  it('answers 404 to members and anonymous visitors until a published version uses it, and is served to editors and admins', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/studio/assets?name=team.png',
      headers: { ...headers(editor), 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json<StudioAsset>();
    const state = (await t.app.inject({ url: '/api/studio', headers: headers(editor) })).json<StudioState>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/studio/draft',
      headers: headers(editor),
      payload: { catalog: withPicture(state.published.catalog, url), baseUpdatedAt: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Only the draft uses it: to a member or an anonymous visitor it is no file at all (404, the same answer as for
    // a hash never stored), so nothing is learnt about drafts.
    const unknown = await get(`/assets/content/by-hash/${'0'.repeat(64)}`);
    for (const [who, cookie] of [
      ['anonymous', undefined],
      ['member', member],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(unknown.json());
    }
    for (const [who, cookie] of [
      ['editor', editor],
      ['admin', admin],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('image/png');
      expect(res.headers['cache-control'], who).toBe('private, no-store');
      expect(Buffer.from(res.rawPayload).equals(png), who).toBe(true);
    }

    // Published: served to anyone, as any published file.
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/studio/publish',
      headers: headers(admin),
      payload: { materialChanges: [] },
    });
    expect(published.statusCode, published.body).toBe(200);
    for (const cookie of [undefined, member, editor]) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(res.rawPayload).equals(png)).toBe(true);
    }
  });

  it('serves the files of the start-up import to anyone (they are the published content)', async () => {
    const assets = (await t.app.inject({ url: '/api/studio/assets', headers: headers(admin) })).json<{
      assets: StudioAsset[];
    }>().assets;
    const logo = assets.find((a) => a.name === 'logo.svg');
    if (!logo) throw new Error('logo.svg was not imported');
    expect((await get(logo.url)).statusCode).toBe(200);
  });
});
