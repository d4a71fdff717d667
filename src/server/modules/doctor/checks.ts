import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../../env.js';
import { projectRoot } from '../../project-root.js';
import { type CheckResult, type CheckStatus, DEFAULT_TIMEOUT_MS, openToOthers, result } from './check-result.js';
import { type SettingsSource, setupFix } from './configuration-fix.js';
import { checkDatabase } from './database-check.js';
import { checkGoogle } from './google-check.js';
import { checkWorkspace } from './workspace-check.js';
import { checkMail } from './mail-check.js';
import { checkBackups, checkDataFolder } from './storage-checks.js';

/**
 * The checks of a configured installation (docs/operations.md#checking-an-installation): `npm run doctor` prints them;
 * the admin console can show the same results as a launch checklist. Each check says what it found and, when something
 * is wrong, how to fix it. None changes anything, except the opt-in test message.
 */

export type { CheckId, CheckResult, CheckStatus } from './check-result.js';
export { checkDatabase, postgresProblem } from './database-check.js';
export { checkGoogle } from './google-check.js';
export { checkWorkspace } from './workspace-check.js';
export { checkMail, smtpProblem } from './mail-check.js';
export { checkBackups, checkDataFolder } from './storage-checks.js';

/** What {@link runChecks} is given. */
export interface DoctorOptions {
  /** The environment to check, usually `process.env` after reading `.env`. */
  env: Record<string, string | undefined>;
  /** The settings file that was read (its permissions are checked), if any. */
  envFile?: string;
  /** The variables whose value came from `envFile` (a configuration setup can mend is then fixed by one command). */
  fromFile?: ReadonlySet<string>;
  /** Send a test message to this address through SMTP_URL (opt-in: the doctor sends nothing otherwise). */
  sendTestTo?: string;
  /** The time backups are judged against (default now). */
  now?: Date;
  /** Milliseconds each network check may take (default 10 s). */
  timeoutMs?: number;
}

/**
 * The settings file holds the secrets: it should be readable by its owner only.
 * @param file the path of the `.env` that was read, or undefined when none was
 */
export function checkEnvFile(file: string | undefined): CheckResult {
  const title = 'Settings file';
  if (file === undefined || !existsSync(file)) {
    return result('env-file', title, 'skipped', 'No .env file: the settings come from the environment only.');
  }
  const mode = statSync(file).mode;
  if (openToOthers(mode)) {
    return result(
      'env-file',
      title,
      'warning',
      `${file} can be read by other users of this machine (mode ${(mode & 0o777).toString(8)}), and it holds the secrets.`,
      `chmod 600 ${file}`,
    );
  }
  return result('env-file', title, 'ok', `${file} is readable by its owner only.`);
}

/**
 * The configuration, validated as the server validates it at start-up (src/server/env.ts).
 * @param env the settings to check
 * @param source the settings file and the variables it gave: when `npm run setup` mends every problem, the fix is
 *   that one command ({@link setupFix})
 * @returns the check and, when valid, the configuration the other checks use
 */
export function checkConfiguration(
  env: Record<string, string | undefined>,
  source?: SettingsSource,
): { check: CheckResult; config?: Config } {
  const title = 'Configuration';
  try {
    const config = loadConfig(env);
    const mode = config.isProduction
      ? 'production'
      : `${config.nodeEnv} (development sign-in ${config.devLogin ? 'on' : 'off'})`;
    const database =
      config.databaseUrl === undefined ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const forgeable = forgeableClientAddresses(config);
    if (forgeable !== undefined) {
      return {
        check: result('configuration', title, 'problem', `Valid, but ${forgeable}.`, FORGEABLE_FIX),
        config,
      };
    }
    return { check: result('configuration', title, 'ok', `Valid: ${mode}, ${database}.`), config };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      check: result(
        'configuration',
        title,
        'problem',
        `The server would refuse to start:\n${error.problems.map((p) => `- ${p}`).join('\n')}`,
        setupFix(error.problems, env, source) ??
          'Correct each variable named above in .env (or the environment); docs/operations.md#configuration says what each one takes. ' +
            '`npm run setup` writes a complete .env for production.',
      ),
    };
  }
}

/** Whether a bind address (HOST) is this machine only: 127.0.0.0/8, ::1 or localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host);

/**
 * Whether anyone who reaches the server's port directly can choose the client address it sees
 * (docs/operations.md#behind-a-reverse-proxy): TRUST_PROXY trusts whoever connects (`true` or a number of hops) and HOST
 * is not this machine only. A list of the proxy's addresses is safe on any bind: only those peers are trusted.
 * @param config the configuration (`trustProxy`, `host`)
 * @returns a sentence saying so, or undefined when addresses cannot be forged that way
 */
export function forgeableClientAddresses(config: Pick<Config, 'trustProxy' | 'host'>): string | undefined {
  const trustsAnyPeer = config.trustProxy === true || (typeof config.trustProxy === 'number' && config.trustProxy > 0);
  if (!trustsAnyPeer || isLoopbackHost(config.host)) return undefined;
  return (
    `TRUST_PROXY=${String(config.trustProxy)} trusts whoever connects, and HOST=${config.host} lets anyone reach the ` +
    'port without the proxy: they can forge X-Forwarded-For and choose the address the sign-in limits count'
  );
}

/** The fix for {@link forgeableClientAddresses}. */
export const FORGEABLE_FIX =
  "Set HOST=127.0.0.1 when the proxy runs on this machine, or set TRUST_PROXY to the proxy's address as the app sees it " +
  '(docs/operations.md#behind-a-reverse-proxy).';

/**
 * Runs every check in order (docs/operations.md#checking-an-installation). With an invalid configuration only the
 * settings-file and configuration checks run: the others need a valid one.
 * @returns one result per check
 */
export async function runChecks(options: DoctorOptions): Promise<CheckResult[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const results = [checkEnvFile(options.envFile)];
  const { check, config } = checkConfiguration(
    options.env,
    options.fromFile === undefined ? undefined : { envFile: options.envFile, fromFile: options.fromFile },
  );
  results.push(check);
  if (config === undefined) return results;
  const otherFile =
    options.envFile !== undefined && path.resolve(options.envFile) !== path.join(projectRoot, '.env')
      ? options.envFile
      : undefined;
  results.push(await checkDatabase(config, timeoutMs, otherFile));
  results.push(await checkGoogle(config, timeoutMs));
  results.push(await checkWorkspace(config, timeoutMs));
  results.push(await checkMail(config, options.sendTestTo, timeoutMs));
  results.push(await checkDataFolder(config));
  results.push(checkBackups(config, options.now ?? new Date()));
  return results;
}

const LABELS: Record<CheckStatus, string> = { ok: 'ok', warning: 'WARNING', problem: 'PROBLEM', skipped: '-' };

/**
 * The report as printed: one block per check (status, title, what was found, how to fix it) and a summary line.
 * @param results what {@link runChecks} found
 */
export function formatReport(results: CheckResult[]): string {
  const lines: string[] = [];
  for (const check of results) {
    const [first = '', ...rest] = check.detail.split('\n');
    lines.push(`${LABELS[check.status].padEnd(8)} ${check.title}: ${first}`);
    for (const line of rest) lines.push(`         ${line}`);
    if (check.fix !== undefined) lines.push(`         Fix: ${check.fix}`);
  }
  const problems = results.filter((r) => r.status === 'problem').length;
  const warnings = results.filter((r) => r.status === 'warning').length;
  lines.push('');
  lines.push(
    problems === 0 && warnings === 0
      ? 'Everything checked is in order.'
      : `${problems} problem${problems === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`,
  );
  return lines.join('\n');
}
