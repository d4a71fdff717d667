// Longer than 500 lines: every setting with its check and its Config field in one place, so that the settings table of
// docs/operations.md is tested against one file.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { SharedSecrets } from './modules/secrets/shared-secrets.js';
import { parseSecretsKey, SecretBox } from './modules/secrets/secret-box.js';
import { projectRoot } from './project-root.js';
import { DEFAULT_ORG_NAME } from '../shared/org.js';
import { SECRET_NAMES } from '../shared/content-schema.js';

/** Used only outside production, so a development server starts with no set-up (docs/architecture.md#configuration). */
/** The key of stored shared passwords on a development server without SECRETS_KEY (never in production). */
const DEVELOPMENT_SECRETS_KEY = createHash('sha256')
  .update('development-only-secrets-key-never-use-in-production')
  .digest();
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-never-use-in-production';

/** Whether `zone` is a time zone this Node.js knows (e.g. "Europe/London"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `locale` is a BCP 47 locale this Node.js formats dates in (e.g. "en-GB"). */
function isLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 1;
  } catch {
    return false;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The server's configuration, parsed from the environment (docs/architecture.md#configuration). Paths are absolute. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Directory of the embedded database (PGlite); unused when `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL connection URL; when set it overrides `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: seconds a request waits for a connection or a statement before it answers 503
   * (docs/architecture.md#database-unavailable).
   */
  databaseTimeoutSeconds: number;
  /** Public origin of the app, e.g. `https://onboarding.inspired2uplift.org` (no trailing slash). */
  publicUrl: string | undefined;
  /** Google OAuth client; both set or both unset (Google sign-in is on when they are set). */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /** OpenID Connect issuer whose discovery document is used (default Google); https in production. */
  oidcIssuer: string;
  /**
   * The optional Google Workspace directory (docs/product.md#member-records, docs/operations.md#google-workspace): a
   * service account with domain-wide delegation acting as `adminEmail`; `write` when it may also create, suspend and
   * group accounts (GOOGLE_WORKSPACE_WRITE, off by default). Undefined when not configured.
   */
  directory: { serviceAccountKeyFile: string; adminEmail: string; apiUrl: string; write: boolean } | undefined;
  /** Fastify's `trustProxy`: false (default), true, a number of hops, or a list of proxy addresses / CIDR ranges. */
  trustProxy: boolean | number | string[];
  /** Sign-in starts (and, separately, sign-outs) one client address may make per minute (plugins/auth-rate-limits.ts). */
  authRateLimitPerMinute: number;
  /** Development sign-in attempts one client address may make per minute. */
  devLoginRateLimitPerMinute: number;
  /** The one Google Workspace domain allowed to sign in, lower case (docs/product.md#sign-in {host}). */
  allowedDomain: string;
  /** Lower-case e-mail addresses of admins (docs/product.md#role-preview, docs/product.md#admin-area). */
  adminEmails: string[];
  /** Whether the simulated development sign-in is available (never in production). */
  devLogin: boolean;
  supportEmail: string;
  /** Whether SUPPORT_EMAIL was set (else `supportEmail` is the built-in example, and the launch checklist says so). */
  supportEmailSet: boolean;
  orgName: string;
  /**
   * The organisation's IANA time zone (TIME_ZONE, default Europe/London): local times on acknowledgment receipts, start
   * and due dates, the quiet hours of reminders.
   */
  organisationTimeZone: string;
  /**
   * The organisation's locale (LOCALE, BCP 47, default en-GB): how dates written with the day and month as numbers are
   * read in CSV imports ('16/11/2026' in en-GB, '11/16/2026' in en-US) and the words the preview says them in.
   */
  organisationLocale: string;
  /**
   * E-mail (docs/product.md#due-dates-and-reminders): the SMTP server (undefined: messages stay in the outbox the admin
   * area shows), the sender, days without a completed step after which a member is stalled, how long a process may hold
   * a message it claimed before another one may send it (every SMTP time limit is shorter, docs/reliability.md#e-mail),
   * how long a failed message waits before its second attempt (each later wait is twice as long), and how often each
   * process plans and sends.
   */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    stalledAfterDays: number;
    claimSeconds: number;
    retrySeconds: number;
    everySeconds: number;
    /** Messages one process sends at once, each on its own SMTP connection of the pool (MAIL_CONCURRENCY, default 5). */
    concurrency: number;
  };
  /**
   * Days the answers of form and quiz steps are kept after a member leaves (ANSWERS_KEEP_DAYS_AFTER_LEAVING, default
   * 90; 0: deleted at the next hourly sweep); docs/product.md#form-steps.
   */
  answersKeepDaysAfterLeaving: number;
  /** Key of the HMAC that hashes session tokens before they are stored; at least 32 characters. */
  sessionSecret: string;
  /** Directory holding `roles/*.yaml` and `assets/`. */
  contentDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * Backups of the embedded database into DATA_DIR/backups (modules/backups): hours between scheduled backups
   * (0 = no schedule), and how many daily and weekly backups stay.
   */
  backups: {
    everyHours: number;
    keepDaily: number;
    keepWeekly: number;
    /** BACKUP_COPY_DIR: a folder on another drive that gets a copy of every backup. */
    copyDir?: string | undefined;
    /** BACKUP_S3_BUCKET (with BACKUP_S3_ENDPOINT, BACKUP_S3_REGION): an S3-compatible bucket that gets a copy. */
    s3?: { bucket: string; endpoint?: string; region: string } | undefined;
  };
  /**
   * The shared passwords CHAPTERS_PASS, DESIGN_PASS, WIX_PASS, INSTAGRAM_PASS, FINANCE_PASS, HR_PASS, TEST_PASS
   * (docs/product.md#shared-passwords; docs/product.md#shared-passwords), each optional. Never logged and never in /api/config: the
   * object serialises as `[Redacted]`; only the secrets route reads a value (docs/product.md#shared-passwords).
   */
  secrets: SharedSecrets;
  /**
   * The keys of the stored shared passwords (SECRETS_KEY, SECRETS_KEY_PREVIOUS; a fixed development key outside
   * production when unset). Serialises as `[Redacted]`.
   */
  secretBox: SecretBox;
}

