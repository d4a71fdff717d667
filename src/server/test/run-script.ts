import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../project-root.js';

/** How a script run ended: its exit code and what it wrote. */
export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's TypeScript scripts for real, as its npm script does (`node --import tsx <script>`), from the
 * project's folder and with `--no-dotenv` after `args`, so that no `.env` of the machine is read.
 * @param script the script's absolute path (e.g. src/server/content/check-cli.ts)
 * @param args its arguments
 * @param env the whole environment of the process
 * @returns the exit code (0 when it succeeded) and its output
 * @throws the error of starting it, when it could not be started at all
 */
export async function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args, '--no-dotenv'],
      { cwd: projectRoot, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
