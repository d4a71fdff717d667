import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteSession } from './session-store.js';
import { createTestApp, signIn, type TestApp } from '../test/test-app.js';
import { hashSessionToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.js';

/**
 * A session is verified once per cookie value (its token's hash kept, the session in the read cache), yet a session
 * that ends — signed out, ended from another device, deleted in the database, expired — is refused at its very next
 * request, however often it was used just before (docs/architecture.md#sessions).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const onboarding = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } });

/** Signs in and uses the session until every cache holds it. */
async function warmSession(email: string): Promise<string> {
  const cookie = await signIn(t.app, { email });
  for (let i = 0; i < 3; i += 1) {
    expect((await onboarding(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
  }
  return cookie;
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('a session used a moment ago', () => {
  const ways: [string, (cookie: string, other: string) => Promise<void>][] = [
    [
      'signed out',
      async (cookie) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
        expect(res.statusCode).toBe(204);
      },
    ],
    [
      'ended from another device',
      async (cookie, other) => {
        const devices = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie: other } }))
          .json<{ devices: { id: string; current: boolean }[] }>()
          .devices.filter((d) => !d.current);
        expect(devices).toHaveLength(1);
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/me/sessions/${devices[0]?.id}`,
          headers: { cookie: other },
        });
        expect(res.statusCode).toBe(204);
      },
    ],
    [
      'ended with all the others',
      async (_cookie, other) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/me/sessions/end-others',
          headers: { cookie: other },
        });
        expect(res.json()).toEqual({ ended: 1 });
      },
    ],
    [
      'deleted in the database by something other than a request (announced, as every write is)',
      async (cookie) => {
        await deleteSession(t.database.db, hashSessionToken(t.config.sessionSecret, tokenOf(cookie)));
        await t.app.changeFeed.settle();
      },
    ],
  ];

  it.each(ways)('is refused at its next request once %s', async (_way, end) => {
    const email = `ended-${ways.findIndex(([w]) => w === _way)}@inspired2uplift.org`;
    const cookie = await warmSession(email);
    const other = await warmSession(email);
    await end(cookie, other);
    expect((await onboarding(cookie)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(401);
    // The other device's session is untouched unless it was the one that ended everything else.
    expect((await onboarding(other)).statusCode).toBe(200);
  });

  it('is refused at its next request once it expires, idle or absolutely', async () => {
    const idle = await warmSession('idle@inspired2uplift.org');
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await onboarding(idle)).statusCode).toBe(401);

    const kept = await warmSession('kept-active@inspired2uplift.org');
    // Used every day, so never idle, until its absolute lifetime is over.
    for (let day = 0; day * 86_400_000 < SESSION_ABSOLUTE_MS - 86_400_000; day += 1) {
      t.clock.advance(86_400_000);
      expect((await onboarding(kept)).statusCode).toBe(200);
    }
    t.clock.advance(86_400_000 + 1);
    expect((await onboarding(kept)).statusCode).toBe(401);
  });

  it('a token never seen, or one changed by a character, is not taken for a kept one', async () => {
    const cookie = await warmSession('lookalike@inspired2uplift.org');
    const token = tokenOf(cookie);
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await onboarding(`onboarding_session=${changed}`)).statusCode).toBe(401);
    expect((await onboarding(cookie)).statusCode).toBe(200);
  });
});
