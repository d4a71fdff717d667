import { brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, onboardingResponseSchema, roleContentSchema } from '../../../shared/api.js';
import type { RoleConfiguration } from '../../../shared/content-schema.js';
import type { StudioState } from '../../../shared/studio-api.js';
import { resolveRoleOnce } from '../../content/resolved-roles.js';
import { studioHeaders } from '../../test/studio-requests.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { upsertMember } from '../members/members.repository.js';
import { ROLE_CONTENT_CHANGED_MESSAGE, ROLE_CONTENT_FORBIDDEN_MESSAGE, roleContentOf } from './role-content.js';

/**
 * A role's content (GET /api/content/roles/:roleKey/:version, docs/architecture.md#role-content): who may read which
 * role's content (every kind of person × every role), its caching headers, and a new address after a publish.
 */

const ADMIN = 'boss@inspired2uplift.org';
const EDITOR = 'eddie@inspired2uplift.org';
const FAY = 'fay@inspired2uplift.org'; // finance
const PUBLIC_HOST = 'onboarding.inspired2uplift.org';

let t: TestApp;
beforeAll(async () => {
  // PUBLIC_URL names the public host, so that this development server answers to it (plugins/allowed-hosts.ts); on
  // localhost anyone may preview roles outside production (docs/product.md#role-preview).
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, PUBLIC_URL: `https://${PUBLIC_HOST}` } });
  await upsertMember(t.database.db, { email: FAY, role: 'finance', department: 'Finance', isAdmin: false });
  await upsertMember(t.database.db, {
    email: EDITOR,
    role: 'volunteer',
    department: 'Events',
    isAdmin: false,
    isEditor: true,
  });
  await t.app.changeFeed.settle();
});
afterAll(async () => {
  await t.close();
});

/** The current address of a role's content, as the server names it. */
const pathOf = (key: string) => roleContentOf(resolveRoleOnce(t.app.content.catalog, key)).path;

const get = (url: string, cookie: string | undefined, host = PUBLIC_HOST, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(cookie === undefined ? {} : { cookie }), ...extra } });

const ACTORS = ['volunteer', 'finance', 'editor', 'admin', 'localVolunteer', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];

/** Each actor's session (none for anonymous), host, own role and whether they may preview roles. */
async function actors(): Promise<Record<Actor, { cookie?: string; host: string; own: string; preview: boolean }>> {
  return {
    volunteer: {
      cookie: await signIn(t.app, { email: 'val@inspired2uplift.org' }),
      host: PUBLIC_HOST,
      own: 'volunteer',
      preview: false,
    },
    finance: {
      cookie: await signInWithGoogleSession(t, { email: FAY }),
      host: PUBLIC_HOST,
      own: 'finance',
      preview: false,
    },
    editor: {
      cookie: await signInWithGoogleSession(t, { email: EDITOR }),
      host: PUBLIC_HOST,
      own: 'volunteer',
      preview: false,
    },
    admin: {
      cookie: await signInWithGoogleSession(t, { email: ADMIN }),
      host: PUBLIC_HOST,
      own: 'volunteer',
      preview: true,
    },
    localVolunteer: {
      cookie: await signIn(t.app, { email: 'lou@inspired2uplift.org' }),
      host: 'localhost',
      own: 'volunteer',
      preview: true,
    },
    anonymous: { host: PUBLIC_HOST, own: '', preview: false },
  };
}

