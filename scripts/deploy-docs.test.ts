import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../src/server/modules/doctor/index';
import { fillIn, fixCommands, placeholderValues, readDeployBlocks } from './deploy-docs';

/**
 * The deploy steps CI runs (docs/operations.md#the-deploy-steps-in-ci) can all be run: every code block of Deploying
 * and On PostgreSQL carries a note saying whether it runs, every placeholder a run block uses is in the table, and the
 * test has a value for each. The strictness itself is checked on small documents: an unmarked block fails.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const operations = readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');

describe('docs/operations.md#deploying as the deploy test reads it', () => {
  const docs = readDeployBlocks(operations);

  it('has a note on every block and names every placeholder it uses', () => {
    expect(docs.problems).toEqual([]);
  });

  it('runs the setup, the start, Caddy, the doctor and the PostgreSQL steps', () => {
    const run = docs.blocks.filter((block) => block.note.run).map((block) => block.code);
    for (const command of ['npm run setup --', 'npm start', 'caddy run --config deploy/Caddyfile', 'npm run doctor']) {
      expect(run.some((code) => code.includes(command))).toBe(true);
    }
    expect(run.some((code) => code.includes('createuser --pwprompt onboarding'))).toBe(true);
    expect(docs.blocks.filter((block) => block.section === 'On PostgreSQL').every((block) => block.note.run)).toBe(
      true,
    );
  });

  it('has a test value for exactly the placeholders of the table', () => {
    expect(Object.keys(placeholderValues(3160, 'smtp://127.0.0.1:2525')).sort()).toEqual([...docs.placeholders].sort());
    for (const block of docs.blocks.filter((b) => b.note.run)) {
      expect(fillIn(block.code, placeholderValues(3160, 'smtp://127.0.0.1:2525'))).not.toMatch(/<[a-z][a-z -]*[a-z]>/u);
    }
  });
});

/** A document of the two sections with `deploying` as the body of Deploying. */
const doc = (deploying: string) =>
  [
    '## Deploying',
    '',
    '| `<port>` | the port | `3000` |',
    '',
    deploying,
    '',
    '### On PostgreSQL',
    '',
    '### Next',
    '',
  ].join('\n');

describe('the deploy test is strict', () => {
  it('fails on a block without a note', () => {
    const { problems, blocks } = readDeployBlocks(doc('1. Start:\n\n   ```sh\n   npm start\n   ```'));
    expect(blocks).toEqual([]);
    expect(problems).toEqual([
      expect.stringContaining('docs/operations.md:7 (Deploying): the block has no note above it'),
    ]);
  });

  it('fails on a note it does not know, and on one that does not say why a block is not run', () => {
    expect(readDeployBlocks(doc('<!-- docs-test: maybe -->\n```sh\nls\n```')).problems).toEqual([
      expect.stringContaining('the note "maybe" is none of'),
    ]);
    expect(readDeployBlocks(doc('<!-- docs-test: not run: -->\n```sh\nls\n```')).problems).toHaveLength(1);
  });

  it('fails on a placeholder the table does not name, and fills in those it does', () => {
    const { problems, blocks } = readDeployBlocks(
      doc(
        '<!-- docs-test: run in the background, until http://127.0.0.1:<port>/ answers -->\n```sh\nPORT=<port> <host> npm start\n```',
      ),
    );
    expect(problems).toEqual(["docs/operations.md:6: <host> is not in the placeholders' table of Deploying"]);
    expect(blocks[0]?.note).toEqual({ run: true, when: 'in order', until: 'http://127.0.0.1:<port>/' });
    expect(() => fillIn(blocks[0]?.code ?? '', { '<port>': '3160' })).toThrow('no value for <host>');
    expect(fillIn('PORT=<port>', { '<port>': '3160' })).toBe('PORT=3160');
  });

  it('reads a marked block of a list item without its indentation, and stops at the next heading', () => {
    const { problems, blocks } = readDeployBlocks(
      doc(
        '1. Build:\n\n   <!-- docs-test: not run: CI builds -->\n   ```sh\n   npm ci\n   # a comment\n   ```\n\n## Other\n\n```sh\nls\n```',
      ),
    );
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      {
        section: 'Deploying',
        line: 8,
        language: 'sh',
        code: 'npm ci\n# a comment',
        note: { run: false, reason: 'CI builds' },
      },
    ]);
  });
});

describe("the commands of the doctor's fixes", () => {
  it('are the commands after "Run" in the fixes of problems, not of warnings, nor other code', () => {
    const report = formatReport([
      { id: 'env-file', title: 'Settings file', status: 'warning', detail: 'open', fix: '`chmod 600 .env`' },
      {
        id: 'database',
        title: 'Database',
        status: 'problem',
        detail: "Reachable, but 3 of the code's 40 migrations are not applied\nto PostgreSQL.",
        fix: 'Run `npm run db:migrate` (or start the server). docs/operations.md#migrations',
      },
      { id: 'backups', title: 'Backups', status: 'ok', detail: 'fine' },
      {
        id: 'mail',
        title: 'E-mail',
        status: 'problem',
        detail: 'No answer.',
        fix: 'Check `SMTP_URL`, then run `npm run doctor`.',
      },
    ]);
    expect(fixCommands(report)).toEqual(['npm run db:migrate', 'npm run doctor']);
  });
});
