import path from 'node:path';
import { projectRoot } from '../../project-root.js';

/**
 * The one command that mends a broken configuration when `npm run setup` can mend all of it by itself
 * (docs/operations.md#checking-an-installation): setup run again over the settings file keeps every value it finds
 * there, generates what is missing, and takes the values given as flags.
 */

/** Where the checked settings came from: the settings file read, and the variables whose value it gave. */
export interface SettingsSource {
  envFile: string | undefined;
  fromFile: ReadonlySet<string>;
}

/** A path as one shell word: quoted when it holds anything but letters, digits and `_ . / + -`. */
const shellWord = (word: string): string =>
  /^[\w./+-]+$/u.test(word) ? word : `'${word.replaceAll("'", String.raw`'\''`)}'`;

/** The https origin of a URL, or undefined when it is not an https URL. */
function httpsOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fix of a configuration's problems as one `npm run setup` command, when setup mends every one of them: a missing
 * SESSION_SECRET (setup makes one), and a PUBLIC_URL of the settings file written with a path, such as the redirect
 * address `https://…/login` copied from the Google client (setup writes its origin).
 * @param problems the problems as `ConfigError` lists them, e.g. `['SESSION_SECRET: is required when NODE_ENV=production']`
 * @param env the settings that were checked (the environment with the file's variables)
 * @param source the settings file and the variables it gave; without a file nothing is offered
 * @returns a sentence naming the command in backticks, run as printed in the project's folder; undefined when some
 *   problem needs a person's judgement (the generic fix applies)
 */
export function setupFix(
  problems: readonly string[],
  env: Record<string, string | undefined>,
  source: SettingsSource | undefined,
): string | undefined {
  if (source?.envFile === undefined || problems.length === 0) return undefined;
  const envFile = source.envFile;
  const flags: string[] = [];
  const mends: string[] = [];
  for (const problem of new Set(problems)) {
    if (problem === 'SESSION_SECRET: is required when NODE_ENV=production') {
      mends.push('makes a new SESSION_SECRET (everyone signs in again)');
      continue;
    }
    const origin = httpsOrigin(env.PUBLIC_URL);
    if (
      problem.startsWith('PUBLIC_URL: must be an origin') &&
      source.fromFile.has('PUBLIC_URL') &&
      origin !== undefined
    ) {
      flags.push('--public-url', origin);
      mends.push(
        `writes PUBLIC_URL as the origin ${origin} (the Google client's redirect address is that followed by /login)`,
      );
      continue;
    }
    return undefined;
  }
  const dotenv = path.resolve(envFile) === path.join(projectRoot, '.env') ? [] : ['--dotenv', shellWord(envFile)];
  const command = ['npm run setup -- --yes --overwrite', ...dotenv, ...flags].join(' ');
  return `Run \`${command}\`: it ${mends.join(' and ')}, and keeps every other line of ${path.basename(envFile)}.`;
}
