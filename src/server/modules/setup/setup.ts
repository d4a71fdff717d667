import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { type Readable, Writable } from 'node:stream';
import { parseArgs, parseEnv } from 'node:util';
import { ConfigError, loadConfig } from '../../env.js';
import { forgeableClientAddresses, isLoopbackHost, postgresProblem, smtpProblem } from '../doctor/index.js';

/**
 * `npm run setup` (docs/operations.md#setting-up-with-npm-run-setup): writes a `.env` for a production server. It
 * generates SESSION_SECRET and SECRETS_KEY, asks for the rest (or takes them from flags), and checks each answer as it
 * goes with the server's own configuration schema (src/server/env.ts), plus what the schema cannot know: the admins
 * are of the allowed domain, and the database and SMTP server given can be reached.
 */

/** One setting the setup asks for. */
interface Question {
  /** The variable, e.g. PUBLIC_URL. */
  name: string;
  /** Its flag, e.g. `public-url` for `--public-url`. */
  flag: string;
  /** The question, in plain words. */
  prompt: string;
  /** Whether an answer is needed (else an empty answer leaves it unset). */
  required: boolean;
  /** The answer taken when none is given. */
  fallback?: (answers: Answers) => string | undefined;
  /** Whether the question applies, given the answers so far (default always). */
  applies?: (answers: Answers) => boolean;
  /** A secret: read without echo on a terminal, never printed. */
  secret?: boolean;
  /** Written only when it differs from this value (the server's own default). */
  omitWhen?: string;
  /** What the schema cannot check; undefined when the value is fine. */
  extra?: (value: string, answers: Answers, timeoutMs: number) => Promise<string | undefined> | string | undefined;
}

type Answers = Record<string, string>;

const GOOGLE_ISSUER = 'https://accounts.google.com';

const QUESTIONS: Question[] = [
  {
    name: 'PUBLIC_URL',
    flag: 'public-url',
    prompt: 'The public address of the app (https://…, as people type it)',
    required: true,
    extra: (value) => (new URL(value).protocol === 'https:' ? undefined : 'must be an https address'),
  },
  {
    name: 'OIDC_ISSUER',
    flag: 'oidc-issuer',
    prompt: 'The sign-in provider (OpenID Connect issuer; Enter for Google)',
    required: true,
    fallback: () => GOOGLE_ISSUER,
    omitWhen: GOOGLE_ISSUER,
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    flag: 'google-client-id',
    prompt: 'The Google OAuth client id (docs/operations.md#google-sign-in)',
    required: true,
    extra: (value, answers) =>
      (answers.OIDC_ISSUER ?? GOOGLE_ISSUER) === GOOGLE_ISSUER && !value.endsWith('.apps.googleusercontent.com')
        ? 'must be a Google client id, ending in .apps.googleusercontent.com'
        : undefined,
  },
  {
    name: 'GOOGLE_CLIENT_SECRET',
    flag: 'google-client-secret',
    prompt: 'The Google OAuth client secret (not shown as you type)',
    required: true,
    secret: true,
  },
  {
    name: 'ALLOWED_DOMAIN',
    flag: 'allowed-domain',
    prompt: 'The Google Workspace domain allowed to sign in',
    required: true,
    fallback: () => 'inspired2uplift.org',
  },
  {
    name: 'ADMIN_EMAILS',
    flag: 'admins',
    prompt: 'The admins: e-mail addresses, separated by commas',
    required: true,
    extra: (value, answers) => {
      const domain = (answers.ALLOWED_DOMAIN ?? '').toLowerCase();
      const outside = value
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== '' && !e.endsWith(`@${domain}`));
      return outside.length > 0 ? `must be addresses of ${domain} (not ${outside.join(', ')})` : undefined;
    },
  },
  {
    name: 'SUPPORT_EMAIL',
    flag: 'support-email',
    prompt:
      'The address people write to for help, shown on the login page and every footer (empty: set it later; the launch checklist reminds you)',
    required: false,
  },
  {
    name: 'SMTP_URL',
    flag: 'smtp-url',
    prompt: 'The SMTP server reminders leave by, e.g. smtp://smtp-relay.gmail.com:587 (empty: no e-mail)',
    required: false,
    extra: (value, _answers, timeoutMs) => smtpProblem(value, timeoutMs),
  },
  {
    name: 'MAIL_FROM',
    flag: 'mail-from',
    prompt:
      'The sender of reminders, e.g. INSPIRED 2 UPLIFT <onboarding@inspired2uplift.org> (empty: the support address)',
    required: false,
    applies: (answers) => answers.SMTP_URL !== undefined,
  },
  {
    name: 'DATABASE_URL',
    flag: 'database-url',
    prompt: 'The PostgreSQL database, postgres://user:password@host:5432/db (empty: the embedded database in ./data)',
    required: false,
    extra: (value, _answers, timeoutMs) => postgresProblem(value, timeoutMs),
  },
  {
    name: 'TRUST_PROXY',
    flag: 'trust-proxy',
    prompt:
      'Reverse proxies in front of the app: their number or addresses (docs/operations.md#behind-a-reverse-proxy)',
    required: true,
    fallback: () => '1',
  },
  {
    name: 'HOST',
    flag: 'host',
    prompt:
      'The address the app listens on: 127.0.0.1 when the proxy runs on this machine (docs/operations.md#behind-a-reverse-proxy)',
    required: true,
    fallback: () => '127.0.0.1',
    extra: (value, answers) => {
      const trustProxy = answers.TRUST_PROXY;
      if (trustProxy === undefined || isLoopbackHost(value)) return undefined;
      const config = loadConfig({ TRUST_PROXY: trustProxy, HOST: value });
      return forgeableClientAddresses(config) === undefined
        ? undefined
        : `must be 127.0.0.1 (the proxy on this machine) with TRUST_PROXY=${trustProxy}: on ${value} anyone who reaches the port directly could forge their address. Or give TRUST_PROXY the proxy's address`;
    },
  },
  {
    name: 'PORT',
    flag: 'port',
    prompt: 'The port the app listens on (the proxy forwards to it)',
    required: true,
    fallback: () => '3000',
  },
];

