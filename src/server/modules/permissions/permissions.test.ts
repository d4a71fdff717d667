import { privateEmailSchema } from '../../../shared/private-email.js';
import { PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE } from '../preboarding/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRolesSchema, memberDetailSchema, membersPageSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema, meResponseSchema } from '../../../shared/api.js';
import { memberMailResponseSchema } from '../../../shared/mail-api.js';
import { memberFormAnswersSchema } from '../../../shared/answers-api.js';
import { buddySuggestionsSchema } from '../../../shared/team-tasks-api.js';
import { BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE } from '../admin/index.js';
import { ANSWERS_READERS_MESSAGE, NOT_YOUR_MEMBER_MESSAGE } from '../answers/index.js';
import { createTestApp, signIn, signInWithGoogleSession, type TestApp } from '../../test/test-app.js';
import { setMemberLeft, upsertMember } from '../members/members.repository.js';
import { saveDraft } from '../../content/content.repository.js';
import {
  LEADS_READ_ONLY_MESSAGE,
  mayReadDepartment,
  mayUse,
  NOT_ADMIN_MESSAGE,
  readableDepartments,
} from './permissions.js';

/**
 * The permission matrix: every admin API route × every kind of person, each cell with the answer it must get (status,
 * and for reads what the answer may hold). A route added to the admin API without a row here fails the first test.
 */

const ADMIN = 'boss@inspired2uplift.org';
const ACTORS = ['admin', 'leadHere', 'leadElsewhere', 'editor', 'member', 'developmentUser', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];

const FAY = 'fay@inspired2uplift.org'; // Finance
const OLLY = 'olly@inspired2uplift.org'; // Operations

let t: TestApp;
const cookies = {} as Record<Actor, string | undefined>;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  const db = t.database.db;
  await upsertMember(db, { email: FAY, role: 'finance', department: 'Finance', isAdmin: false });
  await upsertMember(db, { email: OLLY, role: 'volunteer', department: 'Operations', isAdmin: false });
  await upsertMember(db, {
    email: 'lena@inspired2uplift.org',
    role: 'volunteer',
    department: 'Operations',
    isAdmin: false,
    leadOf: ['finance '],
  });
  await upsertMember(db, {
    email: 'leo@inspired2uplift.org',
    role: 'volunteer',
    department: 'Finance',
    isAdmin: false,
    leadOf: ['Events'],
  });
  await upsertMember(db, {
    email: 'eddie@inspired2uplift.org',
    role: 'volunteer',
    department: 'Finance',
    isAdmin: false,
    isEditor: true,
  });
  await signInWithGoogleSession(t, { email: FAY, name: 'Fay' });
  await signInWithGoogleSession(t, { email: OLLY, name: 'Olly' });
  cookies.admin = await signInWithGoogleSession(t, { email: ADMIN, name: 'Boss' });
  cookies.leadHere = await signInWithGoogleSession(t, { email: 'lena@inspired2uplift.org', name: 'Lena' });
  cookies.leadElsewhere = await signInWithGoogleSession(t, { email: 'leo@inspired2uplift.org', name: 'Leo' });
  cookies.editor = await signInWithGoogleSession(t, { email: 'eddie@inspired2uplift.org', name: 'Eddie' });
  cookies.member = await signInWithGoogleSession(t, { email: 'mo@inspired2uplift.org', name: 'Mo' });
  cookies.developmentUser = await signIn(t.app, { email: 'dev@inspired2uplift.org' });
  cookies.anonymous = undefined;
  // A draft for the studio's rows: a stale save answers 409, publishing its empty catalog 422.
  await saveDraft(db, { catalog: [], baseVersion: 1, problems: [], at: t.clock.now, by: ADMIN }, null);
});
afterAll(async () => {
  await t.close();
});

/** What one cell expects: the status, and optionally a check of the answer. */
interface Cell {
  status: number;
  check?: (body: string) => void;
}

