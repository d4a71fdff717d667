import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { openConfiguredDatabase, type OpenDatabase } from './db/client.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { ConfigError, loadConfig, type Config } from './env.js';
import { projectRoot } from './project-root.js';

/**
 * The one way every command reads its settings (docs/operations.md#the-env-file): the project's `.env` (or the file
 * `--dotenv FILE` names; none with `--no-dotenv`), under the environment, which wins over the file as it does for
 * `npm start`. Each variable the file gives and the environment does not is put into `process.env`, so that the
 * command, and whatever it calls, sees exactly what the server would.
 */

/** Where a command's settings came from. */
export interface CommandSettings {
  /** The settings: the environment, plus what the file gave that the environment did not set. */
  env: Record<string, string | undefined>;
  /** The settings file read (absolute path), or undefined when none was. */
  envFile: string | undefined;
  /** The variables whose value came from the file. */
  fromFile: ReadonlySet<string>;
  /** The command's own arguments, without `--dotenv FILE` and `--no-dotenv`. */
  args: string[];
}

/** Thrown for a `--dotenv` file that does not exist or a `--dotenv` without a file; the message says which. */
export class SettingsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsFileError';
  }
}

/**
 * Reads the settings of a command: its `--dotenv FILE` / `--no-dotenv` flags are taken out of `argv`, the file is read
 * with Node's own `.env` parser, and the environment wins over it.
 * @param argv the command's arguments, e.g. `process.argv.slice(2)`
 * @param environment the environment, updated in place with the file's variables it lacks (default `process.env`)
 * @param defaultFile the file read without `--dotenv` (default the project's `.env`; a missing default is no error)
 * @throws SettingsFileError when `--dotenv` names no file or a file that does not exist
 */
export function readCommandSettings(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
  defaultFile: string = path.join(projectRoot, '.env'),
): CommandSettings {
  const args: string[] = [];
  let chosen: string | undefined;
  let useFile = true;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--no-dotenv') useFile = false;
    else if (arg === '--dotenv') {
      chosen = argv[i + 1];
      if (chosen === undefined || chosen.startsWith('--')) throw new SettingsFileError('--dotenv needs a file.');
      i += 1;
    } else if (arg.startsWith('--dotenv=')) chosen = arg.slice('--dotenv='.length);
    else args.push(arg);
  }
  const file = useFile ? path.resolve(chosen ?? defaultFile) : undefined;
  if (file === undefined || !existsSync(file)) {
    if (file !== undefined && chosen !== undefined) throw new SettingsFileError(`--dotenv: ${file} does not exist.`);
    return { env: environment, envFile: undefined, fromFile: new Set(), args };
  }
  const fromFile = new Set<string>();
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (environment[name] !== undefined || value === undefined) continue;
    environment[name] = value;
    fromFile.add(name);
  }
  return { env: environment, envFile: file, fromFile, args };
}

/**
 * Where a setting came from, for messages: "from .env", "from the environment" or "the default".
 * @param name a variable, e.g. DATABASE_URL
 */
export function settingSource(settings: CommandSettings, name: string): string {
  if (settings.fromFile.has(name)) {
    const file = settings.envFile ?? '.env';
    const shown = path.dirname(file) === projectRoot ? path.basename(file) : file;
    return `from ${shown}`;
  }
  return settings.env[name] === undefined || settings.env[name]?.trim() === '' ? 'the default' : 'from the environment';
}

/**
 * The sentence a data command prints first, naming the database it uses and where that setting came from, e.g.
 * "Using PostgreSQL at db.example.org/onboarding (from .env)" or "Using the embedded database in /srv/app/data (the
 * default)". A PostgreSQL URL is shown without its user and password.
 */
export function describeDatabase(config: Config, settings: CommandSettings): string {
  if (config.databaseUrl !== undefined) {
    const url = new URL(config.databaseUrl);
    return `Using PostgreSQL at ${url.host}${url.pathname} (${settingSource(settings, 'DATABASE_URL')})`;
  }
  return `Using the embedded database in ${config.dataDir} (DATA_DIR ${settingSource(settings, 'DATA_DIR')})`;
}

/** A command's settings and the server's configuration parsed from them. */
export interface CommandConfig {
  settings: CommandSettings;
  config: Config;
}

/**
 * Runs a data command: reads its settings ({@link readCommandSettings}), checks its own arguments, parses the settings
 * as the server does, prints which database it uses ({@link describeDatabase}), then runs its body. A bad settings
 * file or invalid settings are printed on standard error (exit code 1), wrong arguments with the usage (exit code 2).
 * @param argv the command's arguments (`--dotenv FILE` / `--no-dotenv` are taken out; the rest are in `settings.args`)
 * @param body the command, given the configuration and its own arguments; resolves with the exit code
 * @param usageProblem what is wrong with the command's own arguments (a message with the usage), or undefined
 * @returns the exit code
 */
export async function withCommandConfig(
  argv: string[],
  body: (loaded: CommandConfig) => Promise<number>,
  usageProblem: (args: string[]) => string | undefined = () => undefined,
): Promise<number> {
  let settings;
  let config;
  try {
    settings = readCommandSettings(argv);
    const problem = usageProblem(settings.args);
    if (problem !== undefined) {
      console.error(problem);
      return 2;
    }
    config = loadConfig(settings.env);
  } catch (error) {
    if (!(error instanceof ConfigError) && !(error instanceof SettingsFileError)) throw error;
    console.error(error.message);
    return 1;
  }
  console.log(describeDatabase(config, settings));
  return body({ config, settings });
}

/**
 * Opens the database a command is configured for ({@link openConfiguredDatabase}), or says on stderr why it cannot: the
 * embedded database is open in another process (db/data-dir-lock.ts).
 * @param config the command's configuration
 * @param holder what the command is, for the lock and its messages: 'npm run members', …
 * @returns the open database (the command closes it), or undefined when it is busy (the command then exits with 1)
 * @throws whatever else opening throws
 */
export async function openForCommand(config: Config, holder: string): Promise<OpenDatabase | undefined> {
  try {
    return await openConfiguredDatabase(config, holder);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return undefined;
  }
}
