import type { RoleCatalog } from '../../shared/roles.js';
import { createTestApp, signInWithGoogleSession, type TestApp } from './test-app.js';
import { storeMembers } from './test-members.js';
import type { WorkspacePeer } from './workspace-peer.js';

/**
 * The app of the Google Workspace tests (docs/product.md#google-workspace-accounts): its Workspace is the local
 * protocol peer of Google's Directory API (workspace-peer.ts), started by the test file.
 */

/** The delegated administrator the tests' peer is started for (`GOOGLE_DIRECTORY_ADMIN_EMAIL`). */
export const DELEGATED = 'directory-admin@inspired2uplift.org';

/**
 * The configuration of an app whose Google Workspace is `peer`.
 * @param peer the started peer
 * @param admin the address of ADMIN_EMAILS
 * @param more further settings, over the others (e.g. `TIME_ZONE`, `SMTP_URL`, `GOOGLE_WORKSPACE_WRITE: 'false'`)
 * @returns ADMIN_EMAILS, the peer's settings and GOOGLE_WORKSPACE_WRITE=true, then `more`
 */
export const workspaceEnv = (
  peer: WorkspacePeer,
  admin: string,
  more: Record<string, string> = {},
): Record<string, string> => ({ ADMIN_EMAILS: admin, ...peer.appEnv, GOOGLE_WORKSPACE_WRITE: 'true', ...more });

/**
 * A test app whose Google Workspace is `peer`, as the Workspace tests start one before each test: the test clock at
 * 10:00 UTC on Monday 2 March 2026, the `volunteers` stored as volunteers' member records, the admin signed in (a
 * session as a Google sign-in leaves).
 * @param peer the started peer
 * @param options `admin`: the admin's address; `env`: the app's configuration (default {@link workspaceEnv} of the
 *   peer and admin); `catalog`: the roles (default the test catalog); `volunteers`: address → department
 * @returns the app (close it in `afterEach`) and the `cookie` header value of the admin's session
 * @throws the database's or the app's error when the start fails
 */
export async function startWorkspaceApp(
  peer: WorkspacePeer,
  options: {
    admin: string;
    env?: Record<string, string>;
    catalog?: RoleCatalog;
    volunteers?: Readonly<Record<string, string>>;
  },
): Promise<{ t: TestApp; cookie: string }> {
  const { admin, env = workspaceEnv(peer, admin), catalog, volunteers = {} } = options;
  const t = await createTestApp({ env, ...(catalog === undefined ? {} : { catalog }) });
  t.clock.now = new Date('2026-03-02T10:00:00Z');
  await storeMembers(
    t,
    Object.entries(volunteers).map(([email, department]) => ({ email, role: 'volunteer', department, isAdmin: false })),
  );
  return { t, cookie: await signInWithGoogleSession(t, { email: admin, name: 'Boss' }) };
}
