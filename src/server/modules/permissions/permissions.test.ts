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

const emailsOfPage = (body: string) =>
  membersPageSchema
    .parse(JSON.parse(body))
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
    if (message !== undefined) expect(apiErrorSchema.parse(JSON.parse(body)).message).toBe(message);
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

const ROUTES: Route[] = [
  {
    method: 'GET',
    route: '/api/admin/members',
    url: '/api/admin/members?pageSize=200',
    cells: {
      admin: {
        status: 200,
        check: (body) => expect(emailsOfPage(body)).toEqual(expect.arrayContaining([FAY, OLLY, ADMIN])),
      },
      leadHere: { status: 200, check: (body) => expect(emailsOfPage(body)).toEqual(everyoneInFinance) },
      // Leo leads Events, where only Tara is.
      leadElsewhere: { status: 200, check: (body) => expect(emailsOfPage(body)).toEqual([TARGET]) },
      ...outsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/members.csv',
    url: '/api/admin/members.csv?department=Operations',
    cells: {
      admin: { status: 200, check: (body) => expect(csvEmails(body)).toContain(OLLY) },
      // A lead's filter for another department finds nothing, and their own finds only their department.
      leadHere: { status: 200, check: (body) => expect(csvEmails(body)).toEqual([]) },
      leadElsewhere: { status: 200, check: (body) => expect(csvEmails(body)).toEqual([]) },
      ...outsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email',
    url: `/api/admin/members/${encodeURIComponent(FAY)}`,
    cells: {
      admin: {
        status: 200,
        check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).member.email).toBe(FAY),
      },
      leadHere: {
        status: 200,
        check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).member.email).toBe(FAY),
      },
      leadElsewhere: { status: 404 },
      ...outsiders,
    },
  },
  {
    method: 'PUT',
    route: '/api/admin/members/:email',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}`,
    payload: { role: 'finance', department: 'Finance', isAdmin: true, leadOf: ['Finance'] },
    cells: adminOnly({
      status: 200,
      check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).leadOf).toEqual(['Finance']),
    }),
  },
  {
    method: 'PUT',
    route: '/api/admin/members/:email/buddy',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/buddy`,
    payload: { buddy: FAY },
    cells: {
      admin: { status: 200, check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).buddy).toBe(FAY) },
      // Tara is in Events: Leo leads it, Lena (Finance) does not see her. Fay is in Finance, which Leo does not lead:
      // a lead chooses buddies from the departments they lead only.
      leadHere: { status: 404 },
      leadElsewhere: {
        status: 400,
        check: (body) =>
          expect(apiErrorSchema.parse(JSON.parse(body)).message).toBe(BUDDY_OUTSIDE_LED_DEPARTMENTS_MESSAGE),
      },
      ...outsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/buddy-suggestions',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/buddy-suggestions`,
    cells: {
      admin: {
        status: 200,
        check: (body) => expect(buddySuggestionsSchema.parse(JSON.parse(body)).suggestions).toBeInstanceOf(Array),
      },
      // The same people as the buddy itself (the row above).
      leadHere: { status: 404 },
      leadElsewhere: {
        status: 200,
        check: (body) => expect(buddySuggestionsSchema.parse(JSON.parse(body)).suggestions).toBeInstanceOf(Array),
      },
      ...outsiders,
    },
  },
  {
    method: 'POST',
    route: '/api/admin/members/:email/adjustments',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/adjustments`,
    payload: { kind: 'extra', title: 'Meet the events team', description: 'Say hello at the next events call.' },
    cells: adminOnly({ status: 201 }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/members/:email/adjustments/:id',
    // No such adjustment: an admin learns so (404); everyone else is refused before the lookup.
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/adjustments/00000000-0000-4000-8000-000000000000`,
    cells: adminOnly({ status: 404 }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/members/:email',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/members/:email/sign-out',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/sign-out`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/members/:email/leave',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/leave`,
    payload: { leftOn: '2025-03-31' },
    cells: adminOnly({
      status: 200,
      check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).left).not.toBeNull(),
    }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/members/:email/leave',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/leave`,
    // Each cell of this row starts with Tara marked as having left (see the set-up of each cell).
    cells: adminOnly({
      status: 200,
      check: (body) => expect(memberDetailSchema.parse(JSON.parse(body)).left).toBeNull(),
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/revealed-secrets',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/revealed-secrets`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/secrets/:name/rotated',
    url: '/api/admin/secrets/FINANCE_PASS/rotated',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/secrets',
    url: '/api/admin/secrets',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/secrets/:name',
    url: '/api/admin/secrets/FINANCE_PASS',
    payload: { value: 'a-new-finance-password' },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/secrets/:name/reveal',
    url: '/api/admin/secrets/FINANCE_PASS/reveal',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/roles',
    url: '/api/admin/roles',
    cells: {
      admin: {
        status: 200,
        check: (body) => expect(adminRolesSchema.parse(JSON.parse(body)).departments).toContain('Operations'),
      },
      leadHere: {
        status: 200,
        check: (body) => expect(adminRolesSchema.parse(JSON.parse(body)).departments).toEqual(['Finance']),
      },
      leadElsewhere: {
        status: 200,
        check: (body) => expect(adminRolesSchema.parse(JSON.parse(body)).departments).toEqual(['Events']),
      },
      ...outsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/departments',
    url: '/api/admin/departments',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/departments',
    url: '/api/admin/departments',
    payload: { name: 'Matrix Department' },
    // The admin's cell adds it (the others are refused before); the PATCH row retires it.
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PATCH',
    route: '/api/admin/departments/:name',
    url: '/api/admin/departments/Matrix%20Department',
    payload: { retired: true },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/departments/move',
    url: '/api/admin/departments/move',
    // Nobody's department is 'Nowhere': the leads' departments stay as the other rows need them.
    payload: { from: 'Nowhere', to: 'Operations' },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/import/preview',
    url: '/api/admin/import/preview',
    payload: { csv: `email,role\n${TARGET},volunteer\n` },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/import',
    url: '/api/admin/import',
    payload: { csv: `email,role\n${TARGET},volunteer\n` },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/audit',
    url: '/api/admin/audit',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/insights/funnel',
    url: '/api/admin/insights/funnel',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/funnel.csv',
    url: '/api/admin/insights/funnel.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/time-to-complete',
    url: '/api/admin/insights/time-to-complete',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/time-to-complete.csv',
    url: '/api/admin/insights/time-to-complete.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/cohorts',
    url: '/api/admin/insights/cohorts',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/cohorts.csv',
    url: '/api/admin/insights/cohorts.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/activity',
    url: '/api/admin/insights/activity',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/activity.csv',
    url: '/api/admin/insights/activity.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/quizzes',
    url: '/api/admin/insights/quizzes',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/quizzes.csv',
    url: '/api/admin/insights/quizzes.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/team-tasks',
    url: '/api/admin/insights/team-tasks',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/insights/team-tasks.csv',
    url: '/api/admin/insights/team-tasks.csv',
    // Leads read their departments' figures (the restriction itself is tested in modules/insights).
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 200 }, ...outsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/backups',
    url: '/api/admin/backups',
    cells: adminOnly({ status: 200 }),
  },
  {
    // The test app has no embedded-database backup service (as on PostgreSQL): an admin is told to use pg_dump.
    method: 'POST',
    route: '/api/admin/backups',
    url: '/api/admin/backups',
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'GET',
    route: '/api/admin/launch-checklist',
    url: '/api/admin/launch-checklist',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/launch-checklist/state',
    url: '/api/admin/launch-checklist/state',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/launch-checklist/state',
    url: '/api/admin/launch-checklist/state',
    payload: { dismissed: false },
    cells: adminOnly({ status: 200 }),
  },
  {
    // The test app has no SMTP_URL: the answer says e-mail is not set up, and nothing is sent.
    method: 'POST',
    route: '/api/admin/launch-checklist/test-message',
    url: '/api/admin/launch-checklist/test-message',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/backups/:name',
    url: '/api/admin/backups/onboarding-2025-04-01T09-00-00-000Z.backup',
    cells: adminOnly({ status: 409 }),
  },
  {
    // No embedded-database backup service in the test app (as on PostgreSQL): an admin is told to use pg_restore.
    method: 'POST',
    route: '/api/admin/backups/:name/restore',
    url: '/api/admin/backups/onboarding-2025-04-01T09-00-00-000Z.backup/restore',
    payload: { confirmation: '2025-04-01' },
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/acknowledgments',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/acknowledgments`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/answers',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/answers`,
    cells: {
      admin: { status: 200, check: (body) => expect(memberFormAnswersSchema.parse(JSON.parse(body)).email).toBe(FAY) },
      leadHere: {
        status: 200,
        check: (body) => expect(memberFormAnswersSchema.parse(JSON.parse(body)).email).toBe(FAY),
      },
      // Fay is in Finance; Leo leads Events: refused (and audited, see modules/answers).
      leadElsewhere: refused(403, NOT_YOUR_MEMBER_MESSAGE),
      ...answersOutsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/private-email',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/private-email`,
    cells: {
      admin: { status: 200, check: (body) => expect(privateEmailSchema.parse(JSON.parse(body)).email).toBe(FAY) },
      leadHere: { status: 200, check: (body) => expect(privateEmailSchema.parse(JSON.parse(body)).email).toBe(FAY) },
      // Fay is in Finance; Leo leads Events: refused (and audited, see modules/preboarding).
      leadElsewhere: refused(403, PRIVATE_EMAIL_NOT_YOUR_MEMBER_MESSAGE),
      ...outsiders,
    },
  },
  {
    method: 'PUT',
    route: '/api/admin/members/:email/private-email',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/private-email`,
    payload: { privateEmail: 'fay.home@example.com' },
    cells: adminOnly({ status: 200 }),
  },
  // The Google Workspace account (modules/workspace): admins only. Writing is off in the test app, so a change is
  // refused with 409 (whoever runs the server turns it on), while reading and cancelling answer.
  {
    method: 'GET',
    route: '/api/admin/members/:email/workspace-account',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-account`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/members/:email/workspace-account',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-account`,
    payload: { givenName: 'Fay', familyName: 'Finance' },
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/members/:email/workspace-suspension',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-suspension`,
    payload: { dueOn: '2026-12-31' },
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/members/:email/workspace-suspension',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-suspension`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/workspace-groups',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-groups`,
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'POST',
    route: '/api/admin/members/:email/workspace-groups',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/workspace-groups`,
    payload: { add: [], remove: [] },
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'GET',
    route: '/api/admin/workspace/groups',
    url: '/api/admin/workspace/groups',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/workspace/groups',
    url: '/api/admin/workspace/groups',
    payload: { rules: [] },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/workspace/groups-check',
    url: '/api/admin/workspace/groups-check',
    cells: adminOnly({ status: 200 }),
  },
  // What the directory read found: no directory in the test app, so 'Read now' is refused with 409.
  {
    method: 'GET',
    route: '/api/admin/workspace/directory',
    url: '/api/admin/workspace/directory',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/admin/workspace/directory/read',
    url: '/api/admin/workspace/directory/read',
    cells: adminOnly({ status: 409 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/directory',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/directory`,
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/workspace/org-units',
    url: '/api/admin/workspace/org-units',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/workspace/org-units',
    url: '/api/admin/workspace/org-units',
    payload: { rules: [] },
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/answers/files/:fileId',
    // Fay sent no file: readers of her answers get 404 (the file itself is tested in modules/answers), others as above.
    url: `/api/admin/members/${encodeURIComponent(FAY)}/answers/files/00000000-0000-4000-8000-000000000000`,
    cells: {
      admin: { status: 404 },
      leadHere: { status: 404 },
      leadElsewhere: refused(403, NOT_YOUR_MEMBER_MESSAGE),
      ...answersOutsiders,
    },
  },
  {
    method: 'GET',
    route: '/api/admin/forms/:stepId/answers.csv',
    // The test catalog has no form step: readers get 404 (the export itself is tested in modules/answers).
    url: '/api/admin/forms/no-such-form/answers.csv?sensitive=include',
    cells: { admin: { status: 404 }, leadHere: { status: 404 }, leadElsewhere: { status: 404 }, ...answersOutsiders },
  },
  {
    method: 'GET',
    route: '/api/admin/acknowledgments.csv',
    url: '/api/admin/acknowledgments.csv',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/acknowledgments/pending',
    url: '/api/admin/acknowledgments/pending',
    cells: adminOnly({ status: 200 }),
  },
  // The content studio (rows in this order: the draft stored in beforeAll is discarded by the DELETE row).
  { method: 'GET', route: '/api/studio', url: '/api/studio', cells: contentEditors({ status: 200 }) },
  { method: 'GET', route: '/api/studio/access', url: '/api/studio/access', cells: contentEditors({ status: 200 }) },
  {
    method: 'PUT',
    route: '/api/studio/draft',
    url: '/api/studio/draft',
    payload: { catalog: [], baseUpdatedAt: '2000-01-01T00:00:00.000Z' },
    cells: contentEditors({ status: 409 }),
  },
  {
    method: 'PATCH',
    route: '/api/studio/draft',
    url: '/api/studio/draft',
    payload: { baseUpdatedAt: '2000-01-01T00:00:00.000Z', roles: [], order: [] },
    cells: contentEditors({ status: 409 }),
  },
  {
    method: 'POST',
    route: '/api/studio/publish',
    url: '/api/studio/publish',
    payload: { materialChanges: [] },
    cells: contentEditors({ status: 422 }),
  },
  { method: 'DELETE', route: '/api/studio/draft', url: '/api/studio/draft', cells: contentEditors({ status: 204 }) },
  { method: 'GET', route: '/api/studio/versions', url: '/api/studio/versions', cells: contentEditors({ status: 200 }) },
  {
    method: 'GET',
    route: '/api/studio/versions/:version',
    url: '/api/studio/versions/1',
    cells: contentEditors({ status: 200 }),
  },
  {
    method: 'POST',
    route: '/api/studio/versions/:version/restore',
    url: '/api/studio/versions/99/restore',
    cells: contentEditors({ status: 404 }),
  },
  { method: 'GET', route: '/api/studio/usage', url: '/api/studio/usage', cells: contentEditors({ status: 200 }) },
  { method: 'GET', route: '/api/studio/retakes', url: '/api/studio/retakes', cells: contentEditors({ status: 200 }) },
  { method: 'GET', route: '/api/studio/assets', url: '/api/studio/assets', cells: contentEditors({ status: 200 }) },
  {
    method: 'GET',
    route: '/api/studio/team-tasks',
    url: '/api/studio/team-tasks',
    cells: contentEditors({ status: 200 }),
  },
  // A plain-text body is refused after the permission check (415), so nothing is stored by any cell.
  {
    method: 'POST',
    route: '/api/studio/assets',
    url: '/api/studio/assets',
    payload: 'hello',
    cells: contentEditors({ status: 415 }),
  },
  {
    method: 'GET',
    route: '/api/admin/members/:email/mail',
    url: `/api/admin/members/${encodeURIComponent(FAY)}/mail`,
    cells: { admin: { status: 200 }, leadHere: { status: 200 }, leadElsewhere: { status: 404 }, ...outsiders },
  },
  {
    method: 'PUT',
    route: '/api/admin/members/:email/mail',
    url: `/api/admin/members/${encodeURIComponent(TARGET)}/mail`,
    payload: { startOn: '2025-03-03', remindersPaused: true },
    cells: adminOnly({
      status: 200,
      check: (body) => expect(memberMailResponseSchema.parse(JSON.parse(body)).startOnSet).toBe('2025-03-03'),
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/outbox',
    url: '/api/admin/outbox',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/outbox/:id',
    url: '/api/admin/outbox/00000000-0000-0000-0000-000000000000',
    cells: adminOnly({ status: 404 }),
  },
  {
    method: 'POST',
    route: '/api/admin/digest',
    url: '/api/admin/digest',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'GET',
    route: '/api/admin/digest',
    url: '/api/admin/digest',
    cells: adminOnly({ status: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/digest',
    url: '/api/admin/digest',
    payload: { digestOn: true },
    cells: adminOnly({ status: 200 }),
  },
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
