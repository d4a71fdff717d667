import type { LaunchCheck } from '../../../shared/launch-checklist-api.js';
import type { Config } from '../../env.js';
import {
  loadServiceAccountKey,
  type ServiceAccountKey,
  WORKSPACE_SCOPES,
  WorkspaceConnection,
  WorkspaceError,
  workspaceError,
} from '../workspace/index.js';
import type { CheckResult } from './check-result.js';

/**
 * The Google Workspace connection's check (docs/operations.md#google-workspace), for `npm run doctor` and the launch
 * checklist: the key file reads, Google grants the service account a token for each scope the app needs (the
 * directory read, and the write scopes when writing is on), and the directory answers for the administrator it acts
 * as. A scope the domain-wide delegation lacks is named exactly, with where to add it.
 */

const TITLE = 'Google Workspace';

/** Where the delegation's scopes are edited, in Google's Admin console. */
const DELEGATION_PAGE = 'Security → Access and data control → API controls → Domain-wide delegation';

/**
 * The scopes the app asks for with these settings.
 * @param write whether writing is on (GOOGLE_WORKSPACE_WRITE)
 */
export function scopesNeeded(write: boolean): string[] {
  return write
    ? [WORKSPACE_SCOPES.readUsers, WORKSPACE_SCOPES.writeUsers, WORKSPACE_SCOPES.groupMembers]
    : [WORKSPACE_SCOPES.readUsers];
}

/** What {@link checkWorkspace} found; `missingScopes` when the delegation lacks some. */
export type WorkspaceCheckResult = CheckResult & { missingScopes?: string[] };

const result = (status: CheckResult['status'], detail: string, fix?: string): WorkspaceCheckResult =>
  fix === undefined
    ? { id: 'workspace', title: TITLE, status, detail }
    : { id: 'workspace', title: TITLE, status, detail, fix };

/**
 * Checks the Workspace connection.
 * @param config the configuration (its `directory`)
 * @param timeoutMs milliseconds each request to Google may take
 * @returns `skipped` without the directory; `problem` naming what is wrong (unreadable key, refused sign-in, a scope
 *   the delegation lacks, the directory refusing the administrator, Google unreachable); else `ok`
 */
export async function checkWorkspace(config: Config, timeoutMs: number): Promise<WorkspaceCheckResult> {
  const settings = config.directory;
  if (settings === undefined) {
    return result('skipped', 'The Workspace directory is not configured: roles come from member records only.');
  }
  let key: ServiceAccountKey;
  try {
    key = loadServiceAccountKey(settings.serviceAccountKeyFile);
  } catch (error) {
    return result(
      'problem',
      error instanceof Error ? error.message : String(error),
      "Download the service account's JSON key again and point GOOGLE_SERVICE_ACCOUNT_KEY_FILE at it.",
    );
  }
  const connection = new WorkspaceConnection({
    key,
    adminEmail: settings.adminEmail,
    apiUrl: settings.apiUrl,
    timeoutMs,
  });
  const needed = scopesNeeded(settings.write);
  const client = key.client_id === undefined ? 'the service account' : `the client ID ${key.client_id}`;
  try {
    const missing = await connection.missingScopes(needed);
    if (missing.length > 0) {
      return {
        ...result(
          'problem',
          `The domain-wide delegation of ${key.client_email} lacks ${missing.length === 1 ? 'the scope' : 'the scopes'} ${missing.join(', ')}.`,
          `In the Google Admin console, ${DELEGATION_PAGE}: edit ${client} and add ${missing.join(',')} to its OAuth scopes (keep the ones it has).`,
        ),
        missingScopes: missing,
      };
    }
    await connection
      .directory([WORKSPACE_SCOPES.readUsers])
      .users.get({ userKey: settings.adminEmail, fields: 'primaryEmail' }, { retryConfig: { retry: 0 } });
  } catch (error) {
    const failure = error instanceof WorkspaceError ? error : workspaceError(error, 'reading the directory');
    return result('problem', `${failure.message}.`, fixFor(failure, settings.adminEmail));
  }
  const writing = settings.write
    ? 'Writing is on: accounts may be created, suspended and grouped.'
    : 'Writing is off (GOOGLE_WORKSPACE_WRITE): the app only reads the directory.';
  return result(
    'ok',
    `${key.client_email} reads the directory as ${settings.adminEmail}, with the scopes ${needed.join(', ')}. ${writing}`,
  );
}

/** How to fix a failure of the connection. */
function fixFor(failure: WorkspaceError, adminEmail: string): string {
  switch (failure.failure) {
    case 'refused':
      return `Check that GOOGLE_DIRECTORY_ADMIN_EMAIL (${adminEmail}) is an administrator of the domain, and that the key file is the service account's current key.`;
    case 'unavailable':
      return 'Check that this machine reaches oauth2.googleapis.com and admin.googleapis.com over HTTPS (proxy, firewall, DNS), then run the check again.';
    default:
      return `Check that the Admin SDK API is enabled in the service account's Google Cloud project and that ${adminEmail} may read users (docs/operations.md#google-workspace).`;
  }
}

/**
 * The Workspace check in plain language, for the launch checklist (docs/product.md#launch-checklist).
 * @param check the result of {@link checkWorkspace}
 * @param technical the doctor's finding and fix, for whoever runs the server
 */
export function workspaceLaunchCheck(check: WorkspaceCheckResult, technical: string): LaunchCheck {
  const base = { id: 'workspace' as const, title: TITLE, technical, links: [] };
  if (check.status === 'ok') {
    return { ...base, status: 'ok', summary: 'The app can read your Google Workspace directory.' };
  }
  if (check.status === 'skipped') {
    return {
      ...base,
      status: 'skipped',
      summary: "The app is not connected to your Google Workspace directory: members' roles come from their records.",
    };
  }
  return {
    ...base,
    status: 'problem',
    ...(check.missingScopes === undefined
      ? {
          summary: 'The app cannot reach your Google Workspace directory.',
          todo: 'Ask whoever runs the server to fix it: the details below say what is wrong and how.',
        }
      : {
          summary: 'Google does not yet let the app do everything it needs in your Google Workspace.',
          todo: `Ask a Google Workspace administrator to give the app's service account ${check.missingScopes.length === 1 ? 'this permission' : 'these permissions'} in Google's Admin console (${DELEGATION_PAGE}): ${check.missingScopes.join(', ')}.`,
        }),
  };
}
