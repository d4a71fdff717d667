import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './project-root.js';

/** Used only outside production, so a development server starts with no set-up (DESIGN.md §4). */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-never-use-in-production';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The server's configuration, parsed from the environment (DESIGN.md §4). Paths are absolute. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Directory of the embedded database (PGlite); unused when `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL connection URL; when set it overrides `dataDir`. */
  databaseUrl: string | undefined;
  /** Public origin of the app, e.g. `https://onboarding.inspired2uplift.org` (no trailing slash). */
  publicUrl: string | undefined;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  oidcIssuer: string;
  /** The one Google Workspace domain allowed to sign in, lower case (SPEC §1 {host}). */
  allowedDomain: string;
  /** Lower-case e-mail addresses of admins (DESIGN.md §3 "Role preview", "Admin console"). */
  adminEmails: string[];
  /** Whether the simulated development sign-in is available (never in production). */
  devLogin: boolean;
  supportEmail: string;
  orgName: string;
  /** Key of the HMAC that hashes session tokens before they are stored; at least 32 characters. */
  sessionSecret: string;
  /** Directory holding `roles/*.yaml` and `assets/`. */
  contentDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
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

const booleanSchema = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['true', 'false'], { error: 'must be "true" or "false"' }))
  .transform((v) => v === 'true');

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number between 0 and 65535')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be a whole number between 0 and 65535'))
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  AUTH_DEV_LOGIN: booleanSchema.optional(),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('onboarding@inspired2uplift.org'),
  ORG_NAME: z.string().default('INSPIRED 2 UPLIFT'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  CONTENT_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

type EnvKey = keyof typeof envSchema.shape;

/** Rules that depend on more than one variable; checked on the raw values so that every problem is listed at once. */
function crossFieldProblems(raw: Partial<Record<EnvKey, string>>): string[] {
  if (raw.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const key of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'PUBLIC_URL', 'SESSION_SECRET'] as const) {
    if (raw[key] === undefined) problems.push(`${key}: is required when NODE_ENV=production`);
  }
  if (raw.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
    problems.push('SESSION_SECRET: must not be the development default in production');
  }
  if (raw.AUTH_DEV_LOGIN?.toLowerCase() === 'true') {
    problems.push('AUTH_DEV_LOGIN: development sign-in can never be turned on when NODE_ENV=production');
  }
  return problems;
}

/**
 * Parses and validates the server's environment (DESIGN.md §4). Empty values count as unset. Relative paths
 * (`DATA_DIR`, `CONTENT_DIR`) are resolved against the project directory.
 * Development sign-in is on when `AUTH_DEV_LOGIN=true`, or outside production when no `GOOGLE_CLIENT_ID` is set;
 * never in production.
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
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction,
    dataDir: path.resolve(projectRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    oidcIssuer: e.OIDC_ISSUER,
    allowedDomain: e.ALLOWED_DOMAIN,
    adminEmails: e.ADMIN_EMAILS,
    devLogin: !isProduction && (e.AUTH_DEV_LOGIN ?? e.GOOGLE_CLIENT_ID === undefined),
    supportEmail: e.SUPPORT_EMAIL,
    orgName: e.ORG_NAME,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    contentDir: path.resolve(projectRoot, e.CONTENT_DIR ?? 'content'),
    logLevel: e.LOG_LEVEL,
  };
}