/** The variables setup writes: the questions', NODE_ENV and the generated secrets. Every other line is kept. */
const OWNED = new Set(['NODE_ENV', 'SESSION_SECRET', 'SECRETS_KEY', ...QUESTIONS.map((q) => q.name)]);

/** The secrets the setup generates, and keeps from an existing `.env` it replaces. */
const GENERATED = {
  SESSION_SECRET: () => randomBytes(48).toString('base64'),
  SECRETS_KEY: () => randomBytes(32).toString('base64'),
} as const;

/** Thrown for an answer or flag that cannot be used; the message says which and why. */
export class SetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetupError';
  }
}

/** The problems the server's configuration schema finds with one variable, given the answers so far. */
function schemaProblems(name: string, value: string, answers: Answers): string[] {
  try {
    loadConfig({ ...answers, NODE_ENV: 'production', [name]: value });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A list's problems are named by item, e.g. "ADMIN_EMAILS.0: must be …".
    return error.problems
      .filter((problem) => problem.startsWith(`${name}:`) || problem.startsWith(`${name}.`))
      .map((problem) => problem.slice(problem.indexOf(': ') + 2));
  }
}

/**
 * What is wrong with one answer: the schema's problems, then the question's own check.
 * @returns undefined when the answer can be used, else a sentence naming the variable
 */
async function problemWith(
  question: Question,
  value: string,
  answers: Answers,
  timeoutMs: number,
): Promise<string | undefined> {
  const problems = schemaProblems(question.name, value, answers);
  if (problems.length > 0) return `${question.name} ${[...new Set(problems)].join('; ')}`;
  const extra = await question.extra?.(value, answers, timeoutMs);
  return extra === undefined ? undefined : `${question.name} ${extra}`;
}

/**
 * Characters a `.env` value may not hold: the file serves `npm start` (Node's parser), `--env-file` of Docker and Podman
 * (the rest of the line, as written) and compose's `env_file` (which reads quotes, `$` and `#`), so it holds values
 * that need no quotes, which all of them read the same (docs/operations.md#the-env-file).
 */
