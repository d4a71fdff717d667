import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkUnsubscribeToken, unsubscribeKey, unsubscribeUrl } from './unsubscribe.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how): unsubscribe tokens are keyed by a key of their own,
 * derived from SESSION_SECRET, never by SESSION_SECRET itself (which signs session cookies). Links sent before the
 * change still work (docs/decisions/031-second-security-review.md).
 */

const SECRET = 'a-session-secret-for-the-unsubscribe-tests-0123456789';
const EMAIL = 'amy@inspired2uplift.org';
/** The token an HMAC under `key` gives, as the links have always been made. */
const hmacToken = (key: string | Buffer, email: string) =>
  createHmac('sha256', key).update(`unsubscribe\n${email}`).digest('base64url');
const tokenOfUrl = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('the unsubscribe key', () => {
  it('is not the session secret: a new link carries no MAC under SESSION_SECRET', () => {
    const token = tokenOfUrl(unsubscribeUrl('https://onboarding.inspired2uplift.org', SECRET, EMAIL));
    expect(token).not.toBe(hmacToken(SECRET, EMAIL));
    expect(token).toBe(hmacToken(unsubscribeKey(SECRET), EMAIL));
    expect(unsubscribeKey(SECRET)).toHaveLength(32);
    expect(unsubscribeKey(SECRET).equals(Buffer.from(SECRET))).toBe(false);
  });

  it('follows the session secret, so that changing SESSION_SECRET ends every link', () => {
    const other = `${SECRET}-changed`;
    expect(unsubscribeKey(other).equals(unsubscribeKey(SECRET))).toBe(false);
    const token = tokenOfUrl(unsubscribeUrl('https://o.example', SECRET, EMAIL));
    expect(checkUnsubscribeToken(other, EMAIL, token)).toBeNull();
  });

  it('takes a new link as current, an old one as an old link, and anything else not at all', () => {
    const token = tokenOfUrl(unsubscribeUrl('https://o.example', SECRET, EMAIL));
    expect(checkUnsubscribeToken(SECRET, EMAIL, token)).toBe('current');
    expect(checkUnsubscribeToken(SECRET, EMAIL, hmacToken(SECRET, EMAIL))).toBe('old-link');
    expect(checkUnsubscribeToken(SECRET, 'sam@inspired2uplift.org', token)).toBeNull();
    expect(checkUnsubscribeToken(SECRET, EMAIL, hmacToken('another key', EMAIL))).toBeNull();
    expect(checkUnsubscribeToken(SECRET, EMAIL, '')).toBeNull();
  });
});

describe('POST /api/mail/unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?${new URLSearchParams({ email: EMAIL, token }).toString()}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://mail.google.com/' },
    });

  it('stops the reminders from a new link and from an old one, and the audit log tells the old one apart', async () => {
    const fresh = await post(tokenOfUrl(unsubscribeUrl('http://localhost', SECRET, EMAIL)));
    expect(fresh.statusCode, fresh.body).toBe(200);
    const old = await post(hmacToken(SECRET, EMAIL));
    expect(old.statusCode, old.body).toBe(200);
    const { entries } = await listAudit(t.database.db, { filters: { kind: 'reminders-unsubscribed' } });
    expect(entries.map((e) => e.details)).toEqual(expect.arrayContaining([null, { oldLink: true }]));
    expect(entries).toHaveLength(2);
    expect((await post(hmacToken('a guess', EMAIL))).statusCode).toBe(400);
  });
});
