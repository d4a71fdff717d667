import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock.js';
import { describeDatabase, readCommandSettings, SettingsFileError } from './command-settings.js';
import { loadConfig } from './env.js';
import { projectRoot } from './project-root.js';

/**
 * Every command reads the same settings the same way (docs/operations.md#the-env-file): the `.env` file under the
 * environment, through src/server/command-settings.ts, and each command that touches data says first which database
 * it uses. The commands are enumerated from package.json, so a new one cannot slip past.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'onboarding-settings-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readCommandSettings', () => {
  it('fills in what the environment lacks from the file, the environment winning, and takes out its flags', () => {
    const file = path.join(dir, 'some.env');
    writeFileSync(file, 'DATA_DIR="/srv/from-file"\nPORT=4000\nLOG_LEVEL=warn\n');
    const environment: Record<string, string | undefined> = { PORT: '5000' };
    const settings = readCommandSettings(['list', '--dotenv', file, '--all'], environment, path.join(dir, 'none'));
    expect(settings.args).toEqual(['list', '--all']);
    expect(settings.envFile).toBe(file);
    expect(environment).toEqual({ PORT: '5000', DATA_DIR: '/srv/from-file', LOG_LEVEL: 'warn' });
    expect([...settings.fromFile].sort()).toEqual(['DATA_DIR', 'LOG_LEVEL']);
    expect(describeDatabase(loadConfig(settings.env), settings)).toBe(
      `Using the embedded database in /srv/from-file (DATA_DIR from ${file})`,
    );
  });

  it('reads the default file unless --no-dotenv, and refuses a --dotenv file that is missing', () => {
    const file = path.join(dir, 'default.env');
    writeFileSync(file, 'DATABASE_URL=postgres://app:secret@db.example.org:5432/onboarding\n');
    const read = readCommandSettings([], {}, file);
    const config = loadConfig(read.env);
    expect(describeDatabase(config, read)).toBe(`Using PostgreSQL at db.example.org:5432/onboarding (from ${file})`);
    expect(readCommandSettings(['--no-dotenv'], {}, file).envFile).toBeUndefined();
    const fromEnvironment = readCommandSettings([], { DATABASE_URL: 'postgres://a:b@elsewhere/x' }, file);
    expect(describeDatabase(loadConfig(fromEnvironment.env), fromEnvironment)).toBe(
      'Using PostgreSQL at elsewhere/x (from the environment)',
    );
    expect(() => readCommandSettings(['--dotenv', path.join(dir, 'missing.env')], {}, file)).toThrow(SettingsFileError);
    expect(() => readCommandSettings(['--dotenv'], {}, file)).toThrow('--dotenv needs a file.');
  });
});

/** The package.json scripts that read no settings of the app, with the reason. */
const NO_SETTINGS: Record<string, string> = {
  dev: 'development server through tsx watch: the server reads the environment (development has no .env)',
  build: 'builds files only',
  start: 'scripts/start.mjs reads .env with process.loadEnvFile, the environment winning: the same rule',
  typecheck: 'no settings',
  lint: 'no settings',
  test: 'tests set their own settings',
  'test:unit': 'tests set their own settings',
  'test:db': 'tests set their own settings',
  'test:e2e': 'tests set their own settings',
  'test:production': 'tests set their own settings',
  'test:deploy-docs': 'tests set their own settings',
  'test:container': 'builds an image; its settings are the test’s own',
  'db:generate': 'drizzle-kit reads the schema, not a database',
  validate: 'runs lint, typecheck and the tests',
  'docs:modules': 'reads the source only',
  'content:agreement': 'writes a PDF from its own text',
  bench: 'the bench sets its own settings for the servers it starts',
  audit: 'npm audit',
  format: 'prettier',
  setup: 'writes .env: it reads the existing file itself to keep its secrets and lines',
};

/** The scripts that read settings but open no database (they read CONTENT_DIR). */
const SETTINGS_ONLY = ['content:check', 'content:schema'];

