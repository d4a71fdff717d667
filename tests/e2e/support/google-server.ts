import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Settings of the Google client the server under test uses (the provider accepts any). */
export const E2E_GOOGLE_CLIENT_ID = 'onboarding-e2e.apps.googleusercontent.com';

/** A second app server, configured for Google sign-in, running the build that Playwright's webServer made. */
export interface GoogleServer {
  /** e.g. http://localhost:3101 */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/node/server/server.js` (the build of `npm start`) on `port` with Google sign-in against `issuer`
 * (so no development sign-in), PUBLIC_URL http://localhost:<port>, and a fresh embedded database in a temporary
 * DATA_DIR (optionally seeded with the e2e member records, and with extra environment such as shared passwords).
 * Resolves once the server says it is listening.
 * @throws Error with the server's output when it exits or does not listen within 3 minutes (migrating a fresh
 *   embedded database takes a minute on a busy machine)
 */
export async function startGoogleServer({
  port,
  issuer,
  env = {},
  seedMembers = false,
}: {
  port: number;
  issuer: string;
  /** Extra environment of the server, e.g. the shared passwords of docs/product.md#shared-passwords. */
  env?: Record<string, string>;
  /** Whether to write the member records of tests/e2e/fixtures/members.ts first (scripts/e2e-seed.ts). */
  seedMembers?: boolean;
}): Promise<GoogleServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-google-'));
  const origin = `http://localhost:${port}`;
  if (seedMembers) {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'e2e-seed.ts')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist', 'node', 'server', 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'onboarding-e2e-client-secret',
      OIDC_ISSUER: issuer,
      AUTH_DEV_LOGIN: 'false',
      SESSION_SECRET: 'onboarding-e2e-google-session-secret-0123456789',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left listening on the port for the next run.
      child.kill('SIGTERM');
      reject(new Error(`the Google e2e server did not start:\n${output}`));
    }, 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Onboarding is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Google e2e server exited with code ${code}:\n${output}`));
    });
  });
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
