import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../shared/api.js';
import { contrastRatio } from '../../../shared/colors.js';
import { createTestApp, signIn, updateStoredUser, type TestApp } from '../../test/test-app.js';
import {
  AVATAR_COLORS,
  avatarColorOf,
  initialsAvatarSvg,
  initialsOf,
  PICTURE_CACHE_TTL_MS,
  PICTURE_ERROR_TTL_MS,
  ProfilePictures,
  type DirectoryPhoto,
} from './profile-picture.js';

/** Profile pictures (docs/product.md#profile-pictures). */

describe('generated initials avatar', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Alex Rivera')).toBe('AR');
    expect(initialsOf('  mary   ann  de la cruz ')).toBe('MC');
    expect(initialsOf('Sam')).toBe('S');
    expect(initialsOf('élodie Ørsted')).toBe('ÉØ');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf('- & -')).toBe('?');
  });

  it('picks the same colour for the same name, and every colour keeps white initials readable (AA)', () => {
    expect(avatarColorOf('Alex Rivera')).toBe(avatarColorOf('  alex   RIVERA '));
    const used = new Set(
      ['Ada', 'Bea', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu'].map(avatarColorOf),
    );
    expect(used.size).toBeGreaterThan(3);
    for (const color of AVATAR_COLORS) expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('is a 128×128 SVG that escapes the name', () => {
    const svg = initialsAvatarSvg('<Tom> & "Jerry"');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="128" height="128"/);
    expect(svg).toContain('aria-label="&lt;Tom&gt; &amp; &quot;Jerry&quot;"');
    expect(svg).not.toContain('<Tom>');
    expect(svg).toContain('>TJ</text>');
  });
});

describe('ProfilePictures', () => {
  const photo: DirectoryPhoto = { contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) };
  const ada = {
    email: 'Ada@inspired2uplift.org',
    name: 'Ada Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/ada',
  };

  it('without the directory: the token picture, else the generated avatar (source fallback)', async () => {
    const pictures = new ProfilePictures({ directory: undefined, now: () => new Date() });
    expect(await pictures.pictureOf(ada)).toEqual({ source: 'token', kind: 'redirect', url: ada.picture });
    const fallback = await pictures.pictureOf({ ...ada, picture: null });
    expect(fallback).toMatchObject({ source: 'fallback', kind: 'image', contentType: 'image/svg+xml; charset=utf-8' });
  });

  it('prefers the directory photo and caches the directory per e-mail for an hour', async () => {
    let now = new Date('2025-04-01T09:00:00Z');
    const asked: string[] = [];
    const pictures = new ProfilePictures({
      directory: { photoOf: async (email) => (asked.push(email), photo) },
      now: () => now,
    });
    expect(await pictures.pictureOf(ada)).toEqual({ source: 'directory', kind: 'image', ...photo });
    await pictures.pictureOf({ ...ada, email: 'ada@INSPIRED2UPLIFT.org' });
    expect(asked).toEqual(['ada@inspired2uplift.org']);
    now = new Date(now.getTime() + PICTURE_CACHE_TTL_MS + 1);
    await pictures.pictureOf(ada);
    expect(asked).toHaveLength(2);
  });

  it('falls back when the directory has no photo (source token or fallback)', async () => {
    const pictures = new ProfilePictures({ directory: { photoOf: async () => null }, now: () => new Date() });
    expect((await pictures.pictureOf(ada)).source).toBe('token');
    expect((await pictures.pictureOf({ ...ada, email: 'bea@inspired2uplift.org', picture: null })).source).toBe(
      'fallback',
    );
  });

  it('says source error when the directory fails, uses the next picture, and asks again after five minutes', async () => {
    let now = new Date('2025-04-01T09:00:00Z');
    let calls = 0;
    const errors: unknown[] = [];
    const pictures = new ProfilePictures({
      directory: {
        photoOf: async () => {
          calls += 1;
          throw new Error('directory down');
        },
      },
      now: () => now,
      onDirectoryError: (error) => errors.push(error),
    });
    expect(await pictures.pictureOf(ada)).toEqual({ source: 'error', kind: 'redirect', url: ada.picture });
    expect(await pictures.pictureOf({ ...ada, picture: null })).toMatchObject({ source: 'error', kind: 'image' });
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    now = new Date(now.getTime() + PICTURE_ERROR_TTL_MS + 1);
    await pictures.pictureOf(ada);
    expect(calls).toBe(2);
    expect(ProfilePictures.maxAgeSeconds('error')).toBe(300);
    expect(ProfilePictures.maxAgeSeconds('token')).toBe(3600);
  });
});

describe('GET /api/users/me/picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/picture' })).statusCode).toBe(401);
  });

  it('serves the generated avatar of a user without a picture, at the address the user record names', async () => {
    const cookie = await signIn(t.app, { email: 'casey@inspired2uplift.org', name: 'Casey Jones' });
    const { user } = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    );
    const res = await t.app.inject({ method: 'GET', url: user.picture ?? '', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['x-picture-source']).toBe('fallback');
    // Signed in, so no cache may keep it (docs/decisions/015-security-review.md).
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toBe(initialsAvatarSvg('Casey Jones'));
  });

  it('redirects to the picture of the ID token, and changes the address when the picture changes', async () => {
    const cookie = await signIn(t.app, { email: 'dana@inspired2uplift.org', name: 'Dana' });
    const before = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    ).user;
    await updateStoredUser(t, 'dana@inspired2uplift.org', { picture: 'https://lh3.googleusercontent.com/a/dana' });
    const after = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    ).user;
    expect(after.picture).not.toBe(before.picture);
    const res = await t.app.inject({ method: 'GET', url: after.picture ?? '', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://lh3.googleusercontent.com/a/dana');
    expect(res.headers['x-picture-source']).toBe('token');
  });
});