/** The body of an answer, read with `schema`. */
const read = <T>(schema: { parse(value: unknown): T }, body: string): T => schema.parse(JSON.parse(body));

const emailsOfPage = (body: string) =>
  read(membersPageSchema, body)
    .items.map((m) => m.email)
    .sort();
const csvEmails = (body: string) =>
  body
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0]?.replaceAll('"', ''))
    .sort();

const refused = (status: 401 | 403, message?: string): Cell => ({
  status,
  check: (body) => {
    if (message !== undefined) expect(read(apiErrorSchema, body).message).toBe(message);
  },
});
/** The answers of people with no admin access at all. */
const outsiders: Record<'editor' | 'member' | 'developmentUser' | 'anonymous', Cell> = {
  editor: refused(403, NOT_ADMIN_MESSAGE),
  member: refused(403, NOT_ADMIN_MESSAGE),
  developmentUser: refused(403, NOT_ADMIN_MESSAGE),
  anonymous: refused(401),
};
/** The answers of people with no admin access to a newcomer's answers: they are told who may read them. */
const answersOutsiders: Record<'editor' | 'member' | 'developmentUser' | 'anonymous', Cell> = {
  editor: refused(403, ANSWERS_READERS_MESSAGE),
  member: refused(403, ANSWERS_READERS_MESSAGE),
  developmentUser: refused(403, ANSWERS_READERS_MESSAGE),
  anonymous: refused(401),
};
/** The answers of an admin-only route. */
const adminOnly = (ok: Cell): Record<Actor, Cell> => ({
  admin: ok,
  leadHere: refused(403, LEADS_READ_ONLY_MESSAGE),
  leadElsewhere: refused(403, LEADS_READ_ONLY_MESSAGE),
  ...outsiders,
});

/** The answers of a content studio route: admins and content editors (docs/product.md#content-studio). */
const contentEditors = (ok: Cell): Record<Actor, Cell> => ({
  admin: ok,
  editor: ok,
  leadHere: refused(403, LEADS_READ_ONLY_MESSAGE),
  leadElsewhere: refused(403, LEADS_READ_ONLY_MESSAGE),
  member: refused(403, NOT_ADMIN_MESSAGE),
  developmentUser: refused(403, NOT_ADMIN_MESSAGE),
  anonymous: refused(401),
});

/** A member record the write routes may change; made again before each cell. */
const TARGET = 'tara@inspired2uplift.org';

interface Route {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** The route as Fastify names it. */
  route: string;
  url: string;
  payload?: object | string;
  cells: Record<Actor, Cell>;
}

const everyoneInFinance = [FAY, 'leo@inspired2uplift.org', 'eddie@inspired2uplift.org'].sort();

/** The answers of a route that department leads read too (their departments' part: tested in its module). */
const departmentReaders: Record<Actor, Cell> = {
  admin: { status: 200 },
  leadHere: { status: 200 },
  leadElsewhere: { status: 200 },
  ...outsiders,
};

/**
 * A row of the matrix.
 * @param more `email`: the url is the route with `:email` standing for this address; `url`: the url (default: the
 *   route itself); `payload`: the request's body
 */
function row(
  method: Route['method'],
  route: string,
  cells: Record<Actor, Cell>,
  more: { email?: string; url?: string; payload?: object | string } = {},
): Route {
  const {
    email,
    url = email === undefined ? route : route.replace(':email', encodeURIComponent(email)),
    payload,
  } = more;
  return { method, route, url, cells, ...(payload === undefined ? {} : { payload }) };
}

