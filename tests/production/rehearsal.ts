import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestSmtp, type TestSmtp } from '../../src/server/test/test-smtp';
import { E2eOidcProvider } from '../e2e/support/oidc-provider';

/**
 * The production rehearsal (docs/operations.md#behind-a-reverse-proxy): the built app started the way
 * docs/operations.md#deploying says, with NODE_ENV=production and only the variables an operator sets, behind Caddy
 * running deploy/Caddyfile with Caddy's local certificate authority (`tls internal`), which the browser and the app's
 * Node trust for real: an NSS database under the browser's HOME, NODE_EXTRA_CA_CERTS for the server. Google is a local
 * OpenID Connect provider (oauth2-mock-server) behind the same Caddy over https, and mail goes to an SMTP server on
 * loopback.
 *
 * Ports, from REHEARSAL_PORT (default 3140): the app +0 (http on 127.0.0.1), PUBLIC_URL's https +1, the proxy's
 * plain http +2, the provider +3 (http) and +4 (https).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const basePort = Number(process.env.REHEARSAL_PORT ?? 3140);

/** The public name of the rehearsal's app; the browser resolves it to 127.0.0.1 (--host-resolver-rules). */
export const PUBLIC_HOST_NAME = 'onboarding.rehearsal.test';
export const PORTS = {
  app: basePort,
  https: basePort + 1,
  http: basePort + 2,
  oidc: basePort + 3,
  oidcHttps: basePort + 4,
};
/** PUBLIC_URL of the rehearsal. */
export const PUBLIC_URL = `https://${PUBLIC_HOST_NAME}:${PORTS.https}`;
/** The proxy's plain-http address, which only sends browsers on to https. */
export const PLAIN_HTTP_URL = `http://${PUBLIC_HOST_NAME}:${PORTS.http}`;
/** The issuer of the local provider, https through Caddy. */
export const OIDC_ISSUER = `https://localhost:${PORTS.oidcHttps}`;

/** Where the rehearsal keeps its files; the browser's HOME (with the NSS database) is `browserHome` under it. */
export const REHEARSAL_DIR = path.join(tmpdir(), `onboarding-rehearsal-${basePort}`);
export const BROWSER_HOME = path.join(REHEARSAL_DIR, 'browser-home');

/** The member who rehearses: a finance member (the Finance profile step's password) and an admin. */
export const MEMBER = {
  email: 'fin.ance@inspired2uplift.org',
  name: 'Fin Ance',
  role: 'finance',
  department: 'Finance',
};
/** The finance shared password of the rehearsal (made up). */
export const FINANCE_PASS = 'rehearsal-Finance-Profile-8Wd3';

/** The running rehearsal. */
export interface Rehearsal {
  provider: E2eOidcProvider;
  smtp: TestSmtp;
  /** Caddy's local root certificate (PEM): what the browser and the server trust. */
  rootCertificate: string;
  /** Everything the app wrote on standard output and error so far (JSON log lines). */
  appLog(): string;
  stop(): Promise<void>;
}

/**
 * The app's settings, made the way docs/operations.md#deploying says: `npm run setup --yes` (its compiled command)
 * writes the `.env`, and the operator adds the data folder and a shared password's initial value by hand. Nothing comes
 * from the test runner but PATH and the local authority's root (NODE_EXTRA_CA_CERTS, read before any file).
 * @returns the `.env` file and the environment the app's processes run with
 */
