import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { parseEnv } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.js';
import { freePort } from '../../test/server-process.js';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.js';
import { envValueProblem, runSetup } from './setup.js';

/**
 * `npm run setup` (docs/operations.md#setting-up-with-npm-run-setup): a scripted run with flags writes a `.env` the
 * server's configuration schema accepts for production; bad answers are refused with a sentence naming the variable;
 * an existing `.env` is never replaced without asking. SMTP is a real server on loopback.
 */

let smtp: TestSmtp;
let dir: string;
let envFile: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
});

afterAll(async () => {
  await smtp.close();
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'onboarding-setup-'));
  envFile = path.join(dir, '.env');
  return () => rmSync(dir, { recursive: true, force: true });
});

/** Runs the setup with `argv`, answering its questions with `answers` (one a line); returns the exit code and output. */
async function setup(argv: string[], answers: string[] = []): Promise<{ code: number; output: string }> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const code = await runSetup(argv, {
    input: Readable.from(answers.map((line) => `${line}\n`)),
    output,
    envFile,
    timeoutMs: 3000,
  });
  return { code, output: text };
}

const FLAGS = [
  '--public-url',
  'https://onboarding.example.org',
  '--google-client-id',
  '1234-abc.apps.googleusercontent.com',
  '--google-client-secret',
  'GOCSPX-secret',
  '--allowed-domain',
  'example.org',
  '--admins',
  'ada@example.org, Grace@example.org',
];

const written = () => parseEnv(readFileSync(envFile, 'utf8')) as Record<string, string>;

