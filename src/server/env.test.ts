import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, configurationVariables, loadConfig } from './env.js';
import { projectRoot } from './project-root.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  PUBLIC_URL: 'https://onboarding.inspired2uplift.org/',
  SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig', () => {
  it('has working defaults for development, with development sign-in on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      isProduction: false,
      dataDir: path.join(projectRoot, 'data'),
      databaseUrl: undefined,
      oidcIssuer: 'https://accounts.google.com',
      allowedDomain: 'inspired2uplift.org',
      adminEmails: [],
      devLogin: true,
      supportEmail: 'onboarding@inspired2uplift.org',
      orgName: 'INSPIRED 2 UPLIFT',
      contentDir: path.join(projectRoot, 'content'),
      logLevel: 'info',
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('parses and normalises values, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      ALLOWED_DOMAIN: 'Example.ORG',
      ADMIN_EMAILS: ' Ada@example.org, bob@example.org ,',
      PUBLIC_URL: 'https://onboarding.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/onboarding',
      DATA_DIR: '/var/lib/onboarding',
      HOST: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      allowedDomain: 'example.org',
      adminEmails: ['ada@example.org', 'bob@example.org'],
      publicUrl: 'https://onboarding.example.org',
      databaseUrl: 'postgres://u:p@db:5432/onboarding',
      dataDir: '/var/lib/onboarding',
    });
  });

  it('turns development sign-in off when Google is configured, unless AUTH_DEV_LOGIN=true', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).devLogin).toBe(false);
    expect(loadConfig({ ...google, AUTH_DEV_LOGIN: 'true' }).devLogin).toBe(true);
    expect(loadConfig({ AUTH_DEV_LOGIN: 'false' }).devLogin).toBe(false);
  });

  it('accepts a complete production configuration, with development sign-in off', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.isProduction).toBe(true);
    expect(config.devLogin).toBe(false);
  });

  it('refuses production without Google settings, public URL and session secret, listing each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'GOOGLE_CLIENT_ID: is required when NODE_ENV=production',
      'GOOGLE_CLIENT_SECRET: is required when NODE_ENV=production',
      'PUBLIC_URL: is required when NODE_ENV=production',
      'SESSION_SECRET: is required when NODE_ENV=production',
      'SECRETS_KEY: is required when NODE_ENV=production',
    ]);
  });

  it('refuses development sign-in in production', () => {
    expect(problemsOf({ ...PRODUCTION, AUTH_DEV_LOGIN: 'true' })).toEqual([
      'AUTH_DEV_LOGIN: development sign-in can never be turned on when NODE_ENV=production',
    ]);
  });

  it('needs the Google client id and secret together', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set',
    ]);
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 'secret' })).toEqual([
      'GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set',
    ]);
  });

  it('refuses plain-http issuer and public URL in production, except a loopback public URL', () => {
    expect(
      problemsOf({ ...PRODUCTION, OIDC_ISSUER: 'http://127.0.0.1:9000', PUBLIC_URL: 'http://onboarding.example.org' }),
    ).toEqual([
      'OIDC_ISSUER: must be an https URL when NODE_ENV=production',
      'PUBLIC_URL: must be an https origin when NODE_ENV=production (session cookies are Secure)',
    ]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    // The backup bucket gets every record: never over plain http in production (outside it, a local service is fine).
    expect(problemsOf({ ...PRODUCTION, BACKUP_S3_ENDPOINT: 'http://s3.example.org' })).toEqual([
      'BACKUP_S3_ENDPOINT: must be an https URL when NODE_ENV=production (backups hold every record)',
    ]);
    expect(problemsOf({ ...PRODUCTION, BACKUP_S3_ENDPOINT: 'HTTP://s3.example.org' })).toHaveLength(1);
    expect(problemsOf({ ...PRODUCTION, BACKUP_S3_ENDPOINT: 'https://s3.example.org' })).toEqual([]);
    expect(problemsOf({ BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([]);
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidcIssuer).toBe('http://127.0.0.1:9000');
  });

  it('configures the Workspace directory only with both of its settings', () => {
    expect(loadConfig({}).directory).toBeUndefined();
    expect(
      loadConfig({
        GOOGLE_SERVICE_ACCOUNT_KEY_FILE: '/etc/onboarding/key.json',
        GOOGLE_DIRECTORY_ADMIN_EMAIL: 'Admin@Example.org',
      }).directory,
    ).toEqual({
      serviceAccountKeyFile: '/etc/onboarding/key.json',
      adminEmail: 'admin@example.org',
      apiUrl: 'https://admin.googleapis.com',
      write: false,
    });
    expect(problemsOf({ GOOGLE_DIRECTORY_ADMIN_EMAIL: 'admin@example.org' })).toEqual([
      'GOOGLE_SERVICE_ACCOUNT_KEY_FILE, GOOGLE_DIRECTORY_ADMIN_EMAIL: the Workspace directory needs both, or neither',
    ]);
  });

  it('turns writing to Google Workspace on only when asked, and only with the directory', () => {
    const directory = { GOOGLE_SERVICE_ACCOUNT_KEY_FILE: '/k.json', GOOGLE_DIRECTORY_ADMIN_EMAIL: 'a@example.org' };
    expect(loadConfig(directory).directory?.write).toBe(false);
    expect(loadConfig({ ...directory, GOOGLE_WORKSPACE_WRITE: 'TRUE' }).directory?.write).toBe(true);
    expect(problemsOf({ ...directory, GOOGLE_WORKSPACE_WRITE: 'yes' })).toEqual([
      'GOOGLE_WORKSPACE_WRITE: must be "true" or "false"',
    ]);
    expect(problemsOf({ GOOGLE_WORKSPACE_WRITE: 'true' })).toEqual([
      'GOOGLE_WORKSPACE_WRITE: needs the Workspace directory (GOOGLE_SERVICE_ACCOUNT_KEY_FILE)',
    ]);
  });

  it('parses TRUST_PROXY as a boolean, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(problemsOf({ TRUST_PROXY: 'the proxy' })).toEqual([
      'TRUST_PROXY: must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
    ]);
  });

  it('lists every bad value at once, in a readable message', () => {
    const env = {
      PORT: 'eighty',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://db',
      ALLOWED_DOMAIN: 'not a domain',
      ADMIN_EMAILS: 'ada@example.org,nope',
      AUTH_DEV_LOGIN: 'yes',
      SESSION_SECRET: 'short',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'https://example.org/app',
    };
    const problems = problemsOf(env);
    for (const key of Object.keys(env)) expect(problems.some((p) => p.startsWith(`${key}`))).toBe(true);
    expect(() => loadConfig(env)).toThrow(/The server configuration is invalid:\n {2}- PORT: must be a whole number/);
  });
});