/** The scripts that touch data, with arguments that make each one start its work on a fresh data folder. */
const DATA_COMMANDS: Record<string, (folder: string) => string[]> = {
  'db:migrate': () => [],
  'db:restore': (folder) => [path.join(folder, 'no-such-backup.tar.gz')],
  'db:copy': (folder) => ['--to', path.join(folder, 'copy')],
  'content:export': (folder) => [path.join(folder, 'export')],
  'content:import': (folder) => [path.join(folder, 'no-such-folder')],
  members: () => ['list'],
  'seed:members': () => ['1'],
  doctor: () => [],
};

const scripts = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The file a script runs with tsx, e.g. src/server/db/migrate-cli.ts, and the arguments the script gives it. */
function entryFile(name: string): { file: string; args: string[] } {
  const match = /^tsx (\S+\.ts)((?: [\w-]+)*)$/u.exec(scripts[name] ?? '');
  if (match?.[1] === undefined) throw new Error(`${name}: "${scripts[name]}" does not run a TypeScript file with tsx`);
  return { file: match[1], args: (match[2] ?? '').split(' ').filter((arg) => arg !== '') };
}

describe('the commands of package.json', () => {
  it('are each classified: no settings, settings only, or data', () => {
    const classified = new Set([...Object.keys(NO_SETTINGS), ...SETTINGS_ONLY, ...Object.keys(DATA_COMMANDS)]);
    const unclassified = Object.keys(scripts).filter((name) => !classified.has(name));
    expect(unclassified, 'a new command: read its settings through command-settings.ts, then list it here').toEqual([]);
    expect([...classified].filter((name) => scripts[name] === undefined)).toEqual([]);
  });

  it('read their settings only through command-settings.ts', () => {
    for (const name of [...SETTINGS_ONLY, ...Object.keys(DATA_COMMANDS)]) {
      const source = readFileSync(path.join(projectRoot, entryFile(name).file), 'utf8');
      expect(source, name).toMatch(/from '(?:\.\.\/)+(?:src\/server\/)?command-settings\.js'/u);
      expect(source, `${name} reads process.env itself`).not.toMatch(/process\.env|loadEnvFile/u);
    }
  });

  it('that touch data say first which database they use, read from the .env given', { timeout: 180_000 }, async () => {
    const run = promisify(execFile);
    const outcomes = await Promise.all(
      Object.entries(DATA_COMMANDS).map(async ([name, args]) => {
        const folder = mkdtempSync(path.join(dir, `${name.replace(':', '-')}-`));
        const envFile = path.join(folder, 'settings.env');
        writeFileSync(envFile, `DATA_DIR=${path.join(folder, 'data')}\nLOG_LEVEL=warn\n`);
        // The data folder is held by this test process, as by a running server: each command says which database it
        // would use, then refuses to open it, which keeps this quick.
        mkdirSync(path.join(folder, 'data'));
        writeFileSync(
          path.join(folder, 'data', LOCK_FILE_NAME),
          JSON.stringify({ pid: process.pid, holder: 'server', since: new Date().toISOString() }),
        );
        const environment: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'development' };
        const { file, args: fixed } = entryFile(name);
        const argv = ['--import', 'tsx', file, ...fixed, ...args(folder), '--dotenv', envFile];
        const { stdout } = await run(process.execPath, argv, { cwd: projectRoot, env: environment }).catch(
          (error: unknown) => error as { stdout: string },
        );
        // The doctor says first which installation it checks.
        const lines = stdout.split('\n').filter((line) => !line.startsWith('Checking the installation'));
        return { name, first: lines[0], folder, envFile };
      }),
    );
    for (const { name, first, folder, envFile } of outcomes) {
      expect(first, name).toBe(
        `Using the embedded database in ${path.join(folder, 'data')} (DATA_DIR from ${envFile})`,
      );
    }
  });
});
