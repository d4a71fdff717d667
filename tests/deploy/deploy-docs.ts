/**
 * `npm run test:deploy-docs` (docs/operations.md#the-deploy-steps-in-ci): runs the code blocks of
 * docs/operations.md#deploying and #on-postgresql as they are written, in a fresh clone of the commit under test,
 * against PostgreSQL on localhost:5432, Caddy, a local OpenID Connect provider standing in for Google, and an SMTP
 * server on loopback; then breaks the installation three ways and runs every command of the fix the doctor prints,
 * until the doctor finds no problem. Exits 1 with what failed.
 *
 * The clone borrows this checkout's node_modules (a link) and build (a copy): CI ran `npm ci` and the build here just
 * before, and the docs' build block says so. Around the blocks the test sets only what this machine cannot give
 * (the docs list it): the provider's issuer and the local authority's root, Caddy's plain-http port and storage.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deployTestPorts,
  type DocBlock,
  fillIn,
  fixCommands,
  placeholderValues,
  readDeployBlocks,
} from '../../scripts/deploy-docs';
import { startTestSmtp, type TestSmtp } from '../../src/server/test/test-smtp';
import { E2eOidcProvider } from '../e2e/support/oidc-provider';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const base = Number(process.env.REHEARSAL_PORT ?? 3140) + 20;
const ports = deployTestPorts(base);
const work = path.join(tmpdir(), `onboarding-deploy-docs-${base}`);
const clone = path.join(work, 'onboarding');
const caddyData = path.join(work, 'caddy-data');
const authorityFile = path.join(work, 'local-authority.crt');

const say = (text: string) => console.log(`deploy-docs: ${text}`);

/** A process the test started; its process group is stopped at the end. */
interface Started {
  child: ChildProcess;
  what: string;
  output: () => string;
}
const started: Started[] = [];

/** Starts `bash --norc -euo pipefail -c script` in the clone, in a process group (and session) of its own, without a terminal. */
function bash(script: string, env: Record<string, string>, what: string, input = ''): Started {
  let output = '';
  const child = spawn('bash', ['--norc', '-euo', 'pipefail', '-c', script], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(input);
  return { child, what, output: () => output };
}

/** Resolves with the exit code of a started command (128 + the signal's number when killed). */
const exited = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });

/** Runs a command to its end; throws with its output when it fails. */
async function runToEnd(script: string, env: Record<string, string>, what: string, input = ''): Promise<string> {
  const command = bash(script, env, what, input);
  const code = await exited(command.child);
  if (code !== 0)
    throw new Error(`${what} failed (exit code ${code}):\n${script}\n--- its output:\n${command.output()}`);
  return command.output();
}

/** Stops a started process group with SIGTERM and waits for its first process. */
async function stop(process_: Started): Promise<void> {
  if (process_.child.exitCode !== null || process_.child.signalCode !== null) return;
  const done = exited(process_.child);
  try {
    process.kill(-(process_.child.pid ?? 0), 'SIGTERM');
  } catch {
    return;
  }
  await done;
}

