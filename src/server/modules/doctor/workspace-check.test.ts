import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.js';
import { workspacePeerForFile } from '../../test/file-servers.js';
import { WORKSPACE_SCOPES } from '../workspace/index.js';
import { checkWorkspace, scopesNeeded, workspaceLaunchCheck } from './workspace-check.js';

/**
 * The Google Workspace check of the doctor and the launch checklist (docs/operations.md#google-workspace), against the
 * local protocol peer of Google's token endpoint and Directory API.
 */

const ADMIN = 'directory-admin@inspired2uplift.org';
const ALL: string[] = Object.values(WORKSPACE_SCOPES);

const peer = workspacePeerForFile(ADMIN);
beforeEach(() => {
  peer.addUser(ADMIN);
  peer.delegatedScopes = new Set(ALL);
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    GOOGLE_SERVICE_ACCOUNT_KEY_FILE: peer.keyFile,
    GOOGLE_DIRECTORY_ADMIN_EMAIL: ADMIN,
    GOOGLE_DIRECTORY_API_URL: peer.apiUrl,
    ...env,
  });

describe('checkWorkspace', () => {
  it('does not apply without the directory', async () => {
    const check = await checkWorkspace(loadConfig({}), 2000);
    expect(check).toMatchObject({ id: 'workspace', status: 'skipped' });
    expect(workspaceLaunchCheck(check, check.detail).status).toBe('skipped');
  });

  it('is ok when every scope the settings need is delegated, saying whether writing is on', async () => {
    const reading = await checkWorkspace(config(), 2000);
    expect(reading.status).toBe('ok');
    expect(reading.detail).toContain('Writing is off');
    const writing = await checkWorkspace(config({ GOOGLE_WORKSPACE_WRITE: 'true' }), 2000);
    expect(writing.status).toBe('ok');
    expect(writing.detail).toContain('Writing is on');
  });

  it('names exactly the scopes the delegation lacks, for each setting of writing and each delegation', async () => {
    for (const write of [false, true]) {
      for (let mask = 0; mask < 1 << ALL.length; mask += 1) {
        const granted = ALL.filter((_, i) => (mask & (1 << i)) !== 0);
        peer.delegatedScopes = new Set(granted);
        const missing = scopesNeeded(write).filter((scope) => !granted.includes(scope));
        const check = await checkWorkspace(config({ GOOGLE_WORKSPACE_WRITE: String(write) }), 2000);
        expect(check.status).toBe(missing.length === 0 ? 'ok' : 'problem');
        expect(check.missingScopes ?? []).toEqual(missing);
        if (missing.length > 0) {
          expect(check.fix).toContain(`edit the client ID 104857392011234567890 and add ${missing.join(',')}`);
          const plain = workspaceLaunchCheck(check, check.detail);
          expect(plain.status).toBe('problem');
          expect(plain.todo).toContain(missing.join(', '));
        }
      }
    }
  });

  it('says when Google refuses the administrator, the directory does not know them, or Google cannot be reached', async () => {
    const refused = await checkWorkspace(config({ GOOGLE_DIRECTORY_ADMIN_EMAIL: 'nobody@inspired2uplift.org' }), 2000);
    expect(refused).toMatchObject({ status: 'problem' });
    expect(refused.detail).toContain('invalid_grant');
    expect(refused.fix).toContain('is an administrator of the domain');

    peer.users.clear();
    const unknown = await checkWorkspace(config(), 2000);
    expect(unknown.status).toBe('problem');
    expect(unknown.detail).toContain('Google answered 404');
    expect(unknown.fix).toContain('Admin SDK API is enabled');

    const unreachable = await checkWorkspace(config({ GOOGLE_DIRECTORY_API_URL: 'http://127.0.0.1:9' }), 2000);
    expect(unreachable.status).toBe('problem');
    expect(unreachable.detail).toContain('could not be reached');
    expect(workspaceLaunchCheck(unreachable, unreachable.detail).summary).toBe(
      'The app cannot reach your Google Workspace directory.',
    );
  });

  it('names the key file when it is not a service account key', async () => {
    const check = await checkWorkspace(config({ GOOGLE_SERVICE_ACCOUNT_KEY_FILE: '/nonexistent/key.json' }), 2000);
    expect(check.status).toBe('problem');
    expect(check.detail).toContain('/nonexistent/key.json');
  });
});