/** Thrown by {@link loadConfig} when the environment is invalid; `problems` lists every problem, one per entry. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isUrl = (value: string, protocols: readonly string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Whether a URL's host is this machine (browsers accept Secure cookies from http://localhost). */
const isLoopback = (value: string): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname);

/**
 * A whole number written in digits: `digits` says how many may be written and whether the first may be 0 (e.g.
 * /^[1-9]\d{0,5}$/u), `min` and `max` bound the value; every refusal says `message` (docs/operations.md#configuration).
 * @returns the schema of the variable's text, parsed to a number
 */
function wholeNumber(digits: RegExp, message: string, bounds: { min?: number; max?: number } = {}) {
  let value = z.number();
  if (bounds.min !== undefined) value = value.min(bounds.min, message);
  if (bounds.max !== undefined) value = value.max(bounds.max, message);
  return z.string().regex(digits, message).transform(Number).pipe(value);
}

const booleanSchema = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['true', 'false'], { error: 'must be "true" or "false"' }))
  .transform((v) => v === 'true');

const envSchema = z.object({
  PORT: wholeNumber(/^\d+$/, 'must be a whole number between 0 and 65535', { max: 65535 }).default(3000),
  HOST: z.string().trim().min(1, 'must name an interface, e.g. 127.0.0.1 or 0.0.0.0').optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => isUrl(v, ['postgres:', 'postgresql:']), {
      message: 'must be a PostgreSQL URL like postgres://user:password@host:5432/database',
    })
    .optional(),
  DATABASE_TIMEOUT_SECONDS: wholeNumber(/^\d{1,3}$/u, 'must be a whole number of seconds from 1 to 999', {
    min: 1,
  }).default(5),
  PUBLIC_URL: z
    .string()
    .refine((v) => isUrl(v, ['http:', 'https:']) && ['', '/'].includes(new URL(v).pathname + new URL(v).search), {
      message: 'must be an origin like https://onboarding.example.org (no path)',
    })
    .transform((v) => new URL(v).origin)
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z
    .string()
    .refine((v) => isUrl(v, ['http:', 'https:']), { message: 'must be an http(s) URL' })
    .default('https://accounts.google.com'),
  ALLOWED_DOMAIN: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'must be a domain like example.org'))
    .default('inspired2uplift.org'),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== ''),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')))
    .default([]),
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: z.string().optional(),
  GOOGLE_DIRECTORY_ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  GOOGLE_DIRECTORY_API_URL: z
    .string()
    .refine((v) => isUrl(v, ['http:', 'https:']), { message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/u, ''))
    .default('https://admin.googleapis.com'),
  GOOGLE_WORKSPACE_WRITE: booleanSchema.default(false),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): boolean | number | string[] => {
      const lower = v.toLowerCase();
      if (lower === 'true' || lower === 'false') return lower === 'true';
      if (/^\d+$/u.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (list.length > 0 && list.every((s) => /^[0-9a-f.:]+(?:\/\d{1,3})?$/iu.test(s))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
      });
      return z.NEVER;
    })
    .optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(/^[1-9]\d{0,5}$/u, 'must be a whole number from 1 to 999999').default(120),
  AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE: wholeNumber(
    /^[1-9]\d{0,5}$/u,
    'must be a whole number from 1 to 999999',
  ).default(20),
  BACKUP_EVERY_HOURS: wholeNumber(
    /^\d{1,4}$/u,
    'must be a whole number of hours from 0 (no scheduled backups) to 9999',
  ).default(24),
  BACKUP_KEEP_DAILY: wholeNumber(/^[1-9]\d{0,2}$/u, 'must be a whole number from 1 to 999').default(7),
  BACKUP_KEEP_WEEKLY: wholeNumber(/^\d{1,3}$/u, 'must be a whole number from 0 to 999').default(4),
  BACKUP_COPY_DIR: z.string().trim().min(1, 'must be a folder path').optional(),
  BACKUP_S3_BUCKET: z.string().trim().min(1, 'must be a bucket name').optional(),
  BACKUP_S3_ENDPOINT: z.url('must be the URL of an S3-compatible service, e.g. https://s3.example.org').optional(),
  BACKUP_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  AUTH_DEV_LOGIN: booleanSchema.optional(),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('onboarding@inspired2uplift.org'),
  ORG_NAME: z.string().default(DEFAULT_ORG_NAME),
  TIME_ZONE: z.string().trim().refine(isTimeZone, 'must be an IANA time zone, e.g. "Europe/London"').optional(),
  LOCALE: z.string().trim().refine(isLocale, 'must be a locale, e.g. "en-GB" or "en-US"').default('en-GB'),
  /** The older name of TIME_ZONE, still read when TIME_ZONE is unset. */
  ORGANISATION_TIME_ZONE: z
    .string()
    .trim()
    .default('Europe/London')
    .refine(isTimeZone, 'must be an IANA time zone, e.g. "Europe/London"'),
  STALLED_AFTER_DAYS: wholeNumber(/^\d{1,3}$/u, 'must be a whole number of days from 1 to 999', { min: 1 }).default(7),
  SMTP_URL: z
    .string()
    .refine(
      (v) => isUrl(v, ['smtp:', 'smtps:']),
      'must be an smtp:// or smtps:// URL, e.g. smtp://smtp-relay.gmail.com:587',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be a sender, e.g. "INSPIRED 2 UPLIFT <onboarding@inspired2uplift.org>"')
    .optional(),
  MAIL_EVERY_SECONDS: wholeNumber(/^\d{1,5}$/u, 'must be a whole number of seconds from 1 to 99999', {
    min: 1,
  }).default(60),
  MAIL_CLAIM_SECONDS: wholeNumber(/^\d{1,4}$/u, 'must be a whole number of seconds from 5 to 9999', { min: 5 }).default(
    120,
  ),
  MAIL_RETRY_SECONDS: wholeNumber(/^\d{1,5}$/u, 'must be a whole number of seconds from 1 to 99999', {
    min: 1,
  }).default(120),
  MAIL_CONCURRENCY: wholeNumber(/^\d{1,2}$/u, 'must be a whole number of messages from 1 to 50', {
    min: 1,
    max: 50,
  }).default(5),
  ANSWERS_KEEP_DAYS_AFTER_LEAVING: wholeNumber(/^\d{1,4}$/u, 'must be a whole number of days from 0 to 3650', {
    max: 3650,
  }).default(90),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SECRETS_KEY: z
    .string()
    .refine((v) => parseSecretsKey(v) !== undefined, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  SECRETS_KEY_PREVIOUS: z
    .string()
    .refine((v) => parseSecretsKey(v) !== undefined, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  CONTENT_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

type EnvKey = keyof typeof envSchema.shape;

/**
 * The variables a production server refuses to start without, besides `NODE_ENV=production` itself
 * (docs/operations.md#deploying lists them; `env-docs.test.ts` checks that it does).
 */
export const REQUIRED_IN_PRODUCTION = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'SECRETS_KEY',
] as const;

/**
 * Every environment variable {@link loadConfig} reads: the schema's and the shared passwords' (docs/operations.md#configuration).
 * @returns the names, e.g. `['PORT', 'HOST', …, 'CHAPTERS_PASS', …]`
 */
export function configurationVariables(): string[] {
  return [...Object.keys(envSchema.shape), ...SECRET_NAMES];
}

/** Rules that depend on more than one variable; checked on the raw values so that every problem is listed at once. */
function crossFieldProblems(raw: Partial<Record<EnvKey, string>>): string[] {
  const problems: string[] = [];
  if (raw.GOOGLE_CLIENT_ID !== undefined && raw.GOOGLE_CLIENT_SECRET === undefined) {
    problems.push('GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set');
  }
  if (raw.GOOGLE_CLIENT_SECRET !== undefined && raw.GOOGLE_CLIENT_ID === undefined) {
    problems.push('GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set');
  }
  if ((raw.GOOGLE_SERVICE_ACCOUNT_KEY_FILE === undefined) !== (raw.GOOGLE_DIRECTORY_ADMIN_EMAIL === undefined)) {
    problems.push(
      'GOOGLE_SERVICE_ACCOUNT_KEY_FILE, GOOGLE_DIRECTORY_ADMIN_EMAIL: the Workspace directory needs both, or neither',
    );
  }
  if (raw.GOOGLE_WORKSPACE_WRITE?.toLowerCase() === 'true' && raw.GOOGLE_SERVICE_ACCOUNT_KEY_FILE === undefined) {
    problems.push('GOOGLE_WORKSPACE_WRITE: needs the Workspace directory (GOOGLE_SERVICE_ACCOUNT_KEY_FILE)');
  }
  if (raw.NODE_ENV !== 'production') return problems;
  for (const key of REQUIRED_IN_PRODUCTION) {
    if (raw[key] === undefined) problems.push(`${key}: is required when NODE_ENV=production`);
  }
  if (raw.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
    problems.push('SESSION_SECRET: must not be the development default in production');
  }
  if (raw.AUTH_DEV_LOGIN?.toLowerCase() === 'true') {
    problems.push('AUTH_DEV_LOGIN: development sign-in can never be turned on when NODE_ENV=production');
  }
  if (raw.OIDC_ISSUER?.toLowerCase().startsWith('http:') === true) {
    problems.push('OIDC_ISSUER: must be an https URL when NODE_ENV=production');
  }
  if (raw.BACKUP_S3_ENDPOINT !== undefined && !isUrl(raw.BACKUP_S3_ENDPOINT, ['https:'])) {
    // The database copy and the bucket's keys would cross the network in the clear.
    problems.push('BACKUP_S3_ENDPOINT: must be an https URL when NODE_ENV=production (backups hold every record)');
  }
  if (raw.PUBLIC_URL !== undefined && isUrl(raw.PUBLIC_URL, ['http:']) && !isLoopback(raw.PUBLIC_URL)) {
    problems.push('PUBLIC_URL: must be an https origin when NODE_ENV=production (session cookies are Secure)');
  }
  return problems;
}

/**
 * Parses and validates the server's environment (docs/architecture.md#configuration). Empty values count as unset. Relative paths
 * (`DATA_DIR`, `CONTENT_DIR`) are resolved against the project directory.
 * Development sign-in is on when `AUTH_DEV_LOGIN=true`, or outside production when no `GOOGLE_CLIENT_ID` is set;
 * never in production. Google sign-in needs both `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`; a production server
 * also needs `PUBLIC_URL`, `SESSION_SECRET` and `SECRETS_KEY` ({@link REQUIRED_IN_PRODUCTION}), and https for `PUBLIC_URL`,
 * `OIDC_ISSUER` and `BACKUP_S3_ENDPOINT` (docs/architecture.md#sessions, docs/operations.md#deploying).
 * @param env the variables, usually `process.env`
 * @returns the typed configuration
 * @throws ConfigError listing every problem ("NAME: what is wrong"), e.g. production without Google settings
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Partial<Record<EnvKey, string>> = {};
  for (const key of Object.keys(envSchema.shape) as EnvKey[]) {
    const value = env[key]?.trim();
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossFieldProblems(raw),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    // A development server is reachable from this machine only unless HOST says otherwise (security review, 015).
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    nodeEnv: e.NODE_ENV,
    isProduction,
    dataDir: path.resolve(projectRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutSeconds: e.DATABASE_TIMEOUT_SECONDS,
    publicUrl: e.PUBLIC_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    oidcIssuer: e.OIDC_ISSUER,
    directory:
      e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE !== undefined && e.GOOGLE_DIRECTORY_ADMIN_EMAIL !== undefined
        ? {
            serviceAccountKeyFile: path.resolve(projectRoot, e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE),
            adminEmail: e.GOOGLE_DIRECTORY_ADMIN_EMAIL.toLowerCase(),
            apiUrl: e.GOOGLE_DIRECTORY_API_URL,
            write: e.GOOGLE_WORKSPACE_WRITE,
          }
        : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    devLoginRateLimitPerMinute: e.AUTH_DEV_LOGIN_RATE_LIMIT_PER_MINUTE,
    allowedDomain: e.ALLOWED_DOMAIN,
    adminEmails: e.ADMIN_EMAILS,
    devLogin: !isProduction && (e.AUTH_DEV_LOGIN ?? e.GOOGLE_CLIENT_ID === undefined),
    supportEmail: e.SUPPORT_EMAIL,
    supportEmailSet: env.SUPPORT_EMAIL !== undefined && env.SUPPORT_EMAIL.trim() !== '',
    orgName: e.ORG_NAME,
    organisationTimeZone: e.TIME_ZONE ?? e.ORGANISATION_TIME_ZONE,
    organisationLocale: e.LOCALE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.ORG_NAME} <${e.SUPPORT_EMAIL}>`,
      stalledAfterDays: e.STALLED_AFTER_DAYS,
      claimSeconds: e.MAIL_CLAIM_SECONDS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      everySeconds: e.MAIL_EVERY_SECONDS,
      concurrency: e.MAIL_CONCURRENCY,
    },
    answersKeepDaysAfterLeaving: e.ANSWERS_KEEP_DAYS_AFTER_LEAVING,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    contentDir: path.resolve(projectRoot, e.CONTENT_DIR ?? 'content'),
    logLevel: e.LOG_LEVEL,
    backups: {
      everyHours: e.BACKUP_EVERY_HOURS,
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
      copyDir: e.BACKUP_COPY_DIR === undefined ? undefined : path.resolve(e.BACKUP_COPY_DIR),
      s3:
        e.BACKUP_S3_BUCKET === undefined
          ? undefined
          : {
              bucket: e.BACKUP_S3_BUCKET,
              region: e.BACKUP_S3_REGION,
              ...(e.BACKUP_S3_ENDPOINT === undefined ? {} : { endpoint: e.BACKUP_S3_ENDPOINT }),
            },
    },
    secrets: SharedSecrets.fromEnv(env),
    secretBox: new SecretBox(
      parseSecretsKey(e.SECRETS_KEY ?? '') ?? DEVELOPMENT_SECRETS_KEY,
      e.SECRETS_KEY_PREVIOUS === undefined ? undefined : parseSecretsKey(e.SECRETS_KEY_PREVIOUS),
    ),
  };
}
