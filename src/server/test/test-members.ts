import { eq } from 'drizzle-orm';
import { memberDetailSchema, type MemberDetail } from '../../shared/admin-api.js';
import { users } from '../db/schema.js';
import { upsertMember, type MemberInput } from '../modules/members/members.repository.js';
import { signIn, signInWithGoogleSession, updateStoredUser, type TestApp } from './test-app.js';

/**
 * The people of the server tests (docs/architecture.md#tests): a member of a role, signed in; the lead of a
 * department; a content editor; a person given a role on their user record alone. Each is stored as the app stores it,
 * and each helper returns once the app has heard the write (db/changes.ts), so that the next request reads it.
 */

/** A member signed in through the development sign-in. */
export interface SignedInMember {
  /** The `cookie` header value of their session. */
  cookie: string;
  email: string;
  name: string;
  /** Their user id. */
  id: string;
}

/** Who a new member is: any of their member record's settings and their name; the rest as {@link signInMember} says. */
export type NewMember = Partial<Omit<MemberInput, 'isAdmin'>> & { name?: string };

let people = 0;

/**
 * Stores member records and waits until the app has heard them.
 * @param t the test app
 * @param records the member records, as an administrator sets them
 * @throws the database error when a write fails
 */
export async function storeMembers(
  t: Pick<TestApp, 'app' | 'database'>,
  records: readonly MemberInput[],
): Promise<void> {
  for (const record of records) await upsertMember(t.database.db, record);
  await t.app.changeFeed.settle();
}

/**
 * The member record of the lead of `department`: `<department>-lead@inspired2uplift.org` (lower case), a volunteer of
 * that department who leads it (read-only admin access to its members, docs/product.md#admin-area).
 * @param department the department's name, e.g. 'Events'
 */
export const leadRecord = (department: string): MemberInput => ({
  email: `${department.toLowerCase()}-lead@inspired2uplift.org`,
  role: 'volunteer',
  department,
  isAdmin: false,
  leadOf: [department],
});

/**
 * The user id of the person signed in with `email`.
 * @param t the test app
 * @param email the e-mail address (lower case)
 * @throws Error when no one with that address ever signed in
 */
export async function userIdOf(t: Pick<TestApp, 'database'>, email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * A new member, signed in: stores their member record (not an admin), signs them in through the development sign-in
 * and reads their user id.
 * @param t the test app
 * @param person `email` (default `member-<n>@inspired2uplift.org`, a new address on every call), `name` (default
 *   'Sam'), `role` (default 'volunteer'), `department` (default 'Events'), and `leadOf` / `isEditor` when wanted
 * @returns their cookie, e-mail address, name and user id
 * @throws Error when the sign-in is refused
 */
export async function signInMember(
  t: Pick<TestApp, 'app' | 'database'>,
  person: NewMember = {},
): Promise<SignedInMember> {
  people += 1;
  const {
    email = `member-${people}@inspired2uplift.org`,
    name = 'Sam',
    role = 'volunteer',
    department = 'Events',
    ...record
  } = person;
  await storeMembers(t, [{ email, role, department, isAdmin: false, ...record }]);
  const cookie = await signIn(t.app, { email, name });
  return { cookie, email, name, id: await userIdOf(t, email) };
}

/**
 * A content editor (docs/product.md#content-studio), signed in: stores the member record of a volunteer of the
 * Operations department who may edit content, then signs them in.
 * @param t the test app
 * @param editor the editor's e-mail address (lower case) and name
 * @param session 'google' (default): a session as a Google sign-in leaves (see signInWithGoogleSession);
 *   'development': through the development sign-in
 * @returns the `cookie` header value of their session
 */
export async function signInEditor(
  t: TestApp,
  editor: { email: string; name: string },
  session: 'google' | 'development' = 'google',
): Promise<string> {
  await storeMembers(t, [
    { email: editor.email, role: 'volunteer', department: 'Operations', isAdmin: false, isEditor: true },
  ]);
  return session === 'google' ? signInWithGoogleSession(t, editor) : signIn(t.app, editor);
}

/**
 * Signs a person in through the development sign-in and gives them `role` on their user record (as a sign-in from the
 * Workspace directory would), with no member record: how the tests of a role's steps meet those steps.
 * @param t the test app
 * @param email the e-mail address (any case)
 * @param role the role key
 * @param name their name (default: what the development sign-in makes of the address)
 * @returns the `cookie` header value of their session
 */
export async function signInWithRole(
  t: Pick<TestApp, 'app' | 'database'>,
  email: string,
  role: string,
  name?: string,
): Promise<string> {
  const cookie = await signIn(t.app, name === undefined ? { email } : { email, name });
  await updateStoredUser(t, email.toLowerCase(), { role });
  return cookie;
}

/**
 * Sets a member record through the admin API (PUT /api/admin/members/:email), as an admin does on the member page: what
 * the route does besides storing it happens too (a start date's team tasks, the buddy, the private address, ending the
 * person's sessions), unlike {@link storeMembers}.
 * @param t the test app
 * @param adminCookie the `cookie` header value of an admin's session
 * @param email the member's address
 * @param record the request's body: `role`, `department`, `isAdmin`, and any of `startOn`, `buddy`, `privateEmail`…
 * @returns the member page the route answers
 * @throws Error with the answer when it is not 200
 */
export async function putMemberRecord(
  t: Pick<TestApp, 'app'>,
  adminCookie: string,
  email: string,
  record: Record<string, unknown>,
): Promise<MemberDetail> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/members/${encodeURIComponent(email)}`,
    headers: { cookie: adminCookie },
    payload: record,
  });
  if (res.statusCode !== 200) throw new Error(`PUT ${email}: ${res.statusCode} ${res.body}`);
  return memberDetailSchema.parse(res.json());
}
