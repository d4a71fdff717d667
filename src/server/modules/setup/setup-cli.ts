/**
 * `npm run setup [-- flags]`: writes a `.env` for a production server, asking for what the flags do not give
 * (docs/operations.md#setting-up-with-npm-run-setup; modules/setup/setup.ts). `npm run setup -- --help` lists the flags.
 */
import path from 'node:path';
import { projectRoot } from '../../project-root.js';
import { runSetup } from './setup.js';

process.exitCode = await runSetup(process.argv.slice(2), {
  input: process.stdin,
  output: process.stdout,
  envFile: path.join(projectRoot, '.env'),
});
// The questions' reader keeps standard input open; the answers are written, so end here.
process.exit();