const ROUTES: Route[] = [
  row(
    'GET',
    '/api/admin/members',
    {
      admin: {
        status: 200,
        check: (body) => expect(emailsOfPage(body)).toEqual(expect.arrayContaining([FAY, OLLY, ADMIN])),
      },
      leadHere: { status: 200, check: (body) => expect(emailsOfPage(body)).toEqual(everyoneInFinance) },
      // Leo leads Events, where only Tara is.
      leadElsewhere: { status: 200, check: (body) => expect(emailsOfPage(body)).toEqual([TARGET]) },
      ...outsiders,
    },
    { url: '/api/admin/members?pageSize=200' },
  ),
  row(
    'GET',
    '/api/admin/members.csv',
    {
      admin: { status: 200, check: (body) => expect(csvEmails(body)).toContain(OLLY) },
      // A lead's filter for another department finds nothing, and their own finds only their department.
      leadHere: { status: 200, check: (body) => expect(csvEmails(body)).toEqual([]) },
      leadElsewhere: { status: 200, check: (body) => expect(csvEmails(body)).toEqual([]) },
      ...outsiders,
    },
    { url: '/api/admin/members.csv?department=Operations' },
  ),
  row(
    'GET',
    '/api/admin/members/:email',
    {
      admin: { status: 200, check: (body) => expect(read(memberDetailSchema, body).member.email).toBe(FAY) },
      leadHere: { status: 200, check: (body) => expect(read(memberDetailSchema, body).member.email).toBe(FAY) },
      leadElsewhere: { status: 404 },
      ...outsiders,
    },
    { email: FAY },
  ),
  row(
    'PUT',
    '/api/admin/members/:email',
    adminOnly({ status: 200, check: (body) => expect(read(memberDetailSchema, body).leadOf).toEqual(['Finance']) }),
    { email: TARGET, payload: { role: 'finance', department: 'Finance', isAdmin: true, leadOf: ['Finance'] } },
  ),
  row(
    'PUT',
    '/api/admin/members/:email/buddy',
    {
      admin: { status: 200, check: (body) => expect(read(memberDetailSchema, body).buddy).toBe(FAY) },
      // Tara is in Events: Leo leads it, Lena (Finance) does not see her. Fay is in Finance, which Leo does not lead:
      // a lead chooses buddies from the departments they lead only.
      leadHere: { status: 404 },
      leadElsewhere: {
        status: 400,
        check: (body) => expect(read(apiErrorSchema, body).message).toBe(BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE),
      },
      ...outsiders,
    },
    { email: TARGET, payload: { buddy: FAY } },
  ),
  row(
    'GET',
    '/api/admin/members/:email/buddy-suggestions',
    {
      admin: {
        status: 200,
        check: (body) => expect(read(buddySuggestionsSchema, body).suggestions).toBeInstanceOf(Array),
      },
      // The same people as the buddy itself (the row above).
      leadHere: { status: 404 },
      leadElsewhere: {
        status: 200,
        check: (body) => expect(read(buddySuggestionsSchema, body).suggestions).toBeInstanceOf(Array),
      },
      ...outsiders,
    },
    { email: TARGET },
  ),
  row('POST', '/api/admin/members/:email/adjustments', adminOnly({ status: 201 }), {
    email: TARGET,
    payload: { kind: 'extra', title: 'Meet the events team', description: 'Say hello at the next events call.' },
  }),
  // No such adjustment: an admin learns so (404); everyone else is refused before the lookup.
  row('DELETE', '/api/admin/members/:email/adjustments/:id', adminOnly({ status: 404 }), {
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/adjustments/00000000-0000-4000-8000-000000000000`,
  }),
  row('DELETE', '/api/admin/members/:email', adminOnly({ status: 200 }), { email: TARGET }),
  row('POST', '/api/admin/members/:email/sign-out', adminOnly({ status: 200 }), { email: TARGET }),
  row(
    'POST',
    '/api/admin/members/:email/leave',
    adminOnly({ status: 200, check: (body) => expect(read(memberDetailSchema, body).left).not.toBeNull() }),
    { email: TARGET, payload: { leftOn: '2025-03-31' } },
  ),
  // Each cell of this row starts with Tara marked as having left (see the set-up of each cell).
  row(
    'DELETE',
    '/api/admin/members/:email/leave',
    adminOnly({ status: 200, check: (body) => expect(read(memberDetailSchema, body).left).toBeNull() }),
    { email: TARGET },
  ),
  row('GET', '/api/admin/members/:email/revealed-secrets', adminOnly({ status: 200 }), { email: FAY }),
  row('POST', '/api/admin/secrets/:name/rotated', adminOnly({ status: 200 }), {
    url: '/api/admin/secrets/FINANCE_PASS/rotated',
  }),
  row('GET', '/api/admin/secrets', adminOnly({ status: 200 })),
  row('PUT', '/api/admin/secrets/:name', adminOnly({ status: 200 }), {
    url: '/api/admin/secrets/FINANCE_PASS',
    payload: { value: 'a-new-finance-password' },
  }),
  row('POST', '/api/admin/secrets/:name/reveal', adminOnly({ status: 200 }), {
    url: '/api/admin/secrets/FINANCE_PASS/reveal',
  }),
  row('GET', '/api/admin/roles', {
    admin: { status: 200, check: (body) => expect(read(adminRolesSchema, body).departments).toContain('Operations') },
    leadHere: { status: 200, check: (body) => expect(read(adminRolesSchema, body).departments).toEqual(['Finance']) },
    leadElsewhere: {
      status: 200,
      check: (body) => expect(read(adminRolesSchema, body).departments).toEqual(['Events']),
    },
    ...outsiders,
  }),
  row('GET', '/api/admin/departments', adminOnly({ status: 200 })),
  // The admin's cell adds it (the others are refused before); the PATCH row retires it.
  row('POST', '/api/admin/departments', adminOnly({ status: 200 }), { payload: { name: 'Matrix Department' } }),
  row('PATCH', '/api/admin/departments/:name', adminOnly({ status: 200 }), {
    url: '/api/admin/departments/Matrix%20Department',
    payload: { retired: true },
  }),
  // Nobody's department is 'Nowhere': the leads' departments stay as the other rows need them.
  row('POST', '/api/admin/departments/move', adminOnly({ status: 200 }), {
    payload: { from: 'Nowhere', to: 'Operations' },
  }),
  row('POST', '/api/admin/import/preview', adminOnly({ status: 200 }), {
    payload: { csv: `email,role\n${TARGET},volunteer\n` },
  }),
  row('POST', '/api/admin/import', adminOnly({ status: 200 }), {
    payload: { csv: `email,role\n${TARGET},volunteer\n` },
  }),
  row('GET', '/api/admin/audit', adminOnly({ status: 200 })),
  // Leads read their departments' figures (the restriction itself is tested in modules/insights).
  ...['funnel', 'time-to-complete', 'cohorts', 'activity', 'quizzes', 'team-tasks'].flatMap((chart) => [
    row('GET', `/api/admin/insights/${chart}`, departmentReaders),
    row('GET', `/api/admin/insights/${chart}.csv`, departmentReaders),
  ]),
  row('GET', '/api/admin/backups', adminOnly({ status: 200 })),
  // The test app has no embedded-database backup service (as on PostgreSQL): an admin is told to use pg_dump.
  row('POST', '/api/admin/backups', adminOnly({ status: 409 })),
  row('GET', '/api/admin/launch-checklist', adminOnly({ status: 200 })),
  row('GET', '/api/admin/launch-checklist/state', adminOnly({ status: 200 })),
  row('PUT', '/api/admin/launch-checklist/state', adminOnly({ status: 200 }), { payload: { dismissed: false } }),
  // The test app has no SMTP_URL: the answer says e-mail is not set up, and nothing is sent.
  row('POST', '/api/admin/launch-checklist/test-message', adminOnly({ status: 200 })),
  row('GET', '/api/admin/backups/:name', adminOnly({ status: 409 }), {
    url: '/api/admin/backups/onboarding-2025-04-01T09-00-00-000Z.backup',
  }),
  // No embedded-database backup service in the test app (as on PostgreSQL): an admin is told to use pg_restore.
  row('POST', '/api/admin/backups/:name/restore', adminOnly({ status: 409 }), {
    url: '/api/admin/backups/onboarding-2025-04-01T09-00-00-000Z.backup/restore',
    payload: { confirmation: '2025-04-01' },
  }),
  row('GET', '/api/admin/members/:email/acknowledgments', adminOnly({ status: 200 }), { email: FAY }),
  row(
    'GET',
    '/api/admin/members/:email/answers',
    {
      admin: { status: 200, check: (body) => expect(read(memberFormAnswersSchema, body).email).toBe(FAY) },
      leadHere: { status: 200, check: (body) => expect(read(memberFormAnswersSchema, body).email).toBe(FAY) },
      // Fay is in Finance; Leo leads Events: refused (and audited, see modules/answers).
      leadElsewhere: refused(403, NOT_YOUR_MEMBER_MESSAGE),
      ...answersOutsiders,
    },
    { email: FAY },
  ),
  row(
    'GET',
    '/api/admin/members/:email/private-email',
    {
      admin: { status: 200, check: (body) => expect(read(privateEmailSchema, body).email).toBe(FAY) },
      leadHere: { status: 200, check: (body) => expect(read(privateEmailSchema, body).email).toBe(FAY) },
      // Fay is in Finance; Leo leads Events: refused (and audited, see modules/preboarding).
      leadElsewhere: refused(403, PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE),
      ...outsiders,
    },
    { email: FAY },
  ),
  row('PUT', '/api/admin/members/:email/private-email', adminOnly({ status: 200 }), {
    email: FAY,
    payload: { privateEmail: 'fay.home@example.com' },
  }),
  // The Google Workspace account (modules/workspace): admins only. Writing is off in the test app, so a change is
  // refused with 409 (whoever runs the server turns it on), while reading and cancelling answer.
  row('GET', '/api/admin/members/:email/workspace-account', adminOnly({ status: 200 }), { email: FAY }),
  row('POST', '/api/admin/members/:email/workspace-account', adminOnly({ status: 409 }), {
    email: FAY,
    payload: { givenName: 'Fay', familyName: 'Finance' },
  }),
  row('PUT', '/api/admin/members/:email/workspace-suspension', adminOnly({ status: 409 }), {
    email: FAY,
    payload: { dueOn: '2026-12-31' },
  }),
  row('DELETE', '/api/admin/members/:email/workspace-suspension', adminOnly({ status: 200 }), { email: FAY }),
  row('GET', '/api/admin/members/:email/workspace-groups', adminOnly({ status: 409 }), { email: FAY }),
  row('POST', '/api/admin/members/:email/workspace-groups', adminOnly({ status: 409 }), {
    email: FAY,
    payload: { add: [], remove: [] },
  }),
  row('GET', '/api/admin/workspace/groups', adminOnly({ status: 200 })),
  row('PUT', '/api/admin/workspace/groups', adminOnly({ status: 200 }), { payload: { rules: [] } }),
  row('GET', '/api/admin/workspace/groups-check', adminOnly({ status: 200 })),
  // What the directory read found: no directory in the test app, so 'Read now' is refused with 409.
  row('GET', '/api/admin/workspace/directory', adminOnly({ status: 200 })),
  row('POST', '/api/admin/workspace/directory/read', adminOnly({ status: 409 })),
  row('GET', '/api/admin/members/:email/directory', adminOnly({ status: 200 }), { email: FAY }),
  row('GET', '/api/admin/workspace/org-units', adminOnly({ status: 200 })),
  row('PUT', '/api/admin/workspace/org-units', adminOnly({ status: 200 }), { payload: { rules: [] } }),
  // Fay sent no file: readers of her answers get 404 (the file itself is tested in modules/answers), others as above.
  row(
    'GET',
    '/api/admin/members/:email/answers/files/:fileId',
    {
      admin: { status: 404 },
      leadHere: { status: 404 },
      leadElsewhere: refused(403, NOT_YOUR_MEMBER_MESSAGE),
      ...answersOutsiders,
    },
    { url: `/api/admin/members/${encodeURIComponent(FAY)}/answers/files/00000000-0000-4000-8000-000000000000` },
  ),
  // The test catalog has no form step: readers get 404 (the export itself is tested in modules/answers).
  row(
    'GET',
    '/api/admin/forms/:stepId/answers.csv',
    { admin: { status: 404 }, leadHere: { status: 404 }, leadElsewhere: { status: 404 }, ...answersOutsiders },
    { url: '/api/admin/forms/no-such-form/answers.csv?sensitive=include' },
  ),
  row('GET', '/api/admin/acknowledgments.csv', adminOnly({ status: 200 })),
  row('GET', '/api/admin/acknowledgments/pending', adminOnly({ status: 200 })),
  // The content studio (rows in this order: the draft stored in beforeAll is discarded by the DELETE row).
  row('GET', '/api/studio', contentEditors({ status: 200 })),
  row('GET', '/api/studio/access', contentEditors({ status: 200 })),
  row('PUT', '/api/studio/draft', contentEditors({ status: 409 }), {
    payload: { catalog: [], baseUpdatedAt: '2000-01-01T00:00:00.000Z' },
  }),
  row('PATCH', '/api/studio/draft', contentEditors({ status: 409 }), {
    payload: { baseUpdatedAt: '2000-01-01T00:00:00.000Z', roles: [], order: [] },
  }),
  row('POST', '/api/studio/publish', contentEditors({ status: 422 }), { payload: { materialChanges: [] } }),
  row('DELETE', '/api/studio/draft', contentEditors({ status: 204 })),
  row('GET', '/api/studio/versions', contentEditors({ status: 200 })),
  row('GET', '/api/studio/versions/:version', contentEditors({ status: 200 }), { url: '/api/studio/versions/1' }),
  row('POST', '/api/studio/versions/:version/restore', contentEditors({ status: 404 }), {
    url: '/api/studio/versions/99/restore',
  }),
  row('GET', '/api/studio/usage', contentEditors({ status: 200 })),
  row('GET', '/api/studio/retakes', contentEditors({ status: 200 })),
  row('GET', '/api/studio/assets', contentEditors({ status: 200 })),
  row('GET', '/api/studio/team-tasks', contentEditors({ status: 200 })),
  // A plain-text body is refused after the permission check (415), so nothing is stored by any cell.
  row('POST', '/api/studio/assets', contentEditors({ status: 415 }), { payload: 'hello' }),
  row(
    'GET',
    '/api/admin/members/:email/mail',
    { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 404 }, ...outsiders },
    { email: FAY },
  ),
  row(
    'PUT',
    '/api/admin/members/:email/mail',
    adminOnly({
      status: 200,
      check: (body) => expect(read(memberMailResponseSchema, body).startOnSet).toBe('2025-03-03'),
    }),
    { email: TARGET, payload: { startOn: '2025-03-03', remindersPaused: true } },
  ),
  row('GET', '/api/admin/outbox', adminOnly({ status: 200 })),
  row('GET', '/api/admin/outbox/:id', adminOnly({ status: 404 }), {
    url: '/api/admin/outbox/00000000-0000-0000-0000-000000000000',
  }),
  row('POST', '/api/admin/digest', adminOnly({ status: 200 })),
  row('GET', '/api/admin/digest', adminOnly({ status: 200 })),
  row('PUT', '/api/admin/digest', adminOnly({ status: 200 }), { payload: { digestOn: true } }),
];

describe('the permission matrix', () => {
  it('has a row for every admin route of the app', () => {
    const tree = t.app.printRoutes({ commonPrefix: false });
    const registered = new Set<string>();
    let prefix: string[] = [];
    for (const line of tree.split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/u.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      prefix = [...prefix.slice(0, depth), match[2] ?? ''];
      const path = prefix.join('');
      for (const method of (match[3] ?? '').split(', ')) {
        if ((path.startsWith('/api/admin') || path.startsWith('/api/studio')) && method !== 'HEAD')
          registered.add(`${method} ${path}`);
      }
    }
    expect(registered.size).toBeGreaterThan(5);
    expect([...registered].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.route}`).sort());
  });

  for (const route of ROUTES) {
    for (const actor of ACTORS) {
      it(`${route.method} ${route.route} as ${actor} → ${route.cells[actor].status}`, async () => {
        await upsertMember(t.database.db, { email: TARGET, role: 'volunteer', department: 'Events', isAdmin: false });
        const leftAt =
          route.method === 'DELETE' && route.route.endsWith('/leave') ? new Date('2025-03-31T00:00:00Z') : null;
        await setMemberLeft(t.database.db, TARGET, leftAt === null ? null : { at: leftAt, note: null }, t.clock.now);
        await t.app.changeFeed.settle();
        const cookie = cookies[actor];
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          ...(route.payload === undefined ? {} : { payload: route.payload }),
          ...(cookie === undefined ? {} : { headers: { cookie } }),
        });
        const cell = route.cells[actor];
        expect(res.statusCode, res.body).toBe(cell.status);
        cell.check?.(res.body);
      });
    }
  }
});