const NEEDS_QUOTES = /["'`$#\\\n\r]/u;

/**
 * Why a value cannot be written as a `.env` line every reader reads alike, or undefined when it can.
 * @param value the value, e.g. an SMTP URL
 */
export function envValueProblem(value: string): string | undefined {
  if (value !== value.trim()) return 'cannot start or end with a space';
  if (NEEDS_QUOTES.test(value)) {
    return (
      'cannot hold \' " ` $ # or \\, which the container and compose read differently from npm start ' +
      '(in a URL write them percent-encoded: # as %23, $ as %24, \' as %27, " as %22, ` as %60, \\ as %5C)'
    );
  }
  return undefined;
}

/** A value as a line of `.env`, unquoted ({@link envValueProblem}). */
function envLine(name: string, value: string): string {
  const problem = envValueProblem(value);
  if (problem !== undefined) throw new SetupError(`${name} ${problem}. Nothing was written.`);
  return `${name}=${value}`;
}

/**
 * A readline output that can be muted: on a terminal, readline echoes what is typed through it, so muting it while a
 * secret is typed keeps the secret off the screen.
 */
class MutableOutput extends Writable {
  muted = false;
  constructor(private readonly target: Writable) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // Passed on at once (not after the target's callback), so that each echo is muted or not as it is typed.
    if (!this.muted) this.target.write(chunk);
    callback();
  }
}

/** What {@link runSetup} reads from and writes to. */
export interface SetupIo {
  input: Readable;
  output: Writable;
  /** Where to write (default the project's `.env`). */
  envFile: string;
  /** Milliseconds the database and SMTP checks may take (default 10 s). */
  timeoutMs?: number;
}

const USAGE = `Usage: npm run setup -- [--public-url URL] [--oidc-issuer URL] [--google-client-id ID]
  [--google-client-secret SECRET] [--allowed-domain DOMAIN] [--admins a@domain,b@domain] [--support-email ADDRESS]
  [--smtp-url URL] [--mail-from SENDER] [--database-url URL] [--trust-proxy N] [--host ADDRESS] [--port N]
  [--dotenv FILE] [--yes] [--overwrite]
--yes asks nothing: flags and defaults only. --overwrite replaces an existing .env without asking (its
SESSION_SECRET and SECRETS_KEY are kept, and every line setup does not write).`;

/**
 * Runs the setup: reads flags, asks for what is missing (unless `--yes`), checks every answer, and writes the file
 * (mode 600). An existing file is replaced only after the person says so (or with `--overwrite`), and its
 * SESSION_SECRET and SECRETS_KEY are kept, so sessions and the stored passwords stay valid.
 * @param argv the command's arguments, e.g. `['--public-url', 'https://…', '--yes']`
 * @param io where questions are read and written, and the file to write
 * @returns the exit code: 0 written, 1 refused (the reason was printed), 2 bad arguments
 */
