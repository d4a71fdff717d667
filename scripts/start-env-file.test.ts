import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `npm start` reads the project's `.env` (docs/operations.md#the-env-file). The real scripts/start.mjs runs in a
 * throw-away project whose build is up to date and whose "server" prints the settings it was given, so no build is
 * needed.
 */

const startScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'start.mjs');

/** What the stand-in server prints: the variables it was started with. */
const FAKE_SERVER = `console.log('SETTINGS ' + JSON.stringify({ PUBLIC_URL: process.env.PUBLIC_URL ?? null, PORT: process.env.PORT ?? null }));\n`;

let project: string;

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'onboarding-start-'));
  mkdirSync(path.join(project, 'scripts'));
  copyFileSync(startScript, path.join(project, 'scripts', 'start.mjs'));
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src', 'source.ts'), '');
  const old = new Date(Date.now() - 60_000);
  utimesSync(path.join(project, 'src', 'source.ts'), old, old);
  for (const file of [
    'dist/client/index.html',
    'dist/client/login.html',
    'dist/ssr/server-render.js',
    'dist/node/server/server.js',
  ]) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), file.endsWith('server.js') ? FAKE_SERVER : '');
  }
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

/** Runs the copied start script with `env` (and nothing of this process's settings) and returns what the server got. */
function start(args: string[], env: Record<string, string>): { PUBLIC_URL: string | null; PORT: string | null } {
  const out = execFileSync(process.execPath, [path.join(project, 'scripts', 'start.mjs'), ...args], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  const line = out.split('\n').find((l) => l.startsWith('SETTINGS '));
  if (line === undefined) throw new Error(`the server printed no settings:\n${out}`);
  return JSON.parse(line.slice('SETTINGS '.length)) as { PUBLIC_URL: string | null; PORT: string | null };
}

describe('npm start and .env', () => {
  it('gives the server the settings of .env', () => {
    writeFileSync(
      path.join(project, '.env'),
      '# written by npm run setup\nPUBLIC_URL="https://onboarding.example.org"\nPORT=4000\n',
    );
    expect(start([], {})).toEqual({ PUBLIC_URL: 'https://onboarding.example.org', PORT: '4000' });
  });

  it('lets a variable set in the environment win over .env', () => {
    writeFileSync(path.join(project, '.env'), 'PUBLIC_URL=https://from-file.example.org\nPORT=4000\n');
    expect(start([], { PORT: '5000' })).toEqual({ PUBLIC_URL: 'https://from-file.example.org', PORT: '5000' });
  });

  it('starts without a .env', () => {
    expect(start([], { PORT: '5000' })).toEqual({ PUBLIC_URL: null, PORT: '5000' });
  });

  it('ignores .env with --no-env-file (the browser tests)', () => {
    writeFileSync(path.join(project, '.env'), 'PUBLIC_URL=https://from-file.example.org\n');
    expect(start(['--no-env-file'], {})).toEqual({ PUBLIC_URL: null, PORT: null });
  });
});