describe('GET /api/content/roles/:roleKey/:version', () => {
  it('is read by members of the role only; by anyone who may preview roles, every role a preview shows', async () => {
    const people = await actors();
    const keys = [...t.app.content.catalog.keys()];
    for (const actor of ACTORS) {
      const { cookie, host, own, preview } = people[actor];
      for (const key of keys) {
        const res = await get(pathOf(key), cookie, host);
        const expected = cookie === undefined ? 401 : key === own || preview ? 200 : 403;
        expect(res.statusCode, `${actor} reads ${key}: ${res.body}`).toBe(expected);
        if (expected === 403) expect(apiErrorSchema.parse(res.json()).message).toBe(ROLE_CONTENT_FORBIDDEN_MESSAGE);
        if (expected === 200) {
          const { scopes } = roleContentSchema.parse(res.json());
          expect(scopes).toEqual(resolveRoleOnce(t.app.content.catalog, key).scopes);
        }
      }
      // A role that does not exist: the same refusal as any other role (nothing says whether it exists).
      const unknown = await get('/api/content/roles/astronaut/0123456789abcdef', cookie, host);
      expect(unknown.statusCode, actor).toBe(cookie === undefined ? 401 : preview ? 404 : 403);
    }
  });

  it('never answers a member who may not preview roles the content of a role other than their own, whatever the key', async () => {
    const { cookie, own } = (await actors()).finance;
    const content = pathOf(own);
    const version = content.slice(content.lastIndexOf('/') + 1);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...t.app.content.catalog.keys(), 'Finance', ' finance', 'FINANCE'),
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => k !== '.' && k !== '..'),
        ),
        async (key) => {
          const res = await get(`/api/content/roles/${encodeURIComponent(key)}/${version}`, cookie);
          expect([200, 400, 403]).toContain(res.statusCode);
          if (res.statusCode === 200) expect(key.trim().toLowerCase()).toBe(own);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is the address the member answer names, the same for every member of the role', async () => {
    const people = await actors();
    const named = async (actor: Actor) => {
      const res = await get('/api/onboarding', people[actor].cookie, people[actor].host);
      return onboardingResponseSchema.parse(res.json()).content;
    };
    expect(await named('volunteer')).toBe(pathOf('volunteer'));
    expect(await named('editor')).toBe(pathOf('volunteer'));
    expect(await named('finance')).toBe(pathOf('finance'));
    expect(pathOf('finance')).not.toBe(pathOf('volunteer'));
  });

  it('lets the browser keep it and ask again: private, no-cache, its version as the ETag, 304 when it still has it', async () => {
    const { cookie } = (await actors()).volunteer;
    const path = pathOf('volunteer');
    const version = path.slice(path.lastIndexOf('/') + 1);
    const first = await get(path, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBe(`"${version}"`);
    for (const ifNoneMatch of [`"${version}"`, `W/"${version}"`, `"other", "${version}"`, '*']) {
      const again = await get(path, cookie, PUBLIC_HOST, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers.etag).toBe(`"${version}"`);
    }
    const other = await get(path, cookie, PUBLIC_HOST, { 'if-none-match': '"0123456789abcdef"' });
    expect(other.statusCode).toBe(200);
    // Whoever may not read it gets no 304 either, and refusals are never kept.
    const finance = (await actors()).finance;
    const refused = await get(path, finance.cookie, PUBLIC_HOST, { 'if-none-match': `"${version}"` });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    // The member's own answer stays theirs alone.
    expect((await get('/api/onboarding', cookie)).headers['cache-control']).toBe('no-store');
  });

  it('goes compressed to a browser that accepts brotli, the same bytes every time', async () => {
    const { cookie } = (await actors()).volunteer;
    const path = pathOf('volunteer');
    const plain = (await get(path, cookie)).body;
    const first = await get(path, cookie, PUBLIC_HOST, { 'accept-encoding': 'br' });
    const second = await get(path, cookie, PUBLIC_HOST, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toBe(plain);
    expect(second.rawPayload).toEqual(first.rawPayload);
  });

  it('has a new address after a publish that changes the role, and the old one answers 404; other roles keep theirs', async () => {
    const admin = (await actors()).admin.cookie ?? '';
    const { cookie } = (await actors()).volunteer;
    const before = { volunteer: pathOf('volunteer'), finance: pathOf('finance') };
    const studio = await t.app.inject({ method: 'GET', url: '/api/studio', headers: studioHeaders(admin) });
    const { published } = studio.json<StudioState>();
    // A new step for finance only: volunteer's steps are unchanged.
    const changed = published.catalog.map((c: RoleConfiguration) =>
      c.key !== 'finance'
        ? c
        : {
            ...c,
            scopes: c.scopes.map((s, i) =>
              i === 0
                ? {
                    ...s,
                    steps: [
                      ...s.steps,
                      {
                        id: 'read-the-budget',
                        title: 'Read the budget',
                        description: 'Read this year’s budget (to be confirmed).',
                        icon: 'FileText',
                        category: 'Finance',
                      },
                    ],
                  }
                : s,
            ),
          },
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/studio/draft',
      headers: studioHeaders(admin),
      payload: { catalog: changed, baseUpdatedAt: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const publish = await t.app.inject({
      method: 'POST',
      url: '/api/studio/publish',
      headers: studioHeaders(admin),
      payload: { materialChanges: [] },
    });
    expect(publish.statusCode, publish.body).toBe(200);

    const fay = (await actors()).finance.cookie;
    const named = onboardingResponseSchema.parse((await get('/api/onboarding', fay)).json()).content;
    expect(named).not.toBe(before.finance);
    const old = await get(before.finance, fay);
    expect(old.statusCode).toBe(404);
    expect(apiErrorSchema.parse(old.json()).message).toBe(ROLE_CONTENT_CHANGED_MESSAGE);
    const now = roleContentSchema.parse((await get(named, fay)).json());
    expect(now.scopes.flatMap((s) => s.steps.map((step) => step.id))).toContain('read-the-budget');
    // Volunteer's content did not change: its address did not either, and a browser's copy is still good.
    expect(pathOf('volunteer')).toBe(before.volunteer);
    expect((await get(before.volunteer, cookie)).statusCode).toBe(200);
  });
});
