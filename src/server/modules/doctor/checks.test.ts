import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../db/client.js';
import { projectRoot } from '../../project-root.js';
import { freePort, startServer } from '../../test/server-process.js';
import { TestOidcProvider } from '../../test/test-oidc-provider.js';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { backupFileName } from '../backups/backups.js';
import { type CheckId, type CheckResult, formatReport, runChecks } from './checks.js';

/**
 * The doctor (docs/operations.md#checking-an-installation) against a real installation: an embedded database in a
 * data folder, a local OpenID provider (oauth2-mock-server) for the discovery document, and an SMTP server on loopback.
 */

let provider: TestOidcProvider;
let smtp: TestSmtp;
let scratch: string;
/** A migrated embedded database, shared by the tests that only read it. */
let dataDir: string;
const NOW = new Date('2026-11-26T12:00:00Z');

beforeAll(async () => {
  provider = await TestOidcProvider.start();
  smtp = await startTestSmtp();
  scratch = mkdtempSync(path.join(tmpdir(), 'onboarding-doctor-'));
  dataDir = path.join(scratch, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await database.close();
  mkdirSync(path.join(dataDir, 'backups'));
  writeFileSync(path.join(dataDir, 'backups', backupFileName(new Date(NOW.getTime() - 3_600_000))), 'a backup');
}, 120_000);

afterAll(async () => {
  await provider.stop();
  await smtp.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A configured installation: the settings of the tests' local services. */
function installation(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    GOOGLE_CLIENT_ID: 'doctor-client',
    GOOGLE_CLIENT_SECRET: 'doctor-secret',
    OIDC_ISSUER: provider.issuer,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Onboarding <onboarding@inspired2uplift.org>',
    ...overrides,
  };
}

const find = (results: CheckResult[], id: CheckId): CheckResult => {
  const found = results.find((r) => r.id === id);
  if (found === undefined) throw new Error(`no ${id} check in ${results.map((r) => r.id).join(', ')}`);
  return found;
};

describe('npm run doctor on a healthy installation', { timeout: 120_000 }, () => {
  it('finds nothing wrong, shows the redirect address, and sends the opt-in test message', async () => {
    const before = smtp.messages.length;
    const results = await runChecks({ env: installation(), sendTestTo: 'admin@inspired2uplift.org', now: NOW });
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['env-file', 'skipped'],
      ['configuration', 'ok'],
      ['database', 'ok'],
      ['google', 'ok'],
      ['workspace', 'skipped'],
      ['mail', 'ok'],
      ['data-folder', 'ok'],
      ['backups', 'ok'],
    ]);
    expect(find(results, 'database').detail).toContain('migrated');
    expect(find(results, 'google').detail).toContain('redirect address http://localhost:3000/login');
    await smtp.waitFor(before + 1);
    const sent = smtp.messages[before];
    expect(sent?.subject).toBe('INSPIRED 2 UPLIFT Onboarding: test message');
    expect(sent?.to).toMatchObject({ text: 'admin@inspired2uplift.org' });
    expect(formatReport(results)).toContain('Everything checked is in order.');
  });

  it('sends nothing without --send-test-to', async () => {
    const before = smtp.messages.length;
    const results = await runChecks({ env: installation(), now: NOW });
    expect(find(results, 'mail')).toMatchObject({ status: 'ok' });
    expect(find(results, 'mail').detail).toContain('--send-test-to');
    expect(smtp.messages.length).toBe(before);
  });
});

describe('npm run doctor while the server runs on the embedded database', { timeout: 180_000 }, () => {
  it("asks the running server's health check instead of opening the database", async () => {
    const serverData = path.join(scratch, 'served');
    const port = await freePort();
    const server = await startServer({ env: { DATA_DIR: serverData }, port, readyTimeoutMs: 120_000 });
    try {
      const results = await runChecks({
        env: installation({ DATA_DIR: serverData, PORT: String(port), HOST: '127.0.0.1' }),
        now: NOW,
      });
      const check = find(results, 'database');
      expect(check.status).toBe('ok');
      expect(check.detail).toContain(`(pid ${server.child.pid}) is running on ${serverData}`);
      expect(check.detail).toContain(`its health check (http://127.0.0.1:${port}/api/health) answers 200`);
    } finally {
      await server.stop();
    }
  });
});