describe('whole-number settings', () => {
  /** Each setting a word is refused by as "must be a whole number …", with the range its message names. */
  const settings = configurationVariables().flatMap((name) => {
    const problem = problemsOf({ [name]: 'x' }).find((p) => p.startsWith(`${name}: must be a whole number`));
    if (problem === undefined) return [];
    const range = /(?:from|between) (\d+)(?: \([^)]*\))? (?:to|and) (\d+)$/u.exec(problem);
    return [{ name, problem, min: Number(range?.[1] ?? NaN), max: Number(range?.[2] ?? NaN) }];
  });

  it('name their range in their message', () => {
    expect(settings.map((s) => s.name)).toEqual(
      expect.arrayContaining(['PORT', 'MAIL_CONCURRENCY', 'BACKUP_EVERY_HOURS']),
    );
    expect(settings.filter((s) => Number.isNaN(s.min) || Number.isNaN(s.max)).map((s) => s.problem)).toEqual([]);
  });

  it('accept exactly the whole numbers of that range, and refuse the others with that message', () => {
    for (const { name, problem, min, max } of settings) {
      const check = (n: number) => {
        const problems = problemsOf({ [name]: String(n) });
        expect(problems).toEqual(n >= min && n <= max ? [] : [problem]);
      };
      for (const edge of [min - 1, min, max, max + 1]) if (edge >= 0) check(edge);
      fc.assert(fc.property(fc.integer({ min: 0, max: max * 2 + 10 }), check), { numRuns: 40 });
    }
  });
});
