import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { parseEnv } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCommandSettings } from '../../command-settings.js';
import { runSetup } from '../setup/index.js';
import { checkConfiguration } from './checks.js';

/**
 * The doctor's fix of a broken configuration is a command that works as printed (docs/operations.md#checking-an-installation):
 * over every mix of a missing SESSION_SECRET and a PUBLIC_URL written with a path (the redirect address pasted from
 * the Google client), the one `npm run setup` command the doctor prints, run with its own arguments, leaves a
 * configuration the server accepts, with the other values (the stored passwords' key among them) unchanged. A problem
 * setup cannot mend gets no command.
 */

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'onboarding-doctor-fix-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = 'https://onboarding.example.org';

/** Runs `npm run setup` in this process with `argv`; resolves with its exit code and output. */
async function setup(argv: string[]): Promise<{ code: number; output: string }> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const code = await runSetup(argv, { input: Readable.from([]), output, envFile: path.join(dir, 'unused.env') });
  return { code, output: text };
}

const read = (file: string) => parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;

/** The doctor's configuration check of a settings file, as `npm run doctor -- --dotenv FILE` reads it. */
function check(file: string) {
  const settings = readCommandSettings(['--dotenv', file], {});
  return checkConfiguration(settings.env, settings).check;
}

/** The command of a fix, as its arguments after `npm run setup --` (the test's paths need no quotes). */
function setupArguments(fix: string | undefined): string[] {
  const command = /`([^`]+)`/u.exec(fix ?? '')?.[1] ?? '';
  expect(command.startsWith('npm run setup -- ')).toBe(true);
  return command.slice('npm run setup -- '.length).split(' ');
}

describe("the doctor's fix of a configuration setup can mend", () => {
  it('works as printed for a missing SESSION_SECRET, a PUBLIC_URL with a path, or both', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.option(fc.constantFrom('/login', '/login/', '/onboarding', '/?next=/dashboard'), { nil: undefined }),
        async (dropSecret, path_) => {
          fc.pre(dropSecret || path_ !== undefined);
          const file = path.join(dir, `settings-${(run += 1)}.env`);
          const made = await setup([
            '--yes',
            '--dotenv',
            file,
            '--public-url',
            ORIGIN,
            '--google-client-id',
            '1234-abc.apps.googleusercontent.com',
            '--google-client-secret',
            'GOCSPX-secret',
            '--admins',
            'ada@inspired2uplift.org',
          ]);
          expect(made.code, made.output).toBe(0);
          const before = read(file);
          const broken = Object.entries({ ...before, PUBLIC_URL: `${ORIGIN}${path_ ?? ''}` })
            .filter(([name]) => !(dropSecret && name === 'SESSION_SECRET'))
            .map(([name, value]) => `${name}=${value}`);
          writeFileSync(file, `${broken.join('\n')}\nLOG_LEVEL=warn\n`, { mode: 0o600 });

          const found = check(file);
          expect(found.status).toBe('problem');
          const fixed = await setup(setupArguments(found.fix));
          expect(fixed.code, fixed.output).toBe(0);

          expect(check(file).status).toBe('ok');
          const after = read(file);
          expect(after.PUBLIC_URL).toBe(ORIGIN);
          expect(after.SECRETS_KEY).toBe(before.SECRETS_KEY);
          expect(after.GOOGLE_CLIENT_SECRET).toBe('GOCSPX-secret');
          expect(after.LOG_LEVEL).toBe('warn');
          if (!dropSecret) expect(after.SESSION_SECRET).toBe(before.SESSION_SECRET);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('offers no command when a problem needs a person: a missing SECRETS_KEY, a PUBLIC_URL from the environment', async () => {
    const file = path.join(dir, 'person.env');
    writeFileSync(
      file,
      [
        'NODE_ENV=production',
        `PUBLIC_URL=${ORIGIN}`,
        'GOOGLE_CLIENT_ID=1234-abc.apps.googleusercontent.com',
        'GOOGLE_CLIENT_SECRET=GOCSPX-secret',
        `SESSION_SECRET=${'s'.repeat(48)}`,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    // The stored passwords' key: only the operator's own copy brings them back.
    expect(check(file).fix).toContain('Correct each variable named above');
    expect(check(file).fix).not.toContain('npm run setup --');

    const settings = readCommandSettings(['--dotenv', file], {
      PUBLIC_URL: `${ORIGIN}/login`,
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    // Rewriting the file would not change a value the environment sets.
    expect(checkConfiguration(settings.env, settings).check.fix).toContain('Correct each variable named above');
  });
});