describe('npm run doctor reports what is broken, with a fix', { timeout: 120_000 }, () => {
  it('an invalid configuration: every problem the server would refuse, and nothing else is checked', async () => {
    const results = await runChecks({
      env: installation({ PUBLIC_URL: 'onboarding.example.org', SMTP_URL: 'mail.example.org' }),
    });
    expect(results.map((r) => r.id)).toEqual(['env-file', 'configuration']);
    const check = find(results, 'configuration');
    expect(check.status).toBe('problem');
    expect(check.detail).toContain('PUBLIC_URL:');
    expect(check.detail).toContain('SMTP_URL:');
    expect(check.fix).toContain('docs/operations.md#configuration');
    expect(formatReport(results)).toMatch(/PROBLEM +Configuration: [^]*Fix: /u);
  });

  it('a database without the migrations', async () => {
    const empty = path.join(scratch, 'unmigrated');
    const database = await openDatabase({ dataDir: empty });
    await database.close();
    const results = await runChecks({ env: installation({ DATA_DIR: empty }), now: NOW });
    expect(find(results, 'database')).toMatchObject({ status: 'problem' });
    expect(find(results, 'database').detail).toMatch(
      /Reachable, but \d+ of the code's \d+ migrations are not applied/u,
    );
    expect(find(results, 'database').fix).toContain('npm run db:migrate');
  });

  it('TRUST_PROXY trusting whoever connects on a bind anyone can reach', async () => {
    const open = find(
      await runChecks({ env: installation({ TRUST_PROXY: '1', HOST: '0.0.0.0' }), now: NOW }),
      'configuration',
    );
    expect(open).toMatchObject({ status: 'problem', fix: expect.stringContaining('HOST=127.0.0.1') });
    expect(open.detail).toContain('can forge X-Forwarded-For');
    for (const safe of [
      { TRUST_PROXY: '1', HOST: '127.0.0.1' },
      { TRUST_PROXY: '172.30.0.10', HOST: '0.0.0.0' },
    ]) {
      expect(find(await runChecks({ env: installation(safe), now: NOW }), 'configuration').status).toBe('ok');
    }
  });

  it('a provider whose discovery document cannot be fetched', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const results = await runChecks({ env: installation({ OIDC_ISSUER: closed }), now: NOW, timeoutMs: 3000 });
    expect(find(results, 'google')).toMatchObject({ status: 'problem' });
    expect(find(results, 'google').detail).toContain(`${closed}/.well-known/openid-configuration`);
    expect(find(results, 'google').fix).toContain('OIDC_ISSUER');
  });

  it('an SMTP server that cannot be reached', async () => {
    const results = await runChecks({
      env: installation({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }),
      now: NOW,
      timeoutMs: 3000,
    });
    expect(find(results, 'mail')).toMatchObject({ status: 'problem' });
    expect(find(results, 'mail').fix).toContain('Check SMTP_URL');
  });

  it('a last backup older than the schedule', async () => {
    const results = await runChecks({ env: installation(), now: new Date(NOW.getTime() + 3 * 86_400_000) });
    const check = find(results, 'backups');
    expect(check.status).toBe('problem');
    expect(check.detail).toContain('taken 3 days ago');
    expect(check.detail).toContain('every 24 h');
  });

  it('no backup at all', async () => {
    const results = await runChecks({ env: installation({ DATA_DIR: path.join(scratch, 'unmigrated') }), now: NOW });
    expect(find(results, 'backups')).toMatchObject({ status: 'problem' });
    expect(find(results, 'backups').fix).toContain('Backups tab');
  });

  it('a data folder and a settings file open to other users', async () => {
    const open = path.join(scratch, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    const envFile = path.join(scratch, '.env');
    writeFileSync(envFile, 'PORT=3000\n', { mode: 0o644 });
    chmodSync(envFile, 0o644);
    const results = await runChecks({ env: installation({ DATA_DIR: open }), envFile, now: NOW });
    expect(find(results, 'data-folder')).toMatchObject({ status: 'warning', fix: `chmod 700 ${open}` });
    expect(find(results, 'env-file')).toMatchObject({ status: 'warning', fix: `chmod 600 ${envFile}` });
  });
});

describe('the doctor command', { timeout: 120_000 }, () => {
  it("prints a migration fix that migrates the database it checked (a .env's DATA_DIR), after which it is happy", async () => {
    const folder = path.join(scratch, 'fix-by-fix');
    const database = await openDatabase({ dataDir: path.join(folder, 'data') });
    await database.close();
    const envFile = path.join(folder, 'settings.env');
    writeFileSync(envFile, `DATA_DIR=${path.join(folder, 'data')}\n`, { mode: 0o600 });
    const shell = promisify(execFile);
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'development' };
    const doctor = [
      '--import',
      'tsx',
      path.join(projectRoot, 'src/server/modules/doctor/doctor-cli.ts'),
      '--dotenv',
      envFile,
    ];
    const before = await shell(process.execPath, doctor, { cwd: projectRoot, env }).catch(
      (error: unknown) => error as { stdout: string },
    );
    const fix = /PROBLEM +Database: .*\n +Fix: Run `([^`]+)`/u.exec(before.stdout)?.[1];
    expect(fix).toBe(`npm run db:migrate -- --dotenv ${envFile}`);
    await shell('sh', ['-c', fix ?? 'false'], { cwd: projectRoot, env });
    const after = await shell(process.execPath, doctor, { cwd: projectRoot, env }).catch(
      (error: unknown) => error as { stdout: string },
    );
    expect(after.stdout).toMatch(/ok +Database: Reachable and migrated/u);
  });

  it('prints the problems with their fixes and exits 1', async () => {
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/modules/doctor/doctor-cli.ts'), '--no-dotenv'],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir },
      },
    ).then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('PROBLEM  Configuration: The server would refuse to start:');
    expect(failure?.stdout).toContain('- SECRETS_KEY: is required when NODE_ENV=production');
    expect(failure?.stdout).toContain('Fix: ');
  });

  it('refuses an address that is not one for --send-test-to', async () => {
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot, 'src/server/modules/doctor/doctor-cli.ts'),
        '--no-dotenv',
        '--send-test-to',
        'nobody',
      ],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '' } },
    ).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('--send-test-to: "nobody" is not an e-mail address.');
  });
});