export async function runSetup(argv: string[], io: SetupIo): Promise<number> {
  const say = (text: string) => io.output.write(`${text}\n`);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(QUESTIONS.map((q) => [q.flag, { type: 'string' as const }])),
        dotenv: { type: 'string' },
        yes: { type: 'boolean' },
        overwrite: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    say(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    say(USAGE);
    return 0;
  }
  const envFile = typeof values.dotenv === 'string' ? values.dotenv : io.envFile;
  const scripted = values.yes === true;
  const timeoutMs = io.timeoutMs ?? 10_000;
  // On a terminal readline echoes what is typed itself, so that a secret's echo can be muted.
  const terminal = (io.input as Readable & { isTTY?: boolean }).isTTY === true;
  const echo = new MutableOutput(io.output);
  const lines = createInterface({ input: io.input, output: echo, terminal })[Symbol.asyncIterator]();
  const ask = async (prompt: string, secret = false): Promise<string> => {
    io.output.write(prompt);
    echo.muted = secret;
    try {
      const next = await lines.next();
      if (next.done === true) throw new SetupError('The input ended before every question was answered.');
      return next.value.trim();
    } finally {
      echo.muted = false;
      if (secret && terminal) io.output.write('\n');
    }
  };

  try {
    let previous: Record<string, string> = {};
    if (existsSync(envFile)) {
      previous = parseEnv(readFileSync(envFile, 'utf8')) as Record<string, string>;
      if (values.overwrite !== true) {
        if (scripted) {
          throw new SetupError(
            `${envFile} exists; nothing was changed. Add --overwrite to replace it (its SESSION_SECRET and SECRETS_KEY are kept).`,
          );
        }
        const answer = await ask(`${envFile} exists. Replace it? Its SESSION_SECRET and SECRETS_KEY are kept. [y/N] `);
        if (!/^y(es)?$/iu.test(answer)) {
          say('Nothing was changed.');
          return 1;
        }
      }
    }

    const answers: Answers = {};
    for (const question of QUESTIONS) {
      if (question.applies?.(answers) === false) continue;
      const flag = values[question.flag];
      const fallback = previous[question.name] ?? question.fallback?.(answers);
      let value = typeof flag === 'string' ? flag.trim() : undefined;
      for (;;) {
        if (value === undefined) {
          if (scripted) {
            if (fallback === undefined && question.required)
              throw new SetupError(`--${question.flag} is required (${question.prompt}).`);
            value = fallback ?? '';
          } else {
            const shown =
              fallback === undefined ? '' : question.secret === true ? ' [keep the current one]' : ` [${fallback}]`;
            const answer = await ask(`${question.prompt}${shown}: `, question.secret === true);
            value = answer === '' ? (fallback ?? '') : answer;
          }
        }
        const unquotable = value === '' ? undefined : envValueProblem(value);
        const problem =
          value === ''
            ? question.required
              ? `${question.name} is required`
              : undefined
            : unquotable !== undefined
              ? `${question.name} ${unquotable}`
              : await problemWith(question, value, answers, timeoutMs);
        if (problem === undefined) break;
        if (scripted) throw new SetupError(`${problem}. Nothing was written.`);
        say(`  ${problem}. Please try again.`);
        value = undefined;
      }
      if (value !== '') answers[question.name] = value;
      if (question.extra !== undefined && value !== '' && ['SMTP_URL', 'DATABASE_URL'].includes(question.name)) {
        say(`  ${question.name === 'SMTP_URL' ? 'The SMTP server' : 'The database'} answered.`);
      }
    }

    const secrets = {
      SESSION_SECRET: previous.SESSION_SECRET ?? GENERATED.SESSION_SECRET(),
      SECRETS_KEY: previous.SECRETS_KEY ?? GENERATED.SECRETS_KEY(),
    };
    const written = Object.fromEntries(
      Object.entries(answers).filter(([name, value]) => QUESTIONS.find((q) => q.name === name)?.omitWhen !== value),
    );
    // Every line setup does not own is kept, as it was (a shared password's initial value, LOG_LEVEL …).
    const kept = Object.fromEntries(Object.entries(previous).filter(([name]) => !OWNED.has(name)));
    const env: Answers = { NODE_ENV: 'production', ...written, ...secrets };
    // The whole file, as the server will read it: refuse to write one it would refuse.
    try {
      loadConfig({ ...kept, ...env });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new SetupError(error.message);
    }
    const text = [
      '# Written by npm run setup. Every variable: docs/operations.md#configuration.',
      '# Keep a copy of SECRETS_KEY somewhere safe: without it the stored shared passwords cannot be read.',
      '# Values are written without quotes, so that npm start, the container (--env-file) and compose read them alike.',
      ...Object.entries(env).map(([name, value]) => envLine(name, value)),
      ...(Object.keys(kept).length > 0 ? ['# Kept from the file this one replaced:'] : []),
      ...Object.entries(kept).map(([name, value]) => envLine(name, value)),
      '',
    ].join('\n');
    writeFileSync(envFile, text, { mode: 0o600 });
    chmodSync(envFile, 0o600);
    const keptSecrets = previous.SECRETS_KEY !== undefined;
    say(
      `\nWrote ${envFile} (readable by you only). ${keptSecrets ? 'SESSION_SECRET and SECRETS_KEY were kept from the file it replaced.' : 'SESSION_SECRET and SECRETS_KEY were generated.'}`,
    );
    if (Object.keys(kept).length > 0) {
      say(`Kept the other lines of the file it replaced: ${Object.keys(kept).join(', ')}.`);
    }
    if (answers.SUPPORT_EMAIL === undefined) {
      say('No support address was given: the launch checklist lists it until SUPPORT_EMAIL is set.');
    }
    say(
      `In the Google client, register the JavaScript origin ${answers.PUBLIC_URL} and the redirect address ${answers.PUBLIC_URL}/login.`,
    );
    say('Next: `npm run build`, `npm start` (it reads .env), then `npm run doctor`.');
    return 0;
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    say(error.message);
    return 1;
  }
}
