import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.js';
import { runScript } from '../test/run-script.js';
import { roleConfigurationJsonSchemaText } from './json-schema.js';

/** `npm run content:check` run for real (tsx, as the npm script does) on a temporary CONTENT_DIR. */

const cli = path.join(projectRoot, 'src', 'server', 'content', 'check-cli.ts');
const schemaCli = path.join(projectRoot, 'src', 'server', 'content', 'schema-cli.ts');

const VOLUNTEER = `key: volunteer
displayName: Volunteer
version: "1.0"
icon: HeartHandshake
colors:
  baseColor: "#15803d"
scopes:
  - id: getting-started
    title: Getting started
    steps:
      - id: sign-in-chrome-profile
        title: Sign in to your Chrome profile
        description: Use your work account in Chrome.
        icon: Chrome
        category: Volunteer
`;

let contentDir: string;
beforeEach(() => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'onboarding-check-'));
  mkdirSync(path.join(contentDir, 'roles'));
  mkdirSync(path.join(contentDir, 'assets'));
});
afterEach(() => {
  rmSync(contentDir, { recursive: true, force: true });
});

/** Runs `script` with `args` on the temporary CONTENT_DIR. */
const run = (script: string, ...args: string[]) => runScript(script, args, { ...process.env, CONTENT_DIR: contentDir });
const check = (...args: string[]) => run(cli, ...args);

describe('npm run content:check', () => {
  it('passes valid content and summarises it, changing nothing in the folder it checks', async () => {
    writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), VOLUNTEER);
    const result = await check();
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Content OK: 1 role configurations, 1 steps/);
    expect(result.stdout).toContain('volunteer: 1 scopes, 1 steps');
    expect(result.stdout).not.toContain('content:schema');
    expect(readdirSync(contentDir).sort()).toEqual(['assets', 'roles']);
  });

  it('says when the JSON Schema file is out of date and leaves it as it is', async () => {
    writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), VOLUNTEER);
    const schemaFile = path.join(contentDir, 'role-configuration.schema.json');
    writeFileSync(schemaFile, '{}\n');
    const result = await check();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'role-configuration.schema.json is out of date: run npm run content:schema to update it.',
    );
    expect(readFileSync(schemaFile, 'utf8')).toBe('{}\n');
  });

  it('prints file, path and problem for each problem of a broken file and exits 1', async () => {
    writeFileSync(
      path.join(contentDir, 'roles', 'volunteer.yaml'),
      VOLUNTEER.replace('category: Volunteer', 'category: Pilot'),
    );
    writeFileSync(
      path.join(contentDir, 'roles', 'finance.yaml'),
      VOLUNTEER.replace('key: volunteer', 'key: finance')
        .replace('icon: Chrome', 'icon: Rocket')
        .replace('sign-in-chrome-profile', 'finance-one'),
    );
    const result = await check();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const file = (name: string) => path.join(contentDir, 'roles', name).replace(/[.[\]\\]/g, '\\$&');
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('Content has 2 problem(s):');
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file('finance.yaml')}: scopes\\[0\\]\\.steps\\[0\\]\\.icon: unknown icon "Rocket"; use one of User, `,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^${file('volunteer.yaml')}: scopes\\[0\\]\\.steps\\[0\\]\\.category: .+ \\(line 15\\)$`),
      ),
    ]);
  });

  describe('placeholders', () => {
    const withPlaceholders = VOLUNTEER.replace(
      '        category: Volunteer\n',
      `        category: Volunteer
        isContactStep: true
        content:
          contacts:
            - name: "Director of Finance — name to be added"
              email: finance@example.org
              position: Director of Finance
              bio: Leads the team. E-mail address to be confirmed.
`,
    );

    it('counts them without failing, so the content can still be deployed and checked in CI', async () => {
      writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), withPlaceholders);
      const { code, stdout } = await check();
      expect(code).toBe(0);
      expect(stdout).toContain(
        '2 placeholder(s) still to fill in before launch: run npm run content:check -- --strict to list them.',
      );
    });

    it('lists each with file and path and exits 1 with --strict', async () => {
      writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), withPlaceholders);
      const { code, stderr } = await check('--strict');
      expect(code).toBe(1);
      expect(stderr).toContain('2 placeholder(s) to fill in before launch');
      expect(stderr).toContain(
        'volunteer.yaml: scopes[0].steps[0].content.contacts[0].name: Director of Finance — name to be added',
      );
      expect(stderr).toContain(
        'volunteer.yaml: scopes[0].steps[0].content.contacts[0].bio: Leads the team. E-mail address to be confirmed.',
      );
    });

    it('passes --strict once every placeholder is filled in', async () => {
      writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), VOLUNTEER);
      const { code, stdout } = await check('--strict');
      expect(code).toBe(0);
      expect(stdout).toContain('No placeholders left.');
    });
  });
}, 60_000);

describe('npm run content:schema', () => {
  it('writes the JSON Schema that content:check then finds up to date', async () => {
    writeFileSync(path.join(contentDir, 'roles', 'volunteer.yaml'), VOLUNTEER);
    const schemaFile = path.join(contentDir, 'role-configuration.schema.json');
    writeFileSync(schemaFile, '{}\n');
    const written = await run(schemaCli);
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(written.stdout).toMatch(/^Wrote .*role-configuration\.schema\.json\.$/m);
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties?: Record<string, unknown> };
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['key', 'displayName', 'scopes']));
    expect((await run(schemaCli)).stdout).toMatch(/role-configuration\.schema\.json is up to date\.$/m);
    const result = await check();
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('out of date');
    expect(existsSync(schemaFile)).toBe(true);
  });

  it('the committed schema of content/ is up to date', () => {
    expect(readFileSync(path.join(projectRoot, 'content', 'role-configuration.schema.json'), 'utf8')).toBe(
      roleConfigurationJsonSchemaText(),
    );
  });
}, 60_000);
