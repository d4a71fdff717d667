import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditPageSchema, memberDetailSchema, membersPageSchema } from '../../../shared/admin-api.js';
import { meResponseSchema } from '../../../shared/api.js';
import { members, stepProgress, users } from '../../db/schema.js';
import { googleAppForFile } from '../../test/file-servers.js';
import { signIn } from '../../test/test-app.js';
import { formerAddressOf } from '../auth/users.repository.js';
import { upsertMember } from '../members/members.repository.js';

/**
 * People are identified by the ID token's `sub` as well as their address: a recycled address signed in with a new
 * `sub` is a new person, against a real OpenID Connect provider.
 */

const ADMIN = 'boss@inspired2uplift.org';
const ADA = 'ada@inspired2uplift.org';
/** One app for the file, signing in with Google: `google.signInAs(sub, claims)` returns a session cookie. */
const google = googleAppForFile({ env: { AUTH_DEV_LOGIN: 'true', ADMIN_EMAILS: ADMIN } });

const me = async (cookie: string) => google.t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe('a recycled address', () => {
  it('signed in with a new sub is a new person who inherits no progress, role or admin flag; the admin sees both', async () => {
    const first = await google.signInAs('ada-original');
    const [original] = await google.t.database.db.select().from(users).where(eq(users.email, ADA));
    if (!original) throw new Error('no user');
    expect(original.subject).toBe('ada-original');
    await upsertMember(google.t.database.db, {
      email: ADA,
      role: 'finance',
      department: 'Finance',
      isAdmin: true,
      leadOf: ['Finance'],
    });
    await google.t.database.db.insert(stepProgress).values({ userId: original.id, stepId: 'sign-in-to-chrome' });
    await google.t.app.changeFeed.settle();
    expect(meResponseSchema.parse((await me(first)).json()).user).toMatchObject({ isAdmin: true, role: 'finance' });

    // The same person again: the same user.
    const again = await google.signInAs('ada-original');
    expect((await google.t.database.db.select().from(users).where(eq(users.email, ADA)))[0]?.id).toBe(original.id);

    // Ada left; her address goes to a new Ada with another Google account.
    const newcomer = await google.signInAs('ada-new', { name: 'Ada Newcomer' });
    const user = meResponseSchema.parse((await me(newcomer)).json()).user;
    expect(user).toMatchObject({
      email: ADA,
      name: 'Ada Newcomer',
      isAdmin: false,
      role: 'volunteer',
      department: 'Operations',
      leadOf: [],
    });
    expect(user.id).not.toBe(original.id);
    const progress = await google.t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { cookie: newcomer },
    });
    expect(progress.statusCode).toBe(200);
    expect(JSON.stringify(progress.json())).not.toMatch(/"completed":\s*true|"completedAt":"/u);
    // The former person's sessions ended.
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(again)).statusCode).toBe(401);

    // The former person keeps user, progress and member record under their former address.
    const former = formerAddressOf(ADA, original.id);
    expect(former).toMatch(/^ada\+former-[0-9a-f]{8}@inspired2uplift\.org$/u);
    const [kept] = await google.t.database.db.select().from(members).where(eq(members.email, former));
    expect(kept).toMatchObject({ role: 'finance', isAdmin: true, leadOf: ['Finance'] });
    const admin = await signIn(google.t.app, { email: ADMIN });
    const list = membersPageSchema.parse(
      (await google.t.app.inject({ url: '/api/admin/members?search=ada', headers: { cookie: admin } })).json(),
    );
    expect(list.items.map((m) => [m.email, m.name, m.isAdmin]).sort()).toEqual([
      [former, 'Ada Lovelace', true],
      [ADA, 'Ada Newcomer', false],
    ]);
    const formerPage = memberDetailSchema.parse(
      (
        await google.t.app.inject({
          url: `/api/admin/members/${encodeURIComponent(former)}`,
          headers: { cookie: admin },
        })
      ).json(),
    );
    expect(formerPage.steps.find((s) => s.id === 'sign-in-to-chrome')?.status).toBe('completed');
    const audit = auditPageSchema.parse(
      (await google.t.app.inject({ url: '/api/admin/audit?kind=address-recycled', headers: { cookie: admin } })).json(),
    );
    expect(audit.items[0]).toMatchObject({ subject: ADA, detail: { formerAddress: former } });
  });

  it('a development user of the address is taken over by the first Google sign-in (no sub to compare)', async () => {
    const dev = await signIn(google.t.app, { email: 'dora@inspired2uplift.org' });
    const devId = meResponseSchema.parse((await me(dev)).json()).user.id;
    const viaGoogle = await google.signInAs('dora-sub', { email: 'dora@inspired2uplift.org', name: 'Dora' });
    expect(meResponseSchema.parse((await me(viaGoogle)).json()).user.id).toBe(devId);
  });
});

describe('a renamed address', () => {
  it('the same Google account (sub) under a new address is stored there; the old record keeps its progress, without the sub', async () => {
    const before = await google.signInAs('nia-sub', { email: 'nia.old@inspired2uplift.org', name: 'Nia' });
    const oldId = meResponseSchema.parse((await me(before)).json()).user.id;
    await google.t.database.db.insert(stepProgress).values({ userId: oldId, stepId: 'sign-in-to-chrome' });

    const after = await google.signInAs('nia-sub', { email: 'nia@inspired2uplift.org', name: 'Nia' });
    const user = meResponseSchema.parse((await me(after)).json()).user;
    expect(user.email).toBe('nia@inspired2uplift.org');
    expect(user.id).not.toBe(oldId);
    const stored = await google.t.database.db
      .select({ email: users.email, subject: users.subject })
      .from(users)
      .where(eq(users.subject, 'nia-sub'));
    expect(stored).toEqual([{ email: 'nia@inspired2uplift.org', subject: 'nia-sub' }]);
    const [old] = await google.t.database.db.select({ subject: users.subject }).from(users).where(eq(users.id, oldId));
    expect(old).toEqual({ subject: null });
    expect(
      await google.t.database.db
        .select({ stepId: stepProgress.stepId })
        .from(stepProgress)
        .where(eq(stepProgress.userId, oldId)),
    ).toEqual([{ stepId: 'sign-in-to-chrome' }]);
    // And back: the first address takes the sub again, signing in as the same old user.
    const again = await google.signInAs('nia-sub', { email: 'nia.old@inspired2uplift.org', name: 'Nia' });
    expect(meResponseSchema.parse((await me(again)).json()).user.id).toBe(oldId);
  });
});
