/**
 * `npm run doctor [-- --send-test-to ADDRESS] [--dotenv FILE | --no-dotenv]`: checks a configured installation and
 * prints what is wrong and how to fix it (docs/operations.md#checking-an-installation). Reads its settings like every
 * command (command-settings.ts: the project's `.env`, variables set in the environment win). Exit code 1 when any check finds a problem, 2 on bad arguments.
 * Without dev dependencies: `node dist/node/server/modules/doctor/doctor-cli.js`.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { describeDatabase, readCommandSettings } from '../../command-settings.js';
import { ConfigError, loadConfig } from '../../env.js';
import { projectRoot } from '../../project-root.js';
import { formatReport, runChecks } from './checks.js';

const USAGE = 'Usage: npm run doctor -- [--send-test-to ADDRESS] [--dotenv FILE | --no-dotenv]';

async function main(): Promise<number> {
  let values;
  let settings;
  try {
    settings = readCommandSettings(process.argv.slice(2));
    ({ values } = parseArgs({ args: settings.args, options: { 'send-test-to': { type: 'string' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const sendTestTo = values['send-test-to'];
  if (sendTestTo !== undefined && !z.email().safeParse(sendTestTo).success) {
    console.error(`--send-test-to: "${sendTestTo}" is not an e-mail address.\n${USAGE}`);
    return 2;
  }
  const envFile = settings.envFile;
  console.log(
    `Checking the installation in ${projectRoot}${envFile === undefined ? '' : ` with the settings of ${envFile}`} …`,
  );
  try {
    console.log(describeDatabase(loadConfig(settings.env), settings));
  } catch (error) {
    // The configuration check below lists every problem.
    if (!(error instanceof ConfigError)) throw error;
  }
  console.log('');
  const results = await runChecks({ env: settings.env, envFile, fromFile: settings.fromFile, sendTestTo });
  console.log(formatReport(results));
  return results.some((r) => r.status === 'problem') ? 1 : 0;
}

process.exitCode = await main();
