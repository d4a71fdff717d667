#!/usr/bin/env node
// `npm start`: builds the app if the build is missing or older than its sources, then runs the compiled server
// (`node dist/node/server/server.js`) with this process's environment plus the settings of the project's `.env` file
// when there is one (a variable already set in the environment wins; docs/operations.md#the-env-file), forwarding
// SIGTERM/SIGINT to it.
// `node scripts/start.mjs --build-only` builds if needed and exits (used before the browser tests);
// `--no-env-file` ignores `.env` (the browser tests' server, whose settings are the test's own).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = path.join(root, 'dist', 'node', 'server', 'server.js');
/**
 * The built files: the client's two pages (index.html, login.html), the server's bundle of the dashboard's first screen
 * (dist/ssr) and the compiled server.
 */
const outputs = [
  path.join(root, 'dist', 'client', 'index.html'),
  path.join(root, 'dist', 'client', 'login.html'),
  path.join(root, 'dist', 'ssr', 'server-render.js'),
  serverScript,
];
const rootInputs = [
  'index.html',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];
/** Tests are not part of the build, so editing one does not trigger a rebuild. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time (ms) of the files under `dir`, or 0 when there are none. */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(full));
    else if (entry.isFile() && !isTest(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Why a build is needed, or null when the build is up to date. */
function buildReason() {
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(
    newestUnder(path.join(root, 'src')),
    ...rootInputs
      .map((name) => path.join(root, name))
      .filter((file) => existsSync(file))
      .map((file) => statSync(file).mtimeMs),
  );
  return sources > built ? 'sources changed since the last build' : null;
}

let child = null;
let stopping = false;

function forward(signal) {
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(1);
}
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));

/** Runs a command with inherited output; resolves with its exit code (128 + signal number when killed). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}

/**
 * `npm run build`, through the npm that runs this script when there is one. Always the production build: Vite builds
 * React's development version when NODE_ENV=development is set (as it is for development sign-in, and in the
 * end-to-end tests' server), which is several times slower and behaves differently (effects run twice).
 */
function build() {
  const npmCli = process.env.npm_execpath;
  const env = { ...process.env, NODE_ENV: 'production' };
  if (npmCli && /\.c?js$/.test(npmCli)) return run(process.execPath, [npmCli, 'run', 'build'], env);
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], env);
}

const reason = buildReason();
if (reason) {
  console.log(`Building (${reason}) …`);
  const code = await build();
  if (code !== 0 || stopping) {
    if (code !== 0) console.error(`The build failed (exit code ${code}).`);
    process.exit(code || 1);
  }
} else {
  console.log('The build is up to date.');
}

if (process.argv.includes('--build-only')) process.exit(0);

// Node's own .env parser (process.loadEnvFile, Node 20.12+): it never replaces a variable that is already set.
const envFile = path.join(root, '.env');
if (!process.argv.includes('--no-env-file') && existsSync(envFile)) {
  process.loadEnvFile(envFile);
  console.log('Read the settings in .env (variables set in the environment win).');
}
process.exit(await run(process.execPath, [serverScript]));