describe('the rule', () => {
  const nobody = { isAdmin: false, leadOf: [] as string[], isEditor: false };
  it('gives admins everything, leads reading their departments only, and editors and members nothing', () => {
    expect(mayUse({ ...nobody, isAdmin: true }, 'audit:read')).toBe(true);
    expect(mayUse({ ...nobody, leadOf: ['Finance'] }, 'members:read')).toBe(true);
    expect(mayUse({ ...nobody, leadOf: ['Finance'] }, 'members:write')).toBe(false);
    expect(mayUse({ ...nobody, leadOf: ['Finance'] }, 'members:buddy')).toBe(true);
    expect(mayUse({ ...nobody, isEditor: true }, 'members:buddy')).toBe(false);
    expect(mayUse({ ...nobody, leadOf: ['  '] }, 'members:read')).toBe(false);
    expect(mayUse({ ...nobody, isEditor: true }, 'members:read')).toBe(false);
    expect(mayUse({ ...nobody, isEditor: true }, 'content:edit')).toBe(true);
    expect(mayUse({ ...nobody, leadOf: ['finance'] }, 'content:edit')).toBe(false);
    expect(mayUse({ ...nobody, isEditor: true }, 'content:access')).toBe(false);
    expect(mayUse({ ...nobody, isAdmin: true }, 'content:access')).toBe(true);
    expect(mayUse(null, 'members:read')).toBe(false);
    expect(readableDepartments({ ...nobody, isAdmin: true, leadOf: ['X'] })).toBe('all');
    expect(readableDepartments({ ...nobody, leadOf: [' Finance', 'finance', 'Events'] })).toEqual([
      'finance',
      'events',
    ]);
    expect(mayReadDepartment({ ...nobody, leadOf: ['Finance'] }, 'FINANCE')).toBe(true);
    expect(mayReadDepartment({ ...nobody, leadOf: ['Finance'] }, 'Operations')).toBe(false);
  });

  it('tells the client what the person may see', async () => {
    const me = meResponseSchema.parse(
      (await t.app.inject({ url: '/api/me', headers: { cookie: cookies.leadHere ?? '' } })).json(),
    );
    expect(me.user).toMatchObject({ isAdmin: false, leadOf: ['finance'], isEditor: false });
  });
});
