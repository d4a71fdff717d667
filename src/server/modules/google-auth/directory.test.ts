import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../shared/api.js';
import { googleCallbackResponseSchema } from '../../../shared/google-sign-in-api.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import { createTestCatalog, type TestApp, PAGE_NAVIGATION } from '../../test/test-app.js';
import { googleSignIn, startGoogleTestApp, type GoogleTestApp } from '../../test/test-google.js';
import { WORKSPACE_MEMBER } from '../../test/test-oidc-provider.js';
import { loadServiceAccountKey, WorkspaceConnection } from '../workspace/index.js';
import { DIRECTORY_READONLY_SCOPE, DirectoryError, roleFromDirectory, WorkspaceDirectory } from './directory.js';

/**
 * The optional Google Workspace directory (docs/product.md#member-records, docs/product.md#profile-pictures): Google's
 * own client against a local protocol peer of the Admin SDK Directory API and Google's token endpoint
 * (src/server/test/workspace-peer.ts).
 */

const ADMIN = 'directory-admin@inspired2uplift.org';
// Bytes whose base64 holds '+', '/' and '=' — the characters the Directory API's "web-safe" base64 replaces.
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xfb, 0xef, 0xbe, 0x3f, 0xff]);

const standIn = workspacePeerForFile(ADMIN);
beforeEach(() => {
  standIn.addUser('ada@inspired2uplift.org', {
    organizations: [{ title: 'Volunteer coordinator' }, { title: 'Treasurer', department: 'Finance', primary: true }],
    photo: { data: PHOTO, mimeType: 'image/png' },
  });
  standIn.addUser('nophoto@inspired2uplift.org', { organizations: [] });
});

const directoryAs = (adminEmail: string, apiUrl = standIn.apiUrl) =>
  new WorkspaceDirectory(
    new WorkspaceConnection({ key: loadServiceAccountKey(standIn.keyFile), adminEmail, apiUrl, timeoutMs: 2000 }),
  );

describe('WorkspaceDirectory', () => {
  it('reads the primary organisation of a member, and null for someone the directory does not know', async () => {
    const directory = directoryAs(ADMIN);
    expect(await directory.profileOf('Ada@inspired2uplift.org')).toEqual({
      jobTitle: 'Treasurer',
      department: 'Finance',
    });
    expect(await directory.profileOf('nophoto@inspired2uplift.org')).toEqual({ jobTitle: null, department: null });
    expect(await directory.profileOf('nobody@inspired2uplift.org')).toBeNull();
  });

  it('decodes the photo from web-safe base64, and answers null without a photo', async () => {
    const directory = directoryAs(ADMIN);
    expect(await directory.photoOf('ada@inspired2uplift.org')).toEqual({ contentType: 'image/png', data: PHOTO });
    expect(await directory.photoOf('nophoto@inspired2uplift.org')).toBeNull();
  });

  it('signs in as the service account once and reuses the access token', async () => {
    const directory = directoryAs(ADMIN);
    const before = standIn.tokensIssued;
    await directory.profileOf('ada@inspired2uplift.org');
    await directory.photoOf('ada@inspired2uplift.org');
    expect(standIn.tokensIssued).toBe(before + 1);
  });

  it('throws DirectoryError when the grant is refused, the directory fails or cannot be reached', async () => {
    await expect(directoryAs('someone-else@inspired2uplift.org').profileOf('ada@inspired2uplift.org')).rejects.toThrow(
      "Google refused the service account's sign-in (invalid_grant: Invalid email or User ID)",
    );
    standIn.down = true;
    await expect(directoryAs(ADMIN).photoOf('ada@inspired2uplift.org')).rejects.toThrow(
      'Google answered 503 (Backend Error) while reading the directory (photo)',
    );
    standIn.down = false;
    await expect(directoryAs(ADMIN, 'http://127.0.0.1:9').profileOf('ada@inspired2uplift.org')).rejects.toThrow(
      DirectoryError,
    );
  });

  it('retries a busy answer once: sign-in waits for it', async () => {
    standIn.failNext = [503];
    expect(await directoryAs(ADMIN).profileOf('ada@inspired2uplift.org')).toMatchObject({ jobTitle: 'Treasurer' });
    standIn.failNext = [429, 503];
    await expect(directoryAs(ADMIN).profileOf('ada@inspired2uplift.org')).rejects.toThrow('Google answered 503');
    expect(standIn.failNext).toEqual([]);
  });
});

describe('roleFromDirectory', () => {
  const catalog = createTestCatalog();
  it('matches the job title, then the department, through the role lookup', () => {
    expect(roleFromDirectory(catalog, { jobTitle: 'Finance', department: null })).toEqual({ role: 'finance' });
    expect(roleFromDirectory(catalog, { jobTitle: 'Head Chef', department: 'Finance' })).toEqual({
      role: 'finance',
      department: 'Finance',
    });
    expect(roleFromDirectory(catalog, { jobTitle: 'Vol', department: 'Outreach' })).toEqual({
      role: 'volunteer',
      department: 'Outreach',
    });
    expect(roleFromDirectory(catalog, { jobTitle: 'Head Chef', department: null })).toEqual({});
  });
});

describe('Google sign-in with the directory configured', () => {
  let google: GoogleTestApp;
  let t: TestApp;
  beforeAll(async () => {
    google = await startGoogleTestApp({
      env: {
        GOOGLE_SERVICE_ACCOUNT_KEY_FILE: standIn.keyFile,
        GOOGLE_DIRECTORY_ADMIN_EMAIL: ADMIN,
        GOOGLE_DIRECTORY_API_URL: standIn.apiUrl,
      },
    });
    t = google.t;
  });
  afterAll(async () => {
    await google?.close();
  });

  const signIn = (claims: Record<string, unknown>) => googleSignIn(google, claims);

  it('asks for the read-only directory scope too', async () => {
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/google/start', headers: PAGE_NAVIGATION });
    expect(new URL(String(started.headers.location)).searchParams.get('scope')).toBe(
      `openid email profile ${DIRECTORY_READONLY_SCOPE}`,
    );
  });

  it('takes role and department from the directory, and serves the directory photo', async () => {
    // "Treasurer" is no configuration in the test catalog; the department "Finance" is.
    const { res, cookie } = await signIn({ email: 'ada@inspired2uplift.org' });
    expect(res.statusCode).toBe(200);
    const { user } = googleCallbackResponseSchema.parse(res.json());
    expect(user).toMatchObject({ role: 'finance', department: 'Finance' });
    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json(),
    );
    expect(me.user).toMatchObject({ role: 'finance', department: 'Finance' });

    const picture = await t.app.inject({ method: 'GET', url: user.picture ?? '', headers: { cookie } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['x-picture-source']).toBe('directory');
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PHOTO)).toBe(true);
  });

  it('signs in anyway when the directory is down: role unchanged, picture from the token (source error)', async () => {
    standIn.down = true;
    const { res, cookie } = await signIn({ email: 'nophoto@inspired2uplift.org', name: 'No Photo' });
    expect(res.statusCode).toBe(200);
    expect(googleCallbackResponseSchema.parse(res.json()).user).toMatchObject({
      role: 'volunteer',
      department: 'Operations',
    });
    const picture = await t.app.inject({ method: 'GET', url: '/api/users/me/picture', headers: { cookie } });
    expect(picture.statusCode).toBe(302);
    expect(picture.headers['x-picture-source']).toBe('error');
    expect(picture.headers.location).toBe(WORKSPACE_MEMBER.picture);
    // A signed-in answer: no cache may keep it (docs/decisions/015-security-review.md).
    expect(picture.headers['cache-control']).toBe('no-store');
  });
});