async function writeProductionSettings(
  smtpUrl: string,
  caFile: string,
): Promise<{ envFile: string; env: Record<string, string> }> {
  const envFile = path.join(REHEARSAL_DIR, 'settings.env');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // The server's own https requests (the provider's discovery, keys and tokens) trust Caddy's local authority.
    NODE_EXTRA_CA_CERTS: caFile,
  };
  // Not execFileSync: setup checks that the SMTP server, which runs in this process, answers.
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'dist', 'node', 'server', 'modules', 'setup', 'setup-cli.js'),
      '--yes',
      '--dotenv',
      envFile,
      '--public-url',
      PUBLIC_URL,
      '--oidc-issuer',
      OIDC_ISSUER,
      '--google-client-id',
      'onboarding-rehearsal.apps.googleusercontent.com',
      '--google-client-secret',
      'onboarding-rehearsal-client-secret',
      '--allowed-domain',
      'inspired2uplift.org',
      '--admins',
      MEMBER.email,
      '--support-email',
      'onboarding@inspired2uplift.org',
      '--smtp-url',
      smtpUrl,
      '--mail-from',
      'INSPIRED 2 UPLIFT <onboarding@inspired2uplift.org>',
      '--trust-proxy',
      '1',
      '--port',
      String(PORTS.app),
    ],
    { cwd: root, env },
  ).catch((error: unknown) => {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run setup refused the rehearsal's settings:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  });
  appendFileSync(
    envFile,
    `DATA_DIR=${path.join(REHEARSAL_DIR, 'data')}\nFINANCE_PASS=${FINANCE_PASS}\nLOG_LEVEL=info\n`,
  );
  return { envFile, env };
}

/** Resolves when `check` returns true, trying every 250 ms; rejects with `what` after `timeoutMs`. */
async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`the rehearsal timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The answer of one request through the proxy. */
export interface ProxyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to the proxy from this machine, as a client at `from` (a loopback address such as 127.0.0.2: the
 * socket is bound to it, so the proxy sees that address).
 * @param url an https URL under PUBLIC_URL or the provider, or an http URL of the proxy's plain-http port
 * @param options method, headers, client address, and the root certificate to trust (https)
 */
export function proxyRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; from?: string; ca?: string } = {},
): Promise<ProxyAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        // The rehearsal's public name is this machine, as the browser's --host-resolver-rules say.
        lookup: (_hostname, lookupOptions, callback) => {
          if (lookupOptions.all === true) callback(null, [{ address: '127.0.0.1', family: 4 }]);
          else callback(null, '127.0.0.1', 4);
        },
        localAddress: options.from,
        ...(secure ? { ca: options.ca, servername: target.hostname, agent: false } : { agent: false }),
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Starts `command` with `env`, collecting its output; throws with that output when it exits early. */
function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the rehearsal: the SMTP server, the provider, Caddy (tests/production/Caddyfile: deploy/Caddyfile plus the
 * provider), the browser's trust of Caddy's root, the member record (the members command, in production), then the
 * built server; resolves once https://…/api/health answers 200 through the proxy.
 * @throws Error naming what did not come up, with its output (e.g. Caddy missing: install Debian's `caddy`)
 */
export async function startRehearsal(): Promise<Rehearsal> {
  rmSync(REHEARSAL_DIR, { recursive: true, force: true });
  mkdirSync(BROWSER_HOME, { recursive: true });
  const processes: ChildProcess[] = [];
  let smtp: TestSmtp | undefined;
  let provider: E2eOidcProvider | undefined;
  const stop = async () => {
    for (const child of processes.reverse()) await stopProcess(child);
    await provider?.stop();
    await smtp?.close();
  };
  try {
    smtp = await startTestSmtp();
    provider = await E2eOidcProvider.start({ port: PORTS.oidc, issuer: OIDC_ISSUER });

    const caddy = startProcess(
      'caddy',
      ['run', '--config', path.join(root, 'tests', 'production', 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        // Caddy's own files (its local authority among them) live in the rehearsal's folder, new at every run.
        XDG_DATA_HOME: path.join(REHEARSAL_DIR, 'caddy-data'),
        XDG_CONFIG_HOME: path.join(REHEARSAL_DIR, 'caddy-config'),
        PUBLIC_HOST: `${PUBLIC_HOST_NAME}:${PORTS.https}`,
        TLS: 'internal',
        APP_ADDRESS: `127.0.0.1:${PORTS.app}`,
        HTTP_PORT: String(PORTS.http),
        CADDY_ADMIN: 'off',
        OIDC_HOST: `localhost:${PORTS.oidcHttps}`,
        OIDC_ADDRESS: `127.0.0.1:${PORTS.oidc}`,
      },
    );
    processes.push(caddy.child);
    caddy.child.once('error', () => undefined);
    const rootFile = path.join(REHEARSAL_DIR, 'caddy-data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    await waitUntil(
      `Caddy's local authority (is Debian's caddy installed?)\n${caddy.output()}`,
      () => {
        if (caddy.child.exitCode !== null || caddy.child.signalCode !== null)
          throw new Error(`Caddy stopped:\n${caddy.output()}`);
        return existsSync(rootFile);
      },
      30_000,
    );
    const rootCertificate = readFileSync(rootFile, 'utf8');
    // A copy outside Caddy's folder: the file the server's NODE_EXTRA_CA_CERTS names.
    const caFile = path.join(REHEARSAL_DIR, 'local-authority.crt');
    writeFileSync(caFile, rootCertificate);
    // The browser's trust: Chromium on Linux reads the NSS database under $HOME/.pki/nssdb.
    const nssdb = `sql:${path.join(BROWSER_HOME, '.pki', 'nssdb')}`;
    mkdirSync(path.join(BROWSER_HOME, '.pki', 'nssdb'), { recursive: true });
    execFileSync('certutil', ['-N', '-d', nssdb, '--empty-password']);
    execFileSync('certutil', [
      '-A',
      '-d',
      nssdb,
      '-n',
      'Onboarding rehearsal (Caddy local authority)',
      '-t',
      'C,,',
      '-i',
      caFile,
    ]);

    const { envFile, env } = await writeProductionSettings(smtp.url, caFile);
    // The member record, set the way an operator sets one before the first start (docs/operations.md#members-and-admins).
    execFileSync(
      process.execPath,
      [
        path.join(root, 'dist', 'node', 'server', 'modules', 'members', 'members-cli.js'),
        'set',
        MEMBER.email,
        MEMBER.role,
        MEMBER.department,
        '--dotenv',
        envFile,
      ],
      { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const app = startProcess(
      process.execPath,
      [`--env-file=${envFile}`, path.join(root, 'dist', 'node', 'server', 'server.js')],
      env,
    );
    processes.push(app.child);
    await waitUntil(
      `the app to answer /api/health through the proxy\n${app.output()}`,
      async () => {
        if (app.child.exitCode !== null)
          throw new Error(`the app stopped (exit code ${app.child.exitCode}):\n${app.output()}`);
        const answer = await proxyRequest(`${PUBLIC_URL}/api/health`, { ca: rootCertificate }).catch(() => undefined);
        return answer?.status === 200;
      },
      120_000,
    );
    const started = { smtp, provider };
    return { ...started, rootCertificate, appLog: app.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
