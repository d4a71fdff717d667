import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { workspacePeerForFile } from '../../test/file-servers.js';
import {
  loadServiceAccountKey,
  ServiceAccountKeyError,
  WORKSPACE_SCOPES,
  WorkspaceConnection,
  WorkspaceError,
  workspaceError,
} from './connection.js';

/**
 * The Workspace connection (docs/operations.md#google-workspace): Google's own clients against a local protocol peer
 * of the token endpoint and the Directory API (src/server/test/workspace-peer.ts), which checks the assertion as
 * Google does and answers with Google's error shapes.
 */

const ADMIN = 'directory-admin@inspired2uplift.org';
const ALL = Object.values(WORKSPACE_SCOPES);

const peer = workspacePeerForFile(ADMIN);
beforeEach(() => {
  peer.delegatedScopes = new Set(ALL);
});

const connect = (adminEmail = ADMIN, apiUrl = peer.apiUrl) =>
  new WorkspaceConnection({ key: loadServiceAccountKey(peer.keyFile), adminEmail, apiUrl, timeoutMs: 2000 });

/** What a call failed with, as the app reads it. */
async function failureOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return workspaceError(error, 'testing').failure;
  }
  return 'none';
}

const newUser = (primaryEmail: string) => ({
  primaryEmail,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  password: 'a-long-temporary-password',
  changePasswordAtNextLogin: true,
});

describe('WorkspaceConnection', () => {
  it("gets the token at the key's token URI and reuses it for the client's scopes", async () => {
    peer.addUser('ada@inspired2uplift.org');
    const connection = connect();
    const before = peer.tokensIssued;
    const users = connection.directory([WORKSPACE_SCOPES.readUsers]).users;
    expect((await users.get({ userKey: 'ada@inspired2uplift.org' })).data.primaryEmail).toBe('ada@inspired2uplift.org');
    await users.get({ userKey: 'ada@inspired2uplift.org' });
    expect(peer.tokensIssued).toBe(before + 1);
  });

  it('names exactly the scopes the delegation lacks, for every subset of the scopes', async () => {
    const connection = connect();
    for (let mask = 0; mask < 1 << ALL.length; mask += 1) {
      const granted = ALL.filter((_, i) => (mask & (1 << i)) !== 0);
      peer.delegatedScopes = new Set(granted);
      expect(await connection.missingScopes(ALL)).toEqual(ALL.filter((scope) => !granted.includes(scope)));
    }
  });

  it('throws "refused" when the administrator is not the one delegated to, "unavailable" when Google cannot be reached', async () => {
    const refused = await connect('someone-else@inspired2uplift.org')
      .missingScopes(ALL)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkspaceError);
    expect((refused as WorkspaceError).failure).toBe('refused');
    expect(await failureOf(() => connect(ADMIN, 'http://127.0.0.1:9').directory(ALL).users.get({ userKey: 'x' }))).toBe(
      'unavailable',
    );
  });

  it("reads Google's error shapes: 404, 409 duplicate, 403 insufficient scopes, 400", async () => {
    const write = connect().directory(ALL);
    const readOnly = connect().directory([WORKSPACE_SCOPES.readUsers]);
    expect(await failureOf(() => write.users.get({ userKey: 'nobody@inspired2uplift.org' }))).toBe('not-found');
    await write.users.insert({ requestBody: newUser('ada@inspired2uplift.org') });
    expect(await failureOf(() => write.users.insert({ requestBody: newUser('ada@inspired2uplift.org') }))).toBe(
      'duplicate',
    );
    expect(await failureOf(() => readOnly.users.insert({ requestBody: newUser('bo@inspired2uplift.org') }))).toBe(
      'missing-scope',
    );
    expect(
      await failureOf(() =>
        write.users.insert({ requestBody: { ...newUser('cy@inspired2uplift.org'), password: 'short' } }),
      ),
    ).toBe('other');
    expect(peer.users.has('bo@inspired2uplift.org')).toBe(false);
  });

  it('retries 429 and 503 with back-off, then answers', async () => {
    peer.addUser('ada@inspired2uplift.org');
    peer.groups.set('volunteers@inspired2uplift.org', new Set());
    const directory = connect().directory(ALL);
    peer.failNext = [429, 503];
    expect((await directory.users.get({ userKey: 'ada@inspired2uplift.org' })).status).toBe(200);
    expect(peer.failNext).toEqual([]);
    peer.failNext = [503, 503, 503, 503];
    expect(await failureOf(() => directory.users.get({ userKey: 'ada@inspired2uplift.org' }))).toBe('unavailable');
    // Three retries after the first answer: four answers of 503 in all.
    expect(peer.failNext).toEqual([]);
  });
});

describe('loadServiceAccountKey', () => {
  it('names the file and the problem', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-key-'));
    try {
      const notJson = path.join(dir, 'a.json');
      writeFileSync(notJson, 'nope');
      const notAKey = path.join(dir, 'b.json');
      writeFileSync(notAKey, JSON.stringify({ type: 'authorized_user' }));
      expect(() => loadServiceAccountKey(path.join(dir, 'missing.json'))).toThrow(
        /missing\.json\): cannot be read \(ENOENT\)/,
      );
      expect(() => loadServiceAccountKey(notJson)).toThrow(ServiceAccountKeyError);
      expect(() => loadServiceAccountKey(notAKey)).toThrow(
        /is not a service account key \(client_email, private_key\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
