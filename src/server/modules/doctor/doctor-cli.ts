/**
 * `npm run doctor [-- --send-test-to ADDRESS] [--dotenv FILE | --no-dotenv]`: checks a configured installation and
 * prints what is wrong and how to fix it (docs/operations.md#checking-an-installation). Reads the project's `.env` like
 * `npm start` (variables set in the environment win). Exit code 1 when any check finds a problem, 2 on bad arguments.
 * Without dev dependencies: `node dist/node/server/modules/doctor/doctor-cli.js`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { projectRoot } from '../../project-root.js';
import { formatReport, runChecks } from './checks.js';

const USAGE = 'Usage: npm run doctor -- [--send-test-to ADDRESS] [--dotenv FILE | --no-dotenv]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'send-test-to': { type: 'string' },
        dotenv: { type: 'string' },
        'no-dotenv': { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const sendTestTo = values['send-test-to'];
  if (sendTestTo !== undefined && !z.email().safeParse(sendTestTo).success) {
    console.error(`--send-test-to: "${sendTestTo}" is not an e-mail address.\n${USAGE}`);
    return 2;
  }
  let envFile: string | undefined;
  if (values['no-dotenv'] !== true) {
    const file = path.resolve(values.dotenv ?? path.join(projectRoot, '.env'));
    if (existsSync(file)) {
      process.loadEnvFile(file);
      envFile = file;
    } else if (values.dotenv !== undefined) {
      console.error(`--dotenv: ${file} does not exist.`);
      return 2;
    }
  }
  console.log(
    `Checking the installation in ${projectRoot}${envFile === undefined ? '' : ` with the settings of ${envFile}`} …\n`,
  );
  const results = await runChecks({ env: process.env, envFile, sendTestTo });
  console.log(formatReport(results));
  return results.some((r) => r.status === 'problem') ? 1 : 0;
}

process.exitCode = await main();