describe('npm run setup with flags (--yes)', () => {
  it('writes a .env for production that the server accepts, readable by its owner only', async () => {
    const { code, output } = await setup([
      ...FLAGS,
      '--smtp-url',
      smtp.url,
      '--mail-from',
      'Onboarding <onboarding@example.org>',
      '--yes',
    ]);
    expect(output).toContain(`Wrote ${envFile}`);
    expect(code).toBe(0);
    const env = written();
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://onboarding.example.org');
    expect(config.adminEmails).toEqual(['ada@example.org', 'grace@example.org']);
    expect(config.mail).toMatchObject({ smtpUrl: smtp.url, from: 'Onboarding <onboarding@example.org>' });
    expect(config.trustProxy).toBe(1);
    expect(config.databaseUrl).toBeUndefined();
    expect(Buffer.from(env.SECRETS_KEY ?? '', 'base64')).toHaveLength(32);
    expect((env.SESSION_SECRET ?? '').length).toBeGreaterThanOrEqual(32);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    expect(output).toContain('redirect address https://onboarding.example.org/login');
  });

  it('generates new secrets each time', async () => {
    await setup([...FLAGS, '--yes']);
    const first = written();
    rmSync(envFile);
    await setup([...FLAGS, '--yes']);
    expect(written().SECRETS_KEY).not.toBe(first.SECRETS_KEY);
    expect(written().SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });

  it.each([
    [['--public-url', 'http://onboarding.example.org'], 'PUBLIC_URL must be an https origin when NODE_ENV=production'],
    [
      ['--public-url', 'https://onboarding.example.org/app'],
      'PUBLIC_URL must be an origin like https://onboarding.example.org (no path)',
    ],
    [
      ['--google-client-id', 'my-client'],
      'GOOGLE_CLIENT_ID must be a Google client id, ending in .apps.googleusercontent.com',
    ],
    [
      ['--admins', 'ada@example.org,bob@gmail.com'],
      'ADMIN_EMAILS must be addresses of example.org (not bob@gmail.com)',
    ],
    [['--admins', 'ada'], 'ADMIN_EMAILS must be a comma-separated list of e-mail addresses'],
    [['--smtp-url', 'mail.example.org'], 'SMTP_URL must be an smtp:// or smtps:// URL'],
  ])('refuses %j with a clear message and writes nothing', async (bad, expected) => {
    const { code, output } = await setup([...FLAGS, ...bad, '--yes']);
    expect(code).toBe(1);
    expect(output).toContain(expected);
    expect(output).toContain('Nothing was written.');
    expect(() => statSync(envFile)).toThrow();
  });

  it('refuses an SMTP server and a database that cannot be reached', async () => {
    const smtpPort = await freePort();
    const smtpRun = await setup([...FLAGS, '--smtp-url', `smtp://127.0.0.1:${smtpPort}`, '--yes']);
    expect(smtpRun.code).toBe(1);
    expect(smtpRun.output).toContain(`SMTP_URL smtp://127.0.0.1:${smtpPort} refused or could not be reached`);
    const dbRun = await setup([
      ...FLAGS,
      '--database-url',
      `postgres://app:pw@127.0.0.1:${await freePort()}/onboarding`,
      '--yes',
    ]);
    expect(dbRun.code).toBe(1);
    expect(dbRun.output).toContain('DATABASE_URL the database could not be reached');
    expect(() => statSync(envFile)).toThrow();
  });

  it('writes HOST=127.0.0.1 with TRUST_PROXY, and refuses a bind anyone could reach with a hop count', async () => {
    expect((await setup([...FLAGS, '--yes'])).code).toBe(0);
    expect(written()).toMatchObject({ TRUST_PROXY: '1', HOST: '127.0.0.1', PORT: '3000' });
    rmSync(envFile);
    const open = await setup([...FLAGS, '--host', '0.0.0.0', '--yes']);
    expect(open.code).toBe(1);
    expect(open.output).toContain('HOST must be 127.0.0.1 (the proxy on this machine) with TRUST_PROXY=1');
    expect(() => statSync(envFile)).toThrow();
    // Trusting only the proxy's own address is safe on every interface (the container behind compose's Caddy).
    const byAddress = await setup([...FLAGS, '--host', '0.0.0.0', '--trust-proxy', '172.30.0.10', '--yes']);
    expect(byAddress.code).toBe(0);
    expect(written()).toMatchObject({ HOST: '0.0.0.0', TRUST_PROXY: '172.30.0.10' });
  });

  it('writes every value without quotes, and refuses one the container would read differently', async () => {
    const { code } = await setup([
      ...FLAGS,
      '--mail-from',
      'Onboarding <onboarding@example.org>',
      '--smtp-url',
      smtp.url,
      '--yes',
    ]);
    expect(code).toBe(0);
    for (const line of readFileSync(envFile, 'utf8').split('\n')) {
      if (line.startsWith('#') || line === '') continue;
      expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^"'`$#\\]*$/u);
    }
    rmSync(envFile);
    const dollar = await setup([...FLAGS, '--google-client-secret', 'GOCSPX-a$b', '--yes']);
    expect(dollar.code).toBe(1);
    expect(dollar.output).toContain('GOOGLE_CLIENT_SECRET cannot hold');
    expect(() => statSync(envFile)).toThrow();
  });

  it('reads back every value it accepts exactly, as npm start and as --env-file (the line as written)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        fc.pre(value !== '' && envValueProblem(value) === undefined);
        const line = `NAME=${value}`;
        expect(parseEnv(`${line}\n`).NAME).toBe(value);
        expect(line.slice(line.indexOf('=') + 1)).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('names a missing required flag', async () => {
    const { code, output } = await setup(['--public-url', 'https://onboarding.example.org', '--yes']);
    expect(code).toBe(1);
    expect(output).toContain('--google-client-id is required');
  });

  it('never replaces an existing .env without --overwrite, and keeps its secrets when it does', async () => {
    writeFileSync(
      envFile,
      'SECRETS_KEY=BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=\nSESSION_SECRET=an-existing-session-secret-of-enough-length\n',
    );
    const before = readFileSync(envFile, 'utf8');
    const refused = await setup([...FLAGS, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('exists; nothing was changed. Add --overwrite');
    expect(readFileSync(envFile, 'utf8')).toBe(before);
    writeFileSync(envFile, `${before}CHAPTERS_PASS="a shared password"\nLOG_LEVEL=warn\nPORT=3100\n`);
    const replaced = await setup([...FLAGS, '--yes', '--overwrite']);
    expect(replaced.code).toBe(0);
    expect(written()).toMatchObject({
      SECRETS_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
      SESSION_SECRET: 'an-existing-session-secret-of-enough-length',
      PUBLIC_URL: 'https://onboarding.example.org',
      CHAPTERS_PASS: 'a shared password',
      LOG_LEVEL: 'warn',
      PORT: '3100',
    });
    expect(replaced.output).toContain('Kept the other lines of the file it replaced: CHAPTERS_PASS, LOG_LEVEL.');
  });
});

describe('npm run setup, answering its questions', () => {
  it('asks for each setting, asks again after a bad answer, and takes the defaults of empty answers', async () => {
    const { code, output } = await setup(
      [],
      [
        'onboarding.example.org', // refused: not a URL
        'https://onboarding.example.org',
        '', // Google
        '1234-abc.apps.googleusercontent.com',
        'GOCSPX-secret',
        '', // the default domain
        'ada@gmail.com', // refused: another domain
        'ada@inspired2uplift.org',
        'help@inspired2uplift.org',
        '', // no SMTP
        '', // the embedded database
        '', // one proxy
        '', // on this machine only
        '', // port 3000
      ],
    );
    expect(output).toContain(
      'PUBLIC_URL must be an origin like https://onboarding.example.org (no path). Please try again.',
    );
    expect(output).toContain(
      'ADMIN_EMAILS must be addresses of inspired2uplift.org (not ada@gmail.com). Please try again.',
    );
    expect(output).toContain('The Google Workspace domain allowed to sign in [inspired2uplift.org]: ');
    expect(output).not.toContain('The sender of reminders');
    expect(code).toBe(0);
    const config = loadConfig(written());
    expect(config).toMatchObject({
      allowedDomain: 'inspired2uplift.org',
      adminEmails: ['ada@inspired2uplift.org'],
      supportEmail: 'help@inspired2uplift.org',
      trustProxy: 1,
      host: '127.0.0.1',
      port: 3000,
      oidcIssuer: 'https://accounts.google.com',
    });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(written().OIDC_ISSUER).toBeUndefined();
  });

  it('reads the client secret without showing it on a terminal, and shows the other answers', async () => {
    // A terminal's input: readline then echoes what is typed itself (the terminal's own echo is off in raw mode).
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const answers = [
      'https://onboarding.example.org',
      '',
      '1234-abc.apps.googleusercontent.com',
      'GOCSPX-never-on-screen',
      'example.org',
      'ada@example.org',
      '',
      '',
      '',
      '',
      '',
      '',
    ];
    const running = runSetup([], { input, output, envFile, timeoutMs: 3000 });
    // Typed one key at a time, as on a keyboard, each answer once its question is asked (each question ends in ": ").
    for (const [i, answer] of answers.entries()) {
      await expect.poll(() => (text.match(/: /gu) ?? []).length, { timeout: 5000 }).toBeGreaterThan(i);
      for (const key of `${answer}\r`) input.write(key);
    }
    expect(await running).toBe(0);
    expect(written().GOOGLE_CLIENT_SECRET).toBe('GOCSPX-never-on-screen');
    expect(text).toContain('1234-abc.apps.googleusercontent.com');
    expect(text).not.toContain('never-on-screen');
    expect(text).toContain('The Google OAuth client secret (not shown as you type): ');
  });

  it('leaves an existing .env alone when the answer is not yes', async () => {
    writeFileSync(envFile, 'PORT=3000\n');
    const { code, output } = await setup([...FLAGS], ['n']);
    expect(output).toContain(`${envFile} exists. Replace it?`);
    expect(output).toContain('Nothing was changed.');
    expect(code).toBe(1);
    expect(readFileSync(envFile, 'utf8')).toBe('PORT=3000\n');
  });
});