/** Whether `url` answers 200, trusting the local authority for https; the host name is this machine. */
function answers(url: string): Promise<boolean> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.get(
      url,
      {
        agent: false,
        timeout: 5000,
        ...(target.protocol === 'https:' && existsSync(authorityFile) ? { ca: readFileSync(authorityFile) } : {}),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** Waits until `check` is true (every 500 ms), or throws `what` after `timeoutMs`. */
async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Runs one block of the docs as its note says. */
async function runBlock(block: DocBlock, values: Record<string, string>, env: Record<string, string>): Promise<void> {
  if (!block.note.run) return;
  const script = fillIn(block.code, values);
  const what = `the block at docs/operations.md:${block.line} (${block.section})`;
  say(`${what}: ${script.split('\n')[0] ?? ''}`);
  const input = block.note.answer === undefined ? '' : `${fillIn(block.note.answer, values)}\n`.repeat(4);
  if (block.note.until === undefined) {
    await runToEnd(script, env, what, input);
    return;
  }
  const url = fillIn(block.note.until, values);
  const server = bash(script, env, what, input);
  started.push(server);
  await waitUntil(`${url} to answer after ${what}`, async () => {
    if (server.child.exitCode !== null) {
      throw new Error(`${what} stopped (exit code ${server.child.exitCode}):\n${script}\n${server.output()}`);
    }
    return answers(url);
  });
}

/** The doctor's report: its exit code and what it printed. */
async function doctor(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const command = bash('npm run doctor', env, 'npm run doctor');
  const code = await exited(command.child);
  return { code, output: command.output() };
}

/** Breaks the installation, checks the doctor names it, runs every command of its fix, and checks it is then happy. */
async function mend(what: string, check: string, env: Record<string, string>, breakIt: () => Promise<void> | void) {
  say(`broken on purpose: ${what}`);
  await breakIt();
  const found = await doctor(env);
  if (found.code === 0 || !found.output.includes(`PROBLEM  ${check}:`)) {
    throw new Error(`the doctor did not find ${what} (exit code ${found.code}):\n${found.output}`);
  }
  const commands = fixCommands(found.output);
  if (commands.length === 0) throw new Error(`the doctor printed no command to fix ${what}:\n${found.output}`);
  for (const command of commands) {
    say(`  the doctor's fix: ${command}`);
    await runToEnd(command, env, `the doctor's fix for ${what}`);
  }
  const after = await doctor(env);
  if (after.code !== 0) {
    throw new Error(`after the doctor's fix for ${what} it still finds a problem:\n${after.output}`);
  }
}

/** Runs a statement as PostgreSQL's superuser, as the docs' commands do (`sudo -u postgres`). */
const asPostgres = (args: string[]) =>
  execFileSync('sudo', ['-u', 'postgres', ...args], { cwd: '/', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const pgQuery = (sql: string) => asPostgres(['psql', '--no-psqlrc', '-Atc', sql]).trim();

/** The database and roles the docs make; the test refuses to run where any of them is there already. */
function existingDatabaseObjects(): string {
  return pgQuery(
    "select string_agg(name, ', ') from (select datname as name from pg_database where datname = 'onboarding' " +
      "union all select rolname from pg_roles where rolname in ('onboarding', 'onboarding_app')) found",
  );
}

function dropDatabaseObjects(): void {
  asPostgres(['dropdb', '--if-exists', 'onboarding']);
  asPostgres(['dropuser', '--if-exists', 'onboarding_app']);
  asPostgres(['dropuser', '--if-exists', 'onboarding']);
}

async function main(): Promise<void> {
  const existing = existingDatabaseObjects();
  if (existing !== '') {
    throw new Error(
      `PostgreSQL on this machine already has ${existing}; the deploy test makes and drops its own. Run it where they are not (CI).`,
    );
  }
  let madeDatabase = false;
  let smtp: TestSmtp | undefined;
  let provider: E2eOidcProvider | undefined;
  try {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone]);
    // The checkout's own HEAD, also when it is on no branch.
    execFileSync('git', ['-C', clone, 'fetch', '--quiet', root, 'HEAD']);
    execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', commit]);
    say(`a fresh clone of ${commit.slice(0, 10)} in ${clone}`);
    const docs = readDeployBlocks(readFileSync(path.join(clone, 'docs', 'operations.md'), 'utf8'));
    if (docs.problems.length > 0) throw new Error(`docs/operations.md cannot be run:\n${docs.problems.join('\n')}`);
    symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
    // Copied after the checkout, so that the build is newer than the sources and npm start runs it as it is.
    cpSync(path.join(root, 'dist'), path.join(clone, 'dist'), { recursive: true });

    smtp = await startTestSmtp();
    const issuer = `https://localhost:${ports.providerHttps}`;
    provider = await E2eOidcProvider.start({ port: ports.provider, issuer });
    // The provider over https, by a Caddy of its own sharing the docs' Caddy's storage, so one local authority signs both.
    const providerCaddyfile = path.join(work, 'provider.Caddyfile');
    writeFileSync(
      providerCaddyfile,
      `{\n\tadmin off\n\thttp_port ${ports.providerHttp}\n\tskip_install_trust\n}\n\nlocalhost:${ports.providerHttps} {\n\ttls internal\n\treverse_proxy 127.0.0.1:${ports.provider}\n}\n`,
    );
    const caddyEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: work,
      XDG_DATA_HOME: caddyData,
      XDG_CONFIG_HOME: path.join(work, 'caddy-config'),
    };
    const providerCaddy = bash(
      `exec caddy run --config ${providerCaddyfile} --adapter caddyfile`,
      caddyEnv,
      "the provider's Caddy",
    );
    started.push(providerCaddy);
    const root_ = path.join(caddyData, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    await waitUntil("Caddy's local authority", () => {
      if (providerCaddy.child.exitCode !== null) throw new Error(`Caddy stopped:\n${providerCaddy.output()}`);
      return existsSync(root_);
    });
    copyFileSync(root_, authorityFile);
    await waitUntil('the provider through Caddy', () => answers(`${issuer}/.well-known/openid-configuration`));

    const env: Record<string, string> = {
      ...caddyEnv,
      HOME: process.env.HOME ?? work,
      LANG: 'C.UTF-8',
      // Google is the local provider: the environment wins over .env.
      OIDC_ISSUER: issuer,
      NODE_EXTRA_CA_CERTS: authorityFile,
      CURL_CA_BUNDLE: authorityFile,
      HTTP_PORT: String(ports.http),
      CADDY_ADMIN: 'off',
    };
    const values = placeholderValues(base, smtp.url);
    const inOrder = (section: string) =>
      docs.blocks.filter((b) => b.section === section && b.note.run && b.note.when === 'in order');
    madeDatabase = true;
    for (const block of inOrder('On PostgreSQL')) await runBlock(block, values, env);
    for (const block of inOrder('Deploying')) await runBlock(block, values, env);
    for (const block of docs.blocks.filter((b) => b.note.run && b.note.when === 'after the deploy steps')) {
      await runBlock(block, values, env);
    }
    const happy = await doctor(env);
    if (happy.code !== 0) throw new Error(`after the deploy steps the doctor finds a problem:\n${happy.output}`);

    const envFile = path.join(clone, '.env');
    const editEnv = (edit: (lines: string[]) => string[]) =>
      writeFileSync(envFile, `${edit(readFileSync(envFile, 'utf8').split('\n')).join('\n')}`);
    await mend('SESSION_SECRET taken out of .env', 'Configuration', env, () =>
      editEnv((lines) => lines.filter((line) => !line.startsWith('SESSION_SECRET='))),
    );
    const redirect = `https://${values['<public host>'] ?? ''}/login`;
    await mend(`the redirect address ${redirect} written as PUBLIC_URL`, 'Configuration', env, () =>
      editEnv((lines) => lines.map((line) => (line.startsWith('PUBLIC_URL=') ? `PUBLIC_URL=${redirect}` : line))),
    );
    await mend('a database with no migrations', 'Database', env, async () => {
      for (const server of started.filter((s) => s.what.includes('(Deploying)'))) await stop(server);
      asPostgres(['dropdb', 'onboarding']);
      asPostgres(['createdb', '--owner', 'onboarding', 'onboarding']);
    });
    say('every block ran, and every fix the doctor printed made it happy again');
  } finally {
    for (const process_ of started.reverse()) await stop(process_);
    await provider?.stop();
    await smtp?.close();
    if (madeDatabase) dropDatabaseObjects();
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`deploy-docs: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
