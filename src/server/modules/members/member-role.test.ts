import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, meResponseSchema } from '../../../shared/api.js';
import { roleConfigurationSchema } from '../../../shared/content-schema.js';
import { createRoleCatalog, orderedStepIds, resolveRole, type RoleCatalog } from '../../../shared/roles.js';
import { buildApp } from '../../app.js';
import { loadContent } from '../../content/load-content.js';
import type { OpenDatabase } from '../../db/client.js';
import { loadConfig } from '../../env.js';
import { projectRoot } from '../../project-root.js';
import { onboardingView } from '../../test/onboarding-view.js';
import { createTestDatabase } from '../../test/test-db.js';
import { memberRoleOf } from './member-role.js';
import { deleteMember, upsertMember } from './members.repository.js';

/**
 * The role of a signed-in user (docs/product.md#member-records, docs/product.md#role-lookup): the member record
 * decides, through the real role catalog.
 */

interface LogLine {
  level: number;
  msg: string;
  role?: string;
}

interface RunningApp {
  app: FastifyInstance;
  database: OpenDatabase;
  /** What the app logged at warn level and above. */
  logs: LogLine[];
  close(): Promise<void>;
}

async function startApp(catalog: RoleCatalog, env: Record<string, string> = {}): Promise<RunningApp> {
  const logs: LogLine[] = [];
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', ...env }),
    db: database.db,
    catalog,
    clientDistDir: null,
    logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } },
  });
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const PINO_WARN = 40;

/** What an app built by buildApp in a test is reached at (`app.inject` sends Host: localhost:80). */
const ORIGIN = 'http://localhost';

/** Development sign-in as `email`; returns the `cookie` header value. */
async function signIn(app: FastifyInstance, { email }: { email: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/dev-login',
    headers: { origin: ORIGIN },
    payload: { email },
  });
  const cookie = res.cookies.find((c) => c.name === 'onboarding_session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** PUT /api/progress/steps/:stepId `{ completed: true }` as the member of `cookie`. */
const completeStep = (app: FastifyInstance, cookie: string, stepId: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/progress/steps/${stepId}`,
    headers: { cookie, origin: ORIGIN },
    payload: { completed: true },
  });

let real: RunningApp;
let realCatalog: RoleCatalog;
beforeAll(async () => {
  realCatalog = await loadContent(path.join(projectRoot, 'content'));
  real = await startApp(realCatalog);
});
afterAll(async () => {
  await real.close();
});

const get = (t: RunningApp, url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const me = async (cookie: string) => meResponseSchema.parse((await get(real, '/api/me', cookie)).json()).user;
const onboarding = (cookie: string) => onboardingView(real.app, cookie);
/** Writes a member record as `npm run members` would, and waits until the app has heard of it (db/change-feed.ts). */
const setMember = async (email: string, role: string, department = 'Somewhere', isAdmin = false) => {
  await upsertMember(real.database.db, { email, role, department, isAdmin });
  await real.app.changeFeed.settle();
};

describe('the role of a signed-in user', () => {
  it('is volunteer / Operations without a member record', async () => {
    const cookie = await signIn(real.app, { email: 'new.person@inspired2uplift.org' });
    expect(await me(cookie)).toMatchObject({ role: 'volunteer', department: 'Operations' });
    const body = await onboarding(cookie);
    expect(body.role.key).toBe('volunteer');
    expect(body.scopes.map((s) => s.id)).toEqual(['getting-started']);
  });

  it('comes from the member record, its role text resolved by the lookup rules (GET /api/me and /api/onboarding)', async () => {
    const cookie = await signIn(real.app, { email: 'Treasurer@Inspired2Uplift.org' });
    await setMember('treasurer@inspired2uplift.org', 'Treasurer', 'Finance');
    expect(await me(cookie)).toMatchObject({
      email: 'treasurer@inspired2uplift.org',
      role: 'finance',
      department: 'Finance',
    });
    const body = await onboarding(cookie);
    expect(body.role).toMatchObject({ key: 'finance', displayName: 'Finance', isDepartment: true });
    expect(body.scopes.map((s) => s.id)).toEqual(['pre-meeting', 'during-call']);
    expect(body.scopes.flatMap((s) => s.steps.map((step) => step.id))).toContain('finance-profile');

    await setMember('treasurer@inspired2uplift.org', 'Director of Finance and Operations', 'Finance and Operations');
    expect(await me(cookie)).toMatchObject({ role: 'finance', department: 'Finance and Operations' });
    expect(real.logs).toEqual([]);
  });

  it('is already in the answer of development sign-in, the same as GET /api/me', async () => {
    await setMember('head.of.finance@inspired2uplift.org', 'Head of Finance', 'Finance');
    const res = await real.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      headers: { origin: ORIGIN },
      payload: { email: 'head.of.finance@inspired2uplift.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(meResponseSchema.parse(res.json()).user).toMatchObject({ role: 'finance', department: 'Finance' });
  });

  it('follows a change or removal of the member record at the next request', async () => {
    const cookie = await signIn(real.app, { email: 'mover@inspired2uplift.org' });
    await setMember('mover@inspired2uplift.org', 'head of hr', 'People');
    expect((await onboarding(cookie)).scopes.map((s) => s.id)).toEqual(['pre-meeting', 'during-call', 'post-call']);
    await deleteMember(real.database.db, 'mover@inspired2uplift.org');
    await real.app.changeFeed.settle();
    expect(await me(cookie)).toMatchObject({ role: 'volunteer', department: 'Operations' });
    expect((await onboarding(cookie)).role.key).toBe('volunteer');
  });

  it('gives role text that matches nothing the volunteer steps and logs the documented warning', async () => {
    const cookie = await signIn(real.app, { email: 'pilot@inspired2uplift.org' });
    await setMember('pilot@inspired2uplift.org', 'Astronaut');
    expect((await me(cookie)).role).toBe('volunteer');
    real.logs.length = 0;
    expect((await onboarding(cookie)).role.key).toBe('volunteer');
    expect(real.logs).toEqual([
      expect.objectContaining({
        level: PINO_WARN,
        msg: 'No role configuration found for "Astronaut"',
        role: 'Astronaut',
      }),
    ]);
  });

  it("logs 'No role provided' for a record with an empty role", async () => {
    const cookie = await signIn(real.app, { email: 'blank@inspired2uplift.org' });
    await setMember('blank@inspired2uplift.org', '  ');
    real.logs.length = 0;
    expect((await onboarding(cookie)).role.key).toBe('volunteer');
    expect(real.logs.map((l) => [l.level, l.msg])).toEqual([[PINO_WARN, 'No role provided']]);
  });

  it('shows the account notice to a member whose role is account (any case)', async () => {
    const cookie = await signIn(real.app, { email: 'finance-inbox@inspired2uplift.org' });
    await setMember('finance-inbox@inspired2uplift.org', 'ACCOUNT');
    expect((await me(cookie)).role).toBe('account');
    const body = await onboarding(cookie);
    expect(body.role.key).toBe('account');
    expect(body.scopes.flatMap((s) => s.steps.map((step) => step.title))).toEqual(["You're an account!"]);
  });

  it('keeps completed steps by id across a role change: those the new role has still count', async () => {
    const email = 'switcher@inspired2uplift.org';
    const cookie = await signIn(real.app, { email });
    const complete = async (stepId: string) =>
      expect((await completeStep(real.app, cookie, stepId)).statusCode).toBe(200);
    const completed = async () => (await onboarding(cookie)).progress.completed.map((c) => c.stepId);

    await setMember(email, 'finance');
    await complete('change-password');
    await complete('common-find-shared-drive');
    await complete('finance-profile');
    expect(await completed()).toEqual(['change-password', 'common-find-shared-drive', 'finance-profile']);

    await setMember(email, 'hr');
    expect(await completed()).toEqual(['change-password', 'common-find-shared-drive']);
    await setMember(email, 'volunteer');
    expect(await completed()).toEqual(['change-password']);
    await setMember(email, 'Treasurer');
    expect(await completed()).toEqual(['change-password', 'common-find-shared-drive', 'finance-profile']);
  });

  it('answers the steps of the resolved role in order', async () => {
    const cookie = await signIn(real.app, { email: 'order@inspired2uplift.org' });
    await setMember('order@inspired2uplift.org', 'chapteraffairs');
    const body = await onboarding(cookie);
    expect(body.scopes.flatMap((s) => s.steps.map((step) => step.id))).toEqual(
      orderedStepIds(resolveRole(realCatalog, 'chapters')),
    );
  });

  it("refuses progress on a step of the member's old role", async () => {
    const email = 'former@inspired2uplift.org';
    const cookie = await signIn(real.app, { email });
    await setMember(email, 'volunteer');
    expect((await completeStep(real.app, cookie, 'finance-profile')).statusCode).toBe(404);
  });
});

describe('a missing role configuration (docs/product.md#error-page: error page and Role Configuration Error toast)', () => {
  const step = (id: string) => ({ id, title: id, description: `${id}.`, icon: 'User', category: 'Finance' });
  let broken: RunningApp;
  beforeAll(async () => {
    // Not loadable from files (the content check forbids it), but a catalog can still be built this way.
    const catalog = createRoleCatalog(
      [
        {
          key: 'finance',
          displayName: 'Finance',
          version: '1.0',
          icon: 'DollarSign',
          colors: { baseColor: '#a16207' },
          scopes: [{ id: 'pre-meeting', title: 'Before', include: ['volunteer'], steps: [step('finance-one')] }],
        },
        { key: 'quiet', displayName: 'Quiet', version: '1.0', icon: 'User', colors: { baseColor: '#1d4ed8' } },
      ].map((c) => roleConfigurationSchema.parse(c)),
    );
    broken = await startApp(catalog);
  });
  afterAll(async () => {
    await broken.close();
  });

  it("answers 409 with the member's role, for the error page and toast", async () => {
    const cookie = await signIn(broken.app, { email: 'money@inspired2uplift.org' });
    await upsertMember(broken.database.db, {
      email: 'money@inspired2uplift.org',
      role: 'Finance',
      department: 'Finance',
      isAdmin: false,
    });
    const res = await get(broken, '/api/onboarding', cookie);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: "We couldn't find the configuration for role finance.",
      role: 'finance',
    });
    expect(broken.logs).toContainEqual(expect.objectContaining({ msg: 'role configuration missing' }));

    expect((await completeStep(broken.app, cookie, 'finance-one')).statusCode).toBe(409);
  });

  it('answers 409 naming volunteer when even the default role is missing', async () => {
    const cookie = await signIn(broken.app, { email: 'nobody@inspired2uplift.org' });
    const res = await get(broken, '/api/onboarding', cookie);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).role).toBe('volunteer');
    // GET /api/me still works: the user can see who they are and sign out.
    expect((await get(broken, '/api/me', cookie)).statusCode).toBe(200);
  });

  it("answers a role without scopes with no scopes, and logs 'No scopes found for role: {role}'", async () => {
    const cookie = await signIn(broken.app, { email: 'quiet@inspired2uplift.org' });
    await upsertMember(broken.database.db, {
      email: 'quiet@inspired2uplift.org',
      role: 'quiet',
      department: 'X',
      isAdmin: false,
    });
    broken.logs.length = 0;
    expect((await onboardingView(broken.app, cookie)).scopes).toEqual([]);
    expect(broken.logs.map((l) => [l.level, l.msg])).toEqual([[PINO_WARN, 'No scopes found for role: quiet']]);
  });
});

describe('memberRoleOf', () => {
  const catalog = createRoleCatalog(
    [
      {
        key: 'finance',
        displayName: 'Finance',
        version: '1.0',
        icon: 'DollarSign',
        colors: { baseColor: '#a16207' },
        aliases: ['treasurer'],
      },
    ].map((c) => roleConfigurationSchema.parse(c)),
  );
  const user = { email: 'ann@inspired2uplift.org', role: 'volunteer', department: 'Operations' };

  it('prefers the member record and keeps its raw role text', () => {
    expect(memberRoleOf(catalog, user, { role: 'Treasurer', department: 'Finance', isAdmin: false }, [])).toEqual({
      source: 'member-record',
      roleText: 'Treasurer',
      lookup: { key: 'finance', matchedBy: 'alias', name: 'treasurer' },
      department: 'Finance',
      isAdmin: false,
      leadOf: [],
      isEditor: false,
    });
  });

  it("falls back to the user's stored role and department", () => {
    expect(memberRoleOf(catalog, user, undefined, [])).toMatchObject({
      source: 'user',
      roleText: 'volunteer',
      department: 'Operations',
      isAdmin: false,
    });
  });

  it('makes an admin of ADMIN_EMAILS and of a record marked admin', () => {
    expect(memberRoleOf(catalog, user, undefined, ['ann@inspired2uplift.org']).isAdmin).toBe(true);
    expect(memberRoleOf(catalog, user, { role: 'finance', department: 'Finance', isAdmin: true }, []).isAdmin).toBe(
      true,
    );
  });
});
